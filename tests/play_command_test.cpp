// tileprof play on the command line: the report's figures from a real run, the same report from
// every form of the same input, and bad input refused.

#include "base/bundled_files.hpp"
#include "tests/support/command.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

using namespace tileprof;
using namespace tileprof::test;

namespace {

std::string callsRom()
{
    return bundledRomPath("play-calls").string();
}

std::filesystem::path movie(const char* name)
{
    return std::filesystem::path(TILEPROF_TEST_DATA_DIR) / "movies" / name;
}

// The report without its first line, which names the input file.
std::string withoutTitle(const std::string& report)
{
    return report.substr(report.find('\n') + 1);
}

} // namespace

TEST_CASE("play: the JSON report holds every call and every frame of the run")
{
    const CommandResult result = runTileprof(
        {"play", callsRom(), "--profile", "Leaf", "--profile", "Spin", "--frames", "10", "--format", "json"});
    REQUIRE(result.exitCode == 0);
    const nlohmann::json report = nlohmann::json::parse(result.out);
    CHECK(report["frames_run"] == 10);
    REQUIRE(report["routines"].size() == 2);
    CHECK(report["routines"][0]["name"] == "Leaf");
    std::map<std::uint64_t, int> leavesPerFrame;
    for (const auto& call : report["routines"][0]["calls"]) {
        const auto& clocks = call["clocks"];
        CHECK(clocks["total"].get<std::uint64_t>() ==
              clocks["own"].get<std::uint64_t>() + clocks["dma"].get<std::uint64_t>() + clocks["hdma"].get<std::uint64_t>() +
                  clocks["refresh"].get<std::uint64_t>() + clocks["interrupts"].get<std::uint64_t>());
        ++leavesPerFrame[call["frame"].get<std::uint64_t>()];
    }
    CHECK(leavesPerFrame[4] == 5);
    REQUIRE(report["frames"].size() == 10);
    const auto& frame = report["frames"][4];
    CHECK(frame["clocks"].get<std::uint64_t>() ==
          frame["routines"]["Leaf"].get<std::uint64_t>() + frame["routines"]["Spin"].get<std::uint64_t>() +
              frame["nmi"].get<std::uint64_t>() + frame["irq"].get<std::uint64_t>() + frame["other"].get<std::uint64_t>() +
              frame["waiting"].get<std::uint64_t>());
    CHECK(report["frames"][3]["lag"] != report["frames"][4]["lag"]); // the pads are read every other frame
}

TEST_CASE("play: the same input as a script or as any movie gives the same report, run after run")
{
    const std::string demo = bundledRomPath("demo").string();
    const auto played = [&](const char* input) {
        const CommandResult result = runTileprof({"play", demo, "--profile", "MoveEntityAndProcessTileCollisions",
                                                  "--input", movie(input).string(), "--frames", "120"});
        REQUIRE(result.exitCode == 0);
        return result.out;
    };
    const std::string script = played("sequence.toml");
    CHECK(contains(script, "input " + movie("sequence.toml").string() + " (input script, 16 frames)"));
    CHECK(script == played("sequence.toml"));
    const CommandResult none = runTileprof({"play", demo, "--profile", "MoveEntityAndProcessTileCollisions", "--frames", "120"});
    CHECK(withoutTitle(none.out) != withoutTitle(script)); // the pads change what the game does
    for (const char* name : {"sequence.bk2", "sequence.lsmv", "sequence.mmo", "sequence.smv"}) {
        CAPTURE(name);
        CHECK(withoutTitle(played(name)) == withoutTitle(script));
    }
}

TEST_CASE("play: routines, labels and inputs that are not there are refused")
{
    const CommandResult unknown = runTileprof({"play", callsRom(), "--profile", "Nowhere"});
    CHECK(unknown.exitCode == 2);
    CHECK(contains(unknown.err, "Nowhere"));
    const CommandResult constant = runTileprof({"play", callsRom(), "--profile", "SPIN_LOOPS"});
    CHECK(constant.exitCode == 2);
    CHECK(contains(constant.err, "--profile SPIN_LOOPS: SPIN_LOOPS is a constant, not a label of code"));
    const CommandResult input = runTileprof({"play", callsRom(), "--profile", "Leaf", "--input", "/nonexistent/walk.toml"});
    CHECK(input.exitCode == 2);
    CHECK(contains(input.err, "/nonexistent/walk.toml"));
    CHECK(input.out.empty());
}
