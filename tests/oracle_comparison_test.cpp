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
// otherwise (docs/machine.md, Controllers). A difference that is bsnes-mercury's own error is
// listed with the ROM that meets it (KnownDifference), with the error's source and the evidence
// for tileprof's value; it is accepted only as listed, and it must appear.

#include "oracle/libretro_core.hpp"
#include "tests/support/oracle_frame.hpp"

#include "base/bundled_files.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/system/snes.hpp"
#include "profiler/formats/symbols/debug_info.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tileprof::test {
namespace {

struct Difference {
    std::uint64_t frame;
    std::string memory;
    std::size_t address;
    unsigned ours;
    unsigned oracles;
};

// An error of bsnes-mercury's: from frame `from` on, `memory` ("WRAM" or "VRAM") at `address`
// (an index into it) ends every frame holding `ours` in tileprof and `oracles` in bsnes-mercury.
struct KnownDifference {
    std::uint64_t from;
    std::string memory;
    std::size_t address;
    unsigned ours;
    unsigned oracles;
};

// bsnes-mercury ends a frame in the middle of an instruction; tileprof stops between two. A byte
// agrees when it is what tileprof held before the instruction under way at the cut or after it,
// or when it differs exactly as a known difference of this frame says; such a difference that is
// not there exactly is a difference too.
std::optional<Difference> firstDifference(std::uint64_t frame, const char* memory, std::span<const std::uint8_t> before,
                                          std::span<const std::uint8_t> after, std::span<const std::uint8_t> oracles,
                                          std::span<const KnownDifference> known = {})
{
    REQUIRE(before.size() == oracles.size());
    REQUIRE(after.size() == oracles.size());
    const auto listedNow = [&](std::size_t at) {
        return std::ranges::any_of(known, [&](const KnownDifference& listed) {
            return listed.memory == memory && listed.address == at && frame >= listed.from;
        });
    };
    for (const KnownDifference& listed : known) {
        const std::size_t at = listed.address;
        if (listed.memory != memory) {
            continue;
        }
        REQUIRE(at < after.size());
        if (frame >= listed.from && (after[at] != listed.ours || oracles[at] != listed.oracles)) {
            char text[80];
            std::snprintf(text, sizeof text, "%s (listed as tileprof $%02X, bsnes-mercury $%02X)", memory, listed.ours,
                          listed.oracles);
            return Difference{frame, text, at, after[at], oracles[at]};
        }
    }
    for (std::size_t at = 0; at < after.size(); ++at) {
        if (after[at] != oracles[at] && before[at] != oracles[at] && !listedNow(at)) {
            return Difference{frame, memory, at, after[at], oracles[at]};
        }
    }
    return std::nullopt;
}

// Runs to the first instruction boundary at or after `clock`, and returns work RAM and VRAM as
// they were at the boundary before it; as they are when the machine is past `clock` already (a
// DMA, which runs inside one instruction, may run for frames). A WAI under way is a boundary at
// each of its cycles: one step would run it to its interrupt, which may come frames later.
std::pair<std::vector<std::uint8_t>, std::vector<std::uint8_t>> runTo(emu::Snes& snes, std::uint64_t clock)
{
    constexpr std::uint64_t kLongestInstruction = 200; // master clocks, refresh and all, without DMA
    if (clock > kLongestInstruction) {
        snes.runUntil(clock - kLongestInstruction);
    }
    std::vector<std::uint8_t> wram;
    std::vector<std::uint8_t> vram;
    const auto keep = [&] {
        wram.assign(snes.bus().wram().begin(), snes.bus().wram().end());
        const auto video = snes.bus().ppu().vram().bytes();
        vram.assign(video.begin(), video.end());
    };
    keep();
    while (snes.cpu().time.masterClocks < clock) {
        keep();
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
// first difference in work RAM but the known ones, or in VRAM, or nothing.
std::optional<Difference> compareWithOracle(const std::string& rom, std::uint64_t frames, Input input,
                                            std::span<const KnownDifference> known)
{
    const std::filesystem::path path = bundledRomPath(rom);
    const emu::RomImage image = emu::loadRomFile(path.string());
    const std::string corePath = oracle::defaultCorePath();
    REQUIRE_MESSAGE(std::filesystem::exists(corePath),
                    corePath << " is missing: install libretro-bsnes-mercury-accuracy with scripts/setup.sh --tests");
    oracle::LibretroCore core = oracle::LibretroCore::load(corePath);
    core.loadGame(image.bytes);

    emu::Snes snes(image);
    for (const KnownDifference& listed : known) {
        REQUIRE(listed.from < frames); // else it would never be checked
    }
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
        snes.runUntil(frameStart + kVblankLine * emu::VideoTiming::kLineClocks - 200);
        cut = oracleFrameEnd(frameStart, snes.bus().nmiEnabled());
        const auto [wramBefore, vramBefore] = runTo(snes, cut);
        frameStart = snes.bus().nextFrameStart();
        core.runFrame(pad, 0);
        const auto wram = firstDifference(frame, "WRAM", wramBefore, snes.bus().wram(), core.wram(), known);
        if (wram) {
            return wram;
        }
        if (auto difference =
                firstDifference(frame, "VRAM", vramBefore, snes.bus().ppu().vram().bytes(), core.vram(), known)) {
            return difference;
        }
    }
    return std::nullopt;
}

void checkAgainstOracle(const std::string& rom, std::uint64_t frames = 600, Input input = Input::Scripted,
                        std::span<const KnownDifference> known = {})
{
    const std::optional<Difference> difference = compareWithOracle(rom, frames, input, known);
    if (difference) {
        char text[240];
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

// DMAs the console refuses (from and into the S-CPU's registers, WRAM to WMDATA) and writes into
// ROM. The misbehaving ROM is not compared: it differs from frame 1 on (the P its first NMI
// pushes, inside a random DMA), and its random writes to the APU's ports reach the IPL, which may
// then run bsnes's random audio RAM.
TEST_CASE("oracle comparison: the bad DMA test ROM agrees for 600 frames")
{
    checkAgainstOracle("machine-bad-dma");
}

TEST_CASE("oracle comparison: the HDMA test ROM agrees for 600 frames")
{
    checkAgainstOracle("machine-hdma");
}

TEST_CASE("oracle comparison: the joypad test ROM agrees for 600 frames")
{
    checkAgainstOracle("machine-joypad");
}

// An H-IRQ at HTIME 336-339: the last two spill into the next line. The counts and where the
// handler latched the counters agree with bsnes-mercury's (tileprof's IRQ for 337-339 used to be lost).
TEST_CASE("oracle comparison: the H-IRQ edge test ROM agrees for 600 frames")
{
    checkAgainstOracle("machine-hirq-edge");
}

// RDNMI read in the 4 clocks its flag is held as it rises: the frames that saw it held agree.
TEST_CASE("oracle comparison: the RDNMI hold test ROM agrees for 600 frames")
{
    checkAgainstOracle("machine-rdnmi-hold");
}

// STAT77's range-over and time-over flags read before and after a line's sprite tiles are fetched,
// from sprites off the screen, at X 256, with the priority rotation, and OAM rewritten mid-frame.
TEST_CASE("oracle comparison: the sprite flags test ROM agrees for 600 frames")
{
    checkAgainstOracle("machine-sprite-flags");
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

// The value of a ROM's symbol.
std::uint32_t symbolValue(const std::string& rom, const char* name)
{
    const DebugInfo symbols = DebugInfo::load(bundledRomPath(rom).replace_extension(".dbg"));
    return symbols.symbol(name, "the oracle comparison").value;
}

// The index into work RAM of a ROM's label.
std::size_t wramLabel(const std::string& rom, const char* label)
{
    return emu::wramIndex(symbolValue(rom, label)).value();
}

// The SPC700's m.b instructions (roms/machine-tests/apu-bits.s: BitResults holds 8 bytes an
// instruction, its carry after C, b = 0 0, 0 1, 1 0, 1 1 and then the bit after, bit n of each
// byte from the run on bit n). bsnes-mercury gets three bytes wrong, and so fails the ROM's check.
// bsnes v094's SPC700::op_set_addr_bit (processor/spc700/instructions.cpp) updates its bool carry
// with `regs.p.c |= x` (OR1) and `regs.p.c &= x` (AND1), x = (rd & (1 << bit)) ^ inverted: the bit
// stays in place, so for a set bit 1-7 x is 1 << n (or (1 << n) | 1 inverted), never 0 or 1. Its
// OR1 C,m.b is right all the same (any non-zero x sets C); its EOR1 and MOV1 C,m.b reduce the bit
// to a bool first, and MOV1 m.b,C and NOT1 write the bit itself. tileprof's values are those of
// the consensus vectors (../shared/testdata/spc700-oracle, 2a, 4a and 6a.json.gz), on which
// LakeSnes, Mesen2 and bsnes-jg agree in every test; bsnes v094's formula gives another carry in
// 192, 215 and 216 of their 1,000 tests.
TEST_CASE("oracle comparison: the APU bit instruction test ROM agrees for 600 frames but for bsnes-mercury's errors")
{
    const std::size_t results = wramLabel("machine-apu-bits", "BitResults");
    const std::size_t status = wramLabel("machine-apu-bits", "TestStatus");
    constexpr std::uint64_t kReadBack = 4; // the frame the S-CPU reads the results back and checks in
    const KnownDifference bsnesErrors[] = {
        // OR1 C,/m.b, C = 0, b = 1: C | !b = 0; bsnes 0 | ((1 << n) | 1), 1 for n = 1-7.
        {kReadBack, "WRAM", results + 1 * 8 + 1, 0x00, 0xFE},
        // AND1 C,m.b, C = 1, b = 1: C & b = 1; bsnes 1 & (1 << n), 0 for n = 1-7.
        {kReadBack, "WRAM", results + 2 * 8 + 3, 0xFF, 0x01},
        // AND1 C,/m.b, C = 1, b = 1: C & !b = 0; bsnes 1 & ((1 << n) | 1), 1 for n = 1-7.
        {kReadBack, "WRAM", results + 3 * 8 + 3, 0x00, 0xFE},
        // The verdict: bsnes fails check 12, result byte 9, the first of the three ($800C).
        {kReadBack, "WRAM", status, 0x01, 0x0C},
        {kReadBack, "WRAM", status + 1, 0x00, 0x80},
    };
    std::vector<KnownDifference> known(std::begin(bsnesErrors), std::end(bsnesErrors));
    // The verdict on the screen (machine_test.inc's ShowVerdict): the line's characters are tile
    // numbers, the low bytes of its tilemap words from column 1.
    const std::string ours = "PASS  STATUS $0001";
    const std::string oracles = "FAIL  STATUS $800C";
    const std::size_t verdictLine = (symbolValue("machine-apu-bits", "VERDICT_MAP") + 32 * 2 + 1) * 2;
    for (std::size_t i = 0; i < ours.size(); ++i) {
        if (ours[i] != oracles[i]) {
            known.push_back({kReadBack, "VRAM", verdictLine + 2 * i, static_cast<unsigned>(ours[i]),
                             static_cast<unsigned>(oracles[i])});
        }
    }
    checkAgainstOracle("machine-apu-bits", 600, Input::Scripted, known);
}

// The demo game with no pad pressed plays its own input script (roms/demo/room.s): the player
// walks, jumps and falls through the room, the walkers turn at walls.
TEST_CASE("oracle comparison: the demo game agrees for 600 frames in demo mode")
{
    checkAgainstOracle("demo", 600, Input::None);
}

// Under the scripted pads the demo game reads JOY1 once a frame after the auto-joypad read and
// keeps it in Buttons ($0007-$0008). Where the read's first step falls at the frame's cut decides
// which frame's pad it takes: bsnes-mercury steps at the end of the piece of time its mark falls in
// and cuts inside a piece (docs/machine.md, Controllers), which AutoJoypadTiming::Bsnes094 follows;
// and the main loop waits for the NMI in a WAI, under way at each cut, which runTo stops at the cut.
TEST_CASE("oracle comparison: the demo game agrees for 600 frames under the scripted pads")
{
    checkAgainstOracle("demo");
}

// NMI every frame, a main loop reading the H/V latch and an NMI handler that waits on $4212 bit 0
// and copies the pads: the NMI's place in the main loop and the read's length must agree.
TEST_CASE("oracle comparison: the counter ROM agrees for 600 frames under the scripted pads")
{
    checkAgainstOracle("oracle-counter");
}

} // namespace
} // namespace tileprof::test
