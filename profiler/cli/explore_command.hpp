#pragma once

#include "profiler/model/target/rom_files.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

inline const std::vector<std::string> kExploreFormats{"table", "json", "markdown", "junit"};

struct ExploreCommandOptions {
    std::vector<std::string> scenarios; // files or directories; each one's map is explored
    std::uint64_t calls = 200000;       // per scenario
    std::optional<double> seconds;      // per scenario, instead (not deterministic)
    std::uint32_t seed = 1;
    unsigned jobs = 0;                  // sessions played at once; 0: one per core
    std::string out = "explored";       // where the shrunk scenarios go
    std::string format = "table";
    std::string report;                 // the report's file; empty: stdout
    std::string coverage;               // not empty: the explored calls' coverage (lcov) there
    bool allowInvalidMap = false;
    std::optional<RomFiles> rom;        // explore every scenario on this ROM instead of its own
};

// `tileprof explore`: plays random sessions on each scenario's map (explore()), writes each kind
// of failure and each case's worst call as a scenario file that `tileprof run` replays, and
// reports them with the coverage reached. Returns 0, 1 when a failure was found, 2 when a
// scenario or its ROM cannot be used or a file cannot be written.
int runExploreCommand(const ExploreCommandOptions& options);

} // namespace tileprof
