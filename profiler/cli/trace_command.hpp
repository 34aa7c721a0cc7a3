#pragma once

#include <string>

namespace tileprof {

struct TraceCommandOptions {
    std::string scenario;
    int frame = 0;
    std::string entity;
    std::string format = "table"; // table | json | csv
    std::string out;
    bool allowInvalidMap = false;
};

// `tileprof trace`: runs the scenario and prints one call instruction by instruction. Returns 0,
// or 2 when the scenario, its ROM, the frame or the entity cannot be used.
int runTraceCommand(const TraceCommandOptions& options);

} // namespace tileprof
