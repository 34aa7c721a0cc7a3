#include "profiler/reports/run/run_report.hpp"

#include "base/counted.hpp"
#include "base/printf_string.hpp"
#include "emu/cpu_address.hpp"
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

double perCall(std::uint64_t total, const Profile& p)
{
    return p.calls == 0 ? 0.0 : static_cast<double>(total) / static_cast<double>(p.calls);
}

std::string lineName(const LineProfile& l)
{
    return l.address ? cpuAddressText(*l.address) + "  " + l.instruction : displayPath(l.file) + ":" + std::to_string(l.line);
}

std::string functionsSection(const Profile& p, std::size_t top)
{
    std::string out = printfString("hottest functions (of %zu, by exclusive cycles)\n", p.functions.size());
    out += printfString("  %12s %6s  %12s %6s  %14s %14s  %6s %9s  %s\n", "excl cycles", "%", "incl cycles", "%",
                        "excl m.clocks", "incl m.clocks", "calls", "excl/call", "function");
    for (std::size_t i = 0; i < std::min(top, p.functions.size()); ++i) {
        const FunctionProfile& f = p.functions[i];
        out += printfString("  %12llu %5.1f%%  %12llu %5.1f%%  %14llu %14llu  %6llu %9.2f  %s\n",
                            static_cast<unsigned long long>(f.exclusive.cycles), percent(f.exclusive.cycles, p.total.cycles),
                            static_cast<unsigned long long>(f.inclusive.cycles), percent(f.inclusive.cycles, p.total.cycles),
                            static_cast<unsigned long long>(f.exclusive.masterClocks),
                            static_cast<unsigned long long>(f.inclusive.masterClocks),
                            static_cast<unsigned long long>(f.calls), perCall(f.exclusive.cycles, p), f.name.c_str());
    }
    return out;
}

std::string linesSection(const Profile& p, std::size_t top)
{
    std::vector<const LineProfile*> hottest;
    for (const LineProfile& l : p.lines) {
        hottest.push_back(&l);
    }
    std::stable_sort(hottest.begin(), hottest.end(), [](const LineProfile* a, const LineProfile* b) {
        return a->exclusive.cycles > b->exclusive.cycles;
    });
    std::string out = printfString("hottest lines (of %zu, by exclusive cycles)\n", p.lines.size());
    out += printfString("  %12s %6s  %14s %9s %10s  %-36s %s\n", "excl cycles", "%", "excl m.clocks", "excl/call",
                        "executions", "line", "function");
    for (std::size_t i = 0; i < std::min(top, hottest.size()); ++i) {
        const LineProfile& l = *hottest[i];
        out += printfString("  %12llu %5.1f%%  %14llu %9.2f %10llu  %-36s %s\n",
                            static_cast<unsigned long long>(l.exclusive.cycles), percent(l.exclusive.cycles, p.total.cycles),
                            static_cast<unsigned long long>(l.exclusive.masterClocks), perCall(l.exclusive.cycles, p),
                            static_cast<unsigned long long>(l.executions), lineName(l).c_str(), l.function.c_str());
    }
    return out;
}

// Code without line information: every instruction that ran, in address order, each function's
// first one under its name.
std::string disassemblySection(const Profile& p)
{
    std::vector<const LineProfile*> ran;
    for (const LineProfile& l : p.lines) {
        if (l.address) {
            ran.push_back(&l);
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
    for (const LineProfile* l : ran) {
        if (function == nullptr || *function != l->function) {
            function = &l->function;
            out += printfString("  %9s %6s %9s %10s | %s:\n", "", "", "", "", function->c_str());
        }
        const std::string inclusive =
            l->inclusive == l->exclusive ? "" : printfString("%.2f", perCall(l->inclusive.cycles, p));
        out += printfString("  %9.2f %5.1f%% %9s %10llu | %-8s  %s\n", perCall(l->exclusive.cycles, p),
                            percent(l->exclusive.cycles, p.total.cycles), inclusive.c_str(),
                            static_cast<unsigned long long>(l->executions), cpuAddressText(*l->address).c_str(),
                            l->instruction.c_str());
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
std::string listingSection(const Profile& p, const std::vector<SourceCoverage>& coverage)
{
    std::map<std::pair<std::string, std::string>, std::map<int, const LineProfile*>> byFile;
    for (const LineProfile& l : p.lines) {
        if (!l.file.empty()) {
            byFile[{l.rom, l.file}][l.line] = &l;
        }
    }
    std::string out;
    for (const auto& [romAndFile, lines] : byFile) {
        const auto& [rom, file] = romAndFile;
        const FileCoverage* covered = fileCoverage(coverage, rom, file);
        out += printfString("\nannotated source: %s%s (cycles per selected call; incl adds what a call on the line ran; "
                            "##### could have run, did not)\n",
                            displayPath(file).c_str(), rom.empty() ? "" : (" in " + rom).c_str());
        std::ifstream in(file);
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
            const LineProfile& l = *found->second;
            const std::string inclusive =
                l.inclusive == l.exclusive ? "" : printfString("%.2f", perCall(l.inclusive.cycles, p));
            out += printfString("  %9.2f %5.1f%% %9s %10llu %-11s | %5d  %s\n", perCall(l.exclusive.cycles, p),
                                percent(l.exclusive.cycles, p.total.cycles), inclusive.c_str(),
                                static_cast<unsigned long long>(l.executions), branches.c_str(), n, source.c_str());
        }
    }
    return out;
}

} // namespace

std::string formatProfileTable(const RunReport& r, std::size_t top)
{
    const Attribution& a = *r.attribution;
    const Profile& p = a.selected;
    std::string out = printfString("tileprof profile: %s: %s of %zu in %s\n", a.selection.describe().c_str(),
                                   counted(p.calls, "call").c_str(), totalCalls(r),
                                   counted(r.scenarios.size(), "scenario").c_str());
    out += printfString("  %llu cycles (%.2f per call), %llu master clocks (%.2f scanlines per call)\n",
                        static_cast<unsigned long long>(p.total.cycles), perCall(p.total.cycles, p),
                        static_cast<unsigned long long>(p.total.masterClocks), perCall(p.total.masterClocks, p) / 1364.0);
    for (const InputProblem& problem : r.inputProblems) {
        out += "  " + notRunText(problem) + "\n";
    }
    out += "\n";
    out += functionsSection(p, top) + "\n" + linesSection(p, top);
    out += "\nworst call of each case\n";
    for (const CaseStatistics& c : r.cases) {
        if (!a.selection.caseName || *a.selection.caseName == c.name) {
            out += formatWorstCall(c, caseColumnWidth(r.cases));
        }
    }
    return out + listingSection(p, r.coverage) + disassemblySection(p);
}

} // namespace tileprof
