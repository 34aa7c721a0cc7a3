#include "profiler/cli/report_file.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace tileprof {

bool writeReport(const std::string& text, const std::string& out, const char* command)
{
    if (out.empty()) {
        std::fwrite(text.data(), 1, text.size(), stdout);
        return std::fflush(stdout) == 0;
    }
    const std::filesystem::path target(out);
    const std::filesystem::path temporary = target.string() + ".tileprof-partial";
    {
        std::ofstream file(temporary, std::ios::binary);
        file.write(text.data(), static_cast<std::streamsize>(text.size()));
        file.close();
        if (!file) {
            std::fprintf(stderr, "tileprof %s: %s: cannot write the report\n", command, out.c_str());
            std::error_code ignored;
            std::filesystem::remove(temporary, ignored);
            return false;
        }
    }
    std::error_code error;
    std::filesystem::rename(temporary, target, error);
    if (error) {
        std::fprintf(stderr, "tileprof %s: %s: %s\n", command, out.c_str(), error.message().c_str());
        std::filesystem::remove(temporary, error);
        return false;
    }
    return true;
}

} // namespace tileprof
