// A collision map in ROM is the engine's own metatile table: the host writes each tile as the first
// metatile of its type instead of writing the table (tile-collision-metatiles, built from the same
// routine with metatiles.s), and refuses a map whose types the table lacks.

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "profiler/engine/runner/collision_machine.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "tests/support/bundled_calls.hpp"
#include "tests/support/loaded_rom.hpp"
#include "tests/support/manifest_text.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"
#include "tests/support/untech_design.hpp"

#include <doctest/doctest.h>

#include <string>

namespace tileprof::test {
namespace {

const ProfiledRom& metatiles()
{
    return loadedBundledRom("tile-collision-metatiles");
}

const ProfiledRom& ours()
{
    return loadedBundledRom("tile-collision");
}

// The message `run` gives for a scenario on `rom`, or nothing.
std::string runError(const Scenario& scenario, const ProfiledRom& rom)
{
    try {
        runScenario(scenario, rom);
    } catch (const tileprof::InputError& e) {
        return e.what();
    }
    return "";
}

TEST_CASE("metatile map: a collision map in ROM is read, each type written as its first metatile")
{
    const ProfiledRom& rom = metatiles();
    CHECK(rom.addresses.romCollisionMap.size() == 26);
    CHECK(ours().addresses.romCollisionMap.empty());
    CHECK(rom.mapIdOfType[untechTile("EMPTY")] == 0);
    CHECK(rom.mapIdOfType[untechTile("SOLID")] == 3);
    CHECK(rom.mapIdOfType[untechTile("DOWN_RIGHT_SLOPE")] == 9);
    CHECK(rom.mapIdOfType[untechTile("UP_LEFT_SHORT_SLOPE")] == 23);
    CHECK(rom.typeOfMapId[6] == untechTile("SOLID"));        // brick
    CHECK(rom.typeOfMapId[25] == untechTile("DOWN_LEFT_SLOPE")); // a second hill's
    CHECK(rom.typeOfMapId[200] == untechTile("EMPTY"));     // past the table

    TileMap map{3, 1, {untechTile("SOLID"), untechTile("END_SLOPE"), untechTile("EMPTY")}};
    CollisionMachine machine(rom);
    machine.loadMap(map);
    const std::uint32_t tiles = rom.addresses.mapTiles;
    CHECK(machine.bus().peek(tiles) == 3);
    CHECK(machine.bus().peek(tiles + 1) == 15);
    CHECK(machine.bus().peek(tiles + 2) == 0);
}

TEST_CASE("metatile map: every bundled scenario leaves every entity as with the host's table, cycle for cycle")
{
    // The long read's third operand byte replaces abs,X's internal cycle: the same cycles.
    const std::size_t calls = compareBundledCalls(metatiles(), ours(), [](const CallRecord& a, const CallRecord& b) {
        return a.after == b.after && a.caseIndex == b.caseIndex && a.cycles == b.cycles && sameTileReads(a, b, true);
    });
    CHECK(calls > 5000);
}

TEST_CASE("metatile map: a map needing a type the ROM's table lacks is refused at its [map]")
{
    const TempDir dir;
    const std::string manifest =
        replaced(slurp(sourceManifestPath()), "collision_map = \"CollisionMap\"", "collision_map = \"TopHeightTable\"");
    const ProfiledRom heights = loadProfiledRom(
        RomFiles{bundledRomPath("tile-collision"), std::nullopt, dir.write("heights.toml", manifest)});
    CHECK(heights.addresses.romCollisionMap.size() == 256);
    const std::string text = "name = \"s\"\nframes = 1\n[map]\ntiles = \"\"\"\n###\n#.#\n###\n\"\"\"\n[[entity]]\n"
                             "name = \"e\"\nhitbox = { left = 1, right = 1, top = 1, height = 2 }\npos = [24, 24]\n";
    const Scenario scenario = loadScenario(dir.write("s.toml", text));
    checkMessage(dir.relative(runError(scenario, heights)), "s.toml:3",
                 {"the map needs '.' EMPTY tiles", "tile-collision.sfc's TopHeightTable, its metatile table at $00:",
                  "has no metatile of value $80 among its 256 entries"});

    const std::string ports = replaced(manifest, "collision_map = \"TopHeightTable\"", "collision_map = \"Ports\"");
    const std::string error = [&] {
        try {
            loadProfiledRom(RomFiles{bundledRomPath("tile-collision"), std::nullopt,
                                     dir.write("ports.toml", replaced(ports, "[call]", "[symbols]\nPorts = 0x2100\n\n[call]"))});
        } catch (const tileprof::InputError& e) {
            return std::string(e.what());
        }
        return std::string();
    }();
    CHECK(contains(error, "symbol \"Ports\" is at $00:2100: neither 256 bytes of work RAM (a table the host writes) nor "
                          "256 bytes of ROM in one bank"));
}

} // namespace
} // namespace tileprof::test
