// Tile shapes come from the design's surfaces, read from the ROM's own height tables
// (untech-collision.md section 2).

#include "profiler/gui/tile_shape.hpp"

#include "profiler/bundled_roms.hpp"
#include "profiler/rom/profiled_rom.hpp"
#include "tests/support/untech_design.hpp"

#include <doctest/doctest.h>

namespace tileprof::test {
namespace {

using gui::TileShape;
using gui::tileShape;

TileShape shapeOf(TileId type)
{
    static const ProfiledRom rom = loadProfiledRom(bundledRomPath("tile-collision"));
    return tileShape(rom.design[type], 16);
}

TEST_CASE("SOLID and END_SLOPE fill the tile, and EMPTY blocks nothing")
{
    for (const TileId type : {test::untechTile("SOLID"), test::untechTile("END_SLOPE")}) {
        const TileShape s = shapeOf(type);
        CHECK(s.kind == TileShape::Kind::Solid);
        for (const TileShape::Span& column : s.columns) {
            CHECK(column.top == 0);
            CHECK(column.bottom == 15);
        }
    }
    const TileShape empty = shapeOf(test::untechTile("EMPTY"));
    CHECK(empty.kind == TileShape::Kind::Empty);
    for (const TileShape::Span& column : empty.columns) {
        CHECK(column.empty());
    }
}

TEST_CASE("floor slopes are solid from the top height down, ceiling slopes from the top to the bottom height")
{
    const TileShape a = shapeOf(test::untechTile("DOWN_RIGHT_SLOPE")); // H = 15 - j
    CHECK(a.kind == TileShape::Kind::Slope);
    for (int j = 0; j < 16; ++j) {
        CHECK(a.columns[static_cast<std::size_t>(j)].top == 15 - j);
        CHECK(a.columns[static_cast<std::size_t>(j)].bottom == 15);
    }
    const TileShape d = shapeOf(test::untechTile("DOWN_RIGHT_TALL_SLOPE")); // H = 7 - j/2
    CHECK(d.columns[0].top == 7);
    CHECK(d.columns[15].top == 0);
    const TileShape c = shapeOf(test::untechTile("UP_RIGHT_SHORT_SLOPE")); // B = j/2
    for (int j = 0; j < 16; ++j) {
        CHECK(c.columns[static_cast<std::size_t>(j)].top == 0);
        CHECK(c.columns[static_cast<std::size_t>(j)].bottom == j / 2);
    }
}

TEST_CASE("one-way platforms are one-pixel surfaces: UP_PLATFORM on top, DOWN_PLATFORM at the bottom")
{
    const TileShape up = shapeOf(test::untechTile("UP_PLATFORM"));
    const TileShape down = shapeOf(test::untechTile("DOWN_PLATFORM"));
    CHECK(up.kind == TileShape::Kind::Platform);
    for (int j = 0; j < 16; ++j) {
        CHECK(up.columns[static_cast<std::size_t>(j)].top == 0);
        CHECK(up.columns[static_cast<std::size_t>(j)].bottom == 0);
        CHECK(down.columns[static_cast<std::size_t>(j)].top == 15);
        CHECK(down.columns[static_cast<std::size_t>(j)].bottom == 15);
    }
}

TEST_CASE("a surface row over 15 (never) blocks no pixel of its column")
{
    TileKind slope = test::untechDesign()[test::untechTile("DOWN_RIGHT_SLOPE")];
    slope.floor = {Surface::From::Rows, {}};
    slope.floor.rows.fill(32);
    slope.floor.rows[5] = 9;
    const TileShape shape = tileShape(slope, 16);
    CHECK(shape.columns[3].empty());
    CHECK(shape.columns[5].top == 9);
    CHECK(shape.columns[5].bottom == 15);
}

} // namespace
} // namespace tileprof::test
