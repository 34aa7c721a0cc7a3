// The debugger's viewers of the PPU's memories (profiler/debugger/ppu_views): VRAM's tiles in each
// depth and a background's whole map, each pixel the colour CGRAM gives its index.

#include "profiler/debugger/ppu_views.hpp"

#include "emu/ppu/output_colour.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <vector>

namespace tileprof::test {
namespace {

// VRAM written through the host's way in, CGRAM through its port.
struct Memories {
    emu::Vram vramMemory;
    std::span<std::uint8_t, emu::Vram::kBytes> vram = vramMemory.bytes();
    emu::Cgram cgram;

    void colour(unsigned index, std::uint16_t bgr)
    {
        cgram.writeAddress(static_cast<std::uint8_t>(index));
        cgram.writeData(static_cast<std::uint8_t>(bgr), false);
        cgram.writeData(static_cast<std::uint8_t>(bgr >> 8), false);
    }
    std::uint32_t shown(unsigned index) const { return emu::outputColour(cgram.colour(index), 15); }
};

TEST_CASE("ppu views: VRAM's tiles at 2, 4 and 8 bits a pixel, with a palette")
{
    Memories m;
    for (unsigned i = 0; i < 256; ++i) {
        m.colour(i, static_cast<std::uint16_t>(i * 97 + 5));
    }
    // Tile 0 at 2 bits: row 0 pixel 0 index 1 (plane 0), pixel 1 index 2 (plane 1); as 4 bits, tile
    // 0's planes 2 and 3 (16 bytes on) give pixel 7 of row 0 index 12.
    m.vram[0] = 0x80;
    m.vram[1] = 0x40;
    m.vram[16] = 0x01;
    m.vram[17] = 0x01;
    const ViewImage two = vramTiles(m.vramMemory, m.cgram, 2, 3);
    CHECK(two.width == 128);
    CHECK(two.height == 4096 / 16 * 8);
    CHECK(two.pixels[0] == m.shown(3 * 4 + 1));
    CHECK(two.pixels[1] == m.shown(3 * 4 + 2));
    CHECK(two.pixels[2] == m.shown(0)); // index 0: the backdrop, whatever the palette
    const ViewImage four = vramTiles(m.vramMemory, m.cgram, 4, 2);
    CHECK(four.height == 2048 / 16 * 8);
    CHECK(four.pixels[0] == m.shown(2 * 16 + 1));
    CHECK(four.pixels[7] == m.shown(2 * 16 + 12));
    // Tile 1 at 2 bits is bytes 16-31: its row 0 pixel 7 is index 3.
    CHECK(two.pixels[8 + 7] == m.shown(3 * 4 + 3));
    const ViewImage eight = vramTiles(m.vramMemory, m.cgram, 8, 5);
    CHECK(eight.height == 1024 / 16 * 8);
    CHECK(eight.pixels[7] == m.shown(12)); // 8 bits: CGRAM itself
}

TEST_CASE("ppu views: a background's whole map with flips and palettes, and mode 7's")
{
    Memories m;
    for (unsigned i = 0; i < 256; ++i) {
        m.colour(i, static_cast<std::uint16_t>(i * 131 + 7));
    }
    emu::PpuRegisters r;
    r.write(0x05, 0x01);       // mode 1: BG1 4 bits, 8x8 tiles
    r.write(0x07, 0x10);       // BG1 map at word $1000 (bits 2-7: $1000 / $400), 32x32
    r.write(0x0B, 0x02);       // BG1's characters at word $2000 (byte $4000)
    // Entry (1, 0): tile 3, palette 5, flipped horizontally. Tile 3's row 0: pixel 0 index 1.
    const unsigned entry = 0x1000 + 1;
    m.vram[2 * entry] = 3;
    m.vram[2 * entry + 1] = 5 << 2 | 0x40;
    m.vram[0x4000 + 3 * 32] = 0x80;
    const ViewImage map = backgroundMap(m.vramMemory, m.cgram, r, 0);
    CHECK(map.width == 256);
    CHECK(map.height == 256);
    CHECK(map.pixels[8 + 7] == m.shown(5 * 16 + 1)); // flipped: pixel 0 drawn at the tile's right edge
    CHECK(map.pixels[8] == m.shown(0));
    CHECK(backgroundMap(m.vramMemory, m.cgram, r, 3).pixels.empty()); // mode 1 has no BG4

    r.write(0x05, 0x07); // mode 7: map in even bytes, tile pixels in odd bytes
    m.vram[2 * (2 * 128 + 1)] = 9;            // map cell (1, 2): tile 9
    m.vram[2 * (9 * 64 + 3 * 8 + 4) + 1] = 77; // tile 9's pixel (4, 3)
    const ViewImage seven = backgroundMap(m.vramMemory, m.cgram, r, 0);
    CHECK(seven.width == 1024);
    CHECK(seven.pixels[(2 * 8 + 3) * 1024 + 8 + 4] == m.shown(77));
}

} // namespace
} // namespace tileprof::test
