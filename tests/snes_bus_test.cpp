// The S-CPU's bus, LoROM and HiROM: memory map, open bus, access speed, DRAM refresh, frame timing, the
// multiplier and divider, NMI/IRQ and the status registers. Expected values come from the timing
// facts in ../shared/reference/cpu-and-timing.md (part B) and from arithmetic on them.

#include "emu/cpu/cpu.hpp"
#include "emu/scpu/snes_bus.hpp"
#include "emu/timing/video_timing.hpp"
#include "tests/support/bus_machine.hpp"
#include "tests/support/recorder.hpp"
#include "tests/support/rom_builder.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

namespace tileprof::test {
namespace {

// B.1: 1364 master clocks a line, 262 lines a frame; line 240 of every odd frame is 1360 clocks.
constexpr std::uint64_t kLineClocks = 1364;
constexpr std::uint64_t kShortLineClocks = 1360;
constexpr std::uint32_t kLinesPerFrame = 262;
constexpr std::uint64_t kEvenFrameClocks = kLinesPerFrame * kLineClocks;
constexpr std::uint64_t kOddFrameClocks = (kLinesPerFrame - 1) * kLineClocks + kShortLineClocks;
constexpr std::uint64_t kIdleClocks = 6;
constexpr std::uint64_t kRefreshClocks = 40;

std::uint64_t frameClocks(std::uint64_t frame)
{
    return frame % 2 == 1 ? kOddFrameClocks : kEvenFrameClocks;
}

std::uint64_t lineClocks(std::uint64_t frame, std::uint32_t line)
{
    return frame % 2 == 1 && line == 240 ? kShortLineClocks : kLineClocks;
}

// Master clocks from power-on to the start of `line` of `frame`.
std::uint64_t lineStart(std::uint64_t frame, std::uint32_t line)
{
    std::uint64_t clock = 0;
    for (std::uint64_t f = 0; f < frame; ++f) {
        clock += frameClocks(f);
    }
    for (std::uint32_t l = 0; l < line; ++l) {
        clock += lineClocks(frame, l);
    }
    return clock;
}

emu::VideoPosition expectedPosition(std::uint64_t clock)
{
    std::uint64_t frame = 0;
    while (clock >= frameClocks(frame)) {
        clock -= frameClocks(frame);
        ++frame;
    }
    std::uint32_t line = 0;
    while (clock >= lineClocks(frame, line)) {
        clock -= lineClocks(frame, line);
        ++line;
    }
    return {frame, line, static_cast<std::uint32_t>(clock)};
}

std::string addressName(std::uint32_t address)
{
    char text[16];
    std::snprintf(text, sizeof text, "$%02X:%04X", static_cast<unsigned>(address >> 16),
                  static_cast<unsigned>(address & 0xFFFF));
    return text;
}

// The first ROM bytes differ from each other and from the $FF filler, so that a read through each
// mirror can be told apart from open bus and from a wrong offset.
const std::vector<std::uint8_t> kRomStart = {0x12, 0x34, 0x56, 0x78};

const emu::RomImage& plainRom()
{
    static const emu::RomImage rom = makeLoRom(kRomStart);
    return rom;
}

// ---- Access speed ------------------------------------------------------------------------------

struct Speed {
    std::uint32_t address;
    unsigned slowRom; // master clocks with MEMSEL = 0 (power-on)
    unsigned fastRom; // with MEMSEL bit 0 set
};

// B.2, region by region; FastROM only changes A23=1 cartridge addresses.
constexpr Speed kSpeedMap[] = {
    {0x000000, 8, 8},   {0x001FFF, 8, 8},   // WRAM mirror
    {0x002000, 6, 6},   {0x002100, 6, 6},   {0x002180, 6, 6},   {0x003FFF, 6, 6}, // B-bus area
    {0x004000, 12, 12}, {0x004016, 12, 12}, {0x0041FF, 12, 12}, // old joypad ports
    {0x004200, 6, 6},   {0x004300, 6, 6},   {0x0043FF, 6, 6},   {0x005FFF, 6, 6}, // CPU registers
    {0x006000, 8, 8},   {0x007FFF, 8, 8},   // expansion
    {0x008000, 8, 8},   {0x3F0000, 8, 8},   {0x3F4016, 12, 12}, {0x3FFFFF, 8, 8},
    {0x400000, 8, 8},   {0x408000, 8, 8},   {0x7D8000, 8, 8},   {0x7DFFFF, 8, 8},
    {0x7E0000, 8, 8},   {0x7E8000, 8, 8},   {0x7FFFFF, 8, 8},
    {0x800000, 8, 8},   {0x801FFF, 8, 8},   {0x802100, 6, 6},   {0x804016, 12, 12},
    {0x804200, 6, 6},   {0x806000, 8, 8},   {0x808000, 8, 6},   {0xBF4200, 6, 6},
    {0xBFFFFF, 8, 6},   {0xC00000, 8, 6},   {0xC08000, 8, 6},   {0xFE0000, 8, 6},
    {0xFFFFFF, 8, 6},
};

TEST_CASE("snes bus: every region of the speed map costs its clocks, SlowROM and FastROM")
{
    Machine m(plainRom());
    const auto checkSpeedMap = [&m](bool fastRom) {
        for (const Speed& speed : kSpeedMap) {
            INFO((fastRom ? "FastROM " : "SlowROM ") << addressName(speed.address));
            const unsigned clocks = fastRom ? speed.fastRom : speed.slowRom;
            CHECK(m.bus.accessClocks(speed.address) == clocks);
            CHECK(m.readCost(speed.address) == clocks);
            CHECK(m.writeCost(speed.address) == clocks);
        }
        CHECK(m.cost([&] { m.idle(); }) == kIdleClocks);
    };
    checkSpeedMap(false);
    m.write(0x00420D, 0x01);
    REQUIRE(m.bus.fastRom());
    checkSpeedMap(true);
}

TEST_CASE("snes bus: MEMSEL bit 0 switches the A23 cartridge area between 8 and 6 clocks")
{
    Machine m(plainRom());
    const auto checkSpeed = [&](unsigned cartridgeHigh) {
        CHECK(m.readCost(0x808000) == cartridgeHigh);
        CHECK(m.readCost(0xC00000) == cartridgeHigh);
        CHECK(m.readCost(0x008000) == 8);
        CHECK(m.readCost(0x7E0000) == 8);
    };
    CHECK_FALSE(m.bus.fastRom());
    checkSpeed(8);
    m.write(0x00420D, 0x01);
    checkSpeed(6);
    m.write(0x00420D, 0x00);
    checkSpeed(8);
    m.write(0x80420D, 0xFF); // through the bank $80 mirror; only bit 0 counts
    checkSpeed(6);
    m.write(0x00420D, 0xFE);
    checkSpeed(8);
}

// ---- Memory map --------------------------------------------------------------------------------

TEST_CASE("snes bus: the PPU's signed multiply, M7A by M7B's last byte through the mode-7 latch")
{
    Machine m(plainRom());
    const auto product = [&m] {
        return static_cast<std::int32_t>((m.read(0x2134) | m.read(0x2135) << 8 | m.read(0x2136) << 16) << 8) >> 8;
    };
    // M7A = $1234, low byte first; M7B's byte $05.
    m.write(0x211B, 0x34);
    m.write(0x211B, 0x12);
    m.write(0x211C, 0x05);
    CHECK(product() == 0x1234 * 5);
    // Signed both ways: -2 x -128, and the extremes.
    m.write(0x211B, 0xFE);
    m.write(0x211B, 0xFF);
    m.write(0x211C, 0x80);
    CHECK(product() == 256);
    m.write(0x211B, 0x00);
    m.write(0x211B, 0x80);
    CHECK(product() == -32768 * -128);
    // Every mode-7 register writes through the one latch: after M7X's $AB, one byte to M7A makes it
    // $CDAB.
    m.write(0x211F, 0xAB);
    m.write(0x211B, 0xCD);
    m.write(0x211C, 0x01);
    CHECK(product() == static_cast<std::int16_t>(0xCDAB));
    // From any bank the system area maps, and the reads leave the byte on the data bus.
    CHECK(m.read(0x802134) == 0xAB);
}

TEST_CASE("snes bus: WRAM and its low mirror")
{
    Machine m(plainRom());
    m.write(0x7F0123, 0x3C);
    m.write(0x000123, 0xA5);
    CHECK(m.read(0x7E0123) == 0xA5);
    CHECK(m.read(0x800123) == 0xA5);
    CHECK(m.read(0x3F0123) == 0xA5);
    CHECK(m.read(0xBF0123) == 0xA5);
    CHECK(m.read(0x7F0123) == 0x3C); // the second 64 KiB is other memory

    m.write(0x7E1FFF, 0x77); // the last mirrored byte
    CHECK(m.read(0x001FFF) == 0x77);
    CHECK(m.read(0x801FFF) == 0x77);

    // $2000 is past the mirror: the write goes nowhere and the read is open bus.
    m.write(0x7E2000, 0x11);
    m.write(0x002000, 0x99);
    CHECK(m.read(0x7E2000) == 0x11);
    m.write(0x7E0000, 0x22);
    CHECK(m.read(0x002000) == 0x22);

    m.write(0x7EFFFF, 0x44); // the full 128 KiB is reachable in banks $7E-$7F
    m.write(0x7F8000, 0x55);
    CHECK(m.read(0x7EFFFF) == 0x44);
    CHECK(m.read(0x7F8000) == 0x55);
    CHECK(m.bus.wram()[0xFFFF] == 0x44);
    CHECK(m.bus.wram()[0x18000] == 0x55);
    CHECK(m.bus.faults().empty());
}

TEST_CASE("snes bus: ROM and its mirrors")
{
    Machine m(plainRom());
    for (const std::uint32_t bank : {0x00u, 0x80u, 0x40u, 0xC0u, 0x01u, 0x3Fu, 0x7Du, 0xFEu, 0xFFu}) {
        const std::uint32_t base = bank << 16 | 0x8000;
        INFO("bank " << addressName(base));
        // A one-bank ROM: every bank's $8000-$FFFF shows ROM bank 0.
        for (std::uint32_t i = 0; i < kRomStart.size(); ++i) {
            CHECK(m.read(base + i) == kRomStart[i]);
            CHECK(m.bus.peek(base + i) == kRomStart[i]);
        }
        CHECK(m.read(base | 0x7FFC) == 0x00); // the reset vector, $8000
        CHECK(m.read(base | 0x7FFD) == 0x80);
    }
}

TEST_CASE("snes bus: ROM banks follow bank number times 32 KiB, modulo the ROM size")
{
    // Three 32 KiB banks, each starting with its own number; the map wraps at the ROM's size.
    std::vector<std::uint8_t> bytes = plainRom().bytes;
    for (std::uint8_t bank = 1; bank < 3; ++bank) {
        std::vector<std::uint8_t> other(emu::kLoRomBankBytes, 0xFF);
        other[0] = bank;
        bytes.insert(bytes.end(), other.begin(), other.end());
    }
    emu::RomImage rom = plainRom();
    rom.bytes = bytes;
    Machine m(rom);
    CHECK(m.read(0x008000) == kRomStart[0]);
    CHECK(m.read(0x018000) == 1);
    CHECK(m.read(0x028000) == 2);
    CHECK(m.read(0x038000) == kRomStart[0]); // 3 * 32 KiB mod 96 KiB = 0
    CHECK(m.read(0x818000) == 1);
    CHECK(m.read(0x428000) == kRomStart[0]); // bank 66: 66 mod 3 = 0
    CHECK(m.read(0xC48000) == 2);            // bank $44 = 68: 68 mod 3 = 2
}

TEST_CASE("snes bus: a write to ROM is ignored and recorded as a fault")
{
    Machine m(plainRom());
    const std::uint64_t cycle = m.t.cycles;
    m.write(0x008000, 0x99);
    CHECK(m.read(0x008000) == kRomStart[0]);
    REQUIRE(m.bus.faults().size() == 1);
    const emu::BusFault& fault = m.bus.faults()[0];
    CHECK(fault.kind == emu::BusFault::Kind::RomWrite);
    CHECK(fault.address == 0x008000);
    CHECK(fault.value == 0x99);
    CHECK(fault.cycle == cycle);

    m.write(0xC08001, 0x98);
    m.write(0x408002, 0x97);
    CHECK(m.read(0x808001) == kRomStart[1]);
    CHECK(m.read(0x808002) == kRomStart[2]);
    REQUIRE(m.bus.faults().size() == 3);
    CHECK(m.bus.faults()[1].address == 0xC08001);
    CHECK(m.bus.faults()[2].address == 0x408002);
    CHECK_FALSE(m.bus.poke(0x008000, 0x01));
    CHECK(m.bus.peek(0x008000) == kRomStart[0]);

    m.bus.clearFaults();
    CHECK(m.bus.faults().empty());
    m.write(0x7E0000, 0x01); // WRAM and open bus writes are no faults
    m.write(0x006000, 0x01);
    m.write(0x400000, 0x01);
    CHECK(m.bus.faults().empty());
}

TEST_CASE("snes bus: SRAM declared in the header sits at $70-$7D:0000-$7FFF, mirrored")
{
    Machine m(makeLoRom(kRomStart, 0x8000, 3)); // 1 KiB << 3 = 8 KiB
    m.write(0x700000, 0x5A);
    m.write(0x701FFF, 0xA5);
    CHECK(m.read(0x700000) == 0x5A);
    for (const std::uint32_t mirror : {0x702000u, 0x704000u, 0x706000u, 0x710000u, 0x7D6000u, 0xF00000u, 0xFD2000u}) {
        INFO(addressName(mirror));
        CHECK(m.read(mirror) == 0x5A);
        CHECK(m.read(mirror + 0x1FFF) == 0xA5);
    }
    m.write(0xF12345, 0x66);
    CHECK(m.read(0x700345) == 0x66);
    CHECK(m.read(0x708000) == kRomStart[0]); // the upper half of the banks is still ROM
    CHECK(m.readCost(0x700000) == 8);
    CHECK(m.bus.poke(0x700010, 0x21));
    CHECK(m.read(0x702010) == 0x21);
    CHECK(m.bus.faults().empty());
}

TEST_CASE("snes bus: SRAM smaller than a page mirrors within it, and nothing reaches past it")
{
    // 2 and 4 KiB (size codes 1 and 2) are smaller than the bus's 8 KiB pages: a regression test
    // for pages mapped onto them, through which $70:0800 wrote past the end of SRAM.
    for (const std::uint8_t code : {std::uint8_t{1}, std::uint8_t{2}}) {
        const std::uint32_t size = 0x400u << code;
        CAPTURE(size);
        Machine m(makeLoRom(kRomStart, 0x8000, code));
        m.write(0x700000, 0x11);
        m.write(0x700800, 0x5A);
        CHECK(m.read(0x700000) == (size == 0x800 ? 0x5A : 0x11)); // $0800 is $0000's mirror in 2 KiB
        for (const std::uint32_t mirror : {0x700800u + size, 0x707800u, 0x7D0800u + size, 0xF00800u, 0xFF7800u}) {
            INFO(addressName(mirror));
            CHECK(m.read(mirror) == 0x5A);
        }
        CHECK(m.bus.peek(0x7C0800) == 0x5A);
        CHECK(m.bus.poke(0x7C7FFF, 0xA5));
        CHECK(m.read(0x700000 + size - 1) == 0xA5);
        CHECK(m.bus.peek(0x700000 + size - 1) == 0xA5);
        CHECK(m.read(0x708000) == kRomStart[0]); // the upper half of the banks is still ROM
        CHECK(m.readCost(0x700800) == 8);
        CHECK(m.bus.faults().empty());
    }
}

TEST_CASE("snes bus: without SRAM in the header, $70:0000 is open bus")
{
    Machine m(plainRom());
    m.write(0x700000, 0x5A);
    m.write(0x7E0000, 0x31);
    CHECK(m.read(0x700000) == 0x31);
    CHECK_FALSE(m.bus.poke(0x700000, 0x01));
}

// ---- HiROM -------------------------------------------------------------------------------------

// Four 64 KiB banks, each starting with its own number, the code at offset $8000.
const emu::RomImage& hiRom()
{
    static const emu::RomImage rom = makeHiRom(kRomStart, 4);
    return rom;
}

TEST_CASE("snes bus: HiROM shows whole banks at $40-$7D and $C0-$FF, their upper halves at $00-$3F/$80-$BF")
{
    REQUIRE(hiRom().layout == emu::RomLayout::HiRom);
    Machine m(hiRom());
    for (const std::uint32_t bank : {0x40u, 0xC0u, 0x44u, 0xC4u, 0x7Du, 0xFCu}) {
        INFO("bank " << addressName(bank << 16));
        CHECK(m.read(bank << 16) == (bank & 0x3F) % 4); // 64 KiB a bank, modulo the ROM's 4 banks
        CHECK(m.read(bank << 16 | 0x8000) == ((bank & 0x3F) % 4 == 0 ? kRomStart[0] : 0xFF));
    }
    for (const std::uint32_t bank : {0x00u, 0x80u, 0x3Cu, 0xBCu}) {
        INFO("bank " << addressName(bank << 16));
        for (std::uint32_t i = 0; i < kRomStart.size(); ++i) {
            CHECK(m.read(bank << 16 | (0x8000 + i)) == kRomStart[i]);
            CHECK(m.bus.peek(bank << 16 | (0x8000 + i)) == kRomStart[i]);
        }
        CHECK(m.read(bank << 16 | 0xFFFC) == 0x00); // the reset vector, $8000, at ROM offset $FFFC
        CHECK(m.read(bank << 16 | 0xFFFD) == 0x80);
    }
    CHECK(m.read(0x018000) == 0xFF); // bank 1's upper half: filler, not bank 0 again
    CHECK(m.read(0xC1FFDC) == 0xFF);
    m.write(0x7E0000, 0x31);
    CHECK(m.read(0x000000) == 0x31);     // the low 8 KiB of WRAM stays in the system banks
    CHECK(m.read(0x7E0000) == 0x31);     // and banks $7E-$7F are WRAM, not ROM bank $3E-$3F
}

TEST_CASE("snes bus: HiROM ROM costs 8 clocks, and 6 at $80-$FF with MEMSEL, by bank not by layout")
{
    Machine m(makeHiRom(kRomStart, 1, 3, 0x31));
    for (const std::uint32_t address : {0x400000u, 0x7D8000u, 0xC00000u, 0xC08000u, 0x008000u, 0x808000u, 0x206000u,
                                        0xA06000u}) {
        INFO(addressName(address));
        CHECK(m.readCost(address) == 8);
    }
    m.write(0x00420D, 0x01);
    for (const std::uint32_t address : {0xC00000u, 0xFFFFFFu, 0x808000u, 0xBFFFFFu}) {
        INFO("FastROM " << addressName(address));
        CHECK(m.readCost(address) == 6);
        CHECK(m.writeCost(address) == 6);
    }
    for (const std::uint32_t address : {0x400000u, 0x7DFFFFu, 0x008000u, 0xA06000u}) {
        INFO("FastROM " << addressName(address));
        CHECK(m.readCost(address) == 8); // A23 clear, or SRAM
    }
}

TEST_CASE("snes bus: HiROM SRAM sits at $20-$3F/$A0-$BF:6000-$7FFF, 8 KiB a bank, mirrored")
{
    Machine m(makeHiRom(kRomStart, 1, 4)); // 1 KiB << 4 = 16 KiB: two banks' worth
    m.write(0x206000, 0x5A);
    m.write(0x207FFF, 0xA5);
    m.write(0x216000, 0x66); // SRAM offset $2000
    CHECK(m.read(0x206000) == 0x5A);
    CHECK(m.read(0x216000) == 0x66);
    for (const std::uint32_t mirror : {0x226000u, 0x3E6000u, 0xA06000u, 0xBE6000u}) {
        INFO(addressName(mirror));
        CHECK(m.read(mirror) == 0x5A);
        CHECK(m.read(mirror + 0x1FFF) == 0xA5);
        CHECK(m.read(mirror + 0x10000) == 0x66);
    }
    CHECK(m.bus.poke(0xA16001, 0x21));
    CHECK(m.bus.peek(0x216001) == 0x21);
    CHECK(m.bus.faults().empty());
    // Where LoROM keeps SRAM, HiROM has ROM; where HiROM keeps it, other banks have expansion space.
    CHECK(m.read(0x700000) == 0x00);
    CHECK(m.read(0x708000) == kRomStart[0]);
    m.write(0x7E0000, 0x31);
    CHECK(m.read(0x006000) == 0x31);
    CHECK(m.read(0x1F6000) == 0x31);
    CHECK_FALSE(m.bus.poke(0x006000, 0x01));
}

TEST_CASE("snes bus: a write to HiROM ROM, low halves included, is ignored and recorded as a fault")
{
    Machine m(hiRom());
    for (const std::uint32_t address : {0xC00000u, 0x401234u, 0x7D0000u, 0x008000u, 0xBFFFFFu}) {
        INFO(addressName(address));
        const unsigned before = m.read(address);
        m.bus.clearFaults();
        m.write(address, static_cast<std::uint8_t>(before ^ 0xFF));
        CHECK(m.read(address) == before);
        REQUIRE(m.bus.faults().size() == 1);
        CHECK(m.bus.faults()[0].kind == emu::BusFault::Kind::RomWrite);
        CHECK(m.bus.faults()[0].address == address);
    }
    m.bus.clearFaults();
    m.write(0x006000, 0x01); // no SRAM: open bus, no fault
    m.write(0x7E0000, 0x01);
    CHECK(m.bus.faults().empty());
}

// ---- Open bus ----------------------------------------------------------------------------------

TEST_CASE("snes bus: unmapped reads return the last value on the data bus")
{
    Machine m(plainRom());
    CHECK(m.read(0x008001) == kRomStart[1]);
    CHECK(m.read(0x006000) == kRomStart[1]);

    m.write(0x7E0010, 0x5A);
    CHECK(m.read(0x006000) == 0x5A);
    CHECK(m.read(0x400000) == 0x5A); // $40-$6F:0000-$7FFF holds nothing in LoROM
    CHECK(m.read(0x002200) == 0x5A);

    // CPU registers leave the data bus alone, whether unused ($4100) or not ($4210: RDNMI).
    CHECK(m.read(0x004100) == 0x5A);
    CHECK(m.read(0x006000) == 0x5A);
    const unsigned rdnmi = m.read(0x004210);
    CHECK((rdnmi & 0x0F) == 0x02);
    CHECK(m.read(0x006000) == 0x5A);

    // B-bus reads do drive it: a WMDATA read leaves WRAM's byte there.
    m.write(0x7E0200, 0xC3);
    m.write(0x002181, 0x00);
    m.write(0x002182, 0x02);
    m.write(0x002183, 0x00);
    CHECK(m.read(0x002180) == 0xC3);
    CHECK(m.read(0x006000) == 0xC3);
}

// ---- DRAM refresh and frame timing -------------------------------------------------------------

TEST_CASE("snes bus: one 40-clock refresh per line at 538 - (line start mod 8), frames 0 and 1")
{
    Machine m(plainRom());
    std::vector<std::uint64_t> refreshedCycleStarts;
    std::uint64_t wrongPositions = 0;
    emu::VideoPosition firstWrong{};
    std::uint64_t firstWrongClock = 0;
    const std::uint64_t end = kEvenFrameClocks + kOddFrameClocks;
    while (m.t.masterClocks < end) {
        const std::uint64_t start = m.t.masterClocks;
        m.idle();
        const std::uint64_t clocks = m.t.masterClocks - start;
        if (clocks != kIdleClocks) {
            CHECK(clocks == kIdleClocks + kRefreshClocks);
            refreshedCycleStarts.push_back(start);
        }
        const emu::VideoPosition expected = expectedPosition(m.t.masterClocks);
        const emu::VideoPosition actual = m.bus.position(m.t.masterClocks);
        if (actual.frame != expected.frame || actual.line != expected.line || actual.hclock != expected.hclock) {
            if (wrongPositions++ == 0) {
                firstWrong = actual;
                firstWrongClock = m.t.masterClocks;
            }
        }
    }
    INFO("first wrong position at clock " << firstWrongClock << ": frame " << firstWrong.frame << " line "
                                          << firstWrong.line << " hclock " << firstWrong.hclock);
    CHECK(wrongPositions == 0);

    // Line 0 starts at 0: the refresh follows the idle cycle that ends on the first 6-clock
    // boundary at or after 538, i.e. 534..540. Line 1 starts at 1364 (mod 8 = 4): its point is
    // 534 clocks in, at 1898; after the first refresh the boundaries are 580 + 6n, so 1894..1900.
    REQUIRE(refreshedCycleStarts.size() == 2 * kLinesPerFrame);
    CHECK(refreshedCycleStarts[0] == 534);
    CHECK(refreshedCycleStarts[1] == 1894);
    CHECK(m.bus.refreshes() == 2 * kLinesPerFrame);

    // Every line: the refresh comes after the idle cycle during which its point falls.
    for (std::uint32_t i = 0; i < refreshedCycleStarts.size(); ++i) {
        const std::uint64_t frame = i / kLinesPerFrame;
        const std::uint32_t line = i % kLinesPerFrame;
        const std::uint64_t startOfLine = lineStart(frame, line);
        const std::uint64_t point = startOfLine + 538 - startOfLine % 8;
        INFO("frame " << frame << " line " << line << ": refresh point " << point);
        CHECK(refreshedCycleStarts[i] < point);
        CHECK(point <= refreshedCycleStarts[i] + kIdleClocks);
    }
}

TEST_CASE("snes bus: frame 0 is 262 full lines and frame 1 is 4 clocks shorter")
{
    static_assert(kEvenFrameClocks == 357368);
    static_assert(kOddFrameClocks == kEvenFrameClocks - 4);
    Machine m(plainRom());
    m.idleUntil(kEvenFrameClocks);
    emu::VideoPosition at = m.bus.position(m.t.masterClocks);
    CHECK(at.frame == 1);
    CHECK(at.line == 0);
    CHECK(at.hclock == m.t.masterClocks - kEvenFrameClocks);
    CHECK(m.bus.refreshes() == kLinesPerFrame);

    // Line 240 of frame 1 is the short one: line 241 starts 240 * 1364 + 1360 clocks in.
    const std::uint64_t line241 = kEvenFrameClocks + 240 * kLineClocks + kShortLineClocks;
    m.idleUntil(line241 - kIdleClocks);
    at = m.bus.position(m.t.masterClocks);
    CHECK(at.line == 240);
    CHECK(at.hclock == m.t.masterClocks - (line241 - kShortLineClocks));
    m.idleUntil(line241);
    at = m.bus.position(m.t.masterClocks);
    CHECK(at.line == 241);
    CHECK(at.hclock == m.t.masterClocks - line241);

    m.idleUntil(kEvenFrameClocks + kOddFrameClocks);
    at = m.bus.position(m.t.masterClocks);
    CHECK(at.frame == 2);
    CHECK(at.line == 0);
    CHECK(at.hclock == m.t.masterClocks - (kEvenFrameClocks + kOddFrameClocks));
    CHECK(m.bus.refreshes() == 2 * kLinesPerFrame);
}

// ---- Multiplier and divider --------------------------------------------------------------------

struct RegisterWrite {
    std::uint32_t address;
    unsigned value;
};

// Runs `writes` on a bus fresh from power-on (the first refresh is 538 clocks away, past all of
// this), the last of which starts an operation, and reads `address` on the k-th cycle after it.
unsigned readOnCycle(const std::vector<RegisterWrite>& writes, unsigned k, std::uint32_t address)
{
    Machine m(plainRom());
    for (const RegisterWrite& w : writes) {
        m.write(w.address, static_cast<std::uint8_t>(w.value));
    }
    for (unsigned i = 1; i < k; ++i) {
        m.idle();
    }
    const unsigned value = m.read(address);
    REQUIRE(m.bus.refreshes() == 0);
    return value;
}

// A 16-bit result pair as seen on the k-th cycle: each byte from its own run, since a second
// read would come a cycle later.
unsigned wordOnCycle(const std::vector<RegisterWrite>& writes, unsigned k, std::uint32_t lowAddress)
{
    return readOnCycle(writes, k, lowAddress) | readOnCycle(writes, k, lowAddress + 1) << 8;
}

TEST_CASE("snes bus: the multiplier takes one shift-and-add step per cycle after WRMPYB")
{
    const std::pair<unsigned, unsigned> products[] = {{0, 0},       {0, 200},     {200, 0},     {1, 1},
                                                      {3, 5},       {0x12, 0x34}, {0x80, 0x02}, {0xAB, 0xCD},
                                                      {0xFF, 0x01}, {255, 255}};
    for (const auto& [a, b] : products) {
        const std::vector<RegisterWrite> start = {{0x004202, a}, {0x004203, b}};
        for (unsigned k = 1; k <= 10; ++k) {
            const unsigned steps = std::min(k - 1, 8u);
            INFO(a << " x " << b << ", read on cycle " << k << " (" << steps << " steps)");
            CHECK(wordOnCycle(start, k, 0x004216) == b * (a % (1u << steps)));
            CHECK(wordOnCycle(start, k, 0x004214) == ((b << 8 | a) >> steps));
        }
    }
}

TEST_CASE("snes bus: WRMPYB while a multiplication runs clears RDMPY but starts nothing")
{
    // 0x0B x 0x10. The second write comes on cycle 3, when 2 (or, counting its own, 3) steps
    // have added bits 0 and 1 of A (bit 2 is 0); clearing RDMPY drops them and the remaining
    // steps add bit 3 only. A restart would leave RDDIV = 0x02.
    Machine m(plainRom());
    m.write(0x004202, 0x0B);
    m.write(0x004203, 0x10);
    m.idle();
    m.idle();
    m.write(0x004203, 0x02);
    for (int i = 0; i < 10; ++i) {
        m.idle();
    }
    CHECK(m.readWord(0x004216) == 0x10 * 0x08);
    CHECK(m.readWord(0x004214) == 0x0010);

    // Once it is done, the next WRMPYB starts a new product with the same WRMPYA.
    m.write(0x004203, 0x02);
    for (int i = 0; i < 8; ++i) {
        m.idle();
    }
    CHECK(m.readWord(0x004216) == 0x0B * 0x02);
    CHECK(m.readWord(0x004214) == 0x0002);
}

TEST_CASE("snes bus: the divider takes one restoring-division step per cycle after WRDIVB")
{
    const std::pair<unsigned, unsigned> quotients[] = {{1000, 7},    {0xFFFF, 1},   {0xFFFF, 0xFF}, {12345, 100},
                                                       {5, 10},      {0, 3},        {0x8000, 0x80}, {0xFFFF, 3},
                                                       {40000, 0},   {0, 0}};
    for (const auto& [dividend, divisor] : quotients) {
        const std::vector<RegisterWrite> start = {
            {0x004204, dividend & 0xFF}, {0x004205, dividend >> 8}, {0x004206, divisor}};
        for (unsigned k = 1; k <= 17; ++k) {
            const unsigned steps = std::min(k - 1, 16u);
            const unsigned doneBits = (1u << steps) - 1;
            INFO(dividend << " / " << divisor << ", read on cycle " << k << " (" << steps << " steps)");
            const unsigned rddiv = wordOnCycle(start, k, 0x004214);
            const unsigned rdmpy = wordOnCycle(start, k, 0x004216);
            if (divisor == 0) {
                CHECK((rddiv & doneBits) == doneBits);
                CHECK(rdmpy == dividend);
            } else {
                const unsigned shiftedDivisor = divisor << (16 - steps);
                CHECK((rddiv & doneBits) == dividend / shiftedDivisor);
                CHECK(rdmpy == dividend % shiftedDivisor);
            }
        }
        CHECK(wordOnCycle(start, 17, 0x004214) == (divisor != 0 ? dividend / divisor : 0xFFFF));
        CHECK(wordOnCycle(start, 17, 0x004216) == (divisor != 0 ? dividend % divisor : dividend));
    }
}

TEST_CASE("snes bus: the multiplier and divider keep running through a refresh, 5 steps of it")
{
    // $FFFF / 3. 83 idle cycles end at 498; WRDIVB ends at 516, idle cycles 1-3 at 534, and the
    // read on cycle 4 spans 534..540, across the refresh point 538: it sees 3 steps, the refresh
    // follows. A read on cycle 5 sees 4 cycles' steps plus the refresh's 5.
    const auto quotientOnCycle = [](unsigned k) {
        Machine m(plainRom());
        for (int i = 0; i < 83; ++i) {
            m.idle();
        }
        REQUIRE(m.t.masterClocks == 498);
        m.write(0x004204, 0xFF);
        m.write(0x004205, 0xFF);
        m.write(0x004206, 3);
        for (unsigned i = 1; i < k; ++i) {
            m.idle();
        }
        const unsigned value = m.read(0x004214);
        CHECK(m.bus.refreshes() == 1);
        return value;
    };
    // The low byte of RDDIV holds the quotient bits found so far: 2 after 3 steps, 170 after 9.
    const auto quotientBitsAfter = [](unsigned steps) { return 0xFFFFu / (3u << (16 - steps)); };
    CHECK((quotientOnCycle(4) & 0x07) == quotientBitsAfter(3));
    CHECK(quotientOnCycle(5) == (quotientBitsAfter(4 + 5) & 0xFF));
}

// ---- NMI, status registers ---------------------------------------------------------------------

TEST_CASE("snes bus: RDNMI's flag rises 2 clocks into line 225, falls when read and at frame start")
{
    Machine m(plainRom());
    const std::uint64_t vblank = lineStart(0, 225);

    m.advanceTo(lineStart(0, 224) + 100);
    CHECK((m.read(0x004212) & 0x80) == 0);

    // A 6-clock read samples 2 clocks in: this one at the start of line 225, before the flag;
    // the next one at 6 clocks, after it.
    m.advanceTo(vblank - 2);
    CHECK((m.read(0x004210) & 0x8F) == 0x02);
    REQUIRE(m.t.masterClocks == vblank + 4);
    CHECK((m.read(0x004210) & 0x8F) == 0x82);
    CHECK((m.read(0x004210) & 0x8F) == 0x02); // reading cleared it
    CHECK((m.read(0x004212) & 0x80) == 0x80);

    m.advanceTo(lineStart(0, 261) + 100);
    CHECK((m.read(0x004212) & 0x80) == 0x80);
    m.advanceTo(lineStart(1, 0) + 100);
    CHECK((m.read(0x004212) & 0x80) == 0);

    // Not read this time: the start of frame 2 clears it.
    m.advanceTo(lineStart(1, 225) + 100);
    m.advanceTo(lineStart(2, 0) + 100);
    CHECK((m.read(0x004210) & 0x80) == 0);
}

// As bsnes v094: the bit as the frame begins (line 0) decides; written during frame 0, it moves
// frame 1's V-blank (picture-overscan, which turns it on and off, agrees with bsnes-mercury).
TEST_CASE("snes bus: with overscan (SETINI bit 2) as a frame begins, its V-blank and NMI flag start at line 240")
{
    Machine m(plainRom());
    m.write(0x002133, 0x04);
    m.advanceTo(lineStart(0, 230) + 100);
    CHECK((m.read(0x004210) & 0x80) == 0x80); // frame 0 began without it
    CHECK((m.read(0x004212) & 0x80) == 0x80);
    m.advanceTo(lineStart(1, 230) + 100);
    CHECK((m.read(0x004210) & 0x80) == 0);
    CHECK((m.read(0x004212) & 0x80) == 0);
    m.advanceTo(lineStart(1, 240) + 100);
    CHECK((m.read(0x004210) & 0x80) == 0x80);
    CHECK((m.read(0x004212) & 0x80) == 0x80);
}

TEST_CASE("snes bus: HVBJOY H-blank holds from 1096 clocks into the line to 4 clocks into the next")
{
    // Each read starts at the clock named and samples 2 clocks later; both points lie on the same
    // side of 1096 and of 4.
    Machine m(plainRom());
    const std::uint64_t line = lineStart(0, 20);
    m.advanceTo(line + 100);
    CHECK((m.read(0x004212) & 0x40) == 0);
    m.advanceTo(line + 700);
    CHECK((m.read(0x004212) & 0x40) == 0);
    m.advanceTo(line + 1090);
    CHECK((m.read(0x004212) & 0x40) == 0);
    REQUIRE(m.t.masterClocks == line + 1096);
    CHECK((m.read(0x004212) & 0x40) == 0x40);
    m.advanceTo(line + 1350);
    CHECK((m.read(0x004212) & 0x40) == 0x40);
    m.advanceTo(line + kLineClocks);
    CHECK((m.read(0x004212) & 0x40) == 0x40);
    m.advanceTo(line + 2 * kLineClocks + 4);
    CHECK((m.read(0x004212) & 0x40) == 0);
}

TEST_CASE("snes bus: HVBJOY reads the position 4 clocks before the end of its cycle")
{
    // B.2: a read samples the bus 4 clocks before the end of its cycle (2 clocks into a 6-clock
    // register read), the point $2137 latches at. Each read below starts 2 clocks before a
    // boundary and so samples on it.
    Machine m(plainRom());
    m.advanceTo(lineStart(0, 10) + 1090); // samples 1092
    CHECK((m.read(0x004212) & 0x40) == 0);
    m.advanceTo(lineStart(0, 11) + 1094); // samples 1096: H-blank
    CHECK((m.read(0x004212) & 0x40) == 0x40);
    m.advanceTo(lineStart(0, 13) + 2);    // samples 4: H-blank over
    CHECK((m.read(0x004212) & 0x40) == 0);
    m.advanceTo(lineStart(0, 225) - 2);   // samples line 225, clock 0: V-blank
    CHECK((m.read(0x004212) & 0x80) == 0x80);
    m.advanceTo(lineStart(1, 0) - 2);     // samples frame 1, line 0: V-blank over
    CHECK((m.read(0x004212) & 0x80) == 0);
}

// A program that writes `nmitimen` to NMITIMEN and loops; the NMI vector points at a STP.
emu::RomImage nmiProgram(std::uint8_t nmitimen)
{
    emu::RomImage rom = makeLoRom({0xA9, nmitimen,   // $8000 LDA #nmitimen
                                   0x8D, 0x00, 0x42, // $8002 STA $4200
                                   0x80, 0xFE,       // $8005 BRA $8005
                                   0xDB},            // $8007 STP
                                  0x8007);
    // makeLoRom points every vector at the STP; reset must enter the program instead.
    rom.bytes[0x7FFC] = 0x00;
    rom.bytes[0x7FFD] = 0x80;
    return rom;
}

TEST_CASE("snes bus: with NMITIMEN bit 7 set the CPU takes the NMI at the start of V-blank")
{
    emu::SnesBus bus(nmiProgram(0x80));
    emu::Cpu<emu::SnesBus> cpu(bus);
    cpu.reset();
    const std::uint16_t stack = cpu.state.regs.s;
    REQUIRE(cpu.run(emu::RunLimits{.cycles = 200000}) == emu::StopReason::Stopped);

    const emu::VideoPosition at = bus.position(cpu.state.time.masterClocks);
    CHECK(at.frame == 0);
    CHECK(at.line == 225);
    CHECK(cpu.state.time.masterClocks > lineStart(0, 225) + 2);

    // Emulation mode: PCH, PCL, then P with B (bit 4) clear; the loop was interrupted.
    CHECK(cpu.state.regs.s == static_cast<std::uint16_t>(stack - 3));
    CHECK(bus.peek(stack) == 0x80);
    CHECK(bus.peek(static_cast<std::uint16_t>(stack - 1)) == 0x05);
    const std::uint8_t pushedP = bus.peek(static_cast<std::uint16_t>(stack - 2));
    CHECK((pushedP & 0x10) == 0);
    CHECK((pushedP & emu::flag::negative) != 0); // from LDA #$80
}

TEST_CASE("snes bus: with NMITIMEN bit 7 clear no NMI is taken")
{
    emu::SnesBus bus(nmiProgram(0x00));
    emu::Cpu<emu::SnesBus> cpu(bus);
    cpu.reset();
    const std::uint16_t stack = cpu.state.regs.s;
    // BRA costs 8 + 8 + 6 clocks for 3 cycles: 200,000 cycles are about four frames.
    CHECK(cpu.run(emu::RunLimits{.cycles = 200000}) == emu::StopReason::CycleLimit);
    CHECK(cpu.state.time.masterClocks > kEvenFrameClocks + kOddFrameClocks);
    CHECK(cpu.state.regs.s == stack);
    CHECK(cpu.state.regs.pc == 0x8005);
    CHECK_FALSE(bus.nmiPending());
}

// ---- H/V counters ------------------------------------------------------------------------------

struct LatchCase {
    std::uint64_t frame;
    std::uint32_t line;
    std::uint32_t readStart; // clocks into the line when the $2137 read begins
    unsigned dot;            // at readStart + 2, 4 clocks before the 6-clock read ends
};

// Dots are 4 clocks, but 323 (1292-1297) and 327 (1310-1315) are 6 on a normal line, so dot
// 328 starts at 1316 and dot 339 at 1360. On the short line every dot is 4 clocks.
constexpr LatchCase kLatchCases[] = {
    {0, 0, 102, 26},       // 104 / 4
    {0, 3, 1288, 322},     // 1290
    {0, 3, 1342, 335},     // 1344: 328 + (1344 - 1316) / 4
    {0, 4, 1290, 323},     // 1292
    {0, 5, 1306, 326},     // 1308: 324 + (1308 - 1298) / 4
    {0, 6, 1312, 327},     // 1314
    {0, 7, 1356, 338},     // 1358
    {0, 8, 1360, 339},     // 1362
    {0, 100, 640, 160},    // 642, after the refresh
    {0, 240, 1294, 323},   // 1296, a normal line 240
    {0, 261, 1100, 275},   // 1102: H and V both above 255
    {1, 0, 20, 5},         // 22
    {1, 240, 1294, 324},   // short line: 1296 / 4
    {1, 240, 1356, 339},   // short line: 1358 / 4
    {1, 241, 1356, 338},   // normal again
};

TEST_CASE("snes bus: SLHV latches the dot and line that OPHCT/OPVCT return, low byte then bit 8")
{
    Machine m(plainRom());
    for (const LatchCase& c : kLatchCases) {
        INFO("frame " << c.frame << " line " << c.line << " +" << c.readStart);
        m.advanceTo(lineStart(c.frame, c.line) + c.readStart);
        m.read(0x002137);
        const unsigned hLow = m.read(0x00213C);
        const unsigned hHigh = m.read(0x00213C);
        const unsigned vLow = m.read(0x00213D);
        const unsigned vHigh = m.read(0x00213D);
        CHECK((hLow | (hHigh & 1) << 8) == c.dot);
        CHECK((vLow | (vHigh & 1) << 8) == c.line);
        const unsigned stat78 = m.read(0x00213F);
        CHECK((stat78 & 0x40) == 0x40);
        CHECK((stat78 >> 7) == c.frame % 2); // the field
        CHECK((m.read(0x00213F) & 0x40) == 0);
    }
}

TEST_CASE("snes bus: STAT78 resets the OPHCT/OPVCT flip-flops, and SLHV reads as open bus")
{
    Machine m(plainRom());
    m.advanceTo(lineStart(0, 38) + 392);
    m.write(0x7E0000, 0x5A); // 8 clocks: SLHV starts at 400 and samples dot 100 at 402
    CHECK(m.read(0x002137) == 0x5A);
    const unsigned h = m.read(0x00213C);
    CHECK(h == 100);
    m.read(0x00213F);
    CHECK(m.read(0x00213C) == h); // low byte again
    CHECK((m.read(0x00213C) & 1) == 0);
    CHECK(m.read(0x00213C) == h); // the flip-flop toggles on
    CHECK(m.read(0x00213D) == 38);
    m.read(0x00213F);
    CHECK(m.read(0x00213D) == 38);
}

TEST_CASE("snes bus: WRIO bit 7 gates SLHV, and clearing it latches one dot later")
{
    Machine m(plainRom());
    // A 6-clock write at +100: SLHV would sample at +102 (dot 25); the 1->0 edge latches a dot later.
    m.advanceTo(lineStart(0, 10) + 100);
    m.write(0x004201, 0x00);
    CHECK(m.read(0x00213C) == 26);
    m.read(0x00213C);
    CHECK(m.read(0x00213D) == 10);
    m.read(0x00213D);
    CHECK((m.read(0x00213F) & 0x40) == 0x40);

    m.advanceTo(lineStart(0, 11) + 100);
    m.read(0x002137); // WRIO bit 7 is 0: no latch
    CHECK((m.read(0x00213F) & 0x40) == 0);
    CHECK(m.read(0x00213C) == 26);

    m.write(0x004201, 0x80); // 0->1: no latch
    CHECK((m.read(0x00213F) & 0x40) == 0);
    m.advanceTo(lineStart(0, 12) + 200);
    m.read(0x002137);
    CHECK((m.read(0x00213F) & 0x40) == 0x40);
    CHECK(m.read(0x00213C) == 50); // 202 / 4
    m.read(0x00213C);
    CHECK(m.read(0x00213D) == 12);
}

// ---- H/V IRQ -----------------------------------------------------------------------------------

// What the CPU sees of an IRQ comes 4 clocks after TIMEUP's flag rises (bsnes v094's hold).
constexpr std::uint64_t kIrqHoldClocks = 4;

// Idles until the IRQ line rises or `limit` passes; returns the clock of the cycle boundary where
// it rose (or the limit's overshoot).
std::uint64_t idleUntilIrq(Machine& m, std::uint64_t limit)
{
    while (!m.bus.irqAsserted() && m.t.masterClocks < limit) {
        m.idle();
    }
    return m.t.masterClocks;
}

// The IRQ must rise at the end of the cycle during which `clock` fell.
void checkIrqRisesAt(Machine& m, std::uint64_t clock)
{
    INFO("expected at clock " << clock);
    const std::uint64_t rose = idleUntilIrq(m, clock + 200);
    REQUIRE(m.bus.irqAsserted());
    CHECK(rose >= clock);
    CHECK(rose < clock + kIdleClocks);
}

// Enables the V IRQ at line 5 of each frame; returns when TIMEUP's flag rises in frame 0.
std::uint64_t enableVIrqAtLine5(Machine& m)
{
    m.write(0x004209, 5);
    m.write(0x00420A, 0);
    m.write(0x004200, 0x20);
    return lineStart(0, 5) + 10;
}

TEST_CASE("snes bus: the V IRQ sets TIMEUP 10 clocks into line VTIME, the CPU sees it 4 later, reading TIMEUP clears it")
{
    Machine m(plainRom());
    const std::uint64_t irqAt = enableVIrqAtLine5(m);

    m.advanceTo(irqAt - 4); // the read samples 2 clocks before the flag rises
    CHECK_FALSE(m.bus.irqAsserted());
    CHECK((m.read(0x004211) & 0x80) == 0);
    CHECK_FALSE(m.bus.irqAsserted()); // the flag rose during that read
    checkIrqRisesAt(m, irqAt + kIrqHoldClocks);
    CHECK((m.read(0x004211) & 0x80) == 0x80);
    CHECK_FALSE(m.bus.irqAsserted());
    CHECK((m.read(0x004211) & 0x80) == 0);

    // Once a frame: not again before line 5 of frame 1.
    idleUntilIrq(m, lineStart(1, 5));
    CHECK_FALSE(m.bus.irqAsserted());
    checkIrqRisesAt(m, lineStart(1, 5) + 10 + kIrqHoldClocks);
    CHECK((m.read(0x004211) & 0x80) == 0x80);
}

TEST_CASE("snes bus: a TIMEUP read in the IRQ's 4-clock hold does not stop it, and the flag reads set again after")
{
    Machine m(plainRom());
    const std::uint64_t irqAt = enableVIrqAtLine5(m);

    m.advanceTo(irqAt); // the flag rose at the end of the cycle before
    CHECK((m.read(0x004211) & 0x80) == 0x80);
    CHECK(m.bus.irqAsserted()); // the read's cycle passed the hold's end
    CHECK((m.read(0x004211) & 0x80) == 0x80);
    CHECK_FALSE(m.bus.irqAsserted());
}

TEST_CASE("snes bus: an IRQ disabled in its 4-clock hold never reaches the CPU")
{
    Machine m(plainRom());
    const std::uint64_t irqAt = enableVIrqAtLine5(m);

    m.advanceTo(irqAt);
    m.write(0x004200, 0x00);
    idleUntilIrq(m, irqAt + 100);
    CHECK_FALSE(m.bus.irqAsserted());
    CHECK((m.read(0x004211) & 0x80) == 0);
}

TEST_CASE("snes bus: the H IRQ fires 14 clocks after dot HTIME starts, on every line")
{
    Machine m(plainRom());
    m.write(0x004207, 100);
    m.write(0x004208, 0);
    m.write(0x004200, 0x10);
    for (std::uint32_t line = 0; line < 3; ++line) {
        checkIrqRisesAt(m, lineStart(0, line) + 100 * 4 + 14 + kIrqHoldClocks);
        CHECK((m.read(0x004211) & 0x80) == 0x80);
        CHECK_FALSE(m.bus.irqAsserted());
    }
}

TEST_CASE("snes bus: the H and V IRQ fires at dot HTIME of line VTIME only")
{
    Machine m(plainRom());
    m.write(0x004207, 0x40); // HTIME = 0x140 = 320
    m.write(0x004208, 1);
    m.write(0x004209, 5);
    m.write(0x00420A, 0);
    m.write(0x004200, 0x30);
    const std::uint64_t irqAt = lineStart(0, 5) + 320 * 4 + 14 + kIrqHoldClocks;
    idleUntilIrq(m, irqAt - kIdleClocks);
    CHECK_FALSE(m.bus.irqAsserted());
    checkIrqRisesAt(m, irqAt);
    CHECK((m.read(0x004211) & 0x80) == 0x80);
    idleUntilIrq(m, lineStart(0, 6) + 1300);
    CHECK_FALSE(m.bus.irqAsserted());
}

TEST_CASE("snes bus: rewriting the IRQ timer on the clock its IRQ fired does not fire it again")
{
    Machine m(plainRom());
    const std::uint64_t irqAt = enableVIrqAtLine5(m);
    m.advanceTo(irqAt); // the cycle before ends on the IRQ's clock, which sets TIMEUP's flag
    m.write(0x004209, 5);
    checkIrqRisesAt(m, irqAt + kIrqHoldClocks);
    const std::uint64_t raisedAt = m.bus.interruptRaisedAt();
    m.idle();
    CHECK(m.bus.interruptRaisedAt() == raisedAt);
    CHECK((m.read(0x004211) & 0x80) == 0x80);
    CHECK((m.read(0x004211) & 0x80) == 0);
}

TEST_CASE("snes bus: an H IRQ ends a WAI with I set two cycles after the first wait cycle that starts seeing it")
{
    // LDA #0, STA HTIMEH; LDA #100, STA HTIMEL; LDA #$10, STA NMITIMEN (H IRQ); WAI; STP. I is set
    // from reset, so the IRQ only ends the wait (bsnes v094's WAI: each wait cycle starts by
    // looking for a request; the one that sees it still runs, and one more).
    emu::RomImage rom = makeLoRom({0xA9, 0x00, 0x8D, 0x08, 0x42, 0xA9, 100, 0x8D, 0x07, 0x42, 0xA9, 0x10, 0x8D, 0x00,
                                   0x42, 0xCB, 0xDB});
    emu::SnesBus bus(rom);
    emu::Cpu<emu::SnesBus> cpu(bus);
    cpu.reset();
    Recorder recorder;
    REQUIRE(runRecorded(cpu, emu::RunLimits{.cycles = 2000}, recorder) == emu::StopReason::Stopped);

    const auto wai = std::ranges::find(recorder.steps, 0xCB, &emu::StepEvent::opcode);
    const auto stp = std::ranges::find(recorder.steps, 0xDB, &emu::StepEvent::opcode);
    REQUIRE(wai != recorder.steps.end());
    REQUIRE(stp != recorder.steps.end());
    const std::uint64_t waiting = wai->start.masterClocks + wai->masterClocks; // after its fetch and 2 idle cycles
    const std::uint64_t seen = lineStart(0, 0) + 100 * 4 + 14 + kIrqHoldClocks;
    REQUIRE(waiting < seen);
    const std::uint64_t lastWaitCycle = waiting + (seen - waiting + kIdleClocks - 1) / kIdleClocks * kIdleClocks;
    CHECK(stp->start.masterClocks == lastWaitCycle + 2 * kIdleClocks);
}

// ---- WRAM port, DMA request ------------------------------------------------------------------------

TEST_CASE("snes bus: the WRAM port reads and writes at a 17-bit address that increments and wraps")
{
    Machine m(plainRom());
    m.write(0x002181, 0xFE);
    m.write(0x002182, 0xFF);
    m.write(0x002183, 0xFF); // only bit 0 counts
    m.write(0x002180, 0xAA);
    m.write(0x002180, 0xBB);
    m.write(0x002180, 0xCC); // wrapped to $7E:0000
    CHECK(m.read(0x7FFFFE) == 0xAA);
    CHECK(m.read(0x7FFFFF) == 0xBB);
    CHECK(m.read(0x7E0000) == 0xCC);
    CHECK(m.read(0x000000) == 0xCC);

    m.write(0x802181, 0xFE); // through the bank $80 mirror
    m.write(0x802182, 0xFF);
    m.write(0x802183, 0x01);
    CHECK(m.read(0x002180) == 0xAA);
    CHECK(m.read(0x002180) == 0xBB);
    CHECK(m.read(0x002180) == 0xCC);

    m.write(0x7E1234, 0x42);
    m.write(0x7E1235, 0x43);
    m.write(0x002181, 0x34);
    m.write(0x002182, 0x12);
    m.write(0x002183, 0x00);
    CHECK(m.read(0x002180) == 0x42);
    CHECK(m.read(0x002180) == 0x43);
    m.write(0x002180, 0x44);
    CHECK(m.read(0x7E1236) == 0x44);
}

TEST_CASE("snes bus: the APU's ports at $2140-$217F: the IPL's $BBAA signature, mirrored every 4 bytes")
{
    Machine m(plainRom());
    CHECK(m.read(0x2140) == 0x00); // the IPL has not written its signature yet
    m.idleUntil(60000);           // the IPL clears its page in about 2,400 SPC700 cycles
    CHECK(m.read(0x2140) == 0xAA);
    CHECK(m.read(0x2141) == 0xBB);
    CHECK(m.read(0x217C) == 0xAA);
    CHECK(m.read(0x802141) == 0xBB);
    CHECK(m.bus.peek(0x2145) == 0xBB);
    m.write(0x2140, 0xCC); // what the S-CPU writes, the SPC700 reads at $F4
    m.idleUntil(60100);
    CHECK(m.bus.apu().bus().portFromCpu(0) == 0xCC);
    CHECK(m.readCost(0x2140) == 6);
}

// ---- Determinism -------------------------------------------------------------------------------

TEST_CASE("snes bus: two buses fed the same accesses give the same values and times")
{
    constexpr std::uint32_t kAddresses[] = {
        0x000010, 0x7E0010, 0x7F0010, 0x008000, 0x808000, 0xC00000, 0x006000, 0x004016, 0x002137,
        0x00213C, 0x00213D, 0x00213F, 0x002180, 0x002181, 0x004202, 0x004203, 0x004204, 0x004206,
        0x004210, 0x004211, 0x004212, 0x004214, 0x004216, 0x00420D, 0x004209, 0x004300, 0x004100,
    };
    Machine first(plainRom());
    Machine second(plainRom());
    std::uint32_t random = 12345;
    std::uint64_t differences = 0;
    for (int i = 0; i < 200000; ++i) {
        random = random * 1103515245u + 12345u;
        const std::uint32_t address = kAddresses[(random >> 8) % std::size(kAddresses)];
        const auto value = static_cast<std::uint8_t>(random >> 20);
        switch ((random >> 28) % 3) {
        case 0:
            differences += first.read(address) != second.read(address);
            break;
        case 1:
            first.write(address, value);
            second.write(address, value);
            break;
        default:
            first.idle();
            second.idle();
            break;
        }
        differences += !(first.t == second.t);
    }
    CHECK(differences == 0);
    CHECK(first.t.masterClocks > kEvenFrameClocks); // long enough to cover refreshes and frames
    CHECK(first.bus.refreshes() == second.bus.refreshes());
    CHECK(first.bus.faults().size() == second.bus.faults().size());
    CHECK(std::equal(first.bus.wram().begin(), first.bus.wram().end(), second.bus.wram().begin()));
}

// Idles `oneByOne` cycle by cycle and `inOneGo` in one go to the next frame, and checks that they
// agree: the time, the refreshes, the interrupts raised and the status they leave.
void idleToNextFrameBothWays(Machine& oneByOne, Machine& inOneGo)
{
    const std::uint64_t current = oneByOne.bus.position(oneByOne.t.masterClocks).frame;
    while (oneByOne.bus.position(oneByOne.t.masterClocks).frame == current) {
        oneByOne.idle();
    }
    inOneGo.bus.idleUntilNextFrame(inOneGo.t);
    CHECK(inOneGo.t.cycles == oneByOne.t.cycles);
    CHECK(inOneGo.t.masterClocks == oneByOne.t.masterClocks);
    CHECK(inOneGo.bus.refreshes() == oneByOne.bus.refreshes());
    CHECK(inOneGo.bus.nmiPending() == oneByOne.bus.nmiPending());
    CHECK(inOneGo.bus.irqAsserted() == oneByOne.bus.irqAsserted());
    CHECK(inOneGo.bus.interruptRaisedAt() == oneByOne.bus.interruptRaisedAt());
    CHECK(inOneGo.bus.peek(0x004210) == oneByOne.bus.peek(0x004210));
    CHECK(inOneGo.bus.position(inOneGo.t.masterClocks).frame == current + 1);
}

TEST_CASE("snes bus: idling to the next frame in one go matches idling cycle by cycle")
{
    // With NMI and an H+V IRQ scheduled, so that every kind of event falls inside the idling.
    const auto configure = [](Machine& m) {
        m.write(0x004207, 100);
        m.write(0x004209, 30);
        m.write(0x004200, 0xB0);
        m.read(0x7E0000); // an 8-clock cycle, so idling starts off the 6-clock grid
    };
    Machine oneByOne(plainRom());
    Machine inOneGo(plainRom());
    configure(oneByOne);
    configure(inOneGo);
    for (int frame = 0; frame < 4; ++frame) {
        CAPTURE(frame);
        idleToNextFrameBothWays(oneByOne, inOneGo);
    }
}

// Without interrupts, a jump from a place in a frame is worked out once and then reused: over many
// frames, started at a few places each (so most jumps are reused), the time, the refreshes and
// what follows are those of idling cycle by cycle.
TEST_CASE("snes bus: reused jumps to the next frame match idling cycle by cycle")
{
    Machine oneByOne(plainRom());
    Machine inOneGo(plainRom());
    for (int frame = 0; frame < 60; ++frame) {
        CAPTURE(frame);
        // A call's worth of work, of one of five lengths, with 8-clock cycles among the 6-clock ones.
        for (Machine* m : {&oneByOne, &inOneGo}) {
            for (int i = 0; i < 200 + 37 * (frame % 5); ++i) {
                i % 3 == 0 ? static_cast<void>(m->read(0x7E0000)) : m->idle();
            }
        }
        idleToNextFrameBothWays(oneByOne, inOneGo);
    }
}

// Moving to the next frame in one step lands where line after line does, from any line of either
// field, interlaced or not (the short line 240 of odd fields, the extra line of even interlaced ones).
TEST_CASE("video timing: the next frame in one step is the next frame line by line")
{
    for (const bool interlace : {false, true}) {
        emu::VideoTiming timing;
        timing.setInterlace(interlace);
        timing.nextFrame();
        for (int line = 0; line < 4 * 263; ++line) {
            CAPTURE(interlace);
            CAPTURE(line);
            emu::VideoTiming stepped = timing;
            const std::uint64_t frame = stepped.frame();
            while (stepped.frame() == frame) {
                stepped.nextLine();
            }
            emu::VideoTiming jumped = timing;
            jumped.nextFrame();
            CHECK(jumped.lineStart() == stepped.lineStart());
            CHECK(jumped.lineEnd() == stepped.lineEnd());
            CHECK(jumped.line() == 0);
            CHECK(jumped.frame() == stepped.frame());
            CHECK(jumped.oddField() == stepped.oddField());
            timing.nextLine();
        }
    }
}

// As in bsnes v094, SETINI's interlace bit decides a frame's length as the frame begins: turned off
// in line 262 of an interlaced even field, that frame still ends after it (a random program once ran
// on past it without end when the bit took effect at once), and turned on during a frame, the next
// frame is the first with the extra line.
TEST_CASE("video timing: SETINI's interlace bit takes effect with the next frame")
{
    emu::VideoTiming timing;
    timing.setInterlace(true);
    CHECK_FALSE(timing.interlace());
    const std::uint64_t plain = timing.nextFrameStart();
    timing.nextLine();
    CHECK(timing.nextFrameStart() == plain); // the frame it was written in keeps its length
    timing.nextFrame();
    CHECK(timing.interlace());
    CHECK(timing.nextFrameStart() - timing.lineStart() == 262u * emu::VideoTiming::kLineClocks); // odd: no short line
    timing.nextFrame();
    CHECK(timing.nextFrameStart() - timing.lineStart() == 263u * emu::VideoTiming::kLineClocks); // even: the extra line
    while (timing.line() != 262) {
        timing.nextLine();
    }
    const std::uint64_t frame = timing.frame();
    timing.setInterlace(false);
    CHECK(timing.nextFrameStart() == timing.lineEnd());
    timing.nextLine();
    CHECK(timing.frame() == frame + 1);
    CHECK(timing.line() == 0);
    CHECK_FALSE(timing.interlace());
}

} // namespace
} // namespace tileprof::test
