// `tileprof trace`: one call instruction by instruction. Its costs add up to what `run` measured
// for the same call, its tile reads are the call's, and a frame or entity the scenario does not
// have is refused. A call that faults is traced up to its fault.

#include "base/bundled_files.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "tests/support/command.hpp"
#include "tests/support/command_json.hpp"
#include "tests/support/rom_copy.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <set>
#include <string>
#include <utility>

namespace tileprof::test {
namespace {

const std::string kScenario = (bundledScenarioDirectory() / "fall-and-land.toml").string();


TEST_CASE("trace: the steps add up to the call's cost and carry its tile reads at their cycles")
{
    const nlohmann::json run = tileprofJson({"run", "--format", "json", kScenario});
    for (const int frame : {1, 10, 25}) {
        CAPTURE(frame);
        const nlohmann::json& summary = run["scenarios"][0]["call_summaries"][static_cast<std::size_t>(frame - 1)];
        REQUIRE(summary["frame"] == frame);
        const nlohmann::json trace =
            tileprofJson({"trace", kScenario, "--frame", std::to_string(frame), "--entity", "player", "--format", "json"});
        CHECK(trace["case"] == summary["case"]);
        CHECK(trace["cycles"] == summary["cycles"]);
        CHECK(trace["master_clocks"] == summary["master_clocks"]);

        std::uint64_t cycles = 0;
        std::uint64_t clocks = 0;
        nlohmann::json tiles = nlohmann::json::array();
        for (const nlohmann::json& step : trace["steps"]) {
            const std::uint64_t start = cycles;
            cycles += step["cycles"].get<std::uint64_t>();
            clocks += step["master_clocks"].get<std::uint64_t>();
            CHECK(step["total_cycles"] == cycles);
            CHECK(step["total_master_clocks"] == clocks);
            CHECK(!step["instruction"].get<std::string>().empty());
            for (const nlohmann::json& t : step["tiles_read"]) {
                CHECK(t["cycle"].get<std::uint64_t>() >= start);
                CHECK(t["cycle"].get<std::uint64_t>() < cycles);
                tiles.push_back(t);
            }
        }
        CHECK(cycles == summary["cycles"].get<std::uint64_t>());
        CHECK(clocks == summary["master_clocks"].get<std::uint64_t>());
        CHECK(tiles == summary["tiles_read"]);
        CHECK(trace["steps"][0]["function"] == "MoveEntityAndProcessTileCollisions");
        CHECK(trace["steps"].back()["instruction"] == "RTS");
    }
}

TEST_CASE("trace: JSON schema 3 names each step's file and line as the profile does, scanlines to 4 decimals")
{
    const nlohmann::json run = tileprofJson({"run", "--format", "json", kScenario});
    const nlohmann::json trace = tileprofJson({"trace", kScenario, "--frame", "10", "--entity", "player", "--format", "json"});
    CHECK(trace["schema"] == 3);
    // The same figure, rounded the same way, as the call's summary in the run report.
    CHECK(trace["scanlines"] == run["scenarios"][0]["call_summaries"][9]["scanlines"]);
    const double scaled = trace["scanlines"].get<double>() * 10000.0;
    CHECK(scaled == doctest::Approx(std::round(scaled)).epsilon(1e-12));

    // Every step's source line is one of the lines the profile of that call gives, and the other
    // way round.
    const nlohmann::json profile =
        tileprofJson({"profile", "--format", "json", "--frame", "10", "--entity", "player", kScenario});
    std::set<std::pair<std::string, int>> profiled;
    for (const nlohmann::json& line : profile["lines"]) {
        profiled.insert({line["file"].get<std::string>(), line["line"].get<int>()});
    }
    std::set<std::pair<std::string, int>> traced;
    for (const nlohmann::json& step : trace["steps"]) {
        REQUIRE(step["file"].is_string());
        REQUIRE(step["line"].is_number_integer());
        CHECK(step["line"].get<int>() > 0);
        traced.insert({step["file"].get<std::string>(), step["line"].get<int>()});
    }
    CHECK(traced == profiled);
}

TEST_CASE("trace: the table shows source lines, disassembly, registers and tile reads")
{
    const CommandResult r = runTileprof({"trace", kScenario, "--frame", "10", "--entity", "player"});
    REQUIRE(r.exitCode == 0);
    CHECK(contains(r.out, "frame 10, entity \"player\": case falling"));
    CHECK(contains(r.out, "tile_collision.s:"));
    CHECK(contains(r.out, "MoveEntityAndProcessTileCollisions::XAxis:\n"));
    CHECK(contains(r.out, "tile read at cycle "));
    // The routine is called with 16-bit A and index registers: its first load has no immediate
    // to size, but the register column shows the data bank and the direct page of the entity.
    CHECK(contains(r.out, " 7E nvmxdIzc "));
    CHECK(r.err.empty());
    CHECK(runTileprof({"trace", kScenario, "--frame", "10", "--entity", "player"}).out == r.out);
}

TEST_CASE("trace: a frame or an entity the scenario does not have is an input error")
{
    const CommandResult noFrame = runTileprof({"trace", kScenario, "--frame", "9999", "--entity", "player"});
    CHECK(noFrame.exitCode == 2);
    CHECK(contains(noFrame.err, "fall-and-land.toml: no frame 9999 (the scenario runs frames 1 to "));
    CHECK(noFrame.out.empty());

    const CommandResult noEntity = runTileprof({"trace", kScenario, "--frame", "3", "--entity", "ghost"});
    CHECK(noEntity.exitCode == 2);
    CHECK(contains(noEntity.err, "no entity \"ghost\" (its entities: \"player\")"));

    const CommandResult noScenario = runTileprof({"trace", "/nonexistent.toml", "--frame", "1", "--entity", "a"});
    CHECK(noScenario.exitCode == 2);
    CHECK(contains(noScenario.err, "/nonexistent.toml"));
}

TEST_CASE("trace: a call that faults is traced up to the fault, which is reported with exit 2")
{
    TempDir dir;
    copyBuiltRom(dir.path());
    const ProfiledRom rom = loadProfiledRom(bundledRomPath("tile-collision"));
    // The entry's first instruction becomes NOP, its second STP: the call stops after two steps.
    patchRom(dir.path(), rom.addresses.entry, {0xEA, 0xDB});
    std::string text = slurp(kScenario);
    text.replace(text.find("frames = "), 9, "rom = \"tile-collision.sfc\"\nframes = ");
    const std::string scenario = dir.write("stops.toml", text).string();

    const CommandResult r = runTileprof({"trace", scenario, "--frame", "1", "--entity", "player", "--format", "json"});
    CHECK(r.exitCode == 2);
    CHECK_MESSAGE(contains(r.err, "the trace stops where the run did"), r.err);
    CHECK(contains(r.err, "executed STP"));
    const nlohmann::json trace = nlohmann::json::parse(r.out);
    REQUIRE(trace["steps"].size() == 2);
    CHECK(trace["steps"][0]["instruction"] == "NOP");
    CHECK(trace["steps"][1]["instruction"] == "STP");

    // A fault before the traced frame leaves nothing to trace: only the error.
    const CommandResult later = runTileprof({"trace", scenario, "--frame", "5", "--entity", "player"});
    CHECK(later.exitCode == 2);
    CHECK(later.out.empty());
    CHECK(contains(later.err, "executed STP"));
}

} // namespace
} // namespace tileprof::test
