#include "profiler/reports/coverage/lcov_report.hpp"

#include "profiler/reports/markup/source_path.hpp"

#include <algorithm>
#include <cctype>

namespace tileprof {

namespace {

void writeFile(std::string& out, const std::string& path, const FileCoverage& file)
{
    out += "SF:" + path + "\n";
    std::size_t functionsHit = 0;
    for (const FunctionCoverage& f : file.functions) {
        out += "FN:" + std::to_string(f.line) + "," + f.name + "\n";
    }
    for (const FunctionCoverage& f : file.functions) {
        out += "FNDA:" + std::to_string(f.executions) + "," + f.name + "\n";
        functionsHit += f.executions > 0;
    }
    out += "FNF:" + std::to_string(file.functions.size()) + "\nFNH:" + std::to_string(functionsHit) + "\n";
    std::size_t branches = 0;
    std::size_t branchesHit = 0;
    for (const auto& [line, tally] : file.lines) {
        for (std::size_t block = 0; block < tally.branches.size(); ++block) {
            const BranchCount& b = tally.branches[block];
            const bool ran = b.taken + b.notTaken > 0;
            const std::uint64_t counts[] = {b.taken, b.notTaken};
            for (int way = 0; way < 2; ++way) {
                out += "BRDA:" + std::to_string(line) + "," + std::to_string(block) + "," + std::to_string(way) + "," +
                       (ran ? std::to_string(counts[way]) : "-") + "\n";
                ++branches;
                branchesHit += counts[way] > 0;
            }
        }
    }
    out += "BRF:" + std::to_string(branches) + "\nBRH:" + std::to_string(branchesHit) + "\n";
    std::size_t linesHit = 0;
    for (const auto& [line, tally] : file.lines) {
        out += "DA:" + std::to_string(line) + "," + std::to_string(tally.executions) + "\n";
        linesHit += tally.executions > 0;
    }
    out += "LF:" + std::to_string(file.lines.size()) + "\nLH:" + std::to_string(linesHit) + "\nend_of_record\n";
}

// lcov test names are letters, digits and underscores.
std::string testName(const std::string& rom)
{
    std::string name = rom;
    std::replace_if(name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
    return name;
}

} // namespace

LcovReport formatLcov(const std::vector<RomCoverage>& roms, const std::filesystem::path& listingDirectory)
{
    LcovReport report;
    for (const RomCoverage& coverage : roms) {
        const std::filesystem::path listingPath = listingDirectory / (coverage.rom + ".disassembly.s");
        const SourceCoverage source = sourceCoverage(coverage, listingPath);
        report.tracefile += "TN:" + testName(coverage.rom) + "\n";
        for (const FileCoverage& file : source.files) {
            writeFile(report.tracefile, displayPath(file.file), file);
        }
        if (!source.listing.empty()) {
            report.listings[listingPath] = source.listing;
        }
    }
    return report;
}

} // namespace tileprof
