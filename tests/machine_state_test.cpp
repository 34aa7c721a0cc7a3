// The whole machine's state, in memory and in a file. A copy of the machine (emu::Snes) is the same
// machine at the same point: run on, it does what the machine it was copied from does, byte for
// byte, and the two are independent. A state file read back into another machine of the ROM makes
// it that machine: it runs on as the original, and saves the same file again. Taken at points
// across whole frames, just after DMA, inside HDMA's frame, with RDNMI's flag
// set and an IRQ pending; files of another ROM, another format version or damaged are refused.

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/system/machine_state.hpp"
#include "emu/system/snes.hpp"
#include "emu/system/snes_memories.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
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

std::string stateOf(const emu::Snes& snes)
{
    return emu::saveState(snes, "rom.sfc", "test");
}

// `snes` saved to a file and read back into another machine of its ROM, one that has run elsewhere.
emu::Snes restoredElsewhere(const emu::Snes& snes, const emu::RomImage& image)
{
    emu::Snes other(image);
    other.runUntil(2 * kFrameClocks + 777);
    emu::restoreState(other, stateOf(snes), "state");
    return other;
}

// Steps `snes` to the next instruction boundary where `holds` does (at most `most` steps).
bool stepUntil(emu::Snes& snes, const std::function<bool(const emu::Snes&)>& holds, unsigned most = 400'000)
{
    for (unsigned step = 0; step < most; ++step) {
        if (holds(snes)) {
            return true;
        }
        snes.step();
    }
    return false;
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

TEST_CASE("machine state: every bundled ROM runs on from its state file as it runs straight")
{
    for (const std::string& rom : bundledRomNames()) {
        CAPTURE(rom);
        const emu::RomImage image = emu::loadRomFile(bundledRomPath(rom).string());
        const std::uint64_t end = 16 * kFrameClocks + 12'345;
        emu::Snes straight(image);
        straight.runUntil(end);
        for (const std::uint64_t at : {std::uint64_t{0}, kFrameClocks, 3 * kFrameClocks + 100'000, 7 * kFrameClocks + 310'000,
                                       11 * kFrameClocks + 307'123}) {
            CAPTURE(at);
            emu::Snes first(image);
            first.runUntil(at);
            const std::string saved = stateOf(first);
            CHECK(stateOf(first) == saved); // the same machine, the same file
            emu::Snes restored = restoredElsewhere(first, image);
            CHECK(stateOf(restored) == saved);
            restored.runUntil(end);
            checkSame(restored, straight);
            CHECK(stateOf(restored) == stateOf(straight));
        }
    }
}

TEST_CASE("machine state: saved just after a DMA, inside HDMA's frame, with RDNMI set or IRQ pending")
{
    struct Moment {
        std::string rom;
        std::string what;
        std::function<bool(const emu::Snes&)> holds;
        std::uint64_t from = 3 * kFrameClocks;
        std::uint64_t apart = 50'000; // the next is looked for this far past the last
    };
    // The boundary after the write to $420B: the DMA has run, the CPU's next cycle still waits for
    // the bus. (No instruction boundary lies inside a DMA: it runs within the CPU's cycle.)
    const auto afterDma = [] {
        return [last = std::optional<std::uint64_t>()](const emu::Snes& snes) mutable {
            const std::uint64_t stolen = snes.bus().stolenClocks().dma;
            const bool moved = last && stolen != *last;
            last = stolen;
            return moved;
        };
    };
    const auto hdmaMidTable = [](const emu::Snes& snes) {
        const emu::VideoPosition at = snes.bus().position(snes.cpu().time.masterClocks);
        bool active = false;
        for (unsigned channel = 0; channel < 8; ++channel) {
            active |= snes.bus().dmaChannel(channel).hdmaActive();
        }
        return active && at.line > 10 && at.line < 225;
    };
    const std::vector<Moment> moments{
        {"machine-dma", "just after a DMA", afterDma(), 0, 10},
        {"demo", "just after the NMI's DMA", afterDma()},
        {"machine-hdma", "HDMA mid-table", hdmaMidTable},
        {"demo", "HDMA mid-table", hdmaMidTable},
        {"demo", "RDNMI's flag set, not yet read", [](const emu::Snes& snes) { return (snes.bus().peek(0x4210) & 0x80) != 0; }},
        {"machine-hirq-edge", "IRQ pending", [](const emu::Snes& snes) { return snes.bus().irqAsserted(); }},
    };
    for (const Moment& moment : moments) {
        CAPTURE(moment.rom);
        CAPTURE(moment.what);
        const emu::RomImage image = emu::loadRomFile(bundledRomPath(moment.rom).string());
        emu::Snes first(image);
        first.runUntil(moment.from);
        for (unsigned found = 0; found < 3; ++found) {
            first.runUntil(first.cpu().time.masterClocks + moment.apart);
            REQUIRE(stepUntil(first, moment.holds));
            emu::Snes restored = restoredElsewhere(first, image);
            emu::Snes straight(first);
            const std::uint64_t end = first.cpu().time.masterClocks + 5 * kFrameClocks + 999;
            straight.runUntil(end);
            restored.runUntil(end);
            checkSame(restored, straight);
            CHECK(stateOf(restored) == stateOf(straight));
        }
    }
}

TEST_CASE("machine state: a machine that draws, restored at a frame's start, draws the frames after as the straight run")
{
    const emu::RomImage image = emu::loadRomFile(bundledRomPath("demo").string());
    emu::Snes straight(image);
    straight.bus().ppu().drawPictures(true);
    straight.runUntil(30 * kFrameClocks);
    emu::Snes first(image);
    while (first.frame() < 25) {
        first.runFrame();
    }
    emu::Snes restored(image);
    restored.bus().ppu().drawPictures(true);
    emu::restoreState(restored, stateOf(first), "state");
    restored.runUntil(30 * kFrameClocks);
    REQUIRE(straight.bus().ppu().picture() != nullptr);
    REQUIRE(restored.bus().ppu().picture() != nullptr);
    CHECK(restored.bus().ppu().picture()->frame() == straight.bus().ppu().picture()->frame());
    CHECK(std::ranges::equal(restored.bus().ppu().picture()->pixels(), straight.bus().ppu().picture()->pixels()));
}

// The message restoring `file` onto a machine of `image` gives, which must leave it as it was.
std::string refusal(const emu::RomImage& image, const std::string& file)
{
    emu::Snes snes(image);
    snes.runUntil(kFrameClocks + 5);
    const std::string before = stateOf(snes);
    try {
        emu::restoreState(snes, file, "my.state");
    } catch (const InputError& e) {
        CHECK(stateOf(snes) == before);
        return e.what();
    }
    FAIL("the state was taken");
    return {};
}

TEST_CASE("machine state: files of another ROM, another format version, or damaged are refused and change nothing")
{
    const emu::RomImage demo = emu::loadRomFile(bundledRomPath("demo").string());
    emu::Snes snes(demo);
    snes.runUntil(9 * kFrameClocks + 4321);
    const std::string file = emu::saveState(snes, "/games/demo.sfc", "tileprof 9.9");

    const emu::StateHeader header = emu::readStateHeader(file, "my.state");
    CHECK(header.frame == 9);
    CHECK(header.romPath == "/games/demo.sfc");
    CHECK(header.producer == "tileprof 9.9");
    CHECK(header.romBytes == demo.bytes.size());

    const emu::RomImage other = emu::loadRomFile(bundledRomPath("demo-slowed").string());
    CHECK(refusal(other, file).starts_with("my.state: a state of another ROM, /games/demo.sfc (CRC-32 $"));

    std::string later = file;
    later[8] = 2;
    CHECK(refusal(demo, later) ==
          "my.state: a state of format version 2; this tileprof reads version 1 only: save it again with this tileprof");
    CHECK(refusal(demo, "PK\x03\x04 a zip") == "my.state: not a tileprof state file (it does not begin with \"TPSTATE\")");
    CHECK(refusal(demo, "") == "my.state: not a tileprof state file (it does not begin with \"TPSTATE\")");

    // Cut anywhere, or a byte changed anywhere in the machine's state: refused, never taken.
    for (std::size_t length = 8; length < file.size(); length += 1 + length / 3) {
        CAPTURE(length);
        CHECK_FALSE(refusal(demo, file.substr(0, length)).empty());
    }
    const std::size_t stateStart = file.size() - (file.size() - 60) / 2;
    for (std::size_t at = stateStart; at < file.size(); at += 97) {
        CAPTURE(at);
        std::string damaged = file;
        damaged[at] = static_cast<char>(damaged[at] ^ 0x10);
        CHECK_FALSE(refusal(demo, damaged).empty());
    }
    CHECK_FALSE(refusal(demo, file + "x").empty());
}

} // namespace
} // namespace tileprof::test
