#include "tests/support/command_json.hpp"

#include "tests/support/command.hpp"

#include <doctest/doctest.h>

namespace tileprof::test {

nlohmann::json tileprofJson(const std::vector<std::string>& args, int exitCode)
{
    const CommandResult r = runTileprof(args);
    INFO(r.err);
    REQUIRE(r.exitCode == exitCode);
    return nlohmann::json::parse(r.out);
}

} // namespace tileprof::test
