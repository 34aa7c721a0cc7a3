#include "profiler/reports/run/run_report.hpp"

#include "base/counted.hpp"
#include "base/printf_string.hpp"

#include <algorithm>

namespace tileprof {

int caseColumnWidth(const std::vector<CaseStatistics>& cases)
{
    std::size_t width = 18;
    for (const CaseStatistics& c : cases) {
        width = std::max(width, c.name.size());
    }
    return static_cast<int>(width);
}

std::string formatWorstCall(const CaseStatistics& c, int caseWidth)
{
    return printfString("  %-*s %5u cycles %5.2f scanlines   %s frame %d, entity \"%s\"\n", caseWidth, c.name.c_str(),
                        c.worst.cycles, c.worst.scanlines, c.worst.scenario.c_str(), c.worst.frame,
                        c.worst.entity.c_str());
}

std::string formatFastRomTable(const RunReport& r)
{
    if (r.fastRom.empty()) {
        return "";
    }
    std::string out = "\nFastROM (MEMSEL set, code run from banks $80+): what it would buy per case; CPU cycles do not change\n";
    out += printfString("%-18s %6s   %-23s   %-15s   %-22s   %s\n", "", "", "mean master clocks", "mean scanlines",
                        "saving per call", "slow ROM reads");
    out += printfString("%-18s %6s   %10s %12s   %7s %7s   %8s %6s %6s   %s\n", "case", "calls", "SlowROM", "FastROM",
                        "SlowROM", "FastROM", "m.clocks", "lines", "%", "per call");
    double slowReads = 0;
    for (const FastRomCase& c : r.fastRom) {
        out += printfString("%-18s %6zu   %10.1f %12.1f   %7.2f %7.2f   %8.1f %6.2f %5.1f%%   %.1f\n", c.name.c_str(),
                            c.calls, c.slowMeanMasterClocks, c.fastMeanMasterClocks, c.slowMeanMasterClocks / 1364.0,
                            c.fastMeanMasterClocks / 1364.0, c.savingMasterClocks(), c.savingMasterClocks() / 1364.0,
                            100.0 * c.savingMasterClocks() / c.slowMeanMasterClocks, c.slowRomReadsPerCall);
        slowReads += c.slowRomReadsPerCall;
    }
    if (slowReads > 0) {
        out += "  Some ROM reads still go through banks $00-$7D at SlowROM speed: long addresses (or a data bank)\n"
               "  in banks below $80. A FastROM build links its code and tables at $80:8000 and up.\n";
    }
    return out;
}

std::string formatRunTable(const RunReport& r)
{
    const int w = caseColumnWidth(r.cases);
    std::string out = "tileprof run: " + runSummary(r) + "\n\n";
    out += printfString("%-*s %6s   %-29s   %-27s   %-13s  %s\n", w, "", "", "cycles", "scanlines", "budget", "");
    out += printfString("%-*s %6s   %5s %7s %6s %6s   %5s %6s %6s %6s   %6s %6s  %s\n", w, "case", "calls", "min", "mean",
                        "p95", "max", "min", "mean", "p95", "max", "mean", "max", "verdict");
    for (const CaseStatistics& c : r.cases) {
        std::string verdict = c.overBudget() ? "OVER BUDGET" : "ok";
        if (c.callsOverBudget > 0) {
            verdict += " (" + counted(c.callsOverBudget, "call") + " over)";
        }
        out += printfString("%-*s %6zu   %5.0f %7.1f %6.0f %6.0f   %5.2f %6.2f %6.2f %6.2f   %5.1f%% %5.1f%%  %s\n",
                            w, c.name.c_str(), c.calls, c.cycles.min, c.cycles.mean, c.cycles.p95, c.cycles.max,
                            c.scanlines.min, c.scanlines.mean, c.scanlines.p95, c.scanlines.max,
                            100.0 * c.meanBudgetShare, 100.0 * c.maxBudgetShare, verdict.c_str());
    }
    out += "\nworst call of each case\n";
    for (const CaseStatistics& c : r.cases) {
        out += formatWorstCall(c, w);
    }
    out += formatFastRomTable(r);
    const std::vector<std::string> failures = failureLines(r);
    if (!failures.empty()) {
        out += "\n" + counted(failures.size(), "failure") + "\n";
        for (const std::string& failure : failures) {
            out += "  " + failure + "\n";
        }
    }
    return out;
}

} // namespace tileprof
