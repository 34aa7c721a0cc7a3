#pragma once

#include "profiler/model/target/rom_files.hpp"

#include <optional>
#include <string>

namespace tileprof {

struct TraceCommandOptions {
    std::string scenario;
    int frame = 0;
    std::string entity;
    std::string format = "table"; // table | json | csv
    std::string out;
    bool allowInvalidMap = false;
    std::optional<RomFiles> rom; // run the scenario on this ROM instead of its own
};

// `tileprof trace`: runs the scenario and prints one call instruction by instruction. Returns 0,
// or 2 when the scenario, its ROM, the frame or the entity cannot be used.
int runTraceCommand(const TraceCommandOptions& options);

} // namespace tileprof
