#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace tileprof::test {

struct CommandResult {
    int exitCode;
    std::string out;
    std::string err;
};

// Runs a program with `args` and captures its exit code, stdout and stderr.
CommandResult runProgram(const std::filesystem::path& program, const std::vector<std::string>& args);

// The same for the tileprof and tileprof-gui binaries of this build.
CommandResult runTileprof(const std::vector<std::string>& args);
CommandResult runTileprofGui(const std::vector<std::string>& args);

} // namespace tileprof::test
