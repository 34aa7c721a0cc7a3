// The in-game call tracker on roms/play-tests/calls.s: calls found however they are entered, their
// cost split, interrupts counted apart, and every frame's time accounted for.

#include "base/bundled_files.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/timing/video_timing.hpp"
#include "profiler/engine/ingame/game_play.hpp"
#include "profiler/formats/symbols/debug_info.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

using namespace tileprof;

namespace {

constexpr std::uint64_t kFrames = 12;
constexpr std::uint64_t kDmaBytes = 256;

struct CallsRom {
    emu::RomImage image = emu::loadRomFile(bundledRomPath("play-calls").string());
    DebugInfo symbols = DebugInfo::load(bundledRomPath("play-calls").replace_extension(".dbg"));

    std::uint32_t address(const char* name) const { return symbols.symbol(name, "test").value; }
};

const std::vector<std::string> kRoutines = {"Leaf", "LeafLong", "Outer", "Spin", "CopyByDma"};

PlayRun play(const CallsRom& rom)
{
    PlaySetup setup;
    for (const std::string& name : kRoutines) {
        setup.entries.push_back(rom.address(name.c_str()));
    }
    setup.frames = kFrames;
    return playGame(rom.image, setup);
}

std::vector<GameCall> callsOf(const PlayRun& run, const std::string& name, std::uint64_t frame)
{
    const auto routine = static_cast<std::size_t>(std::ranges::find(kRoutines, name) - kRoutines.begin());
    std::vector<GameCall> calls;
    std::ranges::copy_if(run.calls, std::back_inserter(calls),
                         [&](const GameCall& call) { return call.routine == routine && call.frame == frame; });
    return calls;
}

} // namespace

TEST_CASE("call tracker: a routine's calls are found however the game enters them")
{
    const CallsRom rom;
    const PlayRun run = play(rom);
    REQUIRE(run.ran.frames == kFrames);
    const std::uint64_t frame = 5;
    const std::vector<GameCall> leaves = callsOf(run, "Leaf", frame);
    // JSR, JSR (a,x), the dispatcher's JMP (a,x), and twice inside Outer
    REQUIRE(leaves.size() == 5);
    for (const GameCall& call : leaves) {
        CHECK(call.finished);
        CHECK(call.cycles == leaves[0].cycles); // the same instructions each time
        CHECK(call.clocks.interrupts == 0);
        CHECK(call.clocks.total() == call.clocks.budgeted());
    }
    CHECK(leaves[0].callSite < rom.address("Leaf"));            // Reset's JSR
    CHECK(leaves[2].callSite > rom.address("Dispatch"));        // the dispatcher's JMP (a,x)
    CHECK(leaves[2].callSite < rom.address("Outer"));
    CHECK(leaves[0].depth == 0);
    CHECK(leaves[3].depth == 1); // inside Outer, which is profiled too
    CHECK(leaves[4].depth == 1);
    const std::vector<GameCall> outer = callsOf(run, "Outer", frame);
    REQUIRE(outer.size() == 1);
    CHECK(outer[0].cycles > 2 * leaves[0].cycles);
    CHECK(callsOf(run, "LeafLong", frame).size() == 1);
}

TEST_CASE("call tracker: interrupts inside a call are counted apart from its own cycles")
{
    const PlayRun run = play(CallsRom{});
    const std::vector<GameCall> spins = callsOf(run, "Spin", 5);
    REQUIRE(spins.size() == 2);
    // The quiet one began the frame's work after the wrap; the next NMI's work began with the other.
    const GameCall& quiet = spins[0];
    const GameCall& interrupted = spins[1];
    CHECK(interrupted.interrupts >= 30); // an H-IRQ a line, for some 40 lines
    CHECK(quiet.interrupts == 0);
    CHECK(interrupted.cycles == quiet.cycles);
    // An interrupt that is pending in an instruction's last internal cycle makes that cycle a read
    // of the next opcode (65816; bsnes's idleIRQ): 8 clocks from SlowROM instead of 6.
    CHECK(interrupted.clocks.own >= quiet.clocks.own);
    CHECK(interrupted.clocks.own <= quiet.clocks.own + 2 * interrupted.interrupts);
    CHECK(interrupted.clocks.interrupts > 0);
    CHECK(interrupted.clocks.total() > quiet.clocks.total() + interrupted.clocks.interrupts / 2);
    CHECK(quiet.clocks.refresh > 0); // 40 clocks each line it spans
    CHECK(quiet.clocks.refresh % emu::VideoTiming::kRefreshClocks == 0);
}

TEST_CASE("call tracker: a DMA a routine starts is its DMA time")
{
    const PlayRun run = play(CallsRom{});
    const std::vector<GameCall> copies = callsOf(run, "CopyByDma", 5);
    REQUIRE(copies.size() == 1);
    const ClockSplit& clocks = copies[0].clocks;
    // 8 to start, 8 a byte, 8 to end the channel; up to 8 to reach the 8-clock grid first, and
    // the CPU's wait for the bus after it, up to one of its cycles
    CHECK(clocks.dma > 8 * kDmaBytes + 16);
    CHECK(clocks.dma <= 8 * kDmaBytes + 16 + 8 + 12);
    CHECK(clocks.hdma == 0);
    const std::vector<GameCall> leaves = callsOf(run, "Leaf", 5);
    CHECK(leaves[0].clocks.dma == 0);
}

TEST_CASE("call tracker: every clock of every frame is in one column")
{
    const PlayRun run = play(CallsRom{});
    REQUIRE(run.frames.size() == kFrames);
    for (std::size_t i = 0; i < run.frames.size(); ++i) {
        const FrameUse& use = run.frames[i];
        CAPTURE(i);
        CHECK(use.frame == i);
        std::uint64_t sum = use.nmi + use.irq + use.waiting + use.other;
        for (const std::uint64_t clocks : use.routines) {
            sum += clocks;
        }
        CHECK(sum == use.clocks);
        if (i + 1 < run.frames.size()) {
            CHECK(use.start + use.clocks == run.frames[i + 1].start);
        }
        if (i >= 1) {
            const bool shortLine = use.frame % 2 == 1; // line 240 of every other frame: 4 clocks short
            CHECK(use.clocks == 262 * emu::VideoTiming::kLineClocks - (shortLine ? 4 : 0));
        }
        if (i >= 2) {
            CHECK(use.nmi > 0);
            CHECK(use.irq > 0);
            CHECK(use.waiting > 0);
            CHECK(use.routines[3] > 0); // Spin
        }
    }
}

TEST_CASE("call tracker: a frame in which the game read no pad is a lag frame")
{
    const PlayRun run = play(CallsRom{});
    std::map<bool, int> seen;
    for (std::size_t i = 2; i < run.frames.size(); ++i) {
        ++seen[run.frames[i].padsRead];
    }
    CHECK(seen[true] > 0);
    CHECK(seen[false] > 0);
}

