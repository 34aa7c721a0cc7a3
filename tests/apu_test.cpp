// The APU driven as the S-CPU drives it: the IPL's boot signature, an upload through the IPL's
// handshake, and the SPC700's registers (timers, CONTROL, the IPL ROM, the DSP's ports).

#include "emu/apu/apu.hpp"
#include "emu/apu/apu_clock.hpp"
#include "emu/apu/ipl_rom.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

namespace {

using emu::apu::Apu;
using emu::apu::ApuBus;
using emu::apu::masterClocksAt;
using emu::apu::spcCyclesAt;

// The IPL's cycles up to its signature: MOV X,#$EF; MOV SP,X; MOV A,#0 (6 cycles), then 239
// rounds of MOV (X),A; DEC X; BNE (10 cycles, the last 8). MOV $F4,#$AA writes in its fifth cycle,
// MOV $F5,#$BB five cycles later.
constexpr std::uint64_t kClearLoopEnd = 6 + 238 * 10 + 8;
constexpr std::uint64_t kPort0Written = kClearLoopEnd + 5;
constexpr std::uint64_t kPort1Written = kPort0Written + 5;

TEST_CASE("apu clock: the SPC700 runs 1,025,280 cycles in 21,477,272 master clocks, with no drift")
{
    CHECK(spcCyclesAt(0) == 0);
    CHECK(spcCyclesAt(1) == 1);
    CHECK(spcCyclesAt(21) == 2);              // cycle 1 ends at 20.95 master clocks
    CHECK(spcCyclesAt(20) == 1);
    CHECK(spcCyclesAt(21'477'272) == 1'025'280); // one second
    CHECK(masterClocksAt(1'025'280) == 21'477'272);
    const std::uint64_t hour = 21'477'272ull * 3600;
    CHECK(spcCyclesAt(hour) == 1'025'280ull * 3600);
    const std::uint64_t century = hour * 24 * 365 * 100; // past where a plain product would overflow
    CHECK(spcCyclesAt(century) == 1'025'280ull * 3600 * 24 * 365 * 100);
    for (std::uint64_t cycles : {1ull, 7ull, 128'159ull, 128'161ull, 999'999'999ull}) {
        // A cycle's end is the first master clock at or after it.
        CHECK(spcCyclesAt(masterClocksAt(cycles)) <= cycles);
        CHECK(spcCyclesAt(masterClocksAt(cycles) + 1) >= cycles);
    }
}

TEST_CASE("apu: power-on state")
{
    Apu apu;
    CHECK(apu.cycles() == 0);
    CHECK(apu.cpu().regs == emu::apu::Spc700Registers{0xFFC0, 0, 0, 0, 0, 0});
    CHECK_FALSE(apu.cpu().halted);
    const ApuBus& bus = apu.bus();
    CHECK(bus.test() == 0x0A);
    CHECK(bus.control() == 0xB0);
    CHECK(bus.iplRomMapped());
    CHECK(bus.dsp().read(0x6C) == 0xE0);
    for (unsigned port = 0; port < 4; ++port) {
        CHECK(bus.portFromCpu(port) == 0);
        CHECK(bus.portToCpu(port) == 0);
    }
    for (std::uint32_t address = 0; address < ApuBus::kRamBytes; ++address) {
        if (bus.ram()[address] != 0) {
            FAIL("audio RAM is not zero at " << address);
        }
    }
}

TEST_CASE("apu: the IPL shows $AA/$BB on ports 0 and 1 when it has cleared the direct page")
{
    Apu apu;
    apu.runToCycle(kClearLoopEnd);
    CHECK(apu.cycles() == kClearLoopEnd); // the loop ends on an instruction boundary
    CHECK(apu.bus().portToCpu(0) == 0x00);
    CHECK(apu.cpu().regs.sp == 0xEF);
    CHECK(apu.cpu().regs.x == 0);

    apu.runToCycle(kClearLoopEnd + 1); // the whole of MOV $F4,#$AA
    CHECK(apu.cycles() == kPort0Written);
    CHECK(apu.bus().portToCpu(0) == 0xAA);
    CHECK(apu.bus().portToCpu(1) == 0x00);

    // Through the S-CPU's side: by master-clock time.
    Apu fromCpu;
    CHECK(fromCpu.readPort(1, masterClocksAt(kPort0Written)) == 0x00);
    CHECK(fromCpu.readPort(0, masterClocksAt(kPort0Written)) == 0xAA);
    CHECK(fromCpu.readPort(1, masterClocksAt(kPort1Written)) == 0xBB);
    CHECK(fromCpu.cycles() == kPort1Written);
    CHECK(fromCpu.readPort(0, masterClocksAt(kPort1Written) + 10'000) == 0xAA);
}

// The S-CPU's side of the IPL's protocol, a few CPU cycles (about 8 master clocks each) a step.
class Uploader {
public:
    explicit Uploader(Apu& apu) : apu_(apu) {}

    std::uint8_t read(unsigned port) { return apu_.readPort(port, tick()); }
    void write(unsigned port, std::uint8_t value) { apu_.writePort(port, value, tick()); }

    // Waits until `port` reads `value`; fails after a simulated second.
    void waitFor(unsigned port, std::uint8_t value)
    {
        const std::uint64_t deadline = now_ + 21'477'272;
        while (read(port) != value) {
            REQUIRE(now_ < deadline);
        }
    }

    // The IPL's block transfer to `address`, then a jump to `entry`.
    void upload(std::uint16_t address, const std::vector<std::uint8_t>& bytes, std::uint16_t entry)
    {
        waitFor(0, 0xAA);
        waitFor(1, 0xBB);
        write(1, 1); // a block follows
        write(2, address & 0xFF);
        write(3, address >> 8);
        write(0, 0xCC);
        waitFor(0, 0xCC);
        for (std::size_t i = 0; i < bytes.size(); ++i) {
            write(1, bytes[i]);
            write(0, static_cast<std::uint8_t>(i));
            waitFor(0, static_cast<std::uint8_t>(i));
        }
        // The end: a counter beyond the last (by more than one), no further block, the entry point.
        std::uint8_t end = static_cast<std::uint8_t>(bytes.size() + 1);
        end = end == 0 ? 1 : end;
        write(1, 0);
        write(2, entry & 0xFF);
        write(3, entry >> 8);
        write(0, end);
        waitFor(0, end);
    }

    std::uint64_t now() const { return now_; }
    void wait(std::uint64_t masterClocks) { now_ += masterClocks; }

private:
    std::uint64_t tick() { return now_ += 40; }

    Apu& apu_;
    std::uint64_t now_ = 0;
};

// At $0200: port 2 = $5A, timer 0 every 4 ticks (512 cycles), then the sum of T0OUT to port 3
// (and $10) for ever.
const std::vector<std::uint8_t> kTimerProgram = {
    0x8F, 0x5A, 0xF6, // MOV $F6,#$5A
    0x8F, 0x04, 0xFA, // MOV $FA,#$04
    0x8F, 0x81, 0xF1, // MOV $F1,#$81      timer 0 on, the IPL ROM still mapped
    0xE4, 0xFD,       // MOV A,$FD         loop:
    0x60,             // CLRC
    0x84, 0x10,       // ADC A,$10
    0xC4, 0x10,       // MOV $10,A
    0xC4, 0xF7,       // MOV $F7,A
    0x2F, 0xF5,       // BRA loop
};

TEST_CASE("apu: the IPL loads a program through the ports, and the program runs")
{
    Apu apu;
    Uploader cpu(apu);
    cpu.upload(0x0200, kTimerProgram, 0x0200);
    for (std::size_t i = 0; i < kTimerProgram.size(); ++i) {
        CHECK(apu.bus().peekRam(static_cast<std::uint16_t>(0x0200 + i)) == kTimerProgram[i]);
    }
    CHECK(apu.bus().peekRam(0x0000) == 0x00); // the IPL's pointer now holds the entry point
    CHECK(apu.bus().peekRam(0x0001) == 0x02);

    cpu.waitFor(2, 0x5A);
    const std::uint8_t before = cpu.read(3);
    const std::uint64_t start = apu.cycles();
    // 100 periods of 512 cycles: port 3 counts 100 more, give or take the loop's phase.
    cpu.wait(masterClocksAt(100 * 512));
    const std::uint8_t after = cpu.read(3);
    CHECK(apu.cycles() - start >= 100 * 512);
    const int counted = static_cast<std::uint8_t>(after - before);
    CHECK(counted >= 99);
    CHECK(counted <= 101);
    CHECK(apu.bus().timer(0).enabled());
    CHECK(apu.bus().timer(0).target() == 4);
}

TEST_CASE("apu: an upload is refused until the S-CPU writes $CC")
{
    Apu apu;
    Uploader cpu(apu);
    cpu.waitFor(1, 0xBB);
    cpu.write(0, 0xCB);
    cpu.wait(100'000);
    CHECK(cpu.read(0) == 0xAA); // still waiting
    cpu.write(0, 0xCC);
    cpu.waitFor(0, 0xCC);
}

// ---- The registers, through the SPC700's own bus cycles --------------------------------------------

void idleTo(ApuBus& bus, std::uint64_t cycle)
{
    while (bus.cycles() < cycle) {
        bus.idle();
    }
}

TEST_CASE("apu timers: 0 and 1 tick every 128 cycles, 2 every 16, and the output counts targets and clears on read")
{
    ApuBus bus;
    bus.write(0xFA, 3);    // cycle 1
    bus.write(0xF1, 0x01); // cycle 2: timer 0 on; its ticks come at cycles 128, 256, 384
    idleTo(bus, 382);
    CHECK(bus.read(0xFD) == 0); // cycle 383
    CHECK(bus.read(0xFD) == 1); // cycle 384: the third tick reached the target
    CHECK(bus.read(0xFD) == 0); // cleared by the read
    idleTo(bus, 384 + 3 * 128 * 5 - 1);
    CHECK(bus.read(0xFD) == 5);

    // The output is 4 bits: 17 periods read as 1.
    bus.read(0xFD);
    const std::uint64_t from = bus.cycles() & ~std::uint64_t{127};
    idleTo(bus, from + 17 * 3 * 128 - 1);
    CHECK(bus.read(0xFD) == 1);

    // Timer 2: target 0 counts 256 ticks of 16 cycles.
    ApuBus fast;
    fast.write(0xF1, 0x04); // cycle 1
    idleTo(fast, 256 * 16 - 2);
    CHECK(fast.read(0xFF) == 0);
    CHECK(fast.read(0xFF) == 1);
    CHECK(fast.timer(2).counter() == 0);
    CHECK(fast.read(0xFD) == 0); // timers 0 and 1 are off
    CHECK(fast.read(0xFE) == 0);
}

TEST_CASE("apu timers: enabling restarts the count, disabling freezes it, targets are write-only")
{
    ApuBus bus;
    bus.write(0xFB, 2);
    bus.write(0xF1, 0x02);
    idleTo(bus, 128 * 3);           // 3 ticks: one output, counter 1
    CHECK(bus.timer(1).output() == 1);
    CHECK(bus.timer(1).counter() == 1);
    bus.write(0xF1, 0x00);          // off: nothing counts
    idleTo(bus, 128 * 10);
    CHECK(bus.timer(1).output() == 1);
    CHECK(bus.timer(1).counter() == 1);
    bus.write(0xF1, 0x02);          // on again: counter and output restart
    CHECK(bus.timer(1).output() == 0);
    CHECK(bus.timer(1).counter() == 0);
    bus.write(0xF1, 0x02);          // 1 -> 1 is no restart
    idleTo(bus, 128 * 11);
    CHECK(bus.timer(1).counter() == 1);
    bus.write(0xF1, 0x02);
    CHECK(bus.timer(1).counter() == 1);

    CHECK(bus.read(0xFB) == 0); // write-only
    CHECK(bus.peekRam(0xFB) == 2); // but the write reached RAM
    bus.write(0xFE, 9);            // outputs are read-only
    CHECK(bus.timer(1).output() == 0);

    // A target lowered below the counter: the counter wraps through 0 first.
    ApuBus wrap;
    wrap.write(0xFA, 0);
    wrap.write(0xF1, 0x01);
    idleTo(wrap, 128 * 10); // counter 10
    wrap.write(0xFA, 5);
    idleTo(wrap, 128 * (10 + 250)); // 246 to wrap to 0, 5 more to reach 5: not yet
    CHECK(wrap.timer(0).output() == 0);
    idleTo(wrap, 128 * (10 + 251));
    CHECK(wrap.timer(0).output() == 1);
    CHECK(wrap.timer(0).counter() == 0);
}

TEST_CASE("apu CONTROL: bits 4 and 5 clear the S-CPU's latches of ports 0-1 and 2-3")
{
    ApuBus bus;
    for (unsigned port = 0; port < 4; ++port) {
        bus.cpuWritesPort(port, static_cast<std::uint8_t>(0x11 * (port + 1)));
    }
    CHECK(bus.read(0xF4) == 0x11);
    CHECK(bus.read(0xF7) == 0x44);
    bus.write(0xF1, 0x10);
    CHECK(bus.read(0xF4) == 0x00);
    CHECK(bus.read(0xF5) == 0x00);
    CHECK(bus.read(0xF6) == 0x33);
    CHECK(bus.read(0xF7) == 0x44);
    bus.write(0xF1, 0x20);
    CHECK(bus.read(0xF6) == 0x00);
    CHECK(bus.read(0xF7) == 0x00);

    // The SPC700's own latches are apart: its writes are what the S-CPU reads.
    bus.write(0xF5, 0x99);
    CHECK(bus.cpuReadsPort(1) == 0x99);
    CHECK(bus.read(0xF5) == 0x00);
    bus.write(0xF1, 0x30);
    CHECK(bus.cpuReadsPort(1) == 0x99);
    CHECK(bus.read(0xF1) == 0x00); // write-only
}

TEST_CASE("apu CONTROL: bit 7 maps the IPL ROM over $FFC0-$FFFF, and writes go to RAM beneath it")
{
    ApuBus bus;
    CHECK(bus.read(0xFFC0) == 0xCD);
    CHECK(bus.read(0xFFFE) == 0xC0);
    CHECK(bus.read(0xFFFF) == 0xFF);
    bus.write(0xFFC0, 0x12);
    CHECK(bus.read(0xFFC0) == 0xCD);
    CHECK(bus.peekRam(0xFFC0) == 0x12);
    CHECK(bus.read(0xFFBF) == 0x00); // below the ROM: RAM
    bus.write(0xF1, 0x00);
    CHECK_FALSE(bus.iplRomMapped());
    CHECK(bus.read(0xFFC0) == 0x12);
    CHECK(bus.read(0xFFFF) == 0x00);
    bus.write(0xF1, 0x80);
    CHECK(bus.read(0xFFC0) == 0xCD);
    for (unsigned i = 0; i < 64; ++i) {
        CHECK(bus.peek(static_cast<std::uint16_t>(0xFFC0 + i)) == emu::apu::kIplRom[i]);
    }
}

TEST_CASE("apu DSP: $F2 selects a register, $F3 reads and writes it, $80-$FF are read-only mirrors")
{
    ApuBus bus;
    bus.write(0xF2, 0x0C);
    bus.write(0xF3, 0x7F);
    CHECK(bus.dsp().read(0x0C) == 0x7F);
    CHECK(bus.read(0xF2) == 0x0C);
    CHECK(bus.read(0xF3) == 0x7F);
    bus.write(0xF2, 0x8C);
    CHECK(bus.read(0xF2) == 0x8C);
    CHECK(bus.read(0xF3) == 0x7F); // the mirror of $0C
    bus.write(0xF3, 0x11);         // ignored
    CHECK(bus.dsp().read(0x0C) == 0x7F);
    CHECK(bus.peekRam(0xF3) == 0x11); // the write still reaches RAM

    // ENDX: any write clears it. KON is only stored.
    bus.write(0xF2, 0x7C);
    bus.write(0xF3, 0xFF);
    CHECK(bus.read(0xF3) == 0x00);
    bus.write(0xF2, 0x4C);
    bus.write(0xF3, 0x01);
    CHECK(bus.read(0xF3) == 0x01);
}

TEST_CASE("apu registers: $F8/$F9 are storage apart from RAM, TEST is stored and reads 0")
{
    ApuBus bus;
    bus.write(0xF8, 0x42);
    bus.pokeRam(0xF8, 0x00);
    CHECK(bus.read(0xF8) == 0x42);
    CHECK(bus.auxiliary(0) == 0x42);
    bus.write(0xF9, 0x24);
    CHECK(bus.read(0xF9) == 0x24);
    bus.write(0xF0, 0x0B);
    CHECK(bus.test() == 0x0B);
    CHECK(bus.read(0xF0) == 0x00);
    // The registers are at $00F0-$00FF only: $01F4 is RAM.
    bus.write(0x01F4, 0x77);
    CHECK(bus.cpuReadsPort(0) == 0x00);
    CHECK(bus.read(0x01F4) == 0x77);
    // Reading costs a cycle each, peeking nothing, and a peek clears no timer output.
    ApuBus timed;
    timed.write(0xFA, 1);
    timed.write(0xF1, 0x01);
    idleTo(timed, 128 * 3); // ticks at 128, 256 and 384, each reaching target 1
    const std::uint64_t cycles = timed.cycles();
    CHECK(timed.peek(0xFD) == 3);
    CHECK(timed.peek(0xFD) == 3);
    CHECK(timed.cycles() == cycles);
    CHECK(timed.read(0xFD) == 3);
    CHECK(timed.peek(0xFD) == 0);
    CHECK(timed.cycles() == cycles + 1);
}

TEST_CASE("apu: SLEEP halts the SPC700, whose time still passes")
{
    Apu apu;
    Uploader cpu(apu);
    cpu.upload(0x0300, {0x8F, 0x77, 0xF6, 0xEF}, 0x0300); // MOV $F6,#$77; SLEEP
    cpu.waitFor(2, 0x77);
    cpu.wait(100);
    apu.runUntil(cpu.now());
    CHECK(apu.cpu().halted);
    CHECK(apu.cpu().regs.pc == 0x0304);
    apu.runUntil(cpu.now() + 1'000'000);
    CHECK(apu.cycles() == spcCyclesAt(cpu.now() + 1'000'000));
}

} // namespace
