#pragma once

#include "profiler/engine/attribution/attribution.hpp"
#include "profiler/engine/coverage/code_coverage.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/engine/stats/case_statistics.hpp"
#include "profiler/engine/stats/fastrom_comparison.hpp"
#include "profiler/reports/markup/report_format.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

// A scenario that could not be run, and why.
struct InputProblem {
    std::string scenario;
    std::string message;
};

// What a report of runs shows: each case's costs (run, baseline, check), or where the selected
// calls' cycles went (profile).
enum class RunReportKind : std::uint8_t { Cases, Profile };

// What `tileprof run` and `tileprof profile` found: every scenario's calls and failures, the case
// statistics over all of them and, when asked for, the attribution.
struct RunReport {
    std::string command; // the command that made it, as the report names it: "run", "profile", ...
    RunReportKind kind = RunReportKind::Cases;
    std::vector<ScenarioResult> scenarios;
    std::vector<CaseStatistics> cases; // over every scenario
    std::optional<Attribution> attribution;
    std::vector<SourceCoverage> coverage; // of the attributed calls: what could have run and did not
    std::vector<InputProblem> inputProblems;
    std::vector<FastRomCase> fastRom; // per case, when --fastrom asked for it
    // Where the annotated source looks for the files the debug files name (findSourceFile).
    std::vector<std::filesystem::path> sourceDirectories;
};

std::size_t totalCalls(const RunReport& report);
std::size_t totalFailures(const RunReport& report);
// Whether any expectation or invariant failed or any case is over budget.
bool runFailed(const RunReport& report);
// "3 scenarios, 180 calls", and ", 1 scenario not run" when some could not be run.
std::string runSummary(const RunReport& report);
// "not run: MESSAGE", on one line: a scenario that could not be run, as text reports list it.
std::string notRunText(const InputProblem& problem);
// What failed, a line each: the scenarios that could not be run, then every expectation or
// invariant that failed.
std::vector<std::string> failureLines(const RunReport& report);

// "roms/x/scenarios/patrol.toml: entity "faller" despawned on frame 92": each entity a routine
// despawned (its alive field read 0 after a call), which was then called no more.
std::vector<std::string> despawnLines(const RunReport& report);
// "  falling   594 cycles  3.26 scanlines   FILE frame F, entity "E"\n", the name `caseWidth` wide.
std::string formatWorstCall(const CaseStatistics& statistics, int caseWidth);

// The terminal table of `run`: per case, calls, min/mean/p95/max cycles and scanlines, the share of
// the budget and a verdict; the worst call of each case; the failures.
std::string formatRunTable(const RunReport& report);
// What FastROM would buy per case, as a table section; "" when it was not asked for.
std::string formatFastRomTable(const RunReport& report);

// The terminal report of `profile`: the hottest functions and lines of the selection and the
// annotated source listing.
std::string formatProfileTable(const RunReport& report, std::size_t top);

// JSON, schema in README.md: per scenario (with per-call summaries), per case, per function, per line.
std::string formatJson(const RunReport& report);
// CSV: a row per (scenario, case) and per case; for a profile, a row per function and line.
std::string formatCsv(const RunReport& report);
// Markdown for a pull-request comment: the case table, worst calls, failures, hottest functions.
std::string formatMarkdown(const RunReport& report, std::size_t top);
// JUnit XML: a test case per (scenario, case), failed when over budget or an expectation broke.
std::string formatJunit(const RunReport& report);

// The report in `format`, one of kRunReportFormats; its table is formatRunTable or, for a profile,
// formatProfileTable, listing `top` functions and lines where it lists them.
std::string formatRunReport(const RunReport& report, ReportFormat format, std::size_t top);

} // namespace tileprof
