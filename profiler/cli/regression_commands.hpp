#pragma once

#include "profiler/model/target/rom_files.hpp"

#include <optional>
#include <string>
#include <vector>

namespace tileprof {

struct RegressionOptions {
    std::vector<std::string> scenarios; // empty: the baseline's (check) or every bundled one
    std::string baseline;               // check: the baseline file
    std::vector<std::string> compared;  // diff: two JSON reports/baselines, or two ROM builds
    double tolerance = 0;               // cycles a case's mean or max may grow
    std::string format = "table";       // table | markdown | json
    std::string out;
    bool allowInvalidMap = false;
    std::optional<RomFiles> rom; // baseline, check: run every scenario on this ROM instead of its own
    // diff of two ROM builds: each one's symbol file and manifest, when not the ones beside it
    std::string oldSymbols;
    std::string oldManifest;
    std::string newSymbols;
    std::string newManifest;
};

// `tileprof baseline`: runs the scenarios and writes their per-case and per-function figures.
int runBaselineCommand(const RegressionOptions& options);
// `tileprof check`: runs the baseline's scenarios; 1 if a case got slower or is over budget.
int runCheckCommand(const RegressionOptions& options);
// `tileprof diff A B`: compares two runs or two builds; 1 if a case got slower.
int runDiffCommand(const RegressionOptions& options);

} // namespace tileprof
