#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace tileprof::test {

// The JSON a tileprof command with `args` writes to stdout; the test fails unless it exits with
// `exitCode` (its stderr is shown then).
nlohmann::json tileprofJson(const std::vector<std::string>& args, int exitCode = 0);

} // namespace tileprof::test
