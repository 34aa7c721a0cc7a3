// tileprof's whole machine against an independent emulator, Debian's bsnes-mercury (accuracy
// profile, bsnes v094) through the libretro host in oracle/: every test ROM of the project runs
// in both from power-on under the same input, and work RAM and VRAM must agree at every frame's
// end. Where a bsnes-mercury frame (one retro_run) ends depends on the game (its SFC_LAGFIX,
// sfc/cpu/timing/irq.cpp): with NMI enabled, when the NMI reaches the CPU, 6 clocks into line
// 225; without, when its PPU finishes the picture, at line 241. tileprof is stopped at the first
// instruction boundary from the same clock. Both start from bsnes's power-on
// work RAM (seeded from its pinned clock): tileprof's own is $55s, and bsnes's random bytes are
// not a difference between the machines. tileprof runs its auto-joypad read as bsnes v094 does
// (AutoJoypadTiming::Bsnes094), which differs from Anomie's measurements that it follows
// otherwise (docs/machine.md, Controllers).

#include "oracle/libretro_core.hpp"

#include "base/bundled_files.hpp"
#include "emu/rom_image.hpp"
#include "emu/snes.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tileprof::test {
namespace {

constexpr std::uint64_t kLineClocks = 1364;
constexpr std::uint32_t kVblankLine = 225;
constexpr std::uint32_t kPpuFrameLine = 241;
constexpr std::uint64_t kNmiReachesCpu = 6; // clocks into line 225: RDNMI's flag at 2, 4 more (docs/machine.md)

struct Difference {
    std::uint64_t frame;
    std::string memory;
    std::size_t address;
    unsigned ours;
    unsigned oracles;
};

// bsnes-mercury ends a frame in the middle of an instruction; tileprof stops between two. A byte
// agrees when it is what tileprof held before the instruction under way at the cut or after it.
std::optional<Difference> firstDifference(std::uint64_t frame, const char* memory, std::span<const std::uint8_t> before,
                                          std::span<const std::uint8_t> after, std::span<const std::uint8_t> oracles)
{
    REQUIRE(after.size() == oracles.size());
    for (std::size_t at = 0; at < after.size(); ++at) {
        if (after[at] != oracles[at] && before[at] != oracles[at]) {
            return Difference{frame, memory, at, after[at], oracles[at]};
        }
    }
    return std::nullopt;
}

// Runs to the first instruction boundary at or after `clock`, and returns work RAM and VRAM as
// they were at the boundary before it. A WAI under way is a boundary at each of its cycles: one
// step would run it to its interrupt, which may come frames later, past this cut and the next.
std::pair<std::vector<std::uint8_t>, std::vector<std::uint8_t>> runTo(emu::Snes& snes, std::uint64_t clock)
{
    constexpr std::uint64_t kLongestInstruction = 200; // master clocks, refresh and all
    if (clock > kLongestInstruction) {
        snes.runUntil(clock - kLongestInstruction);
    }
    std::vector<std::uint8_t> wram;
    std::vector<std::uint8_t> vram;
    while (snes.cpu().time.masterClocks < clock) {
        wram.assign(snes.bus().wram().begin(), snes.bus().wram().end());
        const auto video = snes.bus().ppu().vram().bytes();
        vram.assign(video.begin(), video.end());
        if (snes.cpu().runState == emu::RunState::Waiting) {
            snes.runUntil(clock);
        } else {
            snes.step();
        }
    }
    return {wram, vram};
}

// Pads for frame `frame` of the fixed script every ROM runs under: nothing for a second, then
// each button alone for 8 frames, then Right held with B pressed every 16th frame.
std::uint16_t scriptedPad(std::uint64_t frame)
{
    if (frame < 60) {
        return 0;
    }
    if (frame < 60 + 12 * 8) {
        return static_cast<std::uint16_t>(0x8000 >> ((frame - 60) / 8));
    }
    return static_cast<std::uint16_t>(0x0100 | (frame % 16 == 0 ? 0x8000 : 0));
}

enum class Input { Scripted, None };

// Runs `rom` in both machines for `frames` frames, under scriptedPad or no buttons at all; the
// first difference, or nothing.
std::optional<Difference> compareWithOracle(const std::string& rom, std::uint64_t frames, Input input)
{
    const std::filesystem::path path = bundledRomPath(rom);
    const emu::RomImage image = emu::loadRomFile(path.string());
    const std::string corePath = oracle::defaultCorePath();
    REQUIRE_MESSAGE(std::filesystem::exists(corePath),
                    corePath << " is missing: install libretro-bsnes-mercury-accuracy with scripts/setup.sh --tests");
    oracle::LibretroCore core = oracle::LibretroCore::load(corePath);
    core.loadGame(image.bytes);

    emu::Snes snes(image);
    snes.bus().setAutoJoypadTiming(emu::AutoJoypadTiming::Bsnes094);
    std::ranges::copy(core.wram(), snes.bus().wram().begin());
    std::ranges::copy(core.vram(), snes.bus().ppu().vram().bytes().begin());
    std::uint64_t frameStart = 0;
    std::uint64_t cut = 0;
    for (std::uint64_t frame = 0; frame < frames; ++frame) {
        // bsnes-mercury polls the pads when a frame starts, at the last frame's cut: a read under
        // way across the cut takes the old pad's buttons before it and the new one's after.
        const std::uint16_t pad = input == Input::Scripted ? scriptedPad(frame) : 0;
        snes.bus().setJoypad(0, pad, cut);
        snes.runUntil(frameStart + kVblankLine * kLineClocks - 200);
        cut = snes.bus().nmiEnabled() ? frameStart + kVblankLine * kLineClocks + kNmiReachesCpu
                                      : frameStart + kPpuFrameLine * kLineClocks;
        const auto [wramBefore, vramBefore] = runTo(snes, cut);
        frameStart = snes.bus().nextFrameStart();
        core.runFrame(pad, 0);
        if (auto difference = firstDifference(frame, "WRAM", wramBefore, snes.bus().wram(), core.wram())) {
            return difference;
        }
        if (auto difference = firstDifference(frame, "VRAM", vramBefore, snes.bus().ppu().vram().bytes(), core.vram())) {
            return difference;
        }
    }
    return std::nullopt;
}

void checkAgainstOracle(const std::string& rom, std::uint64_t frames = 600, Input input = Input::Scripted)
{
    const std::optional<Difference> difference = compareWithOracle(rom, frames, input);
    if (difference) {
        char text[160];
        std::snprintf(text, sizeof text, "%s: frame %llu, %s $%05zX: tileprof $%02X, bsnes-mercury $%02X", rom.c_str(),
                      static_cast<unsigned long long>(difference->frame), difference->memory.c_str(), difference->address,
                      difference->ours, difference->oracles);
        FAIL(text);
    }
}

TEST_CASE("oracle comparison: the reset test ROM agrees for 600 frames")
{
    checkAgainstOracle("machine-reset");
}

TEST_CASE("oracle comparison: the DMA test ROM agrees for 600 frames")
{
    checkAgainstOracle("machine-dma");
}

TEST_CASE("oracle comparison: the HDMA test ROM agrees for 600 frames")
{
    checkAgainstOracle("machine-hdma");
}

TEST_CASE("oracle comparison: the joypad test ROM agrees for 600 frames")
{
    checkAgainstOracle("machine-joypad");
}

TEST_CASE("oracle comparison: the PPU ports test ROM agrees for 600 frames")
{
    checkAgainstOracle("machine-ppu-ports");
}

// The APU's ROMs: bsnes's audio RAM starts random, so they upload their programs and read nothing
// they did not write. Work RAM holds what the S-CPU read from the ports (answers, timer counts).
TEST_CASE("oracle comparison: the APU upload test ROM agrees for 600 frames")
{
    checkAgainstOracle("machine-apu-upload");
}

TEST_CASE("oracle comparison: the APU timer test ROM agrees for 600 frames")
{
    checkAgainstOracle("machine-apu-timers");
}

// The demo game with no pad pressed plays its own input script (roms/demo/room.s): the player
// walks, jumps and falls through the room, the walkers turn at walls.
TEST_CASE("oracle comparison: the demo game agrees for 600 frames in demo mode")
{
    checkAgainstOracle("demo", 600, Input::None);
}

// Under the scripted pads the demo game reads JOY1 once a frame after the auto-joypad read and
// keeps it in Buttons ($0007-$0008). Its main loop waits for the NMI in a WAI, under way at each
// cut, and the read's first step (B) can come right after the cut: run past it, tileprof would
// shift in B from the old frame's pad (runTo).
TEST_CASE("oracle comparison: the demo game agrees for 600 frames under the scripted pads")
{
    checkAgainstOracle("demo");
}

} // namespace
} // namespace tileprof::test
