#include "profiler/report/lcov_report.hpp"

#include "emu/disassembler.hpp"
#include "profiler/report/source_path.hpp"
#include "profiler/text/cpu_address.hpp"

#include <algorithm>
#include <cctype>
#include <tuple>

namespace tileprof {

namespace {

struct LineTally {
    std::uint64_t executions = 0;
    std::vector<const InstructionCoverage*> branches; // in address order
};

struct FunctionEntry {
    int line;
    std::string name;
    std::uint64_t executions;
};

struct SourceFileTally {
    std::map<int, LineTally> lines;
    std::vector<FunctionEntry> functions;
};

void writeFile(std::string& out, const std::string& path, const SourceFileTally& file)
{
    out += "SF:" + path + "\n";
    std::size_t functionsHit = 0;
    for (const FunctionEntry& f : file.functions) {
        out += "FN:" + std::to_string(f.line) + "," + f.name + "\n";
    }
    for (const FunctionEntry& f : file.functions) {
        out += "FNDA:" + std::to_string(f.executions) + "," + f.name + "\n";
        functionsHit += f.executions > 0;
    }
    out += "FNF:" + std::to_string(file.functions.size()) + "\nFNH:" + std::to_string(functionsHit) + "\n";
    std::size_t branches = 0;
    std::size_t branchesHit = 0;
    for (const auto& [line, tally] : file.lines) {
        for (std::size_t block = 0; block < tally.branches.size(); ++block) {
            const BranchCount& b = *tally.branches[block]->branch;
            const bool ran = tally.branches[block]->executions > 0;
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
        const ProfiledRom& rom = *coverage.profiled;
        std::map<std::string, SourceFileTally> files;
        const std::string listingPath = (listingDirectory / (coverage.rom + ".disassembly.s")).string();
        std::string listing;
        int listingLine = 0;
        std::map<std::uint32_t, int> listingLines; // the listing's line of each instruction in it
        for (const auto& [address, instruction] : coverage.instructions) {
            const std::optional<SourceLine> source = rom.debug.lineAt(address);
            int line = 0;
            std::string file;
            if (source) {
                file = displayPath(source->file);
                line = source->line;
            } else {
                file = listingPath;
                if (const DebugSymbol* label = rom.debug.labelAt(address)) {
                    listing += label->qualifiedName + ":\n";
                    ++listingLine;
                }
                line = ++listingLine;
                listingLines[address] = line;
                listing += "    " + cpuAddressText(address) + "  " +
                           emu::disassembleRom(rom.image, address, instruction.flags).text() + "\n";
            }
            LineTally& tally = files[file].lines[line];
            tally.executions = std::max(tally.executions, instruction.executions);
            if (instruction.branch) {
                tally.branches.push_back(&instruction);
            }
        }
        for (const DebugScope& scope : rom.debug.scopes()) {
            if (scope.qualifiedName.empty()) {
                continue;
            }
            const auto ranges = rom.debug.scopeRanges(scope.qualifiedName);
            if (ranges.empty()) {
                continue;
            }
            const std::uint32_t entry = ranges.front().first;
            const auto found = coverage.instructions.find(entry);
            if (found == coverage.instructions.end()) {
                continue;
            }
            const std::optional<SourceLine> source = rom.debug.lineAt(entry);
            std::vector<FunctionEntry>& functions = files[source ? displayPath(source->file) : listingPath].functions;
            const bool seen = std::any_of(functions.begin(), functions.end(),
                                          [&](const FunctionEntry& f) { return f.name == scope.qualifiedName; });
            if (!seen) {
                functions.push_back({source ? source->line : listingLines.at(entry), scope.qualifiedName,
                                     found->second.executions});
            }
        }
        report.tracefile += "TN:" + testName(coverage.rom) + "\n";
        for (auto& [path, file] : files) {
            std::sort(file.functions.begin(), file.functions.end(),
                      [](const FunctionEntry& a, const FunctionEntry& b) { return std::tie(a.line, a.name) < std::tie(b.line, b.name); });
            writeFile(report.tracefile, path, file);
        }
        if (!listing.empty()) {
            report.listings[listingPath] = listing;
        }
    }
    return report;
}

} // namespace tileprof
