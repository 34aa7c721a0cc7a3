// The debugger's picture of a play's frame (PlaySession::picture): the frame the play ran, drawn
// again with layers left out when asked.

#include "profiler/debugger/play_session.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>

namespace tileprof::test {
namespace {

// XRGB8888 of a 15-bit colour at full brightness, as the picture has it.
constexpr std::uint32_t xrgb(unsigned r, unsigned g, unsigned b)
{
    const auto eight = [](unsigned c) { return c << 3 | c >> 2; };
    return eight(r) << 16 | eight(g) << 8 | eight(b);
}
constexpr std::uint32_t kPlayerRed = xrgb(28, 6, 4); // roms/demo/graphics.s's palettes
constexpr std::uint32_t kEarth = xrgb(12, 8, 4);

bool shows(const emu::Picture& picture, std::uint32_t colour)
{
    return std::ranges::find(picture.pixels(), colour) != picture.pixels().end();
}

TEST_CASE("play debugger: the frame's picture, and the same frame without the sprites or BG1")
{
    PlaySession session;
    REQUIRE(session.open(std::filesystem::path(TILEPROF_SOURCE_DIR) / "roms" / "demo" / "walk.play.toml"));
    session.setFrame(924);
    const emu::Picture* whole = session.picture();
    REQUIRE(whole != nullptr);
    CHECK(whole->frame() == 924);
    CHECK(whole->height() == 224);
    CHECK(shows(*whole, kPlayerRed));
    CHECK(shows(*whole, kEarth));
    const emu::Picture all = *whole;

    session.setLayersLeftOut({.layers = 0x10});
    const emu::Picture* noSprites = session.picture();
    REQUIRE(noSprites != nullptr);
    CHECK_FALSE(shows(*noSprites, kPlayerRed));
    CHECK(shows(*noSprites, kEarth));

    session.setLayersLeftOut({.layers = 0x01});
    const emu::Picture* noRoom = session.picture();
    REQUIRE(noRoom != nullptr);
    CHECK(shows(*noRoom, kPlayerRed));
    CHECK_FALSE(shows(*noRoom, kEarth));

    session.setLayersLeftOut({});
    REQUIRE(session.picture() != nullptr);
    CHECK(std::ranges::equal(session.picture()->pixels(), all.pixels()));
    session.setFrame(925);
    REQUIRE(session.picture() != nullptr);
    CHECK(session.picture()->frame() == 925);
}

} // namespace
} // namespace tileprof::test
