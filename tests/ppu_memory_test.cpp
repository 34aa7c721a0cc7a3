// The PPU's memories and registers behind their ports: VRAM, CGRAM, OAM, the register file and the
// PPU chips' open bus, alone and on the SNES bus. Expected values follow fullsnes and anomie's
// register notes, and bsnes v094 (accuracy) where the hardware is unclear.

#include "emu/cpu/cpu.hpp"
#include "emu/ppu/cgram.hpp"
#include "emu/ppu/oam.hpp"
#include "emu/ppu/ppu_registers.hpp"
#include "emu/ppu/sprite_range.hpp"
#include "emu/ppu/vram.hpp"
#include "emu/scpu/snes_bus.hpp"
#include "tests/support/rom_builder.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace tileprof::test {
namespace {

constexpr bool kOpen = true; // VRAM reachable: V-blank or force blank

unsigned vramWord(const emu::Vram& vram, unsigned word)
{
    return vram.bytes()[2 * word] | vram.bytes()[2 * word + 1] << 8;
}

void setVramAddress(emu::Vram& vram, std::uint16_t address, bool open = kOpen)
{
    vram.writeAddress(false, static_cast<std::uint8_t>(address), open);
    vram.writeAddress(true, static_cast<std::uint8_t>(address >> 8), open);
}

void writeVramWord(emu::Vram& vram, std::uint16_t value, bool open = kOpen)
{
    vram.writeData(false, static_cast<std::uint8_t>(value), open);
    vram.writeData(true, static_cast<std::uint8_t>(value >> 8), open);
}

unsigned readVramWord(emu::Vram& vram, bool open = kOpen)
{
    const unsigned low = vram.readData(false, open);
    return low | vram.readData(true, open) << 8;
}

// ---- VRAM --------------------------------------------------------------------------------------

TEST_CASE("vram: VMAIN bit 7 picks the byte that steps the address, bits 0-1 the step")
{
    struct Case {
        std::uint8_t vmain;
        unsigned step;
    };
    for (const Case c : {Case{0x80, 1}, Case{0x81, 32}, Case{0x82, 128}, Case{0x83, 128}}) {
        INFO("VMAIN $" << std::hex << unsigned{c.vmain});
        emu::Vram vram;
        vram.writeControl(c.vmain);
        setVramAddress(vram, 0x1000);
        writeVramWord(vram, 0x1234);
        writeVramWord(vram, 0x5678);
        CHECK(vramWord(vram, 0x1000) == 0x1234);
        CHECK(vramWord(vram, 0x1000 + c.step) == 0x5678);
        CHECK(vram.address() == 0x1000 + 2 * c.step);
    }

    // Bit 7 clear: the low byte steps, so low bytes alone fill consecutive words.
    emu::Vram vram;
    vram.writeControl(0x00);
    setVramAddress(vram, 0x0200);
    vram.writeData(false, 0x11, kOpen);
    vram.writeData(false, 0x22, kOpen);
    vram.writeData(true, 0x33, kOpen); // the high byte of $0202, no step
    vram.writeData(true, 0x44, kOpen);
    CHECK(vramWord(vram, 0x0200) == 0x0011);
    CHECK(vramWord(vram, 0x0201) == 0x0022);
    CHECK(vramWord(vram, 0x0202) == 0x4400);
    CHECK(vram.address() == 0x0202);
}

TEST_CASE("vram: VMAIN bits 2-3 rotate the low 8, 9 or 10 address bits left by 3")
{
    struct Case {
        std::uint8_t vmain;
        unsigned word; // where the word written at $1234 lands
    };
    // $1234: low 8 bits $34 -> $A1; low 9 bits $034 -> $1A0; low 10 bits $234 -> $1A4.
    for (const Case c : {Case{0x80, 0x1234}, Case{0x84, 0x12A1}, Case{0x88, 0x13A0}, Case{0x8C, 0x11A4}}) {
        INFO("VMAIN $" << std::hex << unsigned{c.vmain});
        emu::Vram vram;
        vram.writeControl(c.vmain);
        setVramAddress(vram, 0x1234);
        writeVramWord(vram, 0xBEEF);
        CHECK(vramWord(vram, c.word) == 0xBEEF);
        CHECK(vram.address() == 0x1235); // the address itself steps unrotated
    }

    // Consecutive words of a 2-bit-plane row at a time: mode 1 turns $x00,$x01.. into $x00,$x08..
    emu::Vram vram;
    vram.writeControl(0x84);
    setVramAddress(vram, 0x0100);
    writeVramWord(vram, 0x0001);
    writeVramWord(vram, 0x0002);
    CHECK(vramWord(vram, 0x0100) == 0x0001);
    CHECK(vramWord(vram, 0x0108) == 0x0002);

    // The address's top bit is not a VRAM line: $8000 is word 0.
    vram.writeControl(0x80);
    setVramAddress(vram, 0x8005);
    writeVramWord(vram, 0xCAFE);
    CHECK(vramWord(vram, 0x0005) == 0xCAFE);
}

TEST_CASE("vram: VMADD prefetches the word, and a read refills the latch before stepping")
{
    emu::Vram vram;
    vram.writeControl(0x80);
    setVramAddress(vram, 0x0040);
    for (std::uint16_t word = 0; word < 4; ++word) {
        writeVramWord(vram, static_cast<std::uint16_t>(0xA000 + word));
    }

    setVramAddress(vram, 0x0041);
    CHECK(vram.prefetched(false) == 0x01);
    CHECK(vram.prefetched(true) == 0xA0);
    // The latch is refilled from the address before it steps: the first word comes twice.
    CHECK(readVramWord(vram) == 0xA001);
    CHECK(vram.address() == 0x0042);
    CHECK(readVramWord(vram) == 0xA001);
    CHECK(readVramWord(vram) == 0xA002);
    CHECK(readVramWord(vram) == 0xA003);

    // Only the stepping byte refills: low-byte reads with VMAIN bit 7 set repeat.
    setVramAddress(vram, 0x0042);
    CHECK(vram.readData(false, kOpen) == 0x02);
    CHECK(vram.readData(false, kOpen) == 0x02);
    CHECK(vram.address() == 0x0042);

    // With VMAIN bit 7 clear the low byte steps; and an address write alone prefetches too.
    vram.writeControl(0x00);
    vram.writeAddress(false, 0x43, kOpen);
    CHECK(vram.readData(false, kOpen) == 0x03);
    CHECK(vram.address() == 0x0044);
    CHECK(vram.readData(true, kOpen) == 0xA0); // refilled from $0043 before the step
}

TEST_CASE("vram: while the PPU draws, writes are lost and fetches read 0, but the address steps")
{
    emu::Vram vram;
    vram.writeControl(0x80);
    setVramAddress(vram, 0x0010);
    writeVramWord(vram, 0x1111);
    writeVramWord(vram, 0x2222);

    setVramAddress(vram, 0x0010, !kOpen);
    CHECK(vram.prefetched(false) == 0);
    writeVramWord(vram, 0x9999, !kOpen);
    CHECK(vramWord(vram, 0x0010) == 0x1111);
    CHECK(vram.address() == 0x0011);
    CHECK(readVramWord(vram, !kOpen) == 0x0000);
    CHECK(vram.address() == 0x0012);

    setVramAddress(vram, 0x0011);
    CHECK(readVramWord(vram) == 0x2222);
}

// ---- CGRAM -------------------------------------------------------------------------------------

TEST_CASE("cgram: CGDATA holds the first byte and writes the word with the second, bit 15 clear")
{
    emu::Cgram cgram;
    cgram.writeAddress(0x10);
    cgram.writeData(0x34, false);
    CHECK(cgram.bytes()[0x20] == 0); // only held so far
    cgram.writeData(0xFF, false);
    CHECK(cgram.bytes()[0x20] == 0x34);
    CHECK(cgram.bytes()[0x21] == 0x7F);
    CHECK(cgram.address() == 0x22);

    // CGADD starts a new word: a held byte is forgotten by the toggle, not written.
    cgram.writeData(0x55, false);
    cgram.writeAddress(0x30);
    cgram.writeData(0x66, false);
    cgram.writeData(0x07, false);
    CHECK(cgram.bytes()[0x22] == 0);
    CHECK(cgram.bytes()[0x60] == 0x66);
    CHECK(cgram.bytes()[0x61] == 0x07);

    // The address wraps after entry 255.
    cgram.writeAddress(0xFF);
    cgram.writeData(0x01, false);
    cgram.writeData(0x02, false);
    cgram.writeData(0x03, false);
    cgram.writeData(0x04, false);
    CHECK(cgram.bytes()[0x1FE] == 0x01);
    CHECK(cgram.bytes()[0x000] == 0x03);
    CHECK(cgram.bytes()[0x001] == 0x04);
}

TEST_CASE("cgram: RDCGRAM reads low then high, bit 7 of the high byte from PPU2's open bus")
{
    emu::Cgram cgram;
    cgram.writeAddress(0x05);
    cgram.writeData(0xCD, false);
    cgram.writeData(0x5B, false);

    cgram.writeAddress(0x05);
    CHECK(cgram.readData(0x00, false) == 0xCD);
    CHECK(cgram.readData(0x00, false) == 0x5B);
    cgram.writeAddress(0x05);
    CHECK(cgram.readData(0xFF, false) == 0xCD); // the low byte is all CGRAM
    CHECK(cgram.readData(0xFF, false) == 0xDB);
    CHECK(cgram.address() == 0x0C);
}

TEST_CASE("cgram: while the PPU draws, accesses go to entry 0 and the address still steps")
{
    emu::Cgram cgram;
    cgram.writeAddress(0x40);
    cgram.writeData(0x12, true);
    cgram.writeData(0x34, true);
    CHECK(cgram.bytes()[0x80] == 0);
    CHECK(cgram.bytes()[0x00] == 0x12);
    CHECK(cgram.bytes()[0x01] == 0x34);
    CHECK(cgram.address() == 0x82);
    CHECK(cgram.readData(0x00, true) == 0x12);
}

// ---- OAM ---------------------------------------------------------------------------------------

TEST_CASE("oam: the low table is written in pairs, the high table byte by byte")
{
    emu::Oam oam;
    oam.writeAddress(false, 0x02); // word 2: byte 4
    oam.writeAddress(true, 0x00);
    oam.writeData(0x11, std::nullopt);
    CHECK(oam.bytes()[4] == 0); // held
    oam.writeData(0x22, std::nullopt);
    oam.writeData(0x33, std::nullopt); // held, never written
    CHECK(oam.bytes()[4] == 0x11);
    CHECK(oam.bytes()[5] == 0x22);
    CHECK(oam.bytes()[6] == 0);
    CHECK(oam.address() == 7);

    oam.writeAddress(false, 0x00);
    oam.writeAddress(true, 0x01); // OAMADDH bit 0: word $100, the high table
    CHECK(oam.address() == 0x200);
    oam.writeData(0xA1, std::nullopt);
    CHECK(oam.bytes()[0x200] == 0xA1);
    oam.writeData(0xA2, std::nullopt);
    CHECK(oam.bytes()[0x201] == 0xA2);

    // $220-$3FF mirror the 32 high-table bytes; the address wraps at $400 to the low table.
    oam.writeAddress(false, 0xFF); // byte $3FE
    oam.writeData(0xB1, std::nullopt);
    oam.writeData(0xB2, std::nullopt);
    CHECK(oam.bytes()[0x21E] == 0xB1);
    CHECK(oam.bytes()[0x21F] == 0xB2);
    CHECK(oam.address() == 0);
    oam.writeData(0xC1, std::nullopt);
    oam.writeData(0xC2, std::nullopt);
    CHECK(oam.bytes()[0] == 0xC1);
    CHECK(oam.bytes()[1] == 0xC2);
}

TEST_CASE("oam: RDOAM reads byte by byte, and an OAMADD write or a reload restarts the address")
{
    emu::Oam oam;
    oam.writeAddress(false, 0x00);
    for (std::uint8_t byte = 0; byte < 8; ++byte) {
        oam.writeData(static_cast<std::uint8_t>(0x50 + byte), std::nullopt);
    }
    oam.writeAddress(false, 0x01);
    CHECK(oam.readData(std::nullopt) == 0x52);
    CHECK(oam.readData(std::nullopt) == 0x53);
    CHECK(oam.readData(std::nullopt) == 0x54);
    oam.reloadAddress();
    CHECK(oam.address() == 2);
    CHECK(oam.readData(std::nullopt) == 0x52);

    // A redirect reads and writes elsewhere while the address steps on.
    CHECK(oam.readData(0x004u) == 0x54);
    CHECK(oam.address() == 4);
    oam.writeData(0x99, 0x205u); // even port address: held, and written since it is the high table
    CHECK(oam.bytes()[0x205] == 0x99);
    CHECK(oam.bytes()[4] == 0x54);
}

TEST_CASE("oam: OAMADDH bit 7 makes the evaluation start at the sprite of the address")
{
    emu::Oam oam;
    oam.writeAddress(false, 0x26); // word $26: sprite 19
    CHECK(oam.firstSprite() == 0);
    oam.writeAddress(true, 0x80);
    CHECK(oam.firstSprite() == 19);
}

// The evaluation written out as the PPU does it, sprite by sprite: what SpriteRange must answer.
std::optional<unsigned> evaluateLine(const std::array<std::uint8_t, 544>& oam, emu::SpriteSizes sizes, unsigned firstSprite,
                                     unsigned line)
{
    constexpr unsigned kSmall[8][2] = {{8, 8}, {8, 8}, {8, 8}, {16, 16}, {16, 16}, {32, 32}, {16, 32}, {16, 32}};
    constexpr unsigned kLarge[8][2] = {{16, 16}, {32, 32}, {64, 64}, {32, 32}, {64, 64}, {64, 64}, {32, 64}, {32, 32}};
    std::optional<unsigned> last;
    unsigned found = 0;
    for (unsigned i = 0; i < 128 && found < 32; ++i) {
        const unsigned sprite = (firstSprite + i) & 127;
        const unsigned high = oam[0x200 + sprite / 4] >> (2 * (sprite % 4));
        const unsigned x = oam[4 * sprite] | (high & 1) << 8;
        const unsigned y = oam[4 * sprite + 1];
        const unsigned select = sizes.obsel >> 5;
        const unsigned* size = (high & 2) != 0 ? kLarge[select] : kSmall[select];
        unsigned height = sizes.interlace && select >= 6 && (high & 2) == 0 ? 16 : size[1];
        if (sizes.interlace) {
            height /= 2;
        }
        const bool onScreen = x <= 256 || x + size[0] - 1 >= 512;
        if (onScreen && ((line >= y && line < y + height) || (y + height >= 256 && line < ((y + height) & 255)))) {
            last = sprite;
            ++found;
        }
    }
    return last;
}

TEST_CASE("sprite range: the last of up to 32 sprites on the line, from the first sprite on")
{
    std::array<std::uint8_t, 544> oam{};
    emu::SpriteRange range;
    const emu::SpriteSizes small{0x00, false}; // 8x8 and 16x16
    // All zero: 128 8x8 sprites at (0, 0). Lines 0-7 keep sprites 0-31; line 8 has none.
    CHECK(range.lastInRange(oam, small, 0, 0) == 31u);
    CHECK(range.lastInRange(oam, small, 0, 7) == 31u);
    CHECK_FALSE(range.lastInRange(oam, small, 0, 8).has_value());
    CHECK(range.lastInRange(oam, small, 100, 0) == 3u); // 100-127, then 0-3

    // Move every sprite but 5 and 70 to line 200; sprite 70 is large (16 high) at line 10. The
    // range sees only what it is told was written.
    const auto write = [&](unsigned at, std::uint8_t value) {
        oam[at] = value;
        range.oamWritten(at);
    };
    for (unsigned sprite = 0; sprite < 128; ++sprite) {
        write(4 * sprite + 1, 200);
    }
    write(4 * 5 + 1, 10);
    write(4 * 70 + 1, 10);
    write(0x200 + 70 / 4, 0x02 << 2 * (70 % 4));
    CHECK(range.lastInRange(oam, small, 0, 12) == 70u);
    CHECK(range.lastInRange(oam, small, 0, 20) == 70u);
    CHECK(range.lastInRange(oam, small, 6, 12) == 5u); // 6-127, then 0-5
    CHECK_FALSE(range.lastInRange(oam, small, 0, 26).has_value());
    // Sprite interlace halves the height: the large sprite covers lines 10-17.
    CHECK_FALSE(range.lastInRange(oam, {0x00, true}, 0, 18).has_value());
    CHECK(range.lastInRange(oam, small, 0, 18) == 70u);
    // X 300 (bit 8 set, 8 wide): wholly off the left edge.
    write(4 * 70, 300 - 256);
    write(0x200 + 70 / 4, static_cast<std::uint8_t>(oam[0x200 + 70 / 4] | 0x01 << 2 * (70 % 4)));
    write(4 * 5 + 1, 200);
    CHECK_FALSE(range.lastInRange(oam, small, 0, 12).has_value());
    // A sprite whose rows run past line 255 wraps to the top.
    write(4 * 9 + 1, 250);
    CHECK(range.lastInRange(oam, small, 0, 1) == 9u);
}

TEST_CASE("sprite range: kept up to date through random OAM writes and size changes, it answers as the whole evaluation")
{
    std::array<std::uint8_t, 544> oam{};
    emu::SpriteRange range;
    std::uint32_t seed = 12345;
    const auto next = [&seed](unsigned bound) {
        seed = seed * 1664525u + 1013904223u;
        return (seed >> 8) % bound;
    };
    emu::SpriteSizes sizes{0x00, false};
    for (unsigned step = 0; step < 4000; ++step) {
        // Writes cluster on few Y values so that lines hold more than 32 sprites.
        const unsigned at = next(544);
        oam[at] = static_cast<std::uint8_t>(at < 0x200 && at % 4 == 1 ? next(8) * 30 + next(4) : next(256));
        range.oamWritten(at);
        if (next(200) == 0) {
            sizes = {static_cast<std::uint8_t>(next(8) << 5), next(2) == 1};
        }
        const unsigned first = next(128);
        const unsigned line = next(256);
        REQUIRE(range.lastInRange(oam, sizes, first, line) == evaluateLine(oam, sizes, first, line));
    }
}

// ---- The register file -------------------------------------------------------------------------

TEST_CASE("ppu registers: the power-on values, and every byte as last written")
{
    emu::PpuRegisters registers;
    CHECK(registers.forceBlank());
    CHECK(registers.written(0x00) == 0x80);
    CHECK(registers.written(0x15) == 0x80);
    CHECK(registers.written(0x05) == 0x00);
    CHECK(registers.vblankStartLine() == 225);

    registers.write(0x00, 0x0F);
    registers.write(0x05, 0x09);
    registers.write(0x33, 0x04);
    CHECK_FALSE(registers.forceBlank());
    CHECK(registers.written(0x05) == 0x09);
    CHECK(registers.vblankStartLine() == 240);
}

TEST_CASE("ppu registers: the scroll registers share one latch, and BG1's feed the mode-7 latch too")
{
    emu::PpuRegisters registers;
    registers.write(0x0F, 0xFD); // BG2HOFS: $FD above the latch (0)
    registers.write(0x0F, 0x01);
    CHECK(registers.bgHofs(1) == 0x01F8 + 0x05); // $01 above $FD & ~7, bits 0-2 from the old high byte $FD
    registers.write(0x10, 0x02);                 // BG2VOFS: $02 above the latch $01
    CHECK(registers.bgVofs(1) == 0x0201);
    registers.write(0x13, 0x07); // BG4HOFS: the latch is shared across backgrounds
    CHECK(registers.bgHofs(3) == 0x0700);

    registers.write(0x0D, 0x34); // BG1HOFS and M7HOFS
    registers.write(0x0D, 0x12);
    CHECK(registers.mode7().hofs() == 0x1234);
    registers.write(0x1B, 0x56); // M7A takes the latch BG1HOFS left: $56 above $12
    CHECK(registers.mode7().a() == 0x5612);
    registers.write(0x1C, 0x02);
    CHECK(registers.mode7().b() == 0x0256);
    CHECK(registers.mode7ProductByte(0) == 0x24); // $5612 * 2 = $00AC24
    CHECK(registers.mode7ProductByte(1) == 0xAC);
    CHECK(registers.mode7ProductByte(2) == 0x00);
}

TEST_CASE("ppu registers: COLDATA sets the components its bits 5-7 select")
{
    emu::PpuRegisters registers;
    registers.write(0x32, 0xE0 | 0x11); // all three
    CHECK(registers.fixedColor() == (0x11 | 0x11 << 5 | 0x11 << 10));
    registers.write(0x32, 0x40 | 0x03); // green only
    CHECK(registers.fixedColor() == (0x11 | 0x03 << 5 | 0x11 << 10));
}

// ---- On the bus --------------------------------------------------------------------------------

const emu::RomImage& plainRom()
{
    static const emu::RomImage rom = makeLoRom({0x00});
    return rom;
}

constexpr std::uint64_t kLineClocks = 1364;

struct Machine {
    emu::SnesBus bus{plainRom()};
    emu::Time t{};

    unsigned read(std::uint32_t address) { return bus.read(address, t); }
    void write(std::uint32_t address, std::uint8_t value) { bus.write(address, value, t); }

    // Idles to a clock at or just past `clock` (frame 0, whose lines are all 1364 clocks).
    void idleTo(std::uint64_t clock)
    {
        while (t.masterClocks < clock) {
            bus.idle(t);
        }
    }
    void idleToLine(std::uint32_t line, std::uint32_t hclock = 0) { idleTo(line * kLineClocks + hclock); }

    // Makes the next cycle start exactly at `clock`, as in snes_bus_test.cpp.
    void advanceTo(std::uint64_t clock)
    {
        while (t.masterClocks < clock) {
            if ((clock - t.masterClocks) % 6 == 0) {
                bus.idle(t);
            } else {
                read(0x7E0000);
            }
        }
        REQUIRE(t.masterClocks == clock);
    }

    void vramWord(std::uint16_t address, std::uint16_t value)
    {
        write(0x2116, static_cast<std::uint8_t>(address));
        write(0x2117, static_cast<std::uint8_t>(address >> 8));
        write(0x2118, static_cast<std::uint8_t>(value));
        write(0x2119, static_cast<std::uint8_t>(value >> 8));
    }
    unsigned vram(unsigned word) const
    {
        return bus.ppu().vram().bytes()[2 * word] | bus.ppu().vram().bytes()[2 * word + 1] << 8;
    }
};

TEST_CASE("snes bus: VRAM takes writes in force blank and V-blank only, from the cycle's end")
{
    Machine m; // power-on: force blank
    m.vramWord(0x0100, 0x1111);
    CHECK(m.vram(0x0100) == 0x1111);

    m.write(0x2100, 0x0F); // display on, line 0
    m.vramWord(0x0101, 0x2222);
    CHECK(m.vram(0x0101) == 0);
    CHECK(m.bus.ppu().vram().address() == 0x0102); // the address stepped anyway

    // A 6-clock write that starts 6 clocks before line 225 lands on its first clock: V-blank.
    m.write(0x2116, 0x02);
    m.write(0x2117, 0x01);
    m.advanceTo(225 * kLineClocks - 8);
    m.write(0x2118, 0x33); // lands 2 clocks before line 225
    m.write(0x2119, 0x44); // lands on line 225, clock 4
    CHECK(m.vram(0x0102) == 0x4400);

    // Overscan moves V-blank to line 240.
    Machine o;
    o.write(0x2133, 0x04);
    o.write(0x2100, 0x00);
    o.idleToLine(230);
    o.vramWord(0x0200, 0x5555);
    CHECK(o.vram(0x0200) == 0);
    o.idleToLine(240, 20);
    o.vramWord(0x0200, 0x5555);
    CHECK(o.vram(0x0200) == 0x5555);
}

TEST_CASE("snes bus: RDVRAM reads the prefetch latch, which reads 0 while the PPU draws")
{
    Machine m;
    m.vramWord(0x0300, 0xABCD);
    m.vramWord(0x0301, 0x1234);
    m.write(0x2116, 0x00);
    m.write(0x2117, 0x03);
    CHECK(m.read(0x2139) == 0xCD);
    CHECK(m.read(0x213A) == 0xAB);
    CHECK(m.read(0x2139) == 0xCD); // refilled from $0300 before the step
    CHECK(m.read(0x213A) == 0xAB);
    CHECK(m.read(0x2139) == 0x34);

    m.write(0x2100, 0x00); // display on: the fetch VMADD starts reads 0
    m.write(0x2117, 0x03);
    CHECK(m.read(0x2139) == 0x00);
    CHECK(m.bus.peek(0x00213A) == 0x00);
}

TEST_CASE("snes bus: CGRAM through CGADD/CGDATA/RDCGRAM, and entry 0 while the PPU draws")
{
    Machine m;
    m.write(0x2121, 0x08);
    m.write(0x2122, 0x1F);
    m.write(0x2122, 0x7C);
    m.write(0x2121, 0x08);
    CHECK(m.read(0x213B) == 0x1F);
    CHECK(m.read(0x213B) == 0x7C); // PPU2's open bus bit 7 was the low byte's 0
    CHECK(m.bus.ppu().cgram().bytes()[0x10] == 0x1F);

    // Display on, line 20, mid-line: the word goes to entry 0; before clock 88 it does not.
    m.write(0x2100, 0x0F);
    m.idleToLine(20, 400);
    m.write(0x2121, 0x09);
    m.write(0x2122, 0x11);
    m.write(0x2122, 0x22);
    CHECK(m.bus.ppu().cgram().bytes()[0x12] == 0);
    CHECK(m.bus.ppu().cgram().bytes()[0x00] == 0x11);
    CHECK(m.bus.ppu().cgram().bytes()[0x01] == 0x22);
    m.idleToLine(21, 1200); // H-blank
    m.write(0x2121, 0x09);
    m.write(0x2122, 0x33);
    m.write(0x2122, 0x44);
    CHECK(m.bus.ppu().cgram().bytes()[0x12] == 0x33);
    CHECK(m.bus.ppu().cgram().bytes()[0x13] == 0x44);
    m.idleToLine(22, 40); // before clock 88
    m.write(0x2121, 0x0A);
    m.write(0x2122, 0x55);
    m.write(0x2122, 0x66);
    CHECK(m.bus.ppu().cgram().bytes()[0x14] == 0x55);
    m.idleTo(262 * kLineClocks + 400); // frame 1, line 0: not drawn
    m.write(0x2121, 0x0B);
    m.write(0x2122, 0x77);
    m.write(0x2122, 0x08);
    CHECK(m.bus.ppu().cgram().bytes()[0x16] == 0x77);
    CHECK(m.bus.ppu().cgram().bytes()[0x00] == 0x11);
}

TEST_CASE("snes bus: OAM's address reloads from OAMADD at the start of V-blank, display on only")
{
    Machine m;
    m.write(0x2102, 0x10); // byte $20
    m.write(0x2103, 0x00);
    m.write(0x2104, 0x01);
    m.write(0x2104, 0x02);
    m.idleToLine(226);
    m.write(0x2104, 0x03); // force blank: no reload, so byte $22
    m.write(0x2104, 0x04);
    CHECK(m.bus.ppu().oam().bytes()[0x22] == 0x03);
    CHECK(m.bus.ppu().oam().address() == 0x24);

    m.write(0x2100, 0x0F); // display on from here
    m.idleTo(262 * kLineClocks + 225 * kLineClocks + 100); // frame 1, line 225
    CHECK(m.bus.position(m.t.masterClocks).line == 225);
    CHECK(m.bus.ppu().oam().address() == 0x20);

    // A whole frame idled in one go passes the start of V-blank too.
    m.write(0x2104, 0x05);
    m.write(0x2104, 0x06);
    m.write(0x2100, 0x8F);
    m.write(0x2100, 0x0F); // written in force blank on line 225: reloads (bsnes v094)
    CHECK(m.bus.ppu().oam().address() == 0x20);
    m.write(0x2104, 0x05);
    m.write(0x2104, 0x06);
    m.bus.idleUntilNextFrame(m.t); // from line 225: the reload is behind
    CHECK(m.bus.ppu().oam().address() == 0x22);
}

TEST_CASE("snes bus: idling to the next frame reloads OAM's address, worked out or remembered")
{
    // The second machine's jumps are the ones the first one's worked out and remembered.
    for (int machine = 0; machine < 2; ++machine) {
        Machine m;
        m.write(0x2102, 0x08);
        m.write(0x2100, 0x0F);
        for (int frame = 0; frame < 3; ++frame) {
            INFO("machine " << machine << " frame " << frame);
            m.write(0x2104, 0x05);
            CHECK(m.bus.ppu().oam().address() == 0x11);
            m.bus.idleUntilNextFrame(m.t);
            CHECK(m.bus.ppu().oam().address() == 0x10);
        }
    }
}

TEST_CASE("snes bus: OAM accesses while the PPU draws go to the last sprite in range's high-table byte")
{
    Machine m;
    m.write(0x2100, 0x0F);
    // OAM is all zero: 128 8x8 sprites at (0, 0), so lines 0-7 keep sprites 0-31, the last 31,
    // whose high-table byte is $207. Line 30 has none; the evaluation of line 7 still holds.
    m.idleToLine(30, 200);
    m.write(0x2102, 0x00);
    m.write(0x2104, 0xAB);
    CHECK(m.bus.ppu().oam().bytes()[0x207] == 0xAB);
    CHECK(m.bus.ppu().oam().bytes()[0x000] == 0);
    CHECK(m.bus.ppu().oam().address() == 1);
    CHECK(m.read(0x2138) == 0xAB);
}

TEST_CASE("snes bus: PPU1 and PPU2 drive their own open bus")
{
    Machine m;
    m.vramWord(0x0000, 0x5AA5);
    m.write(0x2116, 0x00);
    CHECK(m.read(0x2139) == 0xA5);
    m.write(0x7E0000, 0x00); // the CPU's data bus now 0
    // Write-only PPU1 registers return PPU1's last value; other unused ones the CPU's.
    for (const std::uint32_t address : {0x2104u, 0x2106u, 0x2108u, 0x210Au, 0x2115u, 0x2118u, 0x211Au, 0x2124u,
                                        0x2128u, 0x212Au}) {
        INFO(std::hex << address);
        CHECK(m.read(address) == 0xA5);
    }
    m.write(0x7E0000, 0x3C);
    for (const std::uint32_t address : {0x2100u, 0x2107u, 0x210Bu, 0x2117u, 0x2121u, 0x2133u}) {
        INFO(std::hex << address);
        CHECK(m.read(address) == 0x3C);
    }
    CHECK(m.read(0x2104) == 0xA5); // reading them does not change PPU1's

    // STAT77: bit 4 from PPU1 ($A5 has it clear), version 1, the time and range flags clear.
    CHECK(m.read(0x213E) == 0x01);
}

TEST_CASE("snes bus: STAT77, RDCGRAM, OPHCT and STAT78 take their open bits from PPU1 and PPU2")
{
    Machine m;
    // PPU1: MPYH of $7FFF * $01 = $007FFF -> $00; MPYM $7F.
    m.write(0x211B, 0xFF);
    m.write(0x211B, 0x7F);
    m.write(0x211C, 0x01);
    CHECK(m.read(0x2135) == 0x7F);
    CHECK(m.read(0x213E) == 0x11); // bit 4 of $7F
    CHECK(m.read(0x2136) == 0x00);
    CHECK(m.read(0x213E) == 0x01);

    // PPU2: RDCGRAM's high byte takes bit 7 from the last value PPU2 drove, OPVCT its bits 1-7.
    m.write(0x2121, 0x00);
    m.write(0x2122, 0xFF);
    m.write(0x2122, 0x7F); // entry 0: $7FFF
    m.write(0x2121, 0x00);
    CHECK(m.read(0x213B) == 0xFF);
    m.write(0x7E0000, 0x00); // the CPU's bus is not where these bits come from
    CHECK(m.read(0x213B) == 0xFF);
    m.read(0x2137); // latch the counters on line 0
    m.write(0x2121, 0x00);
    CHECK(m.read(0x213B) == 0xFF);
    CHECK(m.read(0x213D) == 0x00); // OPVCT low byte: PPU2 now drove $00
    CHECK(m.read(0x213B) == 0x7F);
    m.write(0x2121, 0x00);
    CHECK(m.read(0x213B) == 0xFF);
    CHECK(m.read(0x213D) == 0xFE); // OPVCT bit 8 (0) under PPU2's $FF

    // STAT78 bit 5 is PPU2's too.
    m.write(0x7E0000, 0x00);
    CHECK((m.read(0x213F) & 0x20) == 0x20);
    m.write(0x2121, 0x01);
    CHECK(m.read(0x213B) == 0x00); // entry 1 is 0
    m.write(0x7E0000, 0xFF);
    CHECK((m.read(0x213F) & 0x20) == 0x00);
}

TEST_CASE("snes bus: peek reads the PPU's ports without stepping them")
{
    Machine m;
    m.vramWord(0x0010, 0xBEEF);
    m.write(0x2116, 0x10);
    m.write(0x2121, 0x00);
    m.write(0x2122, 0x34);
    m.write(0x2122, 0x12);
    m.write(0x2121, 0x00);
    m.write(0x2102, 0x00);
    for (int twice = 0; twice < 2; ++twice) {
        CHECK(m.bus.peek(0x002139) == 0xEF);
        CHECK(m.bus.peek(0x00213A) == 0xBE);
        CHECK(m.bus.peek(0x00213B) == 0x34);
        CHECK(m.bus.peek(0x802138) == 0x00);
    }
    CHECK(m.bus.ppu().vram().address() == 0x0010);
    CHECK(m.bus.ppu().cgram().address() == 0);
    CHECK(m.read(0x213A) == 0xBE);
    CHECK(m.bus.ppu().vram().address() == 0x0011);
}

TEST_CASE("snes bus: 65816 code fills VRAM, CGRAM and OAM through the ports")
{
    // Native mode, 8-bit A and 16-bit X; force blank is on from power-on.
    const std::vector<std::uint8_t> code = {
        0x18, 0xFB,             // CLC; XCE
        0xC2, 0x10,             // REP #$10
        0xE2, 0x20,             // SEP #$20
        0xA9, 0x80,             // LDA #$80
        0x8D, 0x15, 0x21,       // STA $2115   VMAIN: step after the high byte
        0xA2, 0x00, 0x10,       // LDX #$1000
        0x8E, 0x16, 0x21,       // STX $2116   VMADD (16-bit store: $2116 then $2117)
        0xA2, 0x00, 0x00,       // LDX #0
        0x8A,                   // loop: TXA
        0x8D, 0x18, 0x21,       //   STA $2118
        0x49, 0xFF,             //   EOR #$FF
        0x8D, 0x19, 0x21,       //   STA $2119
        0xE8,                   //   INX
        0xE0, 0x08, 0x00,       //   CPX #8
        0xD0, 0xF1,             //   BNE loop
        0x9C, 0x21, 0x21,       // STZ $2121   CGADD 0
        0xA9, 0xE0,             // LDA #$E0
        0x8D, 0x22, 0x21,       // STA $2122
        0xA9, 0x83,             // LDA #$83
        0x8D, 0x22, 0x21,       // STA $2122   -> $03E0 (bit 15 dropped)
        0x9C, 0x02, 0x21,       // STZ $2102
        0x9C, 0x03, 0x21,       // STZ $2103
        0xA9, 0x40,             // LDA #$40
        0x8D, 0x04, 0x21,       // STA $2104   x
        0xA9, 0x50,             // LDA #$50
        0x8D, 0x04, 0x21,       // STA $2104   y
        0xDB,                   // STP
    };
    emu::SnesBus bus(makeLoRom(code));
    emu::Cpu<emu::SnesBus> cpu(bus);
    cpu.reset();
    REQUIRE(cpu.run(emu::RunLimits{.cycles = 10000}) == emu::StopReason::Stopped);

    const auto vram = bus.ppu().vram().bytes();
    for (unsigned i = 0; i < 8; ++i) {
        INFO("word " << i);
        CHECK(vram[2 * (0x1000 + i)] == i);
        CHECK(vram[2 * (0x1000 + i) + 1] == (i ^ 0xFF));
    }
    CHECK(vram[2 * 0x1008] == 0);
    CHECK(bus.ppu().vram().address() == 0x1008);
    CHECK(bus.ppu().cgram().bytes()[0] == 0xE0);
    CHECK(bus.ppu().cgram().bytes()[1] == 0x03);
    CHECK(bus.ppu().oam().bytes()[0] == 0x40);
    CHECK(bus.ppu().oam().bytes()[1] == 0x50);
    CHECK(bus.ppu().registers().written(0x15) == 0x80);
    CHECK(bus.ppu().registers().written(0x17) == 0x10);
}

} // namespace
} // namespace tileprof::test
