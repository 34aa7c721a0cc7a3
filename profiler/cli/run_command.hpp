#pragma once

#include <string>
#include <vector>

namespace tileprof {

struct RunCommandOptions {
    std::vector<std::string> scenarios; // empty: every scenario under scripts/
    std::string format = "table";       // table | json
    bool allowInvalidMap = false;
};

// `tileprof run`: runs the scenarios and reports per case. Returns 0, 1 when an expectation, an
// invariant or a budget fails, 2 when a scenario or its ROM cannot be used.
int runRunCommand(const RunCommandOptions& options);

} // namespace tileprof
