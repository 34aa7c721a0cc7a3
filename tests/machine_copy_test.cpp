// A copy of the whole machine (emu::Snes) is the same machine at the same point: run on, it does
// what the machine it was copied from does, byte for byte, and the two are independent. Copied at
// points across whole frames, inside DMA and HDMA, and with interrupts pending, on ROMs that use
// each part of the machine.

#include "base/bundled_files.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/system/snes.hpp"
#include "emu/system/snes_memories.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>

namespace tileprof::test {
namespace {

constexpr std::uint64_t kFrameClocks = 357'368;

// Everything a run leaves that the tests can see: the CPU's registers and time, every memory.
void checkSame(const emu::Snes& a, const emu::Snes& b)
{
    CHECK(a.cpu().time.masterClocks == b.cpu().time.masterClocks);
    CHECK(a.cpu().time.cycles == b.cpu().time.cycles);
    CHECK(a.cpu().regs.pc == b.cpu().regs.pc);
    CHECK(a.cpu().regs.a == b.cpu().regs.a);
    CHECK(a.cpu().regs.p == b.cpu().regs.p);
    CHECK(a.frame() == b.frame());
    CHECK(a.bus().apu().cycles() == b.bus().apu().cycles());
    const auto ours = emu::namedMemories(a);
    const auto theirs = emu::namedMemories(b);
    REQUIRE(ours.size() == theirs.size());
    for (std::size_t i = 0; i < ours.size(); ++i) {
        CAPTURE(ours[i].name);
        CHECK(std::ranges::equal(ours[i].bytes, theirs[i].bytes));
    }
    CHECK(a.bus().ppu().registers().writtenBytes() == b.bus().ppu().registers().writtenBytes());
}

TEST_CASE("machine copy: a copy runs on as the machine does, from any point, and alone")
{
    for (const char* rom : {"demo", "machine-dma", "machine-hdma", "machine-hirq-edge", "machine-apu-timers",
                            "machine-sprite-flags", "picture-mode7"}) {
        CAPTURE(rom);
        const emu::RomImage image = emu::loadRomFile(bundledRomPath(rom).string());
        const std::uint64_t end = 40 * kFrameClocks + 12'345;
        emu::Snes straight(image);
        straight.runUntil(end);
        // Whole frames, mid-frame in the picture (HDMA), in V-blank (the NMI, DMA), odd clocks.
        for (const std::uint64_t at : {kFrameClocks, 3 * kFrameClocks + 100'000, 7 * kFrameClocks + 310'000,
                                       11 * kFrameClocks + 307'123, 23 * kFrameClocks + 1}) {
            CAPTURE(at);
            emu::Snes first(image);
            first.runUntil(at);
            emu::Snes copy(first);
            copy.runUntil(end);
            checkSame(copy, straight);
            first.runUntil(end); // the copy took nothing from it
            checkSame(first, straight);
            emu::Snes assigned(image);
            assigned = copy; // and assigned over another machine, at the end
            checkSame(assigned, straight);
        }
    }
}

// A copy of a machine that draws draws on: the picture is the original's.
TEST_CASE("machine copy: a drawing machine's copy finishes the same pictures")
{
    const emu::RomImage image = emu::loadRomFile(bundledRomPath("picture-interlace").string());
    emu::Snes straight(image);
    straight.bus().ppu().drawPictures(true);
    emu::Snes first(image);
    first.bus().ppu().drawPictures(true);
    first.runUntil(60 * kFrameClocks + 200'000);
    emu::Snes copy(first);
    const std::uint64_t end = 64 * kFrameClocks + 320'000;
    straight.runUntil(end);
    copy.runUntil(end);
    REQUIRE(straight.bus().ppu().picture() != nullptr);
    REQUIRE(copy.bus().ppu().picture() != nullptr);
    CHECK(copy.bus().ppu().picture()->frame() == straight.bus().ppu().picture()->frame());
    CHECK(std::ranges::equal(copy.bus().ppu().picture()->pixels(), straight.bus().ppu().picture()->pixels()));
}

} // namespace
} // namespace tileprof::test
