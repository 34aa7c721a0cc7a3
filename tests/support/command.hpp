#pragma once

#include <string>
#include <vector>

namespace tileprof::test {

struct CommandResult {
    int exitCode;
    std::string out;
    std::string err;
};

// Runs the tileprof binary with `args` and captures its exit code, stdout and stderr.
CommandResult runTileprof(const std::vector<std::string>& args);

} // namespace tileprof::test
