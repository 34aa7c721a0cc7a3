// Tile shapes come from the design's surfaces, read from the ROM's own height tables
// (untech-collision.md section 2), or from its masks.

#include "profiler/debugger/tile_shape.hpp"

#include "base/bundled_files.hpp"
#include "profiler/model/target/profiled_rom.hpp"
#include "tests/support/loaded_rom.hpp"
#include "tests/support/untech_design.hpp"

#include <doctest/doctest.h>

namespace tileprof::test {
namespace {

using gui::TileShape;
using gui::tileShape;

// Rows top..bottom of a column blocked.
std::uint16_t rows(int top, int bottom)
{
    return static_cast<std::uint16_t>((2U << bottom) - (1U << top));
}

TileShape shapeOf(TileId type)
{
    const ProfiledRom& rom = loadedBundledRom("tile-collision");
    return tileShape(rom.design[type], 16);
}

TEST_CASE("SOLID and END_SLOPE fill the tile, and EMPTY blocks nothing")
{
    for (const TileId type : {test::untechTile("SOLID"), test::untechTile("END_SLOPE")}) {
        const TileShape s = shapeOf(type);
        CHECK(s.kind == TileShape::Kind::Solid);
        for (const std::uint16_t column : s.columns) {
            CHECK(column == 0xFFFF);
        }
    }
    const TileShape empty = shapeOf(test::untechTile("EMPTY"));
    CHECK(empty.kind == TileShape::Kind::Empty);
    for (const std::uint16_t column : empty.columns) {
        CHECK(column == 0);
    }
}

TEST_CASE("floor slopes are solid from the top height down, ceiling slopes from the top to the bottom height")
{
    const TileShape a = shapeOf(test::untechTile("DOWN_RIGHT_SLOPE")); // H = 15 - j
    CHECK(a.kind == TileShape::Kind::Slope);
    for (int j = 0; j < 16; ++j) {
        CHECK(a.columns[static_cast<std::size_t>(j)] == rows(15 - j, 15));
    }
    const TileShape d = shapeOf(test::untechTile("DOWN_RIGHT_TALL_SLOPE")); // H = 7 - j/2
    CHECK(d.columns[0] == rows(7, 15));
    CHECK(d.columns[15] == rows(0, 15));
    const TileShape c = shapeOf(test::untechTile("UP_RIGHT_SHORT_SLOPE")); // B = j/2
    for (int j = 0; j < 16; ++j) {
        CHECK(c.columns[static_cast<std::size_t>(j)] == rows(0, j / 2));
    }
}

TEST_CASE("one-way platforms are one-pixel surfaces: UP_PLATFORM on top, DOWN_PLATFORM at the bottom")
{
    const TileShape up = shapeOf(test::untechTile("UP_PLATFORM"));
    const TileShape down = shapeOf(test::untechTile("DOWN_PLATFORM"));
    CHECK(up.kind == TileShape::Kind::Platform);
    for (int j = 0; j < 16; ++j) {
        CHECK(up.columns[static_cast<std::size_t>(j)] == rows(0, 0));
        CHECK(down.columns[static_cast<std::size_t>(j)] == rows(15, 15));
    }
}

TEST_CASE("a surface row over 15 (never) blocks no pixel of its column")
{
    TileKind slope = test::untechDesign()[test::untechTile("DOWN_RIGHT_SLOPE")];
    slope.floor = {Surface::From::Rows, {}};
    slope.floor.rows.fill(32);
    slope.floor.rows[5] = 9;
    const TileShape shape = tileShape(slope, 16);
    CHECK(shape.columns[3] == 0);
    CHECK(shape.columns[5] == rows(9, 15));
}

TEST_CASE("a solid tile without a shape fills the tile")
{
    TileKind wall = test::untechDesign()[test::untechTile("EMPTY")];
    wall.solid = true;
    const TileShape shape = tileShape(wall, 8);
    CHECK(shape.kind == TileShape::Kind::Solid);
    CHECK(shape.columns[7] == rows(0, 7));
    CHECK(shape.columns[8] == 0); // an 8-pixel tile
}

TEST_CASE("a mask blocks exactly its pixels, holes included, and is drawn as a slope")
{
    TileKind rock = test::untechDesign()[test::untechTile("EMPTY")];
    rock.mask.emplace();
    (*rock.mask)[2] = 0x0003;  // pixels (0, 2) and (1, 2)
    (*rock.mask)[9] = 0x0001;  // and (0, 9): column 0 has two runs
    const TileShape shape = tileShape(rock, 16);
    CHECK(shape.kind == TileShape::Kind::Slope);
    CHECK(shape.columns[0] == (rows(2, 2) | rows(9, 9)));
    CHECK(shape.columns[1] == rows(2, 2));
    CHECK(shape.columns[2] == 0);
}

} // namespace
} // namespace tileprof::test
