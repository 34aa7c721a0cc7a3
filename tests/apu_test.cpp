// The APU driven as the S-CPU drives it: the IPL's boot signature, an upload through the IPL's
// handshake, and the SPC700's registers (timers, CONTROL, the IPL ROM, the DSP's ports).

#include "emu/apu/apu.hpp"
#include "emu/apu/apu_clock.hpp"
#include "emu/apu/ipl_rom.hpp"

#include <doctest/doctest.h>

#include <algorithm>
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

// ---- Port timing: exact to the SPC700 cycle ------------------------------------------------------
//
// The rule (docs/machine.md): an S-CPU access at master clock T comes after SPC700 cycles
// 1..N, N = ceil(T x 128160 / 2684659), and before cycle N+1. The expected values below come from
// that ratio and the SPC700's documented cycle counts, not from the APU's catch-up.

// The SPC700 cycle count an S-CPU access at `masterClock` comes after.
std::uint64_t cycleOf(std::uint64_t masterClock)
{
    return (masterClock * emu::apu::kCyclesPerRatio + emu::apu::kMasterClocksPerRatio - 1) /
           emu::apu::kMasterClocksPerRatio;
}

// The first master clock whose access comes after exactly `cycle` cycles.
std::uint64_t firstMasterClockOf(std::uint64_t cycle)
{
    std::uint64_t t = cycle * emu::apu::kMasterClocksPerRatio / emu::apu::kCyclesPerRatio;
    while (t > 0 && cycleOf(t - 1) >= cycle) {
        --t;
    }
    while (cycleOf(t) < cycle) {
        ++t;
    }
    return t;
}

// The host runs exactly one SPC700 instruction.
void stepInstruction(Apu& apu)
{
    apu.runToCycle(apu.cycles() + 1);
}

// Host-steps until PC is `pc`; returns the cycle count there.
std::uint64_t stepTo(Apu& apu, std::uint16_t pc)
{
    for (int i = 0; i < 100 && apu.cpu().regs.pc != pc; ++i) {
        stepInstruction(apu);
    }
    REQUIRE(apu.cpu().regs.pc == pc);
    return apu.cycles();
}

// A small deterministic generator for access times.
struct Lcg {
    std::uint32_t state = 12345;
    unsigned below(unsigned n)
    {
        state = state * 1664525u + 1013904223u;
        return (state >> 8) % n;
    }
};

// Loaded through the IPL and entered; the program's first instruction at $0200.
void load(Apu& apu, const std::vector<std::uint8_t>& program)
{
    Uploader cpu(apu);
    cpu.upload(0x0200, program, 0x0200);
}

TEST_CASE("apu port timing: an S-CPU read sees the SPC700's port writes exactly to the cycle")
{
    // X counts up; MOVW $F4,YA writes it to port 0 in its 4th cycle and port 1 in its 5th.
    // Loop at $0202, 15 cycles: INC X (2), MOV A,X (2), MOV Y,A (2), MOVW (5), BRA (4).
    const std::vector<std::uint8_t> program = {
        0xCD, 0x00,       // MOV X,#0
        0x3D,             // INC X        loop:
        0x7D,             // MOV A,X
        0xFD,             // MOV Y,A
        0xDA, 0xF4,       // MOVW $F4,YA
        0x2F, 0xF9,       // BRA loop
    };
    Apu apu;
    load(apu, program);
    std::uint64_t loop = stepTo(apu, 0x0202);
    stepInstruction(apu);
    loop = stepTo(apu, 0x0202); // a second round: ports 0 and 1 hold X
    const std::uint8_t x0 = apu.cpu().regs.x;
    CHECK(apu.bus().portToCpu(0) == x0);

    // Round k (1, 2, ...) writes x0 + k to port 0 in cycle loop + 15(k-1) + 10, to port 1 a cycle
    // later.
    auto expected = [&](std::uint64_t cycle, unsigned port) {
        const std::uint64_t first = loop + 10 + port;
        const std::uint64_t rounds = cycle < first ? 0 : (cycle - first) / 15 + 1;
        return static_cast<std::uint8_t>(x0 + rounds);
    };
    // Every master clock over four rounds: every place inside every instruction.
    const std::uint64_t from = firstMasterClockOf(loop);
    int wrong = 0;
    int insideMovw = 0;
    for (std::uint64_t t = from; t < from + 1300; ++t) {
        const std::uint64_t cycle = cycleOf(t);
        const std::uint64_t phase = (cycle - loop) % 15;
        insideMovw += phase >= 7 && phase < 11; // MOVW spans cycles 7-11 of a round
        for (unsigned port = 0; port < 2; ++port) {
            const std::uint8_t seen = apu.readPort(port, t);
            if (seen != expected(cycle, port) && wrong++ == 0) {
                FAIL_CHECK("port " << port << " at master clock " << t << " (cycle " << cycle << ", "
                                   << phase << " into the round) reads " << int{seen} << ", not "
                                   << int{expected(cycle, port)});
            }
        }
    }
    CHECK(wrong == 0);
    CHECK(insideMovw > 200);
}

TEST_CASE("apu port timing: an SPC700 polling loop sees an S-CPU write from exactly the cycle after it")
{
    // The loop at $0202 waits for port 0 to equal X, then counts X up and waits again:
    // CMP X,$F4 (3 cycles, the port read in its 3rd) and BNE (4 taken, 2 not): 7 cycles a round.
    const std::vector<std::uint8_t> program = {
        0xCD, 0x01,       // MOV X,#1
        0x3E, 0xF4,       // CMP X,$F4    wait:
        0xD0, 0xFC,       // BNE wait
        0x3D,             // INC X
        0x2F, 0xF9,       // BRA wait
    };
    Apu apu;
    load(apu, program);
    Lcg random;
    int wrong = 0;
    for (int round = 0; round < 400; ++round) {
        const std::uint64_t wait = stepTo(apu, 0x0202);
        const std::uint8_t x = apu.cpu().regs.x;
        // As the S-CPU polls: a read (which lets the SPC700 run into its next instruction), then
        // the write a little later; or the write alone.
        std::uint64_t t = firstMasterClockOf(wait) + random.below(300);
        if (random.below(4) != 0) {
            apu.readPort(0, t);
            t += random.below(250);
        }
        apu.writePort(0, x, t);
        // Round j reads the port in cycle wait + 7j + 3; the first that comes after the write
        // falls through to INC X, 5 cycles after its round began.
        const std::uint64_t written = cycleOf(t);
        std::uint64_t j = 0;
        while (wait + 7 * j + 3 <= written) {
            ++j;
        }
        const std::uint64_t leaves = wait + 7 * j + 5;
        const std::uint64_t left = stepTo(apu, 0x0206);
        if (left != leaves && wrong++ == 0) {
            FAIL_CHECK("round " << round << ": written after cycle " << written << " (" << written - wait
                                << " into the wait), the loop ends at cycle " << left << ", not " << leaves);
        }
    }
    CHECK(wrong == 0);
}

TEST_CASE("apu port timing: MOVW YA,$F4 reads port 0 and port 1 at their own cycles, around S-CPU writes")
{
    // An echo: MOVW YA,$F4 (5 cycles: port 0 read in the 3rd, port 1 in the 5th), MOVW $F6,YA
    // (5), BRA (4): 14 cycles a round.
    const std::vector<std::uint8_t> program = {
        0xBA, 0xF4,       // MOVW YA,$F4  loop:
        0xDA, 0xF6,       // MOVW $F6,YA
        0x2F, 0xFA,       // BRA loop
    };
    Apu apu;
    load(apu, program);
    // Every S-CPU write so far: the latch a read in cycle c sees is the last one made after a
    // cycle before c.
    struct Write {
        std::uint64_t after;
        unsigned port;
        std::uint8_t value;
    };
    std::vector<Write> writes;
    auto latch = [&](unsigned port, std::uint64_t cycle) {
        std::uint8_t value = 0;
        for (const Write& w : writes) {
            if (w.port == port && w.after < cycle) {
                value = w.value;
            }
        }
        return value;
    };
    std::uint64_t now = firstMasterClockOf(stepTo(apu, 0x0200));
    for (unsigned port = 0; port < 2; ++port) {
        apu.writePort(port, 0, now);
        writes.push_back(Write{cycleOf(now), port, 0});
    }
    Lcg random;
    int checked = 0;
    int wrong = 0;
    std::uint64_t loop = 0;
    // Where the SPC700 stands after its round's MOVW YA,$F4, A and Y must be what the latches
    // held at its two reads.
    auto check = [&] {
        const std::uint64_t into = (apu.cycles() - loop) % 14;
        const std::uint64_t start = into >= 5 ? apu.cycles() - into : apu.cycles() - into - 14;
        const std::uint8_t a = latch(0, start + 3);
        const std::uint8_t y = latch(1, start + 5);
        ++checked;
        if ((apu.cpu().regs.a != a || apu.cpu().regs.y != y) && wrong++ == 0) {
            FAIL_CHECK("the MOVW YA,$F4 of cycle " << start << " read " << int{apu.cpu().regs.a} << "/"
                                                   << int{apu.cpu().regs.y} << ", not " << int{a} << "/" << int{y});
        }
    };
    for (int round = 0; round < 400; ++round) {
        stepInstruction(apu);
        loop = stepTo(apu, 0x0200);
        std::uint64_t t = std::max(now, firstMasterClockOf(loop)) + random.below(300);
        if (random.below(4) != 0) {
            apu.readPort(2, t);
            check();
        }
        for (unsigned port = 0; port < 2; ++port) {
            t += random.below(port == 0 ? 200 : 60);
            const std::uint8_t value = static_cast<std::uint8_t>(2 * round + port + 1);
            apu.writePort(port, value, t);
            writes.push_back(Write{cycleOf(t), port, value});
            check();
        }
        now = t;
        for (int i = 0; i < 9; ++i) { // three more rounds, an instruction at a time
            stepInstruction(apu);
            check();
        }
        now = std::max(now, firstMasterClockOf(apu.cycles()));
    }
    CHECK(checked > 4000);
    CHECK(wrong == 0);
}

TEST_CASE("apu port timing: a CONTROL clear and an S-CPU write in either order")
{
    // MOV $F1,#$10 clears ports 0-1's latches in its 5th cycle; MOV A,$F4 reads port 0 three
    // cycles later. Only a write made after a cycle in [clear, read) is read back.
    const std::vector<std::uint8_t> program = {
        0x8F, 0x10, 0xF1, // MOV $F1,#$10  loop:
        0xE4, 0xF4,       // MOV A,$F4
        0xC4, 0xF6,       // MOV $F6,A
        0x2F, 0xF7,       // BRA loop
    };
    Apu apu;
    load(apu, program);
    Lcg random;
    int wrong = 0;
    int readBack = 0;
    for (int round = 0; round < 300; ++round) {
        stepInstruction(apu);
        const std::uint64_t loop = stepTo(apu, 0x0200);
        std::uint64_t t = firstMasterClockOf(loop) + random.below(200);
        if (random.below(4) != 0) {
            apu.readPort(2, t);
            t += random.below(150);
        }
        apu.writePort(0, 0x5A, t);
        const std::uint64_t written = cycleOf(t);
        // Round j's read is in cycle loop + 16j + 8; A holds it until the next round's.
        for (std::uint64_t j = 0; j < 3; ++j) {
            const std::uint64_t cleared = loop + 16 * j + 5;
            const std::uint64_t read = cleared + 3;
            const std::uint8_t a = cleared <= written && written < read ? 0x5A : 0x00;
            readBack += a != 0;
            if (apu.cycles() < read) {
                stepInstruction(apu);
                CHECK(stepTo(apu, 0x0205) == read);
            }
            if (apu.cycles() < read + 16 && apu.cpu().regs.a != a && wrong++ == 0) {
                FAIL_CHECK("round " << round << ", write after cycle " << written << ": A is "
                                    << int{apu.cpu().regs.a} << " after the read in cycle " << read
                                    << ", not " << int{a});
            }
        }
    }
    CHECK(wrong == 0);
    CHECK(readBack > 10);
}

} // namespace
