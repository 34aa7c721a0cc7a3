#include "emu/ppu/background_line.hpp"

#include "emu/ppu/tilemap.hpp"

#include <algorithm>

namespace emu {

namespace {

// A plane's byte as 8 bytes of 0 or 1, its leftmost pixel (bit 7) in the lowest byte; mirrored,
// bit 0 there.
constexpr auto makeSpread(bool mirrored)
{
    std::array<std::uint64_t, 256> spread{};
    for (unsigned byte = 0; byte < 256; ++byte) {
        for (unsigned column = 0; column < 8; ++column) {
            const unsigned bit = mirrored ? column : 7 - column;
            spread[byte] |= std::uint64_t{(byte >> bit) & 1u} << (8 * column);
        }
    }
    return spread;
}
constexpr std::array<std::uint64_t, 256> kSpread = makeSpread(false);
constexpr std::array<std::uint64_t, 256> kSpreadMirrored = makeSpread(true);

// Where a background's tilemap entries are, as bsnes v094's get_tile reads them: BGnSC's screens
// and the tile size as a shift (16x16 tiles, and every tile in hi-res, 16 pixels wide). The entry
// under pixel (x, y) of the layer; tilemapEntryWord wraps within the screens there are.
struct MapLayout {
    MapLayout(const PpuRegisters& registers, unsigned bg, bool hires)
        : screens(registers.written(static_cast<std::uint8_t>(0x07 + bg))),
          tileHeight(registers.bgLargeTiles(bg) ? 4 : 3), tileWidth(hires ? 4 : tileHeight)
    {
    }
    std::uint16_t entryAt(const Vram& vram, unsigned x, unsigned y) const
    {
        return vram.word(tilemapEntryWord(screens, x >> tileWidth, y >> tileHeight));
    }

    std::uint8_t screens;
    unsigned tileHeight;
    unsigned tileWidth;
};

// Repeats each mosaic block's first pixel over the block: in 256-pixel lines blocks of size + 1
// from X 0; in hi-res, where bsnes v094 counts half pixels, pixel 0 alone and then blocks of size +
// 1 from pixel 1.
void applyMosaic(unsigned size, unsigned width, BackgroundLine& out)
{
    unsigned first = 0;
    for (unsigned x = 0; x < width; ++x) {
        const bool starts = width == 512 ? (x <= 1 || (x - 1) % (size + 1) == 0) : x % (size + 1) == 0;
        if (starts) {
            first = x;
        }
        out.colour[x] = out.colour[first];
        out.priority[x] = out.priority[first];
        out.tile[x] = out.tile[first];
    }
}

// Mode 7's sign extensions and the 10-bit clip of a scroll minus a centre.
int signExtend(unsigned value, unsigned bits)
{
    const unsigned sign = 1u << (bits - 1);
    return static_cast<int>((value & ((sign << 1) - 1)) ^ sign) - static_cast<int>(sign);
}
int clip10(int n)
{
    return (n & 0x2000) != 0 ? (n | ~1023) : (n & 1023);
}

} // namespace

void drawBackgroundLine(const PpuRegisters& registers, const Vram& vram, const VideoMode& mode, unsigned bg,
                        const BackgroundLatch& latch, const BackgroundLatch& bg3, unsigned line, bool oddField,
                        BackgroundLine& out)
{
    const unsigned bitsPerPixel = mode.bitsPerPixel[bg];
    const bool hires = mode.hires;
    const unsigned depth = bitsPerPixel == 2 ? 0 : bitsPerPixel == 4 ? 1 : 2;
    const unsigned paletteOffset = (registers.written(0x05) & 7) == 0 ? bg << 5 : 0;
    const unsigned paletteShift = 2u << depth;
    const unsigned width = hires ? 512 : 256;
    const MapLayout map(registers, bg, hires);
    const MapLayout bg3Map(registers, 2, hires);
    const unsigned tiledataIndex = registers.bgCharacterBase(bg) >> (4 + depth);
    const unsigned tileMask = 0x0FFFu >> depth;
    const unsigned mosaic = mosaicSize(registers, bg);
    unsigned py = mosaic == 0 ? line : latch.mosaicY;
    if (hires && (registers.written(0x33) & 0x01) != 0) {
        py = py << 1 | (oddField ? 1 : 0); // interlaced hi-res: each field its own half of 448 lines
    }
    const unsigned hscroll = hires ? latch.hofs << 1 : latch.hofs;
    const unsigned vscroll = latch.vofs;
    const bool modeFour = (registers.written(0x05) & 7) == 4;
    const std::span<const std::uint8_t, Vram::kBytes> bytes = vram.bytes();

    for (int fetchAt = -static_cast<int>(latch.fetchFine << (hires ? 1 : 0)); fetchAt < static_cast<int>(width); fetchAt += 8) {
        const int x = hires ? fetchAt / 2 : fetchAt; // bsnes's X at the fetch, in 256-pixel units
        unsigned hoffset = hscroll + static_cast<unsigned>(fetchAt);
        unsigned voffset = vscroll + py;
        if (mode.offsetPerTile) {
            // The first column keeps the layer's scroll; from the second on, BG3's map row at its
            // VOFS holds each column's new HOFS and the row 8 lines below its VOFS, each entry
            // applying to BG1 with bit 13 and to BG2 with bit 14 (mode 4: one row, bit 15 for VOFS).
            const auto offsetX = static_cast<std::uint16_t>(x + static_cast<int>(hscroll & 7));
            if (offsetX >= 8) {
                const unsigned column = (offsetX - 8u) + (bg3.hofs & ~7u);
                const std::uint16_t hval = bg3Map.entryAt(vram, column, bg3.vofs);
                const std::uint16_t vval = bg3Map.entryAt(vram, column, bg3.vofs + 8u);
                const unsigned applies = bg == 0 ? 0x2000 : 0x4000;
                if (modeFour) {
                    if ((hval & applies) != 0) {
                        if ((hval & 0x8000) == 0) {
                            hoffset = offsetX + (hval & ~7u);
                        } else {
                            voffset = line + hval;
                        }
                    }
                } else {
                    if ((hval & applies) != 0) {
                        hoffset = offsetX + (hval & ~7u);
                    }
                    if ((vval & applies) != 0) {
                        voffset = line + vval;
                    }
                }
            }
        }
        const std::uint16_t entry = map.entryAt(vram, hoffset, voffset);
        const bool mirrorY = (entry & 0x8000) != 0;
        const bool mirrorX = (entry & 0x4000) != 0;
        const auto priority = static_cast<std::uint8_t>(entry >> 13 & 1);
        const unsigned paletteIndex = paletteOffset + (((entry >> 10) & 7u) << paletteShift);
        // The parts of a wide or tall tile: the entry itself steps, so a carry out of the tile
        // number reaches the palette bits direct colour reads.
        auto tile = entry;
        if (map.tileWidth == 4 && ((hoffset & 8) != 0) != mirrorX) {
            tile = static_cast<std::uint16_t>(tile + 1);
        }
        if (map.tileHeight == 4 && ((voffset & 8) != 0) != mirrorY) {
            tile = static_cast<std::uint16_t>(tile + 16);
        }
        const unsigned character = ((tile & 0x3FFu) + tiledataIndex) & tileMask;
        const unsigned row = (mirrorY ? voffset ^ 7 : voffset) & 7;
        const unsigned address = (character << (4 + depth)) + (row << 1);
        // Each pixel's index, a byte each of `pixels` from the left, one plane at a time.
        const std::array<std::uint64_t, 256>& spread = mirrorX ? kSpreadMirrored : kSpread;
        std::uint64_t pixels = 0;
        for (unsigned plane = 0; plane < bitsPerPixel; ++plane) {
            pixels |= spread[bytes[(address + 16 * (plane / 2) + plane % 2) & 0xFFFF]] << plane;
        }
        const int first = std::max(fetchAt, 0);
        const int end = std::min(fetchAt + 8, static_cast<int>(width));
        for (int at = first; at < end; ++at) {
            const auto index = static_cast<unsigned>(pixels >> (8 * (at - fetchAt)) & 0xFF);
            const auto pixel = static_cast<unsigned>(at);
            out.colour[pixel] = static_cast<std::uint8_t>(index == 0 ? 0 : paletteIndex + index);
            out.priority[pixel] = priority;
            out.tile[pixel] = tile;
        }
    }
    if (mosaic != 0) {
        applyMosaic(mosaic, width, out);
    }
}

void drawMode7Line(const PpuRegisters& registers, const Vram& vram, unsigned bg, const BackgroundLatch& bg1,
                   BackgroundLine& out)
{
    const Mode7Registers& m7 = registers.mode7();
    const int a = signExtend(m7.a(), 16);
    const int b = signExtend(m7.b(), 16);
    const int c = signExtend(m7.c(), 16);
    const int d = signExtend(m7.d(), 16);
    const int cx = signExtend(m7.x(), 13);
    const int cy = signExtend(m7.y(), 13);
    const int hoffset = signExtend(bg1.hofs, 13);
    const int voffset = signExtend(bg1.vofs, 13);
    const std::uint8_t m7sel = registers.written(0x1A);
    const unsigned repeat = m7sel >> 6;
    const unsigned mosaic = mosaicSize(registers, bg);
    unsigned y = bg1.mosaicY;
    if ((m7sel & 0x02) != 0) {
        y = 255 - y;
    }
    // bsnes v094 sums in 32 bits, each product's low 6 bits cleared, then drops 8 fraction bits.
    const auto u = [](int n) { return static_cast<std::uint32_t>(n); };
    const std::uint32_t psx = (u(a * clip10(hoffset - cx)) & ~63u) + (u(b * clip10(voffset - cy)) & ~63u) +
                              ((u(b) * y) & ~63u) + u(cx * 256);
    const std::uint32_t psy = (u(c * clip10(hoffset - cx)) & ~63u) + (u(d * clip10(voffset - cy)) & ~63u) +
                              ((u(d) * y) & ~63u) + u(cy * 256);
    const std::span<const std::uint8_t, Vram::kBytes> bytes = vram.bytes();
    for (unsigned screenX = 0; screenX < 256; ++screenX) {
        unsigned x = screenX - screenX % (mosaic + 1);
        if ((m7sel & 0x01) != 0) {
            x = 255 - x;
        }
        int px = static_cast<std::int32_t>(psx + u(a) * x) >> 8;
        int py = static_cast<std::int32_t>(psy + u(c) * x) >> 8;
        const bool outside = ((px | py) & ~1023) != 0;
        px &= 1023;
        py &= 1023;
        unsigned palette = 0;
        if (repeat < 2 || !outside) {
            const unsigned tile = bytes[static_cast<unsigned>((py >> 3) * 128 + (px >> 3)) << 1];
            palette = bytes[((tile << 6) + static_cast<unsigned>((py & 7) << 3 | (px & 7))) << 1 | 1];
        } else if (repeat == 3) {
            palette = bytes[static_cast<unsigned>((py & 7) << 3 | (px & 7)) << 1 | 1]; // tile 0's pixel
        }
        std::uint8_t priority = 0;
        if (bg == 1) {
            priority = static_cast<std::uint8_t>(palette >> 7);
            palette &= 0x7F;
        }
        out.colour[screenX] = static_cast<std::uint8_t>(palette);
        out.priority[screenX] = priority;
        out.tile[screenX] = 0;
    }
}

} // namespace emu
