// The routine assembled by a second assembler: roms/tile-collision-64tass is the 64tass twin of
// roms/tile-collision (ca65 and ld65), and tileprof profiles it from 64tass's VICE label list
// alone. The two images must be the same bytes, so everything tileprof reads through the labels
// (addresses, cases, costs, attribution) must come out as through ld65's debug file.

#include "base/bundled_files.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/target/profiled_rom.hpp"
#include "tests/support/bundled_calls.hpp"
#include "tests/support/command.hpp"
#include "tests/support/loaded_rom.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

const ProfiledRom& assembledByCa65()
{
    return loadedBundledRom("tile-collision");
}

const ProfiledRom& assembledBy64tass()
{
    return loadedBundledRom("tile-collision-64tass");
}

// Every name the manifest gives, and the labels of the routine's scopes the cases sit in.
const std::vector<std::string> kManifestSymbols = {
    "MoveEntityAndProcessTileCollisions", "Entities", "MapData", "MapWidth", "MapHeight", "MapBytesPerRow",
    "MapRowOffsets", "CollisionMap", "TopHeightTable", "BottomHeightTable", "MovingDown", "MovingDown_Standing",
    "MovingUp", "MovingUp_Standing", "NoTileHitbox",
};

// A name of ld65's scopes as a label list's scopes name it: "A::B" as "A.B".
std::string dotted(std::string name)
{
    for (std::size_t at = name.find("::"); at != std::string::npos; at = name.find("::", at + 1)) {
        name.replace(at, 2, ".");
    }
    return name;
}

// The functions of `tileprof profile ARGS`'s JSON report.
nlohmann::json profileFunctions(std::vector<std::string> args)
{
    args.insert(args.begin(), {"profile", "--format", "json"});
    const CommandResult profile = runTileprof(args);
    REQUIRE(profile.exitCode == 0);
    return nlohmann::json::parse(profile.out)["functions"];
}

} // namespace

TEST_CASE("second assembler: the 64tass build is byte for byte the ca65 build")
{
    const std::string ca65 = slurp(bundledRomPath("tile-collision"));
    const std::string tass = slurp(bundledRomPath("tile-collision-64tass"));
    CHECK(ca65.size() == 0x8000);
    CHECK(tass == ca65);
    CHECK(assembledBy64tass().image.header.title == "TILEPROF COLLISION");
}

TEST_CASE("second assembler: the VICE label list gives every address the ld65 debug file gives")
{
    const ProfiledRom& tass = assembledBy64tass();
    const ProfiledRom& ca65 = assembledByCa65();
    CHECK(tass.debug.path().filename() == "tile-collision-64tass.lbl");
    CHECK(tass.debug.scopeSeparator() == ".");
    for (const std::string& name : kManifestSymbols) {
        INFO(name);
        const DebugSymbol* label = tass.debug.findSymbol(name);
        REQUIRE(label != nullptr);
        CHECK(label->value == ca65.debug.findSymbol(name)->value);
    }
    CHECK(tass.debug.findSymbol("MovingDown")->qualifiedName == "MoveEntityAndProcessTileCollisions.MovingDown");

    const RoutineAddresses& a = tass.addresses;
    const RoutineAddresses& b = ca65.addresses;
    CHECK(a.entry == b.entry);
    CHECK(a.caseLabels == b.caseLabels);
    CHECK(a.entitySlots == b.entitySlots);
    CHECK(a.entitySlotCount == b.entitySlotCount);
    CHECK(a.mapTiles == b.mapTiles);
    CHECK(a.mapTilesBytes == b.mapTilesBytes);
    CHECK(a.mapWidth == b.mapWidth);
    CHECK(a.mapHeight == b.mapHeight);
    CHECK(a.mapBytesPerRow == b.mapBytesPerRow);
    CHECK(a.mapRowOffsets == b.mapRowOffsets);
    CHECK(a.mapRowOffsetRows == b.mapRowOffsetRows);
    CHECK(a.collisionMap == b.collisionMap);
    CHECK(tass.design.tiles == ca65.design.tiles); // the shapes read from the height tables
}

TEST_CASE("second assembler: every bundled scenario makes the same calls on the 64tass build, cycle for cycle")
{
    const std::size_t calls =
        compareBundledCalls(assembledBy64tass(), assembledByCa65(), [](const CallRecord& a, const CallRecord& b) {
            return a.after == b.after && a.caseIndex == b.caseIndex && a.cycles == b.cycles &&
                   a.masterClocks == b.masterClocks;
        });
    CHECK(calls > 5000);
}

TEST_CASE("second assembler: profile attributes the 64tass build's cycles to its labels as to ld65's scopes")
{
    const std::string rom = bundledRomPath("tile-collision-64tass").string();
    const std::string scenario = (bundledScenarioDirectory() / "walkthrough-12x24.toml").string();
    const CommandResult run = runTileprof({"run", "--rom", rom, scenario});
    CHECK(run.exitCode == 0);
    CHECK(run.out == runTileprof({"run", scenario}).out);

    // 64tass joins scopes with ':' in its list; tileprof names them with '.'.
    const CommandResult profile = runTileprof({"profile", "--rom", rom, scenario});
    CHECK(profile.exitCode == 0);
    CHECK(profile.err.empty());
    CHECK(contains(profile.out, "  MoveEntityAndProcessTileCollisions.XAxis\n"));
    CHECK(contains(profile.out, "  MoveEntityAndProcessTileCollisions.XAxis.Loop\n"));
    CHECK_FALSE(contains(profile.out, "MoveEntityAndProcessTileCollisions:XAxis"));

    // Every label is a scope of its own, so the 64tass build has more functions; each of ld65's
    // scopes is a label there, and spans what it spans, nested labels included.
    const nlohmann::json tass = profileFunctions({"--rom", rom, scenario});
    const nlohmann::json ca65 = profileFunctions({scenario});
    CHECK(tass.size() > ca65.size());
    for (const nlohmann::json& function : ca65) {
        const std::string name = dotted(function["name"].get<std::string>());
        INFO(name);
        const auto same = std::ranges::find_if(tass, [&](const nlohmann::json& f) { return f["name"] == name; });
        REQUIRE(same != tass.end());
        CHECK((*same)["calls"] == function["calls"]);
        CHECK((*same)["inclusive_cycles"] == function["inclusive_cycles"]);
        CHECK((*same)["inclusive_master_clocks"] == function["inclusive_master_clocks"]);
    }
}

TEST_CASE("second assembler: callgrind positions the label-only build's costs and calls by instruction address")
{
    const std::string rom = bundledRomPath("tile-collision-64tass").string();
    const std::string scenario = (bundledScenarioDirectory() / "walkthrough-12x24.toml").string();
    const CommandResult r = runTileprof({"profile", "--rom", rom, "--format", "callgrind", scenario});
    CHECK(r.exitCode == 0);
    CHECK(contains(r.out, "\npositions: instr line\n"));
    // The routine's first instruction, and XAxis entered from it as a call to $00:8xxx.
    CHECK(contains(r.out, "\nfn=MoveEntityAndProcessTileCollisions\n0x00800B 0 "));
    std::size_t calls = 0;
    std::vector<std::string> sites;
    const std::vector<std::string> lines = splitLines(r.out);
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
        if (lines[i].starts_with("calls=")) {
            ++calls;
            CHECK_MESSAGE(lines[i].find(" 0x00") != std::string::npos, lines[i]); // the callee's entry address
            CHECK_MESSAGE(lines[i + 1].starts_with("0x00"), lines[i + 1]);         // the calling instruction's
            sites.push_back(lines[i - 1] + lines[i + 1].substr(0, lines[i + 1].find(' ')));
        }
    }
    CHECK(calls > 10);
    std::sort(sites.begin(), sites.end());
    CHECK(std::adjacent_find(sites.begin(), sites.end()) == sites.end()); // no two calls of one callee at one place
}

} // namespace tileprof::test
