#pragma once

#include <CLI/CLI.hpp>

#include <optional>

namespace tileprof {

// Parses the command line into `app`: nothing when the program should go on, else the exit code
// once CLI11 has printed what it had to (help and the version exit 0, a usage error
// kExitBadInput, as every other bad input does).
std::optional<int> parseArguments(CLI::App& app, int argc, char** argv);

} // namespace tileprof
