// DMA and HDMA on the S-CPU's bus: the transfer patterns, A-bus stepping, the byte count, the
// addresses that do not transfer, and the timing of each, as emu/scpu/snes_dma.cpp's header states it
// (bsnes v094 after Anomie): the CPU runs one more cycle after the $420B write, the engine aligns
// to 8 clocks since power-on (a full 8 when aligned), takes 8 + 8 a byte + 8 a channel, and gives
// the bus back after a whole cycle of the next access's speed.

#include "emu/scpu/dma_channel.hpp"
#include "emu/scpu/snes_bus.hpp"
#include "tests/support/bus_machine.hpp"
#include "tests/support/rom_builder.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

namespace tileprof::test {
namespace {

constexpr std::uint64_t kLineClocks = 1364;

// ROM bytes at $00:8000 + i: i * 7 + 3, so that every byte differs from its neighbours; an HDMA
// table at $00:9000, a long one at $00:9050, and an indirect one at $00:9100 with its data at
// $00:9200.
constexpr std::uint8_t romByte(unsigned i)
{
    return static_cast<std::uint8_t>(i * 7 + 3);
}

const emu::RomImage& dataRom()
{
    static const emu::RomImage rom = [] {
        std::vector<std::uint8_t> bytes(0x1300);
        for (unsigned i = 0; i < bytes.size(); ++i) {
            bytes[i] = romByte(i);
        }
        // Direct: 2 lines of one byte, then 3 lines in repeat mode of a byte each, then the end.
        const std::vector<std::uint8_t> direct = {0x02, 0xA1, 0x83, 0xB1, 0xB2, 0xB3, 0x00};
        std::copy(direct.begin(), direct.end(), bytes.begin() + 0x1000);
        // Indirect: 1 line from $9200, then 2 repeat lines from $9210, then the end.
        const std::vector<std::uint8_t> indirect = {0x01, 0x00, 0x92, 0x82, 0x10, 0x92, 0x00};
        std::copy(indirect.begin(), indirect.end(), bytes.begin() + 0x1100);
        // Long: three entries of 127 lines each, so that the channel stays active all frame.
        const std::vector<std::uint8_t> longTable = {0x7F, 0x11, 0x7F, 0x22, 0x7F, 0x33, 0x00};
        std::copy(longTable.begin(), longTable.end(), bytes.begin() + 0x1050);
        for (unsigned i = 0; i < 0x20; ++i) {
            bytes[0x1200 + i] = static_cast<std::uint8_t>(0xC0 + i);
        }
        return makeLoRom(bytes);
    }();
    return rom;
}

// Writes channel `n`'s registers as a program would, through the bus.
void setChannel(Machine& m, unsigned n, std::uint8_t control, std::uint8_t bAddress, std::uint32_t aAddress,
                std::uint16_t count)
{
    const std::uint32_t base = 0x4300 + n * 0x10;
    m.write(base + 0, control);
    m.write(base + 1, bAddress);
    m.write(base + 2, static_cast<std::uint8_t>(aAddress));
    m.write(base + 3, static_cast<std::uint8_t>(aAddress >> 8));
    m.write(base + 4, static_cast<std::uint8_t>(aAddress >> 16));
    m.write(base + 5, static_cast<std::uint8_t>(count));
    m.write(base + 6, static_cast<std::uint8_t>(count >> 8));
}

void setWramPort(Machine& m, std::uint32_t address)
{
    m.write(0x2181, static_cast<std::uint8_t>(address));
    m.write(0x2182, static_cast<std::uint8_t>(address >> 8));
    m.write(0x2183, static_cast<std::uint8_t>(address >> 16));
}

std::uint8_t wram(Machine& m, std::uint32_t index)
{
    return m.bus.wram()[index];
}

// Starts the DMA of `channels`, runs the one CPU cycle the hardware lets through (a WRAM read) and
// the cycle before which the transfer runs (an idle), and returns the clocks from the end of the
// $420B write to the end of that idle.
std::uint64_t runDma(Machine& m, std::uint8_t channels)
{
    m.write(0x420B, channels);
    const std::uint64_t start = m.t.masterClocks;
    m.read(0x7E0000);
    m.idle();
    return m.t.masterClocks - start;
}

// The clocks `runDma` takes for `bytes` bytes over `channels` channels, when the $420B write ends
// at `writeEnd` and no refresh falls inside.
std::uint64_t expectedDmaClocks(std::uint64_t writeEnd, unsigned channels, std::uint64_t bytes)
{
    const std::uint64_t fetchEnd = writeEnd + 8;
    const std::uint64_t align = 8 - fetchEnd % 8;
    const std::uint64_t dma = align + 8 + 8 * bytes + 8 * channels;
    const std::uint64_t resume = 6 - dma % 6;
    return 8 + dma + resume + 6;
}

TEST_CASE("dma channel: the eight transfer patterns' B-bus registers and unit sizes")
{
    const unsigned offsets[8][4] = {{0, 0, 0, 0}, {0, 1, 0, 1}, {0, 0, 0, 0}, {0, 0, 1, 1},
                                    {0, 1, 2, 3}, {0, 1, 0, 1}, {0, 0, 0, 0}, {0, 0, 1, 1}};
    const unsigned units[8] = {1, 2, 2, 4, 4, 4, 2, 4};
    for (unsigned pattern = 0; pattern < 8; ++pattern) {
        emu::DmaChannel channel;
        channel.write(0x0, static_cast<std::uint8_t>(pattern));
        channel.write(0x1, 0x18);
        CAPTURE(pattern);
        CHECK(channel.unitBytes() == units[pattern]);
        for (unsigned index = 0; index < 8; ++index) {
            CHECK(channel.bRegister(index) == 0x18 + offsets[pattern][index & 3]);
        }
    }
    emu::DmaChannel channel;
    channel.write(0x1, 0xFF);
    channel.write(0x0, 0x04);
    CHECK(channel.bRegister(1) == 0x00); // the B-bus address wraps within $21xx
}

TEST_CASE("dma: registers read back, $43xB mirrors at $43xF, $43xC-$43xE are open bus, power-on all ones")
{
    Machine m(dataRom());
    for (unsigned reg = 0; reg < 0x10; ++reg) {
        if (emu::DmaChannel::isRegister(reg)) {
            CHECK(m.bus.peek(0x4350 + reg) == 0xFF);
        }
    }
    for (unsigned reg = 0; reg < 0xB; ++reg) {
        m.write(0x4350 + reg, static_cast<std::uint8_t>(0x10 + reg));
    }
    for (unsigned reg = 0; reg < 0xB; ++reg) {
        CHECK(m.read(0x4350 + reg) == 0x10 + reg);
    }
    m.write(0x435F, 0x5A);
    CHECK(m.read(0x435B) == 0x5A);
    m.write(0x435C, 0x77);
    m.read(0x7E0010);                         // puts $00 on the data bus (WRAM is zero)
    CHECK(m.read(0x435C) == 0x00);            // open bus, not the $77 written
    CHECK(m.read(0x4340) == 0xFF);            // other channels untouched
}

TEST_CASE("dma: A to B, pattern 0 into WMDATA copies ROM to WRAM, steps A1T, empties DAS, one cycle later")
{
    Machine m(dataRom());
    m.advanceTo(kLineClocks + 100); // far from line 1's refresh
    setWramPort(m, 0x2000);
    setChannel(m, 0, 0x00, 0x80, 0x008010, 5);
    const std::uint64_t writeEnd = m.t.masterClocks + 6; // the $420B write takes 6 clocks
    const std::uint64_t cycles = m.t.cycles;
    m.write(0x420B, 0x01);
    CHECK(m.read(0x7E2000) == 0); // the cycle after the write runs before the transfer
    m.idle();
    CHECK(m.t.masterClocks - writeEnd == expectedDmaClocks(writeEnd, 1, 5));
    CHECK(m.t.cycles == cycles + 3); // DMA takes clocks, not CPU cycles
    for (unsigned i = 0; i < 5; ++i) {
        CHECK(wram(m, 0x2000 + i) == romByte(0x10 + i));
    }
    CHECK(wram(m, 0x2005) == 0);
    CHECK(m.read(0x4302) == 0x15);
    CHECK(m.read(0x4303) == 0x80);
    CHECK(m.read(0x4305) == 0);
    CHECK(m.read(0x4306) == 0);
}

TEST_CASE("dma: the start aligns to 8 clocks since power-on, a full 8 when already aligned")
{
    for (unsigned shift = 0; shift < 8; ++shift) {
        Machine m(dataRom());
        m.advanceTo(kLineClocks + 100 + 2 * shift); // the write ends on every even phase
        setChannel(m, 2, 0x00, 0x80, 0x008000, 3);
        setWramPort(m, 0x0100);
        const std::uint64_t writeEnd = m.t.masterClocks + 6;
        CAPTURE(writeEnd % 8);
        CHECK(runDma(m, 0x04) == expectedDmaClocks(writeEnd, 1, 3));
    }
}

TEST_CASE("dma: the bus comes back after whole cycles of the next access's speed")
{
    for (const unsigned speed : {6u, 8u, 12u}) {
        Machine m(dataRom());
        m.advanceTo(kLineClocks + 100);
        setChannel(m, 0, 0x00, 0x80, 0x008000, 2);
        setWramPort(m, 0x0100);
        m.write(0x420B, 0x01);
        const std::uint64_t writeEnd = m.t.masterClocks;
        m.read(0x7E0000); // the transfer starts at the edge after this cycle
        const std::uint64_t afterFetch = writeEnd + 8;
        const std::uint32_t address = speed == 6 ? 0x004300 : speed == 8 ? 0x7E0000 : 0x004016;
        m.read(address);
        const std::uint64_t dma = (8 - afterFetch % 8) + 8 + 16 + 8;
        CAPTURE(speed);
        CHECK(m.t.masterClocks - writeEnd == 8 + dma + (speed - dma % speed) + speed);
    }
}

TEST_CASE("dma: two channels run in order, 8 clocks each, and the A-bus decrements or stays fixed")
{
    Machine m(dataRom());
    m.advanceTo(kLineClocks + 100);
    setWramPort(m, 0x3000);
    setChannel(m, 1, 0x10, 0x80, 0x008023, 3); // decrement: $8023, $8022, $8021
    setChannel(m, 3, 0x08, 0x80, 0x008040, 2); // fixed: $8040 twice
    const std::uint64_t writeEnd = m.t.masterClocks + 6;
    CHECK(runDma(m, 0x0A) == expectedDmaClocks(writeEnd, 2, 5));
    CHECK(wram(m, 0x3000) == romByte(0x23));
    CHECK(wram(m, 0x3001) == romByte(0x22));
    CHECK(wram(m, 0x3002) == romByte(0x21));
    CHECK(wram(m, 0x3003) == romByte(0x40));
    CHECK(wram(m, 0x3004) == romByte(0x40));
    CHECK(m.read(0x4312) == 0x20);
    CHECK(m.read(0x4332) == 0x40);
}

TEST_CASE("dma: a byte count of 0 moves 65,536 bytes")
{
    Machine m(dataRom());
    m.advanceTo(kLineClocks + 100);
    setWramPort(m, 0x10000);
    setChannel(m, 0, 0x08, 0x80, 0x008007, 0);
    m.write(0x420B, 0x01);
    const std::uint64_t writeEnd = m.t.masterClocks;
    const std::uint64_t refreshes = m.bus.refreshes();
    m.read(0x7E0000);
    m.idle();
    const std::uint64_t refreshClocks = 40 * (m.bus.refreshes() - refreshes);
    const std::uint64_t fetchEnd = writeEnd + 8;
    const std::uint64_t dma = (8 - fetchEnd % 8) + 8 + 8 * 65536 + 8;
    CHECK(m.t.masterClocks - writeEnd - refreshClocks == 8 + dma + (6 - dma % 6) + 6);
    CHECK(refreshes < m.bus.refreshes()); // refresh goes on during DMA
    CHECK(wram(m, 0x10000) == romByte(7));
    CHECK(wram(m, 0x1FFFF) == romByte(7));
    CHECK(wram(m, 0x0FFFF) == 0);
    CHECK(m.read(0x4305) == 0);
    CHECK(m.read(0x4306) == 0);
}

TEST_CASE("dma: B to A, pattern 4 reads four B-bus registers in turn")
{
    Machine m(dataRom());
    m.write(0x211B, 0x34); // M7A = $1234
    m.write(0x211B, 0x12);
    m.write(0x211C, 0x56); // product $061D78... as a signed 16 x 8 multiply
    const std::uint32_t product = 0x1234 * 0x56;
    setChannel(m, 0, 0x84, 0x34, 0x7E4000, 8);
    runDma(m, 0x01);
    const std::uint8_t low = static_cast<std::uint8_t>(product);
    const std::uint8_t middle = static_cast<std::uint8_t>(product >> 8);
    const std::uint8_t high = static_cast<std::uint8_t>(product >> 16);
    // $2137 (SLHV) reads as open bus: the byte just read from $2136.
    const std::uint8_t expected[8] = {low, middle, high, high, low, middle, high, high};
    for (unsigned i = 0; i < 8; ++i) {
        CAPTURE(i);
        CHECK(wram(m, 0x4000 + i) == expected[i]);
    }
}

TEST_CASE("dma: the A-bus cannot reach B-bus or CPU registers, nor WRAM through WMDATA")
{
    Machine m(dataRom());
    m.write(0x211B, 0xFF);
    m.write(0x211B, 0x7F);
    m.write(0x211C, 0x7F); // a nonzero product at $2134
    setWramPort(m, 0x5000);
    setChannel(m, 0, 0x00, 0x80, 0x002134, 1); // A-bus $2134: reads 0
    runDma(m, 0x01);
    CHECK(wram(m, 0x5000) == 0x00);
    CHECK(m.read(0x2180) == 0x00); // and the port moved on past it
    setWramPort(m, 0x5000);
    m.write(0x7E5000, 0x99);

    setChannel(m, 1, 0x80, 0x80, 0x7E6000, 1); // B to A, $2180 to WRAM: writes 0, reads nothing
    m.write(0x7E6000, 0x55);
    runDma(m, 0x02);
    CHECK(wram(m, 0x6000) == 0x00);
    CHECK(m.read(0x2180) == 0x99); // the port did not advance

    setChannel(m, 2, 0x00, 0x80, 0x7E7000, 1); // WRAM to $2180: no write
    m.write(0x7E7000, 0x66);
    setWramPort(m, 0x7100);
    runDma(m, 0x04);
    CHECK(wram(m, 0x7100) == 0x00);

    setChannel(m, 3, 0x80, 0x34, 0x004350, 1); // B to A into a DMA register: dropped
    m.write(0x4350, 0x21);
    runDma(m, 0x08);
    CHECK(m.read(0x4350) == 0x21);
}

TEST_CASE("dma: a write to ROM by DMA is ignored and recorded as a fault")
{
    Machine m(dataRom());
    setChannel(m, 0, 0x80, 0x34, 0x008000, 1);
    runDma(m, 0x01);
    REQUIRE(m.bus.faults().size() == 1);
    CHECK(m.bus.faults()[0].kind == emu::BusFault::Kind::RomWrite);
    CHECK(m.bus.faults()[0].address == 0x008000);
    CHECK(m.read(0x008000) == romByte(0));
}

// ---- HDMA --------------------------------------------------------------------------------------

void idleUntilLine(Machine& m, std::uint32_t line)
{
    while (m.bus.position(m.t.masterClocks).line != line) {
        m.idle();
    }
}

// Enables HDMA on `channels` after this frame's HDMA lines, so that it starts with the next
// frame's setup (enabled earlier, it would run this frame from whatever the registers hold).
void enableHdmaFromNextFrame(Machine& m, std::uint8_t channels)
{
    idleUntilLine(m, 230);
    m.write(0x420C, channels);
}

TEST_CASE("hdma: a direct table with a line count and a repeat entry writes one byte a line, then stops")
{
    Machine m(dataRom());
    setChannel(m, 0, 0x00, 0x80, 0x009000, 0);
    setWramPort(m, 0x2000);
    enableHdmaFromNextFrame(m, 0x01);
    idleUntilLine(m, 240);
    CHECK(wram(m, 0x2000) == 0);
    idleUntilLine(m, 10);
    CHECK(wram(m, 0x2000) == 0xA1); // line 0
    CHECK(wram(m, 0x2001) == 0xB1); // line 2: line 1 repeats nothing (not in repeat mode)
    CHECK(wram(m, 0x2002) == 0xB2);
    CHECK(wram(m, 0x2003) == 0xB3);
    CHECK(wram(m, 0x2004) == 0x00);
    CHECK(m.read(0x4308) == 0x07); // A2A0 past the terminating 0
    CHECK(m.read(0x4309) == 0x90);
    CHECK(m.read(0x430A) == 0x00);
}

TEST_CASE("hdma: an indirect table reads its data from the indirect bank and its address from the table")
{
    Machine m(dataRom());
    setChannel(m, 1, 0x40, 0x80, 0x009100, 0);
    m.write(0x4317, 0x00); // indirect bank $00
    setWramPort(m, 0x2000);
    enableHdmaFromNextFrame(m, 0x02);
    idleUntilLine(m, 10);
    CHECK(wram(m, 0x2000) == 0xC0);
    CHECK(wram(m, 0x2001) == 0xD0);
    CHECK(wram(m, 0x2002) == 0xD1);
    CHECK(wram(m, 0x2003) == 0x00);
    // The terminating entry reads one byte of address (no later channel is active), into DAS1's
    // high byte.
    CHECK(m.read(0x4315) == 0x00);
    CHECK(m.read(0x4316) == romByte(0x1107));
}

// Idles cycle by cycle across `line`'s HDMA point and returns how many clocks longer than the idle
// cycles themselves (and the refresh) it took.
std::uint64_t hdmaStall(Machine& m, std::uint32_t line, std::uint64_t& runStart)
{
    idleUntilLine(m, line);
    const std::uint64_t lineStart = m.t.masterClocks - m.bus.position(m.t.masterClocks).hclock;
    while (m.t.masterClocks + 6 < lineStart + 1104) {
        m.idle();
    }
    // Cycle starts: this one is before 1104, the next is at or after it (the trigger), and the
    // one after that is where HDMA runs.
    const std::uint64_t before = m.t.masterClocks;
    const std::uint64_t refreshes = m.bus.refreshes();
    m.idle();
    m.idle();
    runStart = before + 12 + 40 * (m.bus.refreshes() - refreshes);
    m.idle();
    return m.t.masterClocks - before - 18 - 40 * (m.bus.refreshes() - refreshes);
}

TEST_CASE("hdma: a line's transfer starts at the edge after clock 1104 and costs 8 + 8 a byte + 8 a channel")
{
    Machine m(dataRom());
    setChannel(m, 0, 0x00, 0x80, 0x009000, 0);
    setWramPort(m, 0x2000);
    enableHdmaFromNextFrame(m, 0x01);
    std::uint64_t runStart = 0;
    // Line 0 transfers its byte and reads the next entry's count: align, 8, 8 (byte), 8 (entry).
    const std::uint64_t stall0 = hdmaStall(m, 0, runStart);
    const std::uint64_t hdma0 = (8 - runStart % 8) + 8 + 8 + 8;
    CHECK(stall0 == hdma0 + (6 - hdma0 % 6));
    // Line 1 transfers nothing but still reads the table: align, 8, 8.
    const std::uint64_t stall1 = hdmaStall(m, 1, runStart);
    const std::uint64_t hdma1 = (8 - runStart % 8) + 8 + 8;
    CHECK(stall1 == hdma1 + (6 - hdma1 % 6));
    // After the table's end (line 4) the channel is done: no stall at all.
    std::uint64_t unused = 0;
    CHECK(hdmaStall(m, 8, unused) == 0);
}

TEST_CASE("hdma: the frame's setup at 12 + (clocks mod 8) into line 0 reloads A2A and takes the first entry")
{
    Machine m(dataRom());
    setChannel(m, 0, 0x00, 0x80, 0x009000, 0);
    m.write(0x4308, 0x00);
    m.write(0x4309, 0x00);
    m.write(0x430A, 0x55);
    enableHdmaFromNextFrame(m, 0x01);
    idleUntilLine(m, 261);
    while (m.bus.position(m.t.masterClocks).line != 0) {
        m.idle();
    }
    // Just inside line 0: the setup has not run yet.
    CHECK(m.bus.dmaChannel(0).tableAddress == 0x0000);
    for (int i = 0; i < 8; ++i) {
        m.idle();
    }
    CHECK(m.bus.dmaChannel(0).tableAddress == 0x9001);
    CHECK(m.bus.dmaChannel(0).lineCounter == 0x02);
}

TEST_CASE("hdma: starting on a channel a DMA is using ends that DMA mid-transfer")
{
    Machine m(dataRom());
    setChannel(m, 0, 0x00, 0x80, 0x009050, 0);
    setWramPort(m, 0x2000);
    enableHdmaFromNextFrame(m, 0x01);
    idleUntilLine(m, 100);
    // A 1000-byte DMA on the same channel, started just before line 100's HDMA point.
    const std::uint64_t lineStart = m.t.masterClocks - m.bus.position(m.t.masterClocks).hclock;
    while (m.t.masterClocks + 200 < lineStart + 1104) {
        m.idle();
    }
    m.write(0x4302, 0x00);
    m.write(0x4303, 0x80);
    m.write(0x4305, 0xE8);
    m.write(0x4306, 0x03);
    runDma(m, 0x01);
    const unsigned left = m.read(0x4305) | m.read(0x4306) << 8;
    CHECK(left > 900);
    CHECK(left < 1000);
}

// ---- NMI during a DMA --------------------------------------------------------------------------

TEST_CASE("dma: an NMI that falls inside a DMA is raised there and taken after it")
{
    Machine m(dataRom());
    m.write(0x4200, 0x80);
    idleUntilLine(m, 224);
    setChannel(m, 0, 0x08, 0x80, 0x008000, 0x1000); // 4,096 bytes: 24 lines
    setWramPort(m, 0x10000);
    CHECK_FALSE(m.bus.nmiPending());
    runDma(m, 0x01);
    CHECK(m.bus.nmiPending());
    CHECK(m.bus.position(m.t.masterClocks).line > 225);
}

} // namespace
} // namespace tileprof::test
