// The whole console (emu::Snes) on ROMs that misbehave (roms/machine-tests): bad-dma starts DMAs
// the console refuses and writes into ROM, misbehaving writes every PPU, APU, CPU and DMA register
// with pseudo-random values (so DMA and HDMA start from wherever those values point, NMI and IRQ
// come and go) and then runs the APU's ports as code. The machine must keep running, the same
// way every time, the writes into ROM reported as faults.

#include "base/bundled_files.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/system/snes.hpp"
#include "profiler/formats/symbols/debug_info.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace tileprof::test {
namespace {

constexpr std::uint64_t kFrameClocks = 262 * 1364 - 2; // the shorter of the two NTSC frames
constexpr std::uint32_t kApuPorts = 0x002140;

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

TEST_CASE("whole machine: random writes to every register, DMA from anywhere and code in the APU ports run the same every time")
{
    const Built built = loadBuilt("machine-misbehaving");
    emu::Snes snes(built.rom);
    const End first = run(snes, 600);
    CHECK(first.stop == emu::StopReason::ClockLimit); // neither stopped nor asleep for good
    CHECK(first.frame == 600);
    CHECK(first.time.masterClocks >= 600 * kFrameClocks);
    CHECK(first.sameAs(run(built.rom, 600)));

    // The random DMAs wrote into ROM, and were told; nothing else is a fault.
    REQUIRE(!first.faults.empty());
    for (const emu::BusFault& fault : first.faults) {
        CHECK(fault.kind == emu::BusFault::Kind::RomWrite);
        CHECK((fault.address & 0x8000) != 0); // LoROM's ROM: the upper half of a bank
    }

    // By then it runs the ports' bytes, and keeps coming back to them.
    CHECK(snes.runFrame(kApuPorts) == emu::StopReason::BreakAddress);
    snes.step();
    CHECK(snes.runFrame(kApuPorts) == emu::StopReason::BreakAddress);
}

} // namespace
} // namespace tileprof::test
