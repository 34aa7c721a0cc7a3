// The two standard pads: the auto-joypad read ($4200 bit 0, $4212 bit 0, $4218-$421F) and the
// serial ports $4016/$4017. Timing from Anomie's notes: the read starts 130 clocks (H = 32.5 dots)
// into the first V-blank line and keeps $4212 bit 0 set for 4224 clocks.

#include "emu/scpu/joypads.hpp"
#include "emu/scpu/snes_bus.hpp"
#include "tests/support/bus_machine.hpp"
#include "tests/support/rom_builder.hpp"

#include <doctest/doctest.h>

#include <cstdint>

namespace tileprof::test {
namespace {

constexpr std::uint64_t kLineClocks = 1364;
constexpr std::uint64_t kVblankStart = 225 * kLineClocks; // frame 0

// B, Start, Left, A, R.
constexpr std::uint16_t kPad1 = 0x8000 | 0x1000 | 0x0200 | 0x0080 | 0x0010;
constexpr std::uint16_t kPad2 = 0x4000 | 0x0100 | 0x0040; // Y, Right, X

const emu::RomImage& rom()
{
    static const emu::RomImage image = makeLoRom({0xEA});
    return image;
}

// The value $4212 bit 0 has for a read that samples the bus at `clock` (4 clocks before the end of
// its 6-clock cycle).
bool busyAt(Machine& m, std::uint64_t clock)
{
    m.advanceTo(clock - 2);
    return m.read(0x4212) & 1;
}

TEST_CASE("auto-joypad: $4212 bit 0 is set from 130 clocks into line 225 for 4224 clocks")
{
    Machine m(rom());
    m.bus.setJoypad(0, kPad1, m.t.masterClocks);
    m.write(0x4200, 0x01);
    CHECK_FALSE(busyAt(m, kVblankStart + 128));
    Machine m2(rom());
    m2.bus.setJoypad(0, kPad1, m2.t.masterClocks);
    m2.write(0x4200, 0x01);
    CHECK(busyAt(m2, kVblankStart + 130));
    Machine m3(rom());
    m3.write(0x4200, 0x01);
    CHECK(busyAt(m3, kVblankStart + 130 + 4222));
    CHECK_FALSE(busyAt(m3, kVblankStart + 130 + 4224 + 40)); // (a refresh lies between)
}

TEST_CASE("auto-joypad: JOY1/JOY2 hold the pads after the read, JOY3/JOY4 read 0")
{
    Machine m(rom());
    m.bus.setJoypad(0, kPad1, m.t.masterClocks);
    m.bus.setJoypad(1, kPad2 | 0x000F, m.t.masterClocks); // the signature bits are always 0
    CHECK(m.read(0x4218) == 0);
    m.write(0x4200, 0x01);
    m.idleUntil(kVblankStart + 5000);
    CHECK((m.read(0x4218) | m.read(0x4219) << 8) == kPad1);
    CHECK((m.read(0x421A) | m.read(0x421B) << 8) == kPad2);
    for (std::uint32_t reg = 0x421C; reg < 0x4220; ++reg) {
        CHECK(m.read(reg) == 0);
    }
}

TEST_CASE("auto-joypad: with $4200 bit 0 clear nothing is read and bit 0 stays clear")
{
    Machine m(rom());
    m.bus.setJoypad(0, kPad1, m.t.masterClocks);
    CHECK_FALSE(busyAt(m, kVblankStart + 200));
    m.idleUntil(kVblankStart + 5000);
    CHECK(m.read(0x4218) == 0);
    CHECK(m.read(0x4219) == 0);
}

TEST_CASE("serial: latching and 16 reads of $4016/$4017 give the buttons B first, then 1s")
{
    Machine m(rom());
    m.bus.setJoypad(0, kPad1, m.t.masterClocks);
    m.bus.setJoypad(1, kPad2, m.t.masterClocks);
    m.write(0x4016, 0x01);
    CHECK((m.read(0x4016) & 1) == 1); // latched: B, again and again
    CHECK((m.read(0x4016) & 1) == 1);
    m.write(0x4016, 0x00);
    std::uint16_t pad1 = 0;
    std::uint16_t pad2 = 0;
    for (int bit = 0; bit < 16; ++bit) {
        pad1 = static_cast<std::uint16_t>(pad1 << 1 | (m.read(0x4016) & 1));
        const unsigned port2 = m.read(0x4017);
        CHECK((port2 & 0x1C) == 0x1C); // bits 2-4 of JOYSER1 read 1
        pad2 = static_cast<std::uint16_t>(pad2 << 1 | (port2 & 1));
    }
    CHECK(pad1 == kPad1);
    CHECK(pad2 == kPad2);
    CHECK((m.read(0x4016) & 1) == 1);
    CHECK((m.read(0x4017) & 1) == 1);
}

TEST_CASE("serial: $4016/$4017 cost 12 clocks")
{
    Machine m(rom());
    CHECK(m.readCost(0x4016) == 12);
    CHECK(m.readCost(0x4017) == 12);
    CHECK(m.writeCost(0x4016) == 12);
}

TEST_CASE("serial: after the auto-joypad read the serial ports have shifted out every button")
{
    Machine m(rom());
    m.bus.setJoypad(0, 0x0000, m.t.masterClocks);
    m.write(0x4200, 0x01);
    m.idleUntil(kVblankStart + 5000);
    CHECK((m.read(0x4016) & 1) == 1);
}

} // namespace
} // namespace tileprof::test
