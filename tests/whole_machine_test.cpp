// The whole console (emu::Snes) on ROMs that misbehave: bad-dma (roms/machine-tests) starts DMAs
// the console refuses and writes into ROM; a program built here writes every PPU, APU, CPU and
// DMA register with pseudo-random values (so DMA and HDMA start from wherever those values point,
// NMI and IRQ come and go) and then jumps into the APU's ports and runs whatever the bus shows from
// there on. The machine must keep running, the same way every time, the writes into ROM reported
// as faults.

#include "base/bundled_files.hpp"
#include "emu/rom_image.hpp"
#include "emu/snes.hpp"
#include "profiler/formats/symbols/debug_info.hpp"
#include "tests/support/rom_builder.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace tileprof::test {
namespace {

// 65816 code at $00:8000, hand-assembled.
const std::vector<std::uint8_t> kMisbehaving = {
    0x78,             // sei
    0x18, 0xFB,       // clc; xce: native mode
    0xC2, 0x30,       // rep #$30: A, X, Y 16-bit
    0xA2, 0x00, 0x00, // ldx #$0000
    // ppu: $2100-$21FF, two bytes a store
    0x8A,             // txa
    0x49, 0x3C, 0x5A, // eor #$5A3C
    0x9D, 0x00, 0x21, // sta $2100,x
    0xE8,             // inx
    0xE0, 0x00, 0x01, // cpx #$0100
    0xD0, 0xF4,       // bne ppu
    0xA2, 0x00, 0x00, // ldx #$0000
    // cpu: $4200-$43FF
    0x8A,             // txa
    0x49, 0xA7, 0xC3, // eor #$C3A7
    0x9D, 0x00, 0x42, // sta $4200,x
    0xE8,             // inx
    0xE0, 0x00, 0x02, // cpx #$0200
    0xD0, 0xF4,       // bne cpu
    0x5C, 0x40, 0x21, 0x00, // jml $002140: run the APU's ports as code
};

constexpr std::uint64_t kFrameClocks = 262 * 1364 - 2; // the shorter of the two NTSC frames

struct Built {
    emu::RomImage rom;
    DebugInfo symbols;
};

Built loadBuilt(const std::string& name)
{
    const std::filesystem::path path = bundledRomPath(name);
    return {emu::loadRomFile(path.string()), DebugInfo::load(std::filesystem::path(path).replace_extension(".dbg"))};
}

bool sameFaults(const std::vector<emu::BusFault>& a, const std::vector<emu::BusFault>& b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const emu::BusFault& x, const emu::BusFault& y) {
        return x.kind == y.kind && x.address == y.address && x.value == y.value && x.cycle == y.cycle;
    });
}

// What a run leaves: everything the ROM could have changed.
struct End {
    emu::StopReason stop;
    std::uint64_t frame;
    emu::Registers regs;
    emu::Time time;
    std::vector<std::uint8_t> wram;
    std::vector<std::uint8_t> vram;
    std::uint64_t apuCycles;
    std::vector<emu::BusFault> faults;

    bool sameAs(const End& other) const
    {
        return stop == other.stop && frame == other.frame && regs == other.regs && time == other.time &&
               wram == other.wram && vram == other.vram && apuCycles == other.apuCycles &&
               sameFaults(faults, other.faults);
    }
};

End endOf(emu::Snes& snes, emu::StopReason stop)
{
    const auto vram = snes.bus().ppu().vram().bytes();
    return {stop,
            snes.frame(),
            snes.cpu().regs,
            snes.cpu().time,
            {snes.bus().wram().begin(), snes.bus().wram().end()},
            {vram.begin(), vram.end()},
            snes.bus().apu().cycles(),
            snes.bus().faults()};
}

// Runs the machine to frame `frames`, or until the CPU reaches `breakAddress`, stops or waits
// with nothing to wake it.
End run(emu::Snes& snes, std::uint64_t frames, std::uint32_t breakAddress = emu::kNoBreakAddress)
{
    emu::StopReason why = emu::StopReason::ClockLimit;
    while (snes.frame() < frames && why == emu::StopReason::ClockLimit) {
        why = snes.runFrame(breakAddress);
    }
    return endOf(snes, why);
}

// The same from power-on.
End run(const emu::RomImage& rom, std::uint64_t frames, std::uint32_t breakAddress = emu::kNoBreakAddress)
{
    emu::Snes snes(rom);
    return run(snes, frames, breakAddress);
}

std::uint8_t wramByte(const End& end, std::uint32_t address)
{
    return end.wram.at(emu::wramIndex(address).value());
}

TEST_CASE("whole machine: the bad DMA ROM passes its checks, its writes into ROM reported as faults, the same every time")
{
    const Built built = loadBuilt("machine-bad-dma");
    const std::uint32_t testDone = built.symbols.symbol("TestDone", "whole_machine_test").value;
    const std::uint32_t target = built.symbols.symbol("RomTarget", "whole_machine_test").value;
    const std::uint32_t status = built.symbols.symbol("TestStatus", "whole_machine_test").value;

    const End first = run(built.rom, 10, testDone);
    REQUIRE(first.stop == emu::StopReason::BreakAddress);
    CHECK(wramByte(first, status) == 1);
    CHECK(wramByte(first, status + 1) == 0);

    // The DMA's 8 bytes, $D0-$D7, all at the edge before one CPU cycle; then the CPU's two
    // writes, $E0 and $E1, the second through bank $80.
    REQUIRE(first.faults.size() == 10);
    for (std::uint32_t i = 0; i < 10; ++i) {
        const emu::BusFault& fault = first.faults[i];
        CAPTURE(i);
        CHECK(fault.kind == emu::BusFault::Kind::RomWrite);
        CHECK(fault.address == (i == 9 ? 0x800000 | (target + i) : target + i));
        CHECK(fault.value == (i < 8 ? 0xD0 + i : 0xE0 + i - 8));
        if (i > 0) {
            CHECK((i < 8 ? fault.cycle == first.faults[i - 1].cycle : fault.cycle > first.faults[i - 1].cycle));
        }
    }

    CHECK(first.sameAs(run(built.rom, 10, testDone)));
}

TEST_CASE("whole machine: random register writes, DMA from anywhere and code in the APU ports run the same every time")
{
    const emu::RomImage rom = makeLoRom(kMisbehaving);
    const End first = run(rom, 120);
    CHECK(first.sameAs(run(rom, 120)));
    CHECK(first.time.masterClocks >= 120 * kFrameClocks); // it kept running: 120 frames, at least
    CHECK(!first.faults.empty());                        // the random DMAs wrote ROM, and were told
}

} // namespace
} // namespace tileprof::test
