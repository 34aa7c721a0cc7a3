#include "profiler/report/run_report.hpp"

#include "profiler/text/printf_string.hpp"

#include <algorithm>

namespace tileprof {

namespace {

// Markdown table cells must not break the table.
std::string cell(const std::string& text)
{
    std::string out;
    for (const char c : text) {
        out += c == '|' ? "\\|" : std::string(1, c);
    }
    return out;
}

} // namespace

std::string formatMarkdown(const RunReport& r, std::size_t top)
{
    const std::size_t failures = totalFailures(r);
    std::string out = printfString("### tileprof %s: %s\n\n%zu scenario%s, %zu calls", r.command.c_str(),
                                   runFailed(r) || !r.inputProblems.empty() ? "FAILED" : "passed", r.scenarios.size(),
                                   r.scenarios.size() == 1 ? "" : "s", totalCalls(r));
    out += printfString(", %zu failure%s.\n\n", failures, failures == 1 ? "" : "s");
    out += "| case | calls | min cycles | mean cycles | p95 cycles | max cycles | mean scanlines | max scanlines | "
           "mean % of budget | verdict |\n";
    out += "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n";
    for (const CaseStatistics& c : r.cases) {
        std::string verdict = c.overBudget() ? "**over budget**" : "ok";
        if (c.callsOverBudget > 0) {
            verdict += printfString(" (%zu call%s over)", c.callsOverBudget, c.callsOverBudget == 1 ? "" : "s");
        }
        out += printfString("| %s | %zu | %.0f | %.1f | %.0f | %.0f | %.2f | %.2f | %.1f%% | %s |\n",
                            cell(c.name).c_str(), c.calls, c.cycles.min, c.cycles.mean, c.cycles.p95, c.cycles.max,
                            c.scanlines.mean, c.scanlines.max, 100.0 * c.meanBudgetShare, verdict.c_str());
    }
    out += "\n**Worst call of each case**\n\n";
    for (const CaseStatistics& c : r.cases) {
        out += printfString("- %s: %u cycles, %.2f scanlines: `tileprof trace %s --frame %d --entity \"%s\"`\n",
                            cell(c.name).c_str(), c.worst.cycles, c.worst.scanlines, c.worst.scenario.c_str(),
                            c.worst.frame, c.worst.entity.c_str());
    }
    if (failures > 0 || !r.inputProblems.empty()) {
        out += "\n**Failures**\n\n";
        for (const InputProblem& problem : r.inputProblems) {
            out += "- `" + problem.message + "`\n";
        }
        for (const ScenarioResult& s : r.scenarios) {
            for (const Failure& f : s.failures) {
                out += "- `" + f.text() + "`\n";
            }
        }
    }
    if (r.attribution) {
        const Profile& p = r.attribution->selected;
        out += printfString("\n**Hottest functions** (%s, %llu calls)\n\n", r.attribution->selection.describe().c_str(),
                            static_cast<unsigned long long>(p.calls));
        out += "| function | exclusive cycles | % | inclusive cycles | % | exclusive cycles per call |\n";
        out += "|---|---:|---:|---:|---:|---:|\n";
        for (std::size_t i = 0; i < std::min(top, p.functions.size()); ++i) {
            const FunctionProfile& f = p.functions[i];
            const auto share = [&](std::uint64_t part) { return 100.0 * static_cast<double>(part) / static_cast<double>(p.total.cycles); };
            out += printfString("| %s | %llu | %.1f%% | %llu | %.1f%% | %.2f |\n", cell(f.name).c_str(),
                                static_cast<unsigned long long>(f.exclusive.cycles), share(f.exclusive.cycles),
                                static_cast<unsigned long long>(f.inclusive.cycles), share(f.inclusive.cycles),
                                static_cast<double>(f.exclusive.cycles) / static_cast<double>(p.calls));
        }
    }
    return out;
}

} // namespace tileprof
