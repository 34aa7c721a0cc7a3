#include "profiler/report/run_report.hpp"

#include "profiler/text/printf_string.hpp"

namespace tileprof {

std::string formatWorstCall(const CaseStatistics& c)
{
    return printfString("  %-18s %5u cycles %5.2f scanlines   %s frame %d, entity \"%s\"\n", c.name.c_str(),
                        c.worst.cycles, c.worst.scanlines, c.worst.scenario.c_str(), c.worst.frame,
                        c.worst.entity.c_str());
}

std::string formatRunTable(const RunReport& r)
{
    std::string out = printfString("tileprof run: %zu scenario%s, %zu calls\n\n", r.scenarios.size(),
                             r.scenarios.size() == 1 ? "" : "s", totalCalls(r));
    out += printfString("%-18s %6s   %-29s   %-27s   %-13s  %s\n", "", "", "cycles", "scanlines", "budget", "");
    out += printfString("%-18s %6s   %5s %7s %6s %6s   %5s %6s %6s %6s   %6s %6s  %s\n", "case", "calls", "min", "mean",
                        "p95", "max", "min", "mean", "p95", "max", "mean", "max", "verdict");
    for (const CaseStatistics& c : r.cases) {
        std::string verdict = c.overBudget() ? "OVER BUDGET" : "ok";
        if (c.callsOverBudget > 0) {
            verdict += printfString(" (%zu call%s over)", c.callsOverBudget, c.callsOverBudget == 1 ? "" : "s");
        }
        out += printfString("%-18s %6zu   %5.0f %7.1f %6.0f %6.0f   %5.2f %6.2f %6.2f %6.2f   %5.1f%% %5.1f%%  %s\n",
                            c.name.c_str(), c.calls, c.cycles.min, c.cycles.mean, c.cycles.p95, c.cycles.max,
                            c.scanlines.min, c.scanlines.mean, c.scanlines.p95, c.scanlines.max,
                            100.0 * c.meanBudgetShare, 100.0 * c.maxBudgetShare, verdict.c_str());
    }
    out += "\nworst call of each case\n";
    for (const CaseStatistics& c : r.cases) {
        out += formatWorstCall(c);
    }
    const std::size_t failures = totalFailures(r);
    if (failures > 0) {
        out += printfString("\n%zu failure%s\n", failures, failures == 1 ? "" : "s");
        for (const ScenarioResult& s : r.scenarios) {
            for (const Failure& f : s.failures) {
                out += "  " + f.text() + "\n";
            }
        }
    }
    return out;
}

} // namespace tileprof
