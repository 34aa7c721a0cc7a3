#include "emu/ppu/sprite_line.hpp"

namespace emu {

namespace {

struct Sliver {
    int x;            // the screen X of its first pixel: -256 to 255
    unsigned palette; // the CGRAM index of its palette's colour 0
    unsigned priority;
    bool hflip;
    std::array<std::uint8_t, 4> planes;
};

} // namespace

void drawSpriteLine(const SpritesInRange& kept, std::span<const std::uint8_t, 544> oam, SpriteSizes sizes,
                    std::span<const std::uint8_t, 0x10000> vram, unsigned evaluatedLine, bool oddField, SpriteLine& out)
{
    out.colour.fill(0);
    out.timeOver = false;
    std::array<Sliver, 34> slivers;
    unsigned fetched = 0;
    const unsigned nameBase = (sizes.obsel & 3u) << 14; // byte addresses
    const unsigned secondTableOffset = 256 * 32 + (((sizes.obsel >> 3) & 3u) << 13);
    for (unsigned i = kept.count; i-- > 0;) {
        const SpriteAttributes sprite = spriteAttributes(oam, sizes, kept.sprites[i]);
        // In sprite interlace a line is every other row, from the sprite's whole height.
        unsigned row = (evaluatedLine - sprite.y) & 0xFF;
        unsigned height = sprite.height;
        if (sizes.interlace) {
            row <<= 1;
            height <<= 1;
        }
        if (sprite.vflip) {
            // A rectangular sprite flips as two squares.
            if (sprite.width == height) {
                row = height - 1 - row;
            } else if (row < sprite.width) {
                row = sprite.width - 1 - row;
            } else {
                row = sprite.width + (sprite.width - 1 - (row - sprite.width));
            }
        }
        if (sizes.interlace) {
            const unsigned field = oddField ? 1 : 0;
            row = sprite.vflip ? row - field : row + field;
        }
        row &= 0xFF;
        const unsigned base = (nameBase + (sprite.secondTable ? secondTableOffset : 0)) & 0xFFFF;
        const unsigned column = sprite.tile & 15;
        const unsigned tileRow = (((sprite.tile >> 4) + (row >> 3)) & 15) << 4;
        const unsigned slivers8 = sprite.width / 8;
        for (unsigned part = 0; part < slivers8; ++part) {
            const unsigned x = (sprite.x + part * 8) & 511;
            if (sprite.x != 256 && x >= 256 && x + 7 < 512) {
                continue;
            }
            if (fetched == 34) {
                out.timeOver = true;
                break;
            }
            const unsigned tileColumn = sprite.hflip ? slivers8 - 1 - part : part;
            const unsigned position = (base + ((tileRow + ((column + tileColumn) & 15)) << 5)) & 0xFFFF;
            const unsigned address = (position & 0xFFE0) + (row & 7) * 2;
            slivers[fetched++] = {x >= 256 ? static_cast<int>(x) - 512 : static_cast<int>(x), 128 + sprite.palette * 16,
                                  sprite.priority, sprite.hflip,
                                  {vram[address], vram[address + 1], vram[address + 16], vram[address + 17]}};
        }
    }
    for (unsigned n = 0; n < fetched; ++n) {
        const Sliver& sliver = slivers[n];
        for (int px = 0; px < 8; ++px) {
            const int x = sliver.x + px;
            if (x < 0 || x >= 256) {
                continue;
            }
            const unsigned bit = sliver.hflip ? static_cast<unsigned>(px) : 7u - static_cast<unsigned>(px);
            unsigned colour = 0;
            for (unsigned plane = 0; plane < 4; ++plane) {
                colour |= ((sliver.planes[plane] >> bit) & 1u) << plane;
            }
            if (colour != 0) {
                out.colour[static_cast<unsigned>(x)] = static_cast<std::uint8_t>(sliver.palette + colour);
                out.priority[static_cast<unsigned>(x)] = static_cast<std::uint8_t>(sliver.priority);
            }
        }
    }
}

} // namespace emu
