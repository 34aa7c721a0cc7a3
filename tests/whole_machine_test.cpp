// The whole console (emu::Snes) on a ROM that misbehaves: it writes every PPU, APU, CPU and DMA
// register with pseudo-random values (so DMA and HDMA start from wherever those values point,
// NMI and IRQ come and go) and then jumps into the APU's ports and runs whatever the bus shows
// from there on. The machine must keep running, the same way every time, faults recorded.

#include "emu/snes.hpp"
#include "tests/support/rom_builder.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
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

struct End {
    emu::Registers regs;
    emu::Time time;
    std::vector<std::uint8_t> wram;
    std::vector<std::uint8_t> vram;
    std::uint64_t apuCycles;
    std::size_t faults;
};

End runFrames(const emu::RomImage& rom, int frames)
{
    emu::Snes snes(rom);
    for (int frame = 0; frame < frames; ++frame) {
        const emu::StopReason why = snes.runFrame();
        if (why == emu::StopReason::Stopped || why == emu::StopReason::WaitingForever) {
            break;
        }
    }
    const auto vram = snes.bus().ppu().vram().bytes();
    return {snes.cpu().regs,
            snes.cpu().time,
            {snes.bus().wram().begin(), snes.bus().wram().end()},
            {vram.begin(), vram.end()},
            snes.bus().apu().cycles(),
            snes.bus().faults().size()};
}

TEST_CASE("whole machine: random register writes, DMA from anywhere and code in the APU ports run the same every time")
{
    const emu::RomImage rom = makeLoRom(kMisbehaving);
    const End first = runFrames(rom, 120);
    const End second = runFrames(rom, 120);
    CHECK(first.regs == second.regs);
    CHECK(first.time == second.time);
    CHECK(first.wram == second.wram);
    CHECK(first.vram == second.vram);
    CHECK(first.apuCycles == second.apuCycles);
    CHECK(first.faults == second.faults);
    CHECK(first.time.masterClocks >= 120 * 357364); // it kept running: 120 frames, at least
    CHECK(first.faults > 0);                         // the random DMAs wrote ROM, and were told
}

} // namespace
} // namespace tileprof::test
