// tileprof explore on the reference engine's test room (roms/tile-collision/explore): with the
// hitbox the room has no clearance for it finds the clip and writes a short scenario that replays
// it; without, it finds nothing; on a ROM with a one-pixel slope error it finds the error and names
// the path; each case's worst call replays to its cost; the same seed gives the same report; and
// it runs on every bundled ROM's scenarios and on the engine's original routine.

#include "profiler/engine/explore/explorer.hpp"
#include "profiler/model/opening/game_opener.hpp"

#include "base/bundled_files.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "tests/support/command.hpp"
#include "tests/support/loaded_rom.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

const fs::path kRoms = fs::path(TILEPROF_SOURCE_DIR) / "roms";
const fs::path kRoom = kRoms / "tile-collision/explore/reference-room.toml";
const fs::path kRoomWith7 = kRoms / "tile-collision/explore/reference-room-with-hitbox-7.toml";

const ProfiledRom& builtRom()
{
    return loadedBundledRom(kDefaultRom);
}

ExploreResult exploreRoom(const fs::path& scenario, std::uint64_t calls, bool allowInvalidMap,
                          const ProfiledRom& rom = builtRom(), unsigned jobs = 1)
{
    ExploreOptions options;
    options.calls = calls;
    options.allowInvalidMap = allowInvalidMap;
    options.jobs = jobs;
    return explore(loadScenario(scenario), rom, options);
}

// The last call of a shrunk scenario, run as `tileprof run` runs it.
ScenarioResult replay(const Scenario& s, const ProfiledRom& rom)
{
    RunOptions options;
    options.allowInvalidMap = true;
    return runScenario(s, rom, options);
}

TEST_CASE("explore: the 32-px hitbox's clearance clip is found and shrunk to a scenario that replays it")
{
    const ExploreResult r = exploreRoom(kRoomWith7, 300000, true);
    REQUIRE_FALSE(r.findings.empty());
    bool ceilingClip = false;
    for (const ExploreFinding& f : r.findings) {
        CAPTURE(f.kind);
        CHECK(f.shrunk.frames <= 60);
        const ScenarioResult again = replay(f.shrunk, builtRom());
        REQUIRE_FALSE(again.failures.empty());
        CHECK(again.failures.back().frame == f.shrunk.frames);
        CHECK(again.failures.back().message == f.message);
        ceilingClip |= contains(f.kind, "the hitbox clips into a ceiling: the SOLID tile") &&
                       f.shrunk.entities.front().hitbox == Hitbox{1, 3, 16, 32};
    }
    CHECK(ceilingClip);
}

TEST_CASE("explore: without the hitbox the room has no room for, nothing fails")
{
    const ExploreResult r = exploreRoom(kRoom, 300000, false);
    CHECK(r.calls == 300000);
    CHECK(r.findings.empty());
    CHECK(r.corpus > 0);
}

TEST_CASE("explore: a one-pixel error in a slope path is found, and the finding names the path")
{
    const ProfiledRom broken = loadProfiledRom(bundledRomPath("tile-collision-broken"));
    const ExploreResult r = exploreRoom(kRoom, 30000, false, broken);
    REQUIRE_FALSE(r.findings.empty());
    for (const ExploreFinding& f : r.findings) {
        CAPTURE(f.kind);
        CHECK(contains(f.kind, "does not rest 1 px above a floor, in a call through "));
        CHECK(contains(f.kind, "FloorCollision"));
        CHECK(f.shrunk.frames <= 60);
        CHECK_FALSE(replay(f.shrunk, broken).failures.empty());
        CHECK(replay(f.shrunk, builtRom()).failures.empty()); // the real routine lands right
    }
}

TEST_CASE("explore: each case's worst call replays to its cost, and the same seed gives the same result, whatever the jobs")
{
    const ExploreResult first = exploreRoom(kRoom, 40000, false);
    const ExploreResult second = exploreRoom(kRoom, 40000, false, builtRom(), 3);
    REQUIRE(first.worst.size() == builtRom().manifest.cases.size());
    for (std::size_t c = 0; c < first.worst.size(); ++c) {
        const ExploreWorst& w = first.worst[c];
        CAPTURE(w.caseName);
        CHECK(w.cycles == second.worst[c].cycles);
        if (w.cycles == 0) {
            continue;
        }
        const ScenarioResult again = replay(w.shrunk, builtRom());
        REQUIRE_FALSE(again.calls.empty());
        CHECK(again.calls.back().cycles == w.cycles);
        CHECK(again.calls.back().caseIndex == static_cast<int>(c));
        CHECK(w.shrunk.frames <= 60);
    }
    CHECK(first.sessions == second.sessions);
    CHECK(first.corpus == second.corpus);
    REQUIRE(first.growth.size() == second.growth.size());
    CHECK(first.growth.back().features == second.growth.back().features);
    CHECK(first.calls == 40000);
    CHECK(second.calls == 40000);
}

TEST_CASE("explore: the command writes the shrunk scenarios, exits 1 on a failure, and its report is the same every time")
{
    const TempDir dir;
    const std::vector<std::string> args{"explore", kRoomWith7.string(), "--allow-invalid-map", "--calls", "100000",
                                        "--out", dir.file("found").string(), "--format", "json", "--report",
                                        dir.file("report.json").string()};
    CHECK(runTileprof(args).exitCode == 1);
    const std::string report = slurp(dir.file("report.json"));
    std::vector<std::string> oneJob = args;
    oneJob.insert(oneJob.end(), {"--jobs", "1"});
    CHECK(runTileprof(oneJob).exitCode == 1);
    CHECK(slurp(dir.file("report.json")) == report);
    CHECK(contains(report, "\"failures\": ["));
    const fs::path failure = dir.file("found") / "reference-room-with-hitbox-7-failure-1.toml";
    REQUIRE(fs::exists(failure));
    const CommandResult run = runTileprof({"run", "--allow-invalid-map", failure.string()});
    CHECK(run.exitCode == 1);
    CHECK(contains(run.out, "clips"));

    // Without the flag the invalid map is refused, saying why.
    const CommandResult refused = runTileprof({"explore", kRoomWith7.string(), "--calls", "100", "--out",
                                               dir.file("none").string()});
    CHECK(refused.exitCode == 2);
    CHECK(contains(refused.err, "NOT_ENOUGH_ROOM_ABOVE_FLOOR"));
}

TEST_CASE("explore: markdown lists the failures with their replay commands, junit passes the JUnit schema")
{
    const TempDir dir;
    const auto report = [&](const std::string& format) {
        const fs::path out = dir.file("report." + format);
        CHECK(runTileprof({"explore", kRoomWith7.string(), "--allow-invalid-map", "--calls", "100000", "--out",
                           dir.file("found").string(), "--format", format, "--report", out.string()})
                  .exitCode == 1);
        return out;
    };
    const std::string markdown = slurp(report("markdown"));
    CHECK(markdown.starts_with("### tileprof explore: `" + kRoomWith7.string() + "` on tile-collision: "));
    CHECK(contains(markdown, "| the hitbox clips into a ceiling: the SOLID tile (column "));
    CHECK(contains(markdown, "`tileprof run --allow-invalid-map " + (dir.file("found") / "").string()));
    CHECK(contains(markdown, "| case | worst explored | scenario's worst | budget |"));

    const fs::path junit = report("junit");
    const CommandResult valid =
        runProgram("xmllint", {"--noout", "--schema", std::string(TILEPROF_TEST_DATA_DIR) + "/junit/junit.xsd",
                               junit.string()});
    REQUIRE_MESSAGE(valid.exitCode != 127, "xmllint is missing: ./scripts/setup.sh --tests installs it");
    CHECK(valid.exitCode == 0);
    const std::string xml = slurp(junit);
    CHECK(contains(xml, "<failure message=\"the hitbox (columns "));
    CHECK_FALSE(contains(xml, "failures=\"0\""));
}

TEST_CASE("explore: every bundled ROM's scenarios can be explored, also on a ROM with labels only")
{
    for (const char* scenario :
         {"seed001-metatile-walkability/scenarios/explorer-room.toml", "seed002-pixel-masks/scenarios/peak-and-step.toml",
          "seed003-box-and-slopes/scenarios/slope-room-walk.toml", "seed004-probes/scenarios/walls-four.toml",
          "seed004-probes/scenarios/walls-eight.toml", "can-move-point/scenarios", "tile-collision-fixed-height",
          "tile-collision-frames"}) {
        CAPTURE(scenario);
        const TempDir dir;
        std::vector<std::string> args{"explore", "--calls", "3000", "--out", dir.file("found").string()};
        const std::string name = scenario;
        if (name.starts_with("tile-collision-")) {
            args.insert(args.end(), {kRoom.string(), "--rom", bundledRomPath(name).string()});
        } else {
            args.push_back((kRoms / scenario).string());
        }
        const CommandResult run = runTileprof(args);
        CHECK(run.exitCode != 2);
        CHECK(contains(run.out, "3000 calls"));
        CHECK(run.err.empty());
    }
}

} // namespace
} // namespace tileprof::test
