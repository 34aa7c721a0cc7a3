#include "profiler/reports/run/run_report.hpp"

#include "base/counted.hpp"
#include "base/printf_string.hpp"
#include "emu/cartridge/cpu_address.hpp"
#include "profiler/formats/symbols/source_files.hpp"
#include "profiler/reports/markup/name_column.hpp"
#include "profiler/reports/markup/source_path.hpp"

#include <algorithm>
#include <fstream>
#include <map>

namespace tileprof {

namespace {

double percent(std::uint64_t part, std::uint64_t whole)
{
    return whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole);
}

double perCall(std::uint64_t total, const Profile& profile)
{
    return profile.calls == 0 ? 0.0 : static_cast<double>(total) / static_cast<double>(profile.calls);
}

std::string lineName(const LineProfile& line)
{
    return line.address ? cpuAddressText(*line.address) + "  " + line.instruction : displayPath(line.file) + ":" + std::to_string(line.line);
}

std::string functionsSection(const Profile& profile, std::size_t top)
{
    std::string out = printfString("hottest functions (of %zu, by exclusive cycles)\n", profile.functions.size());
    out += printfString("  %12s %6s  %12s %6s  %14s %14s  %6s %9s  %s\n", "excl cycles", "%", "incl cycles", "%",
                        "excl m.clocks", "incl m.clocks", "calls", "excl/call", "function");
    for (std::size_t i = 0; i < std::min(top, profile.functions.size()); ++i) {
        const FunctionProfile& function = profile.functions[i];
        out += printfString("  %12llu %5.1f%%  %12llu %5.1f%%  %14llu %14llu  %6llu %9.2f  %s\n",
                            static_cast<unsigned long long>(function.exclusive.cycles), percent(function.exclusive.cycles, profile.total.cycles),
                            static_cast<unsigned long long>(function.inclusive.cycles), percent(function.inclusive.cycles, profile.total.cycles),
                            static_cast<unsigned long long>(function.exclusive.masterClocks),
                            static_cast<unsigned long long>(function.inclusive.masterClocks),
                            static_cast<unsigned long long>(function.calls), perCall(function.exclusive.cycles, profile), function.name.c_str());
    }
    return out;
}

std::string linesSection(const Profile& profile, std::size_t top)
{
    std::vector<const LineProfile*> hottest;
    for (const LineProfile& line : profile.lines) {
        hottest.push_back(&line);
    }
    std::stable_sort(hottest.begin(), hottest.end(), [](const LineProfile* left, const LineProfile* right) {
        return left->exclusive.cycles > right->exclusive.cycles;
    });
    std::string out = printfString("hottest lines (of %zu, by exclusive cycles)\n", profile.lines.size());
    out += printfString("  %12s %6s  %14s %9s %10s  %-36s %s\n", "excl cycles", "%", "excl m.clocks", "excl/call",
                        "executions", "line", "function");
    for (std::size_t i = 0; i < std::min(top, hottest.size()); ++i) {
        const LineProfile& line = *hottest[i];
        out += printfString("  %12llu %5.1f%%  %14llu %9.2f %10llu  %-36s %s\n",
                            static_cast<unsigned long long>(line.exclusive.cycles), percent(line.exclusive.cycles, profile.total.cycles),
                            static_cast<unsigned long long>(line.exclusive.masterClocks), perCall(line.exclusive.cycles, profile),
                            static_cast<unsigned long long>(line.executions), lineName(line).c_str(), line.function.c_str());
    }
    return out;
}

// Code without line information: every instruction that ran, in address order, each function's
// first one under its name.
std::string disassemblySection(const Profile& profile)
{
    std::vector<const LineProfile*> ran;
    for (const LineProfile& line : profile.lines) {
        if (line.address) {
            ran.push_back(&line);
        }
    }
    if (ran.empty()) {
        return "";
    }
    std::string out = "\nannotated disassembly of what ran without line information (cycles per selected call; incl "
                      "adds what a call on the instruction ran)\n";
    out += printfString("  %9s %6s %9s %10s | %-8s  %s\n", "excl/call", "%", "incl/call", "executions", "address",
                        "instruction");
    const std::string* function = nullptr;
    for (const LineProfile* line : ran) {
        if (function == nullptr || *function != line->function) {
            function = &line->function;
            out += printfString("  %9s %6s %9s %10s | %s:\n", "", "", "", "", function->c_str());
        }
        const std::string inclusive =
            line->inclusive == line->exclusive ? "" : printfString("%.2f", perCall(line->inclusive.cycles, profile));
        out += printfString("  %9.2f %5.1f%% %9s %10llu | %-8s  %s\n", perCall(line->exclusive.cycles, profile),
                            percent(line->exclusive.cycles, profile.total.cycles), inclusive.c_str(),
                            static_cast<unsigned long long>(line->executions), cpuAddressText(*line->address).c_str(),
                            line->instruction.c_str());
    }
    return out;
}

// How each conditional branch on a line went, "taken/not taken" each: "878/0".
std::string branchText(const LineCoverage* coverage)
{
    std::string text;
    if (coverage != nullptr) {
        for (const BranchCount& b : coverage->branches) {
            text += (text.empty() ? "" : " ") + std::to_string(b.taken) + "/" + std::to_string(b.notTaken);
        }
    }
    return text;
}

// The coverage of a profile's source file: of its ROM when the profile names ROMs, else of the one
// ROM that ran.
const FileCoverage* fileCoverage(const std::vector<SourceCoverage>& coverage, const std::string& rom,
                                 const std::string& file)
{
    for (const SourceCoverage& c : coverage) {
        if (rom.empty() ? coverage.size() == 1 : c.rom == rom) {
            for (const FileCoverage& f : c.files) {
                if (f.file == file) {
                    return &f;
                }
            }
        }
    }
    return nullptr;
}

// Each source file with cost, from its first to its last line with cost or code that could have
// run, every line annotated: code that could have run but did not is marked #####, as gcov does.
std::string listingSection(const Profile& profile, const std::vector<SourceCoverage>& coverage,
                           const std::vector<std::filesystem::path>& sourceDirectories)
{
    std::map<std::pair<std::string, std::string>, std::map<int, const LineProfile*>> byFile;
    for (const LineProfile& line : profile.lines) {
        if (!line.file.empty()) {
            byFile[{line.rom, line.file}][line.line] = &line;
        }
    }
    std::string out;
    for (const auto& [romAndFile, lines] : byFile) {
        const auto& [rom, file] = romAndFile;
        const FileCoverage* covered = fileCoverage(coverage, rom, file);
        out += printfString("\nannotated source: %s%s (cycles per selected call; incl adds what a call on the line ran; "
                            "##### could have run, did not)\n",
                            displayPath(file).c_str(), rom.empty() ? "" : (" in " + rom).c_str());
        std::ifstream in(findSourceFile(file, sourceDirectories).value_or(file));
        std::vector<std::string> text;
        for (std::string line; std::getline(in, line);) {
            text.push_back(line);
        }
        if (!in.eof() || text.empty()) {
            out += "  (the source file cannot be read here; the costed lines are listed above)\n";
            continue;
        }
        out += printfString("  %9s %6s %9s %10s %-11s | %5s  %s\n", "excl/call", "%", "incl/call", "executions",
                            "taken/not", "line", "source");
        int first = lines.begin()->first;
        int last = lines.rbegin()->first;
        if (covered != nullptr && !covered->lines.empty()) {
            first = std::min(first, covered->lines.begin()->first);
            last = std::max(last, covered->lines.rbegin()->first);
        }
        last = std::min(last, static_cast<int>(text.size()));
        for (int n = first; n <= last; ++n) {
            const std::string& source = text[static_cast<std::size_t>(n - 1)];
            const LineCoverage* lineCoverage = nullptr;
            if (covered != nullptr) {
                const auto c = covered->lines.find(n);
                lineCoverage = c == covered->lines.end() ? nullptr : &c->second;
            }
            const std::string branches = branchText(lineCoverage);
            const auto found = lines.find(n);
            if (found == lines.end()) {
                out += printfString("  %9s %6s %9s %10s %-11s | %5d  %s\n", "", "", "",
                                    lineCoverage != nullptr ? "#####" : "", branches.c_str(), n, source.c_str());
                continue;
            }
            const LineProfile& line = *found->second;
            const std::string inclusive =
                line.inclusive == line.exclusive ? "" : printfString("%.2f", perCall(line.inclusive.cycles, profile));
            out += printfString("  %9.2f %5.1f%% %9s %10llu %-11s | %5d  %s\n", perCall(line.exclusive.cycles, profile),
                                percent(line.exclusive.cycles, profile.total.cycles), inclusive.c_str(),
                                static_cast<unsigned long long>(line.executions), branches.c_str(), n, source.c_str());
        }
    }
    return out;
}

} // namespace

std::string formatProfileTable(const RunReport& report, std::size_t top)
{
    const Attribution& attribution = *report.attribution;
    const Profile& profile = attribution.selected;
    std::string out = printfString("tileprof profile: %s: %s of %zu in %s\n", attribution.selection.describe().c_str(),
                                   counted(profile.calls, "call").c_str(), totalCalls(report),
                                   counted(report.scenarios.size(), "scenario").c_str());
    out += printfString("  %llu cycles (%.2f per call), %llu master clocks (%.2f scanlines per call)\n",
                        static_cast<unsigned long long>(profile.total.cycles), perCall(profile.total.cycles, profile),
                        static_cast<unsigned long long>(profile.total.masterClocks), perCall(profile.total.masterClocks, profile) / 1364.0);
    for (const InputProblem& problem : report.inputProblems) {
        out += "  " + notRunText(problem) + "\n";
    }
    out += "\n";
    out += functionsSection(profile, top) + "\n" + linesSection(profile, top);
    out += "\nworst call of each case\n";
    for (const CaseStatistics& statistics : report.cases) {
        if (!attribution.selection.caseName || *attribution.selection.caseName == statistics.name) {
            out += formatWorstCall(statistics, nameColumnWidth(report.cases));
        }
    }
    return out + listingSection(profile, report.coverage, report.sourceDirectories) + disassemblySection(profile);
}

} // namespace tileprof
