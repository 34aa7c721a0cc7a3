#include "emu/ppu/sprite_range.hpp"

namespace emu {

namespace {

struct Size {
    unsigned width;
    unsigned height;
};

// OBSEL's eight size pairs; 6 and 7 have rectangular small (and 6 large) sprites.
constexpr Size kSmall[8] = {{8, 8}, {8, 8}, {8, 8}, {16, 16}, {16, 16}, {32, 32}, {16, 32}, {16, 32}};
constexpr Size kLarge[8] = {{16, 16}, {32, 32}, {64, 64}, {32, 32}, {64, 64}, {64, 64}, {32, 64}, {32, 32}};

bool onLine(std::span<const std::uint8_t, 544> oam, SpriteSizes sizes, unsigned sprite, unsigned line)
{
    const unsigned highBits = oam[0x200 + sprite / 4] >> (2 * (sprite % 4));
    const unsigned x = oam[4 * sprite] | (highBits & 1) << 8;
    const unsigned y = oam[4 * sprite + 1];
    const unsigned sizeSelect = sizes.obsel >> 5;
    const Size size = (highBits & 2) != 0 ? kLarge[sizeSelect] : kSmall[sizeSelect];
    // Wholly in the 256 columns left of the screen's wrap: not on any line.
    if (x > 256 && x + size.width - 1 < 512) {
        return false;
    }
    // In interlace the small 16x32 sprites are 16 high, and every sprite covers half its lines.
    unsigned height = sizes.interlace && sizeSelect >= 6 && (highBits & 2) == 0 ? 16 : size.height;
    if (sizes.interlace) {
        height >>= 1;
    }
    return (line >= y && line < y + height) || (y + height >= 256 && line < ((y + height) & 255));
}

} // namespace

std::optional<unsigned> lastSpriteInRange(std::span<const std::uint8_t, 544> oam, SpriteSizes sizes, unsigned firstSprite,
                                          unsigned line)
{
    std::optional<unsigned> last;
    unsigned found = 0;
    for (unsigned i = 0; i < 128 && found < 32; ++i) {
        const unsigned sprite = (firstSprite + i) & 127;
        if (onLine(oam, sizes, sprite, line)) {
            last = sprite;
            ++found;
        }
    }
    return last;
}

} // namespace emu
