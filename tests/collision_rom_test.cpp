// The 65816 routine in roms/tile-collision against the independent C++ model of the same
// specification (tests/support/collision_model.*): from thousands of random entity states, one
// call each, both must leave the entity at the same position with the same velocity and state.

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "profiler/engine/runner/collision_machine.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "tests/support/collision_model.hpp"
#include "tests/support/untech_design.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace tileprof::test {
namespace {

// The reference's own interactive test map (untech-collision.md section 7).
const char* const kReferenceTestMap[] = {
    "################################", "#f..............v..........#...#", "#..........................#...#",
    "#....A=B...........CD=EF......A#", "#...A=#=B.ABCDEF.CD=###=EF...A=#", "#..#######################...###",
    "#...a=#=b.abcdef.cd=###=ef.....#", "#....a=b...........cd=ef.......#", "#...........................####",
    "#............^^^.vvv........cd=#", "#..............^^^.....A=#....a#", "#...#=B.#.A=#..^^^...CD==#.....#",
    "#EF.##=B#A=##..^^^.CD====#....C#", "################################",
};

TileMap referenceMap()
{
    TileMap map;
    map.width = 32;
    map.height = 14;
    for (const char* row : kReferenceTestMap) {
        for (const char* c = row; *c != '\0'; ++c) {
            map.tiles.push_back(*test::untechDesign().byLegend(*c));
        }
    }
    return map;
}

// A map of random tiles with a SOLID border: every tile type next to every other, valid or not.
TileMap randomMap(std::mt19937& random, int width = 40, int height = 24)
{
    TileMap map;
    map.width = width;
    map.height = height;
    std::uniform_int_distribution<std::size_t> type(0, test::untechDesign().tiles.size() - 1);
    std::bernoulli_distribution empty(0.5);
    for (int row = 0; row < map.height; ++row) {
        for (int column = 0; column < map.width; ++column) {
            const bool border = row == 0 || column == 0 || row == map.height - 1 || column == map.width - 1;
            map.tiles.push_back(border ? test::untechTile("SOLID") : empty(random) ? test::untechTile("EMPTY") : static_cast<TileId>(type(random)));
        }
    }
    return map;
}

// One of the ROM's 256-byte height tables, by its symbol.
std::array<std::uint8_t, 256> heightTable(const ProfiledRom& rom, const char* name)
{
    const DebugSymbol* symbol = rom.debug.findSymbol(name);
    REQUIRE(symbol != nullptr);
    std::array<std::uint8_t, 256> table{};
    for (std::uint32_t i = 0; i < table.size(); ++i) {
        table[i] = rom.image.bytes[rom.image.offsetOf(symbol->value + i).value()];
    }
    return table;
}

ModelMap modelOf(const TileMap& map, const ProfiledRom& rom)
{
    ModelMap model;
    model.width = map.width;
    model.height = map.height;
    for (TileId t : map.tiles) {
        model.collision.push_back(rom.design[t].value);
    }
    model.topHeight = heightTable(rom, "TopHeightTable");
    model.bottomHeight = heightTable(rom, "BottomHeightTable");
    return model;
}

struct HitboxShape {
    int left, right, top, height;
};

// The reference's eight test hitboxes, and the issue's smallest and largest.
constexpr HitboxShape kHitboxes[] = {
    {6, 6, 12, 24}, {2, 2, 6, 8}, {16, 16, 12, 18}, {1, 1, 1, 2}, {1, 15, 1, 16},
    {15, 1, 15, 16}, {1, 3, 16, 32}, {8, 8, 20, 24}, {1, 1, 4, 8},
};

EntityState randomEntity(std::mt19937& random, const TileMap& map, const Manifest& m)
{
    const HitboxShape shape = kHitboxes[std::uniform_int_distribution<std::size_t>(0, std::size(kHitboxes) - 1)(random)];
    // Keep the box, moved by up to 8 px, off the border tiles: the routine has no bounds check.
    const int margin = 16 + 9;
    std::uniform_int_distribution<int> x(margin + shape.left, map.width * 16 - margin - shape.right);
    std::uniform_int_distribution<int> y(margin + shape.top, map.height * 16 - margin - (shape.height - shape.top));
    std::uniform_int_distribution<std::int32_t> velocity(-8 * 65536, 8 * 65536);
    std::uniform_int_distribution<int> fraction(0, 0xFFFF);
    std::uniform_int_distribution<int> state(0, 15);

    EntityState e;
    e.x = static_cast<std::uint32_t>((x(random) + m.originX) << 16 | fraction(random));
    e.y = static_cast<std::uint32_t>((y(random) + m.originY) << 16 | fraction(random));
    e.xVelocity = velocity(random);
    e.yVelocity = velocity(random);
    e.state = static_cast<std::uint8_t>(state(random) << 4);
    e.hitbox = {shape.left, shape.right, shape.top, shape.height};
    return e;
}

ModelEntity modelOf(const EntityState& e)
{
    ModelEntity model;
    model.xPos = e.x;
    model.yPos = e.y;
    model.xVelocity = e.xVelocity;
    model.yVelocity = e.yVelocity;
    model.state = e.state;
    model.left = static_cast<std::uint8_t>(e.hitbox.left);
    model.right = static_cast<std::uint8_t>(e.hitbox.right);
    model.yOffset = static_cast<std::int8_t>(-e.hitbox.top);
    model.height = static_cast<std::uint8_t>(e.hitbox.height);
    return model;
}

std::string describe(const EntityState& e)
{
    char text[160];
    std::snprintf(text, sizeof text, "x=$%08X y=$%08X vx=%d vy=%d state=$%02X box=%d,%d,%d,%d", e.x, e.y, e.xVelocity,
                  e.yVelocity, e.state, e.hitbox.left, e.hitbox.right, e.hitbox.top, e.hitbox.height);
    return text;
}

void compareWithModel(const TileMap& map, std::uint32_t seed, int trials)
{
    const ProfiledRom rom = loadProfiledRom(bundledRomPath("tile-collision"));
    const Manifest& m = rom.manifest;
    CollisionMachine machine(rom);
    machine.loadMap(map);
    CallObserver observer(rom.addresses.caseLabels, machine.mapWindow(), false);
    const ModelMap model = modelOf(map, rom);
    std::mt19937 random(seed);
    int mismatches = 0;
    for (int trial = 0; trial < trials && mismatches < 10; ++trial) {
        const EntityState before = randomEntity(random, map, m);
        machine.writeEntity(0, before);
        CallRecord record;
        observer.begin(record, machine.cpuState().time.cycles);
        const CallOutcome outcome = machine.call(0, observer);
        REQUIRE(outcome.stop == emu::StopReason::BreakAddress);
        const EntityState rom_ = machine.readEntity(0, before);

        ModelEntity expected = modelOf(before);
        moveEntityAndCollide(expected, model);
        const bool same = rom_.x == expected.xPos && rom_.y == expected.yPos && rom_.xVelocity == expected.xVelocity &&
                          rom_.yVelocity == expected.yVelocity && rom_.state == expected.state;
        if (!same) {
            ++mismatches;
            EntityState modelResult = before;
            modelResult.x = expected.xPos;
            modelResult.y = expected.yPos;
            modelResult.xVelocity = expected.xVelocity;
            modelResult.yVelocity = expected.yVelocity;
            modelResult.state = expected.state;
            FAIL_CHECK("trial " << trial << ", case " << record.caseIndex << "\n  from  " << describe(before)
                                << "\n  ROM   " << describe(rom_) << "\n  model " << describe(modelResult));
        }
    }
}

TEST_CASE("collision rom: its height tables are the reference's")
{
    const ProfiledRom rom = loadProfiledRom(bundledRomPath("tile-collision"));
    CHECK(heightTable(rom, "TopHeightTable") == referenceTopHeightTable());
    CHECK(heightTable(rom, "BottomHeightTable") == referenceBottomHeightTable());
}

TEST_CASE("collision rom: matches the model on the reference's test map")
{
    compareWithModel(referenceMap(), 1, 20000);
}

TEST_CASE("collision rom: matches the model on random maps")
{
    std::mt19937 random(2);
    for (std::uint32_t map = 0; map < 5; ++map) {
        compareWithModel(randomMap(random), 100 + map, 4000);
    }
}

TEST_CASE("collision rom: matches the model in the widest room and in a narrow one")
{
    std::mt19937 random(3);
    compareWithModel(randomMap(random, 255, 12), 200, 4000); // row offsets up to 11 * 255
    compareWithModel(randomMap(random, 255, 224), 201, 4000); // the largest map MapData holds
    compareWithModel(randomMap(random, 7, 40), 202, 4000);
}

} // namespace
} // namespace tileprof::test
