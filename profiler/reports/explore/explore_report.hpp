#pragma once

#include "profiler/engine/explore/explorer.hpp"
#include "profiler/reports/markup/report_format.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace tileprof {

// One scenario explored: the findings, and the scenario's own worst calls to compare them with.
struct Explored {
    std::string scenario;
    std::string rom;
    int budgetCycles;
    ExploreResult result;
    std::vector<std::uint32_t> scenarioWorst; // per case, 0 for a case the scenario never ran
    std::vector<std::string> findingFiles;    // per finding
    std::vector<std::string> worstFiles;      // per case, "" for a case never reached
    std::size_t linesRun = 0;
    std::size_t linesThatCouldRun = 0;
    std::string replayCommand = "tileprof run "; // and the flags the map needs
};

// The report of `tileprof explore` in `format`: "table", "json", "markdown" or "junit".
std::string formatExploreReport(const std::vector<Explored>& all, std::uint32_t seed, ReportFormat format);

} // namespace tileprof
