#include "profiler/reports/run/run_report.hpp"

#include "base/counted.hpp"
#include "base/printf_string.hpp"
#include "profiler/reports/markup/name_column.hpp"

#include <algorithm>

namespace tileprof {

std::string formatWorstCall(const CaseStatistics& statistics, int caseWidth)
{
    return printfString("  %-*s %5u cycles %5.2f scanlines   %s frame %d, entity \"%s\"\n", caseWidth, statistics.name.c_str(),
                        statistics.worst.cycles, statistics.worst.scanlines, statistics.worst.scenario.c_str(), statistics.worst.frame,
                        statistics.worst.entity.c_str());
}

std::string formatFastRomTable(const RunReport& report)
{
    if (report.fastRom.empty()) {
        return "";
    }
    std::string out = "\nFastROM (MEMSEL set, code run from banks $80+): what it would buy per case; CPU cycles do not change\n";
    out += printfString("%-18s %6s   %-23s   %-15s   %-22s   %s\n", "", "", "mean master clocks", "mean scanlines",
                        "saving per call", "slow ROM reads");
    out += printfString("%-18s %6s   %10s %12s   %7s %7s   %8s %6s %6s   %s\n", "case", "calls", "SlowROM", "FastROM",
                        "SlowROM", "FastROM", "m.clocks", "lines", "%", "per call");
    double slowReads = 0;
    for (const FastRomCase& fastRomCase : report.fastRom) {
        out += printfString("%-18s %6zu   %10.1f %12.1f   %7.2f %7.2f   %8.1f %6.2f %5.1f%%   %.1f\n", fastRomCase.name.c_str(),
                            fastRomCase.calls, fastRomCase.slowMeanMasterClocks, fastRomCase.fastMeanMasterClocks, fastRomCase.slowMeanMasterClocks / 1364.0,
                            fastRomCase.fastMeanMasterClocks / 1364.0, fastRomCase.savingMasterClocks(), fastRomCase.savingMasterClocks() / 1364.0,
                            100.0 * fastRomCase.savingMasterClocks() / fastRomCase.slowMeanMasterClocks, fastRomCase.slowRomReadsPerCall);
        slowReads += fastRomCase.slowRomReadsPerCall;
    }
    if (slowReads > 0) {
        out += "  Some ROM reads still go through banks $00-$7D at SlowROM speed: long addresses (or a data bank)\n"
               "  in banks below $80. A FastROM build links its code and tables at $80:8000 and up.\n";
    }
    return out;
}

std::string formatRunTable(const RunReport& report)
{
    const int w = nameColumnWidth(report.cases);
    std::string out = "tileprof run: " + runSummary(report) + "\n\n";
    out += printfString("%-*s %6s   %-29s   %-27s   %-13s  %s\n", w, "", "", "cycles", "scanlines", "budget", "");
    out += printfString("%-*s %6s   %5s %7s %6s %6s   %5s %6s %6s %6s   %6s %6s  %s\n", w, "case", "calls", "min", "mean",
                        "p95", "max", "min", "mean", "p95", "max", "mean", "max", "verdict");
    for (const CaseStatistics& statistics : report.cases) {
        std::string verdict = statistics.overBudget() ? "OVER BUDGET" : "ok";
        if (statistics.callsOverBudget > 0) {
            verdict += " (" + counted(statistics.callsOverBudget, "call") + " over)";
        }
        out += printfString("%-*s %6zu   %5.0f %7.1f %6.0f %6.0f   %5.2f %6.2f %6.2f %6.2f   %5.1f%% %5.1f%%  %s\n",
                            w, statistics.name.c_str(), statistics.calls, statistics.cycles.min, statistics.cycles.mean, statistics.cycles.p95, statistics.cycles.max,
                            statistics.scanlines.min, statistics.scanlines.mean, statistics.scanlines.p95, statistics.scanlines.max,
                            100.0 * statistics.meanBudgetShare, 100.0 * statistics.maxBudgetShare, verdict.c_str());
    }
    out += "\nworst call of each case\n";
    for (const CaseStatistics& statistics : report.cases) {
        out += formatWorstCall(statistics, w);
    }
    out += formatFastRomTable(report);
    const std::vector<std::string> despawns = despawnLines(report);
    if (!despawns.empty()) {
        out += "\ndespawned\n";
        for (const std::string& despawn : despawns) {
            out += "  " + despawn + "\n";
        }
    }
    const std::vector<std::string> failures = failureLines(report);
    if (!failures.empty()) {
        out += "\n" + counted(failures.size(), "failure") + "\n";
        for (const std::string& failure : failures) {
            out += "  " + failure + "\n";
        }
    }
    return out;
}

} // namespace tileprof
