#include "emu/ppu/sprite_range.hpp"

#include <algorithm>
#include <bit>

namespace emu {

namespace {

struct Size {
    unsigned width;
    unsigned height;
};

// OBSEL's eight size pairs; 6 and 7 have rectangular small (and 6 large) sprites.
constexpr Size kSmall[8] = {{8, 8}, {8, 8}, {8, 8}, {16, 16}, {16, 16}, {32, 32}, {16, 32}, {16, 32}};
constexpr Size kLarge[8] = {{16, 16}, {32, 32}, {64, 64}, {32, 32}, {64, 64}, {64, 64}, {32, 64}, {32, 32}};

// How many lines from its Y the sprite covers (0: none, being wholly left of the screen).
unsigned coveredLines(std::span<const std::uint8_t, 544> oam, SpriteSizes sizes, unsigned sprite)
{
    const unsigned highBits = oam[0x200 + sprite / 4] >> (2 * (sprite % 4));
    const unsigned x = oam[4 * sprite] | (highBits & 1) << 8;
    const unsigned sizeSelect = sizes.obsel >> 5;
    const Size size = (highBits & 2) != 0 ? kLarge[sizeSelect] : kSmall[sizeSelect];
    // Wholly in the 256 columns left of the screen's wrap: not on any line.
    if (x > 256 && x + size.width - 1 < 512) {
        return 0;
    }
    // In interlace the small 16x32 sprites are 16 high, and every sprite covers half its lines.
    const unsigned height = sizes.interlace && sizeSelect >= 6 && (highBits & 2) == 0 ? 16 : size.height;
    return sizes.interlace ? height >> 1 : height;
}

} // namespace

void SpriteRange::oamWritten(unsigned at)
{
    // A high-table byte holds four sprites' X bit 8 and size bits.
    const unsigned first = at >= 0x200 ? (at & 0x1F) * 4 : at / 4;
    const unsigned count = at >= 0x200 ? 4 : 1;
    for (unsigned sprite = first; sprite < first + count; ++sprite) {
        stale_[sprite / 64] |= std::uint64_t{1} << (sprite % 64);
    }
}

void SpriteRange::refresh(std::span<const std::uint8_t, 544> oam, SpriteSizes sizes)
{
    if (sizes != sizes_) {
        sizes_ = sizes;
        stale_ = {~std::uint64_t{0}, ~std::uint64_t{0}};
    }
    for (unsigned word = 0; word < 2; ++word) {
        while (stale_[word] != 0) {
            const unsigned sprite = word * 64 + static_cast<unsigned>(std::countr_zero(stale_[word]));
            stale_[word] &= stale_[word] - 1;
            const std::uint64_t bit = std::uint64_t{1} << (sprite % 64);
            for (SpriteSet& line : onLine_) {
                line[word] &= ~bit;
            }
            // Rows past line 255 wrap to the top.
            const unsigned y = oam[4 * sprite + 1];
            const unsigned height = coveredLines(oam, sizes, sprite);
            for (unsigned row = 0; row < height; ++row) {
                onLine_[(y + row) & 255][word] |= bit;
            }
        }
    }
}

std::optional<unsigned> SpriteRange::lastInRange(std::span<const std::uint8_t, 544> oam, SpriteSizes sizes,
                                                 unsigned firstSprite, unsigned line)
{
    refresh(oam, sizes);
    const SpriteSet& on = onLine_[line];
    std::optional<unsigned> last;
    unsigned kept = 0;
    // The sprites in evaluation order: firstSprite to 127, then 0 to firstSprite - 1.
    const auto keep = [&](unsigned from, unsigned to) {
        for (unsigned word = 0; word < 2; ++word) {
            const unsigned low = std::max(from, word * 64);
            const unsigned high = std::min(to, word * 64 + 64);
            if (low >= high) {
                continue;
            }
            const unsigned width = high - low;
            std::uint64_t bits = (on[word] >> (low % 64)) & (width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1);
            for (; bits != 0 && kept < 32; bits &= bits - 1, ++kept) {
                last = low + static_cast<unsigned>(std::countr_zero(bits));
            }
        }
    };
    keep(firstSprite, 128);
    keep(0, firstSprite);
    return last;
}

} // namespace emu
