#include "profiler/reports/run/run_report.hpp"

#include "base/counted.hpp"
#include "base/printf_string.hpp"
#include "base/shell_word.hpp"
#include "profiler/reports/markup/markdown_text.hpp"

#include <algorithm>

namespace tileprof {


std::string formatMarkdown(const RunReport& r, std::size_t top)
{
    const std::vector<std::string> failures = failureLines(r);
    std::string out = printfString("### tileprof %s: %s\n\n", r.command.c_str(),
                                   runFailed(r) || !r.inputProblems.empty() ? "FAILED" : "passed");
    out += runSummary(r) + ", " + counted(failures.size(), "failure") + ".\n\n";
    out += "| case | calls | min cycles | mean cycles | p95 cycles | max cycles | mean scanlines | max scanlines | "
           "mean % of budget | verdict |\n";
    out += "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n";
    for (const CaseStatistics& c : r.cases) {
        std::string verdict = c.overBudget() ? "**over budget**" : "ok";
        if (c.callsOverBudget > 0) {
            verdict += " (" + counted(c.callsOverBudget, "call") + " over)";
        }
        out += printfString("| %s | %zu | %.0f | %.1f | %.0f | %.0f | %.2f | %.2f | %.1f%% | %s |\n",
                            markdownCell(c.name).c_str(), c.calls, c.cycles.min, c.cycles.mean, c.cycles.p95, c.cycles.max,
                            c.scanlines.mean, c.scanlines.max, 100.0 * c.meanBudgetShare, verdict.c_str());
    }
    out += "\n**Worst call of each case**\n\n";
    for (const CaseStatistics& c : r.cases) {
        const std::string command = "tileprof trace " + shellWord(c.worst.scenario) + " --frame " +
                                    std::to_string(c.worst.frame) + " --entity " + shellWord(c.worst.entity);
        out += printfString("- %s: %u cycles, %.2f scanlines: %s\n", markdownCell(c.name).c_str(), c.worst.cycles,
                            c.worst.scanlines, markdownCode(command).c_str());
    }
    if (!failures.empty()) {
        out += "\n**Failures**\n\n";
        for (const std::string& failure : failures) {
            out += "- " + markdownCode(failure) + "\n";
        }
    }
    if (r.attribution) {
        const Profile& p = r.attribution->selected;
        out += printfString("\n**Hottest functions** (%s, %s)\n\n", r.attribution->selection.describe().c_str(),
                            counted(p.calls, "call").c_str());
        out += "| function | exclusive cycles | % | inclusive cycles | % | exclusive cycles per call |\n";
        out += "|---|---:|---:|---:|---:|---:|\n";
        for (std::size_t i = 0; i < std::min(top, p.functions.size()); ++i) {
            const FunctionProfile& f = p.functions[i];
            const auto share = [&](std::uint64_t part) { return 100.0 * static_cast<double>(part) / static_cast<double>(p.total.cycles); };
            out += printfString("| %s | %llu | %.1f%% | %llu | %.1f%% | %.2f |\n", markdownCell(f.name).c_str(),
                                static_cast<unsigned long long>(f.exclusive.cycles), share(f.exclusive.cycles),
                                static_cast<unsigned long long>(f.inclusive.cycles), share(f.inclusive.cycles),
                                static_cast<double>(f.exclusive.cycles) / static_cast<double>(p.calls));
        }
    }
    return out;
}

} // namespace tileprof
