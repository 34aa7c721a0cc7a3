#pragma once

#include "profiler/runner/scenario_runner.hpp"
#include "profiler/stats/case_statistics.hpp"

#include <span>
#include <string>

namespace tileprof {

// What `tileprof run` found: every scenario's calls and failures, and the case statistics over all.
struct RunReport {
    std::vector<ScenarioResult> scenarios;
    std::vector<CaseStatistics> cases; // over every scenario
};

// The terminal table: per case, calls, min/mean/p95/max cycles and scanlines, the largest share of
// the budget and a verdict; the worst call of each case; the failures.
std::string formatRunTable(const RunReport& report);

// The same as JSON (schema in README.md): per scenario and per case, and per case overall.
std::string formatRunJson(const RunReport& report);

} // namespace tileprof
