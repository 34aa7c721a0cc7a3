// The debugger's picture of a play's frame (PlaySession::picture): the frame the play ran, drawn
// again with layers left out when asked; and the marks its raster bands carry, where DMA took the
// bus from a call and where interrupts entered it.

#include "profiler/debugger/play_session.hpp"
#include "tests/support/temp_dir.hpp"

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

TEST_CASE("play debugger: a call's marks: its DMA where it ran, each IRQ taken inside it")
{
    const TempDir dir;
    const auto file = dir.write("calls.play.toml", "rom = \"play-calls\"\nframes = 4\n\n[[routine]]\nname = \"CopyByDma\"\n\n"
                                                  "[[routine]]\nname = \"Spin\"\n");
    PlaySession session;
    REQUIRE_MESSAGE(session.open(file), session.error());
    const std::vector<GameCall>& calls = session.run().calls;
    const auto callOf = [&](std::size_t routine) {
        for (std::size_t i = 0; i < calls.size(); ++i) {
            if (calls[i].routine == routine && calls[i].frame == 2 && (routine == 0 || calls[i].interrupts > 0)) {
                return i;
            }
        }
        FAIL("no such call in frame 2");
        return std::size_t{0};
    };
    using Kind = ReplayedCall::Mark::Kind;
    const auto marks = [&](Kind kind) {
        std::uint64_t count = 0;
        std::uint64_t clocks = 0;
        for (const ReplayedCall::Mark& mark : session.replayed()->marks) {
            if (mark.kind == kind) {
                ++count;
                clocks += mark.clocks;
            }
        }
        return std::pair{count, clocks};
    };
    const std::size_t copy = callOf(0);
    session.selectCall(copy);
    REQUIRE(session.replayed().has_value());
    CHECK(marks(Kind::Dma).first == 1);
    CHECK(marks(Kind::Dma).second == calls[copy].clocks.dma);
    CHECK(calls[copy].clocks.dma > 256 * 8); // 256 bytes at 8 clocks, and the wait for the bus
    CHECK(marks(Kind::Irq).first == 0);
    const ReplayedCall::Mark& dma = session.replayed()->marks.front();
    CHECK(dma.clock >= calls[copy].startClock);
    CHECK(dma.clock < calls[copy].startClock + calls[copy].clocks.total());

    const std::size_t spin = callOf(1);
    session.selectCall(spin);
    REQUIRE(session.replayed().has_value());
    CHECK(marks(Kind::Irq).first == calls[spin].interrupts);
    CHECK(marks(Kind::Dma).first == 0);
}

} // namespace
} // namespace tileprof::test
