// Tile shapes come from the ROM's own height tables (untech-collision.md section 2).

#include "profiler/gui/tile_shape.hpp"

#include "profiler/bundled_roms.hpp"
#include "profiler/rom/profiled_rom.hpp"

#include <doctest/doctest.h>

namespace tileprof::test {
namespace {

using gui::TileShape;
using gui::tileShape;

TileShape shapeOf(TileType type)
{
    static const ProfiledRom rom = loadProfiledRom(bundledRomPath("tile-collision"));
    return tileShape(type, rom.topHeights, rom.bottomHeights);
}

TEST_CASE("SOLID and END_SLOPE fill the tile, and EMPTY blocks nothing")
{
    for (const TileType type : {TileType::Solid, TileType::EndSlope}) {
        const TileShape s = shapeOf(type);
        CHECK(s.kind == TileShape::Kind::Solid);
        for (const TileShape::Span& column : s.columns) {
            CHECK(column.top == 0);
            CHECK(column.bottom == 15);
        }
    }
    const TileShape empty = shapeOf(TileType::Empty);
    CHECK(empty.kind == TileShape::Kind::Empty);
    for (const TileShape::Span& column : empty.columns) {
        CHECK(column.empty());
    }
}

TEST_CASE("floor slopes are solid from the top height down, ceiling slopes from the top to the bottom height")
{
    const TileShape a = shapeOf(TileType::DownRight); // H = 15 - j
    CHECK(a.kind == TileShape::Kind::Slope);
    for (int j = 0; j < 16; ++j) {
        CHECK(a.columns[static_cast<std::size_t>(j)].top == 15 - j);
        CHECK(a.columns[static_cast<std::size_t>(j)].bottom == 15);
    }
    const TileShape d = shapeOf(TileType::DownRightTall); // H = 7 - j/2
    CHECK(d.columns[0].top == 7);
    CHECK(d.columns[15].top == 0);
    const TileShape c = shapeOf(TileType::UpRightShort); // B = j/2
    for (int j = 0; j < 16; ++j) {
        CHECK(c.columns[static_cast<std::size_t>(j)].top == 0);
        CHECK(c.columns[static_cast<std::size_t>(j)].bottom == j / 2);
    }
}

TEST_CASE("one-way platforms are one-pixel surfaces: UP_PLATFORM on top, DOWN_PLATFORM at the bottom")
{
    const TileShape up = shapeOf(TileType::UpPlatform);
    const TileShape down = shapeOf(TileType::DownPlatform);
    CHECK(up.kind == TileShape::Kind::Platform);
    for (int j = 0; j < 16; ++j) {
        CHECK(up.columns[static_cast<std::size_t>(j)].top == 0);
        CHECK(up.columns[static_cast<std::size_t>(j)].bottom == 0);
        CHECK(down.columns[static_cast<std::size_t>(j)].top == 15);
        CHECK(down.columns[static_cast<std::size_t>(j)].bottom == 15);
    }
}

TEST_CASE("a height table entry over 15 (never) blocks no pixel of its column")
{
    std::array<std::uint8_t, 256> top{};
    std::array<std::uint8_t, 256> bottom{};
    top.fill(32);
    CHECK(tileShape(TileType::DownRight, top, bottom).columns[3].empty());
}

} // namespace
} // namespace tileprof::test
