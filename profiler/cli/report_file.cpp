#include "profiler/cli/report_file.hpp"

#include "base/input_error.hpp"
#include "base/output_file.hpp"
#include "profiler/reports/coverage/lcov_report.hpp"

#include <cstdio>

namespace tileprof {

bool writeReport(const std::string& text, const std::string& out, const char* command)
{
    return writeReportPieces([&text](const TextSink& sink) { sink(text); }, out, command);
}

bool writeReportPieces(const std::function<void(const TextSink&)>& produce, const std::string& out, const char* command)
{
    if (out.empty()) {
        produce([](std::string_view piece) { std::fwrite(piece.data(), 1, piece.size(), stdout); });
        return std::fflush(stdout) == 0 && std::ferror(stdout) == 0;
    }
    try {
        OutputFile file(out);
        produce([&file](std::string_view piece) { file.write(piece); });
        file.commit();
    } catch (const InputError& e) {
        std::fprintf(stderr, "tileprof %s: %s\n", command, e.what());
        return false;
    }
    return true;
}

bool writeLcov(const std::vector<RomCoverage>& coverage, const std::string& out, const char* command)
{
    return writeLcov(formatLcov(coverage, std::filesystem::path(out).parent_path()), out, command);
}

bool writeLcov(const LcovReport& lcov, const std::string& out, const char* command)
{
    for (const auto& [path, text] : lcov.listings) {
        if (!writeReport(text, path.string(), command)) {
            return false;
        }
    }
    return writeReport(lcov.tracefile, out, command);
}

} // namespace tileprof
