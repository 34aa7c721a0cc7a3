// tile-collision-fixed-height: the bundled routine on a column-major map of 64-tile columns, its
// indexes built by shifts and a mask instead of the row table (seed 000's closing remarks). The
// same behaviour, call for call, in fewer cycles.

#include "base/bundled_files.hpp"
#include "profiler/engine/runner/collision_machine.hpp"
#include "profiler/model/target/profiled_rom.hpp"
#include "tests/support/bundled_calls.hpp"
#include "tests/support/command.hpp"
#include "tests/support/loaded_rom.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"
#include "tests/support/untech_design.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

namespace tileprof::test {
namespace {

const ProfiledRom& fixedHeight()
{
    return loadedBundledRom("tile-collision-fixed-height");
}

const ProfiledRom& rowMajor()
{
    return loadedBundledRom("tile-collision");
}

TEST_CASE("fixed-height map: 64 tiles per column, no row table, the rows below the room outside")
{
    const ProfiledRom& rom = fixedHeight();
    CHECK(rom.manifest.columnHeight == 64);
    CHECK_FALSE(rom.addresses.mapBytesPerRow);
    CHECK(rom.debug.findSymbol("MapRowOffsets") == nullptr);
    TileMap map{2, 3, {untechTile("SOLID"), untechTile("EMPTY"),     // row 0
                       untechTile("END_SLOPE"), untechTile("EMPTY"), // row 1
                       untechTile("EMPTY"), untechTile("UP_PLATFORM")}};
    CollisionMachine machine(rom);
    machine.loadMap(map);
    const std::uint32_t tiles = rom.addresses.mapTiles;
    CHECK(machine.bus().peek(tiles + 0) == untechTile("SOLID"));
    CHECK(machine.bus().peek(tiles + 1) == untechTile("END_SLOPE"));
    CHECK(machine.bus().peek(tiles + 2) == untechTile("EMPTY"));
    CHECK(machine.bus().peek(tiles + 3) == rom.design.outside);
    CHECK(machine.bus().peek(tiles + 63) == rom.design.outside);
    CHECK(machine.bus().peek(tiles + 64) == untechTile("EMPTY"));
    CHECK(machine.bus().peek(tiles + 66) == untechTile("UP_PLATFORM"));
}

TEST_CASE("fixed-height map: every bundled scenario reads the same tiles and leaves every entity the same, "
          "every call in fewer cycles")
{
    std::size_t slower = 0;
    std::size_t faster = 0;
    const std::size_t calls = compareBundledCalls(fixedHeight(), rowMajor(), [&](const CallRecord& a, const CallRecord& b) {
        slower += a.cycles > b.cycles;
        faster += a.cycles < b.cycles;
        return a.after == b.after && a.caseIndex == b.caseIndex && sameTileReads(a, b, false);
    });
    CHECK(calls > 5000);
    CHECK(slower == 0);
    CHECK(faster == calls);
}

// A room open at the bottom: only the outside the host writes under it stops a falling box, so each
// build must find the outside where the other does.
const std::filesystem::path kOpenBottom = std::filesystem::path(TILEPROF_TEST_DATA_DIR) / "fixed-height" / "open-bottom-63.toml";

TEST_CASE("fixed-height map: on a room of 63 rows open at the bottom, every call reads the same tiles "
          "and leaves every entity the same as the row-table build")
{
    const std::size_t calls = compareCalls(fixedHeight(), rowMajor(), {kOpenBottom}, [](const CallRecord& a, const CallRecord& b) {
        return a.after == b.after && a.caseIndex == b.caseIndex && sameTileReads(a, b, false);
    });
    CHECK(calls == 90);
    // The scenario's own expectations: each box stopped by the outside, on both builds.
    for (const char* rom : {"tile-collision", "tile-collision-fixed-height"}) {
        CAPTURE(std::string(rom));
        const CommandResult run = runTileprof({"run", "--rom", bundledRomPath(rom).string(), kOpenBottom.string()});
        CHECK(run.exitCode == 0);
    }
}

TEST_CASE("fixed-height map: a room of 64 rows, which would leave no outside under its columns, is refused by run "
          "and validate, and taken by the row-table build")
{
    TempDir dir;
    const std::string text = slurp(kOpenBottom);
    const std::filesystem::path tall = dir.write("open-bottom-64.toml", replaced(text, "\"\"\"\n#######\n", "\"\"\"\n#######\n#.....#\n"));
    const std::string fixedRom = bundledRomPath("tile-collision-fixed-height").string();
    for (const char* command : {"run", "validate"}) {
        CAPTURE(std::string(command));
        const CommandResult refused = runTileprof({command, "--rom", fixedRom, tall.string()});
        CHECK(refused.exitCode == 2);
        CHECK(contains(refused.err, "open-bottom-64.toml:8: the map is 7 x 64 tiles;"));
        CHECK(contains(refused.err, "allows at most 255 x 63"));
    }
    const CommandResult taken = runTileprof({"validate", tall.string()});
    CHECK(taken.exitCode == 0);
    CHECK(contains(taken.out, "valid (7 x 64 tiles)"));
}

TEST_CASE("fixed-height map: a room open at the top or the sides, where the two builds read different memory, "
          "is refused by validate and run")
{
    // A box rising through an open top row reads row -1: before MapData in the row-table build,
    // the previous column's last row in the fixed-height one. The untech design closes the top,
    // left and right edges (OPEN_EDGE); the bottom is the host's outside in both.
    TempDir dir;
    const std::string text = slurp(kOpenBottom);
    const std::string edited = replaced(text, "\"\"\"\n#######\n", "\"\"\"\n##...##\n");
    const std::filesystem::path open = dir.write("open-top.toml", edited);
    const std::string where = "open-top.toml:" + std::to_string(lineWith(edited, "##...##")) + ": ";
    for (const std::string& rom : {bundledRomPath("tile-collision").string(), bundledRomPath("tile-collision-fixed-height").string()}) {
        CAPTURE(rom);
        const CommandResult validate = runTileprof({"validate", "--rom", rom, open.string()});
        CHECK(validate.exitCode == 1);
        CHECK(contains(validate.out, where + "row 0, column 2, tile '.' EMPTY: OPEN_EDGE: an open tile is on the map's top edge"));
        const CommandResult run = runTileprof({"run", "--rom", rom, open.string()});
        CHECK(run.exitCode == 2);
        CHECK(contains(run.err, "OPEN_EDGE"));
    }
}

TEST_CASE("fixed-height map: tileprof diff shows every case faster against the row-table build")
{
    const CommandResult diff = runTileprof({"diff", "--format", "json", bundledRomPath("tile-collision").string(),
                                            bundledRomPath("tile-collision-fixed-height").string()});
    CHECK(diff.exitCode == 0);
    for (const char* name : {"falling", "standing", "rising", "ceiling-standing"}) {
        CAPTURE(name);
        CHECK(contains(diff.out, std::string("\"case\": \"") + name + "\""));
    }
    CHECK_FALSE(contains(diff.out, "\"faster\": false"));
}

} // namespace
} // namespace tileprof::test
