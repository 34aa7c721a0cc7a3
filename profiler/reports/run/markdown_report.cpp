#include "profiler/reports/run/run_report.hpp"

#include "base/counted.hpp"
#include "base/printf_string.hpp"
#include "base/shell_word.hpp"
#include "profiler/reports/markup/markdown_text.hpp"

#include <algorithm>

namespace tileprof {


std::string formatMarkdown(const RunReport& report, std::size_t top)
{
    const std::vector<std::string> failures = failureLines(report);
    std::string out = printfString("### tileprof %s: %s\n\n", report.command.c_str(),
                                   runFailed(report) || !report.inputProblems.empty() ? "FAILED" : "passed");
    out += runSummary(report) + ", " + counted(failures.size(), "failure") + ".\n\n";
    out += "| case | calls | min cycles | mean cycles | p95 cycles | max cycles | mean scanlines | max scanlines | "
           "mean % of budget | verdict |\n";
    out += "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n";
    for (const CaseStatistics& statistics : report.cases) {
        std::string verdict = statistics.overBudget() ? "**over budget**" : "ok";
        if (statistics.callsOverBudget > 0) {
            verdict += " (" + counted(statistics.callsOverBudget, "call") + " over)";
        }
        out += printfString("| %s | %zu | %.0f | %.1f | %.0f | %.0f | %.2f | %.2f | %.1f%% | %s |\n",
                            markdownCell(statistics.name).c_str(), statistics.calls, statistics.cycles.min, statistics.cycles.mean, statistics.cycles.p95, statistics.cycles.max,
                            statistics.scanlines.mean, statistics.scanlines.max, 100.0 * statistics.meanBudgetShare, verdict.c_str());
    }
    out += "\n**Worst call of each case**\n\n";
    for (const CaseStatistics& statistics : report.cases) {
        const std::string command = "tileprof trace " + shellWord(statistics.worst.scenario) + " --frame " +
                                    std::to_string(statistics.worst.frame) + " --entity " + shellWord(statistics.worst.entity);
        out += printfString("- %s: %u cycles, %.2f scanlines: %s\n", markdownCell(statistics.name).c_str(), statistics.worst.cycles,
                            statistics.worst.scanlines, markdownCode(command).c_str());
    }
    if (!failures.empty()) {
        out += "\n**Failures**\n\n";
        for (const std::string& failure : failures) {
            out += "- " + markdownCode(failure) + "\n";
        }
    }
    if (report.attribution) {
        const Profile& profile = report.attribution->selected;
        out += printfString("\n**Hottest functions** (%s, %s)\n\n", report.attribution->selection.describe().c_str(),
                            counted(profile.calls, "call").c_str());
        out += "| function | exclusive cycles | % | inclusive cycles | % | exclusive cycles per call |\n";
        out += "|---|---:|---:|---:|---:|---:|\n";
        for (std::size_t i = 0; i < std::min(top, profile.functions.size()); ++i) {
            const FunctionProfile& function = profile.functions[i];
            const auto share = [&](std::uint64_t part) { return 100.0 * static_cast<double>(part) / static_cast<double>(profile.total.cycles); };
            out += printfString("| %s | %llu | %.1f%% | %llu | %.1f%% | %.2f |\n", markdownCell(function.name).c_str(),
                                static_cast<unsigned long long>(function.exclusive.cycles), share(function.exclusive.cycles),
                                static_cast<unsigned long long>(function.inclusive.cycles), share(function.inclusive.cycles),
                                static_cast<double>(function.exclusive.cycles) / static_cast<double>(profile.calls));
        }
    }
    return out;
}

} // namespace tileprof
