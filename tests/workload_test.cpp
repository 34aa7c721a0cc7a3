// The benchmark workloads of docs/machine.md reproduce the design's exact totals, observed or
// not, and the LoROM bus adds exactly its DRAM refresh to them.

#include "base/bundled_files.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/system/snes.hpp"
#include "profiler/engine/bench/workload.hpp"

#include <doctest/doctest.h>

namespace tileprof::test {
namespace {

// `bytesPerAdd`: the table bytes each ADC reads (2 with a 16-bit accumulator).
void checkWorkload(const Workload& w, std::uint64_t bytesPerAdd)
{
    const emu::RomImage rom = emu::loadRomFile(bundledRomPath(w.romName));
    CHECK(rom.warnings.empty());

    const WorkloadRun flat = runWorkload(rom, BenchSetup::Flat, kWorkloadInstructions);
    CHECK(workloadMismatch(w, flat) == "");
    CHECK(flat.time.cycles == w.expectedCycles);
    CHECK(flat.time.masterClocks == w.expectedMasterClocks);

    const WorkloadRun observed = runWorkload(rom, BenchSetup::FlatProfiled, kWorkloadInstructions);
    CHECK(observed.time == flat.time);
    CHECK(observed.final == flat.final);
    // Every pass of the inner loop reads the table once; 50M instructions make 32,509 whole
    // outer passes of 256 inner passes, and 192 more.
    CHECK(observed.watchedReads == (32'509ull * 256 + 192) * bytesPerAdd);

    const WorkloadRun lorom = runWorkload(rom, BenchSetup::LoRom, kWorkloadInstructions);
    CHECK(lorom.final == flat.final);
    CHECK(lorom.time.cycles == flat.time.cycles);
    CHECK(lorom.time.masterClocks == flat.time.masterClocks + 40 * lorom.refreshes);

    const WorkloadRun again = runWorkload(rom, BenchSetup::LoRom, kWorkloadInstructions);
    CHECK(again.time == lorom.time);
    CHECK(again.refreshes == lorom.refreshes);
}

TEST_CASE("workload: W8 reproduces the design's totals on every setup")
{
    checkWorkload(workloadW8(), 1);
}

TEST_CASE("workload: W16 reproduces the design's totals on every setup")
{
    checkWorkload(workloadW16(), 2);
}

// The SPC700 workload (roms/bench/spc700_workload.s) runs its loop once the upload is done: the
// SPC700 stays in the program, every channel's envelope level moves and reaches the DSP's volume
// registers, and timer 0's outputs are counted.
TEST_CASE("workload: the SPC700 workload runs its driver loop, not the IPL's wait")
{
    emu::Snes snes(emu::loadRomFile(bundledRomPath("bench-spc700")));
    while (snes.frame() < 60) {
        snes.runFrame();
    }
    const emu::apu::ApuBus& apu = snes.bus().apu().bus();
    const std::uint16_t pc = snes.bus().apu().cpu().regs.pc;
    CHECK(pc >= 0x0200);
    CHECK(pc < 0x0300);
    const auto& dsp = apu.dsp().bytes();
    unsigned loud = 0;
    for (unsigned channel = 0; channel < 8; ++channel) {
        loud += dsp[channel << 4] != 0;
        CAPTURE(channel);
        CHECK((apu.peekRam(0x10 + 2 * channel) | apu.peekRam(0x11 + 2 * channel)) != 0); // Level
        CHECK(dsp[channel << 4] == dsp[channel << 4 | 1]); // both volumes written alike
    }
    CHECK(loud > 0);
    CHECK(apu.peekRam(0x20) != 0); // Ticks
    CHECK(snes.bus().apu().cycles() > 60 * 17'000);
}

} // namespace
} // namespace tileprof::test
