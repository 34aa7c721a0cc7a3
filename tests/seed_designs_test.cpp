// The seeds' designs (roms/designs/seed00N.toml) state the shapes their ROMs hold in tables of
// their own, which no manifest key reads: each design must draw exactly what its ROM tests.

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "profiler/engine/runner/collision_machine.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/scenario/scenario_validator.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <string>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

std::uint16_t romWord(CollisionMachine& machine, std::uint32_t address)
{
    return static_cast<std::uint16_t>(machine.bus().peek(address) | machine.bus().peek(address + 1) << 8);
}

TEST_CASE("seed designs: seed002's masks are the ROM's CollisionMasks, row by row")
{
    const ProfiledRom rom = loadProfiledRom(bundledRomPath("seed002-pixel-masks"));
    CollisionMachine machine(rom);
    const std::uint32_t masks = rom.debug.symbol("CollisionMasks", "the test").value;
    int masked = 0;
    for (const TileKind& tile : rom.design.tiles) {
        REQUIRE(tile.mask);
        CAPTURE(tile.name);
        // Type t's 16 words at CollisionMasks + 32 t, its value being 2 t; bit 15 is column 0.
        const std::uint32_t at = masks + 16u * tile.value;
        for (unsigned row = 0; row < 16; ++row) {
            const std::uint16_t word = romWord(machine, at + 2 * row);
            for (unsigned column = 0; column < 16; ++column) {
                CAPTURE(row);
                CAPTURE(column);
                CHECK(((word >> (15 - column)) & 1) == (((*tile.mask)[row] >> column) & 1));
            }
        }
        ++masked;
    }
    CHECK(masked == 8);
}

TEST_CASE("seed designs: seed003's slope floors are the ROM's SlopeHeights, 15 - the elevation")
{
    const ProfiledRom rom = loadProfiledRom(bundledRomPath("seed003-box-and-slopes"));
    CollisionMachine machine(rom);
    const std::uint32_t heights = rom.debug.symbol("SlopeHeights", "the test").value;
    int slopes = 0;
    for (const TileKind& tile : rom.design.tiles) {
        if ((tile.value & 0x08) == 0) {
            continue; // not cBlockIsSlope
        }
        CAPTURE(tile.name);
        const unsigned shape = (tile.value & 0x70) >> 4;
        for (unsigned column = 0; column < 16; ++column) {
            CAPTURE(column);
            CHECK(tile.floor.rows[column] == 15 - romWord(machine, heights + 2 * (shape * 16 + column)));
        }
        ++slopes;
    }
    CHECK(slopes == 6);
}

TEST_CASE("seed designs: without a collision_map the map holds each type's id and no table is written")
{
    const ProfiledRom rom = loadProfiledRom(bundledRomPath("seed004-probes"));
    CHECK_FALSE(rom.manifest.collisionMap);
    CHECK_FALSE(rom.addresses.collisionMap);
    TileMap map{3, 1, {1, 0, 1}}; // BLOCKED, WALKABLE, BLOCKED
    CollisionMachine machine(rom);
    machine.loadMap(map);
    CHECK(machine.bus().peek(rom.addresses.mapTiles) == 1);
    CHECK(machine.bus().peek(rom.addresses.mapTiles + 1) == 0);
    CHECK(machine.bus().peek(rom.addresses.mapTiles + 2) == 1);
}

TEST_CASE("seed designs: seed001 steps rows by 16 tiles, so its manifest takes maps 16 tiles wide only")
{
    const TempDir dir;
    const std::string row = "###############\n"; // 15 tiles
    const fs::path narrow = dir.write("narrow.toml", "name = \"n\"\nrom = \"seed001-metatile-walkability\"\nframes = 1\n"
                                                      "[map]\ntiles = \"\"\"\n" + row + "#.............#\n" + row +
                                                      "\"\"\"\n[[entity]]\nname = \"hero\"\n"
                                                      "hitbox = { left = 0, right = 7, top = 0, height = 6 }\n"
                                                      "pos = [20.0, 18.0]\ngravity = \"none\"\n");
    const ProfiledRom rom = loadProfiledRom(bundledRomPath("seed001-metatile-walkability"));
    CHECK(rom.manifest.minMapWidth == 16);
    CHECK_THROWS_WITH_AS(runScenario(loadScenario(narrow), rom),
                         doctest::Contains("narrow.toml:4: the map is 15 x 3 tiles;"), tileprof::InputError);
    CHECK_THROWS_WITH_AS(runScenario(loadScenario(narrow), rom), doctest::Contains("takes at least 16 x 1"),
                         tileprof::InputError);
}

// seed001's move_hero asks one can_move_* a call, for x if the hero walks along x: a step moving
// her along both axes would have the host move her along y on an answer about x (3 px into a
// floor). Its design says so ([limits] diagonal = false), and the scenario is refused at the step.
TEST_CASE("seed designs: seed001 answers for one direction a call, so a step may not move along both axes")
{
    const TempDir dir;
    const auto scenario = [&](const std::string& entity, const std::string& step) {
        return dir.write("s.toml", "name = \"s\"\nrom = \"seed001-metatile-walkability\"\nframes = 20\n"
                                   "[map]\ntiles = \"\"\"\n################\n#..............#\n#..............#\n"
                                   "#..............#\n################\n\"\"\"\n[[entity]]\nname = \"hero\"\n"
                                   "hitbox = { left = 0, right = 7, top = 0, height = 6 }\npos = [24.0, 20.0]\n" +
                                       entity + "script = [\n  { frames = 10, walk = 1.0 },\n  " + step + ",\n]\n");
    };
    const std::string none = "gravity = \"none\"\n";
    const ProfiledRom rom = loadProfiledRom(bundledRomPath("seed001-metatile-walkability"));
    CHECK_FALSE(rom.design.limits.diagonal);
    // One axis a step: taken, and she walks 10 px right, then 10 down.
    const ScenarioResult run = runScenario(loadScenario(scenario(none, "{ frames = 10, walk_y = 1.0 }")), rom);
    CHECK(run.failures.empty());
    const auto refused = [&](const std::string& entity, const std::string& step) {
        try {
            loadScenario(scenario(entity, step));
        } catch (const tileprof::InputError& e) {
            return dir.relative(e.what());
        }
        return std::string();
    };
    const std::string both = refused(none, "{ frames = 10, walk = 1.0, walk_y = 1.0 }");
    CHECK(contains(both, "s.toml:19: the script step moves the entity along x (walk = 1) and along y (walk_y = 1) in the "
                         "same frames, but the design \"seed001\" answers for one direction a call ([limits] diagonal = "
                         "false): give each axis a step of its own"));
    CHECK(contains(refused(none, "{ frames = 10, walk = -1.0, jump = -1.0 }"), "s.toml:19: the script step moves the entity "
                                                                                "along x (walk = -1) and along y (jump = -1)"));
    // Gravity moves her along y every frame: the first step, walking, is refused.
    CHECK(contains(refused("", "{ frames = 10, walk_y = 1.0 }"), "s.toml:17: the script step moves the entity along x "
                                                                   "(walk = 1) and along y (gravity \"down\")"));
    CHECK(contains(refused(none, "{ frames = 10, walk = 1.0, gravity = \"up\" }"), "s.toml:19: the script step moves the "
                                                                                     "entity along x (walk = 1) and along y "
                                                                                     "(gravity \"up\")"));
    CHECK(refused(none, "{ frames = 10, walk = 1.0, walk_y = 0.0 }").empty());
    // The same diagonal step is a scenario for a design that takes diagonal moves.
    const ProfiledRom probes = loadProfiledRom(bundledRomPath("seed004-probes"));
    CHECK(probes.design.limits.diagonal);
    CHECK_NOTHROW(loadScenario(scenario(none, "{ frames = 10, walk = 1.0, walk_y = 1.0 }"), probes.design));
}

TEST_CASE("seed designs: an entity may start in a masked tile's open pixels, not in its blocked ones")
{
    const TempDir dir;
    // Row 4 (pixels 64..79) holds half-solid tiles, blocked in their rows 8..15 (pixels 72..79).
    const auto scenario = [&](const std::string& y) {
        return dir.write("s.toml", "name = \"s\"\nrom = \"seed002-pixel-masks\"\nframes = 1\n[map]\ntiles = \"\"\"\n"
                                   "################\n#..............#\n#..............#\n#..............#\n"
                                   "#..........___.#\n################\n\"\"\"\n[[entity]]\nname = \"p\"\n"
                                   "hitbox = { left = 6, right = 6, top = 12, height = 24 }\npos = [200.0, " + y + "]\n");
    };
    CHECK_NOTHROW(loadScenario(scenario("60.0"))); // the box's rows 48..71
    CHECK_THROWS_WITH_AS(loadScenario(scenario("61.0")),
                         doctest::Contains("overlaps the GROUND_HALF_SOLID tile at row 4, column 12"), tileprof::InputError);
}

// seed003 rests a box one unit into the floor and lets it overlap a ceiling by one (its design's
// floor_gap and ceiling_gap of -1): the article's 18-unit box fits the 16-pixel gap of its first
// room, which the clearance rule must accept, and a box one unit taller goes 2 units into the
// ceiling, which it must refuse.
TEST_CASE("seed designs: seed003's 18-unit box fits a 16-pixel gap, a 19-unit one does not")
{
    const fs::path passage = fs::path(TILEPROF_SOURCE_DIR) / "roms/seed003-box-and-slopes/scenarios/room-low-passage.toml";
    const ProfiledRom rom = loadProfiledRom(bundledRomPath("seed003-box-and-slopes"));
    const Scenario fits = loadScenario(passage);
    CHECK(validateScenario(fits, {fits.map, rom.design}).empty());
    CHECK(runScenario(fits, rom).failures.empty());

    Scenario taller = fits;
    taller.entities[0].hitbox.top = 18;
    taller.entities[0].hitbox.height = 19;
    // Under the blocks of columns 4 and 14-17: every floor tile the box can stand on there.
    const std::vector<MapViolation> violations = validateScenario(taller, {taller.map, rom.design});
    REQUIRE(violations.size() == 8);
    for (const MapViolation& v : violations) {
        CHECK(v.rule == "NOT_ENOUGH_ROOM_ABOVE_FLOOR");
        CHECK(v.row == 11);
    }
    CHECK(violations[1].column == 4);
    CHECK(violations[1].detail ==
          "entity \"walker\" (line 28) has the hitbox {left 8, right 9, top 18, height 19}: standing on it with its "
          "origin at pixel columns 64..79, the hitbox's top row goes into the ceiling of '#' SOLID (row 9, column 4): "
          "16 px between the floor (pixel row 176 at column 64) and the ceiling (pixel row 159 at column 70), where it "
          "needs 17, its height less the 1 px it sinks into the floor and the 1 px it may go into the ceiling");
}

} // namespace
} // namespace tileprof::test
