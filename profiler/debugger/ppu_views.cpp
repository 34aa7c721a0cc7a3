#include "profiler/debugger/ppu_views.hpp"

#include "emu/ppu/output_colour.hpp"
#include "emu/ppu/tilemap.hpp"
#include "emu/ppu/video_mode.hpp"

namespace tileprof {

namespace {

// Pixel (x, y)'s colour index in the planar tile at byte `address`: plane pairs 16 bytes apart,
// a row's two planes side by side.
unsigned tilePixel(std::span<const std::uint8_t> vram, unsigned address, unsigned bitsPerPixel, unsigned x, unsigned y)
{
    unsigned index = 0;
    for (unsigned plane = 0; plane < bitsPerPixel; ++plane) {
        const std::uint8_t byte = vram[(address + 16 * (plane / 2) + 2 * y + plane % 2) & 0xFFFF];
        index |= ((byte >> (7 - x)) & 1u) << plane;
    }
    return index;
}

} // namespace

std::uint32_t cgramColour(const emu::Cgram& cgram, unsigned index)
{
    return emu::outputColour(cgram.colour(index & 255), 15);
}

ViewImage vramTiles(const emu::Vram& vram, const emu::Cgram& cgram, unsigned bitsPerPixel, unsigned palette)
{
    const unsigned tileBytes = 8 * bitsPerPixel;
    const unsigned tiles = 0x10000 / tileBytes;
    ViewImage image{16 * 8, tiles / 16 * 8, {}};
    image.pixels.resize(std::size_t{image.width} * image.height);
    const unsigned base = bitsPerPixel == 8 ? 0 : (palette << bitsPerPixel) & 255;
    for (unsigned tile = 0; tile < tiles; ++tile) {
        for (unsigned y = 0; y < 8; ++y) {
            for (unsigned x = 0; x < 8; ++x) {
                const unsigned index = tilePixel(vram.bytes(), tile * tileBytes, bitsPerPixel, x, y);
                image.pixels[std::size_t{(tile / 16) * 8 + y} * image.width + (tile % 16) * 8 + x] =
                    cgramColour(cgram, index == 0 ? 0 : base + index);
            }
        }
    }
    return image;
}

ViewImage backgroundMap(const emu::Vram& vram, const emu::Cgram& cgram, const emu::PpuRegisters& registers, unsigned bg)
{
    const std::uint8_t bgmode = registers.written(0x05);
    const emu::VideoMode& mode = emu::videoMode(bgmode, registers.written(0x33));
    const unsigned bits = mode.bitsPerPixel[bg & 3];
    if (bits == 0) {
        return {};
    }
    if (bits == emu::VideoMode::kMode7) {
        // The map in VRAM's even bytes, 128x128; tile t's 64 one-byte pixels in the odd bytes from 128 x t.
        ViewImage image{1024, 1024, std::vector<std::uint32_t>(1024 * 1024)};
        for (unsigned y = 0; y < 1024; ++y) {
            for (unsigned x = 0; x < 1024; ++x) {
                const unsigned tile = vram.word((y / 8) * 128 + x / 8) & 0xFF;
                const unsigned index = vram.word(tile * 64 + (y % 8) * 8 + x % 8) >> 8;
                image.pixels[std::size_t{y} * 1024 + x] = cgramColour(cgram, index);
            }
        }
        return image;
    }
    const std::uint8_t screens = registers.written(static_cast<std::uint8_t>(0x07 + bg));
    const unsigned charBase = registers.bgCharacterBase(bg);
    const unsigned tileSize = registers.bgLargeTiles(bg) ? 16 : 8;
    const unsigned columns = (screens & 1) != 0 ? 64 : 32;
    const unsigned rows = (screens & 2) != 0 ? 64 : 32;
    ViewImage image{columns * tileSize, rows * tileSize, {}};
    image.pixels.resize(std::size_t{image.width} * image.height);
    const unsigned paletteBase = (bgmode & 7) == 0 ? bg * 32 : 0;
    for (unsigned row = 0; row < rows; ++row) {
        for (unsigned column = 0; column < columns; ++column) {
            const unsigned word = emu::tilemapEntryWord(screens, column, row);
            const std::uint16_t entry = vram.word(word);
            const bool flipX = (entry & 0x4000) != 0;
            const bool flipY = (entry & 0x8000) != 0;
            const unsigned palette = (entry >> 10) & 7;
            for (unsigned y = 0; y < tileSize; ++y) {
                for (unsigned x = 0; x < tileSize; ++x) {
                    const unsigned tx = flipX ? tileSize - 1 - x : x;
                    const unsigned ty = flipY ? tileSize - 1 - y : y;
                    // A 16x16 tile is tiles n, n + 1, n + 16 and n + 17.
                    const unsigned tile = ((entry & 0x3FF) + tx / 8 + (ty / 8) * 16) & 0x3FF;
                    const unsigned index = tilePixel(vram.bytes(), charBase + tile * 8 * bits, bits, tx % 8, ty % 8);
                    const unsigned colour = index == 0 ? 0 : bits == 8 ? index : paletteBase + (palette << bits) + index;
                    image.pixels[std::size_t{row * tileSize + y} * image.width + column * tileSize + x] =
                        cgramColour(cgram, colour);
                }
            }
        }
    }
    return image;
}

} // namespace tileprof
