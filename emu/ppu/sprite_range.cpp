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

} // namespace

SpriteAttributes spriteAttributes(std::span<const std::uint8_t, 544> oam, SpriteSizes sizes, unsigned sprite)
{
    const unsigned highBits = oam[0x200 + sprite / 4] >> (2 * (sprite % 4));
    const unsigned sizeSelect = sizes.obsel >> 5;
    const bool large = (highBits & 2) != 0;
    const Size size = large ? kLarge[sizeSelect] : kSmall[sizeSelect];
    // In interlace the small 16x32 sprites are 16 high, and every sprite covers half its lines.
    unsigned height = sizes.interlace && sizeSelect >= 6 && !large ? 16 : size.height;
    if (sizes.interlace) {
        height >>= 1;
    }
    const unsigned attributes = oam[4 * sprite + 3];
    return {oam[4 * sprite] | (highBits & 1) << 8,
            oam[4 * sprite + 1],
            size.width,
            height,
            oam[4 * sprite + 2],
            (attributes & 1) != 0,
            (attributes >> 1) & 7,
            (attributes >> 4) & 3,
            (attributes & 0x40) != 0,
            (attributes & 0x80) != 0};
}

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
            const unsigned index = word * 64 + static_cast<unsigned>(std::countr_zero(stale_[word]));
            stale_[word] &= stale_[word] - 1;
            const std::uint64_t bit = std::uint64_t{1} << (index % 64);
            for (SpriteSet& line : onLine_) {
                line[word] &= ~bit;
            }
            const SpriteAttributes sprite = spriteAttributes(oam, sizes, index);
            if (!onScreen(sprite)) {
                continue;
            }
            for (unsigned row = 0; row < sprite.height; ++row) {
                onLine_[(sprite.y + row) & 255][word] |= bit;
            }
        }
    }
}

SpritesInRange SpriteRange::inRange(std::span<const std::uint8_t, 544> oam, SpriteSizes sizes, unsigned firstSprite,
                                    unsigned line)
{
    refresh(oam, sizes);
    const SpriteSet& on = onLine_[line];
    SpritesInRange kept;
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
            for (; bits != 0; bits &= bits - 1) {
                if (kept.count == 32) {
                    kept.rangeOver = true;
                    return;
                }
                kept.sprites[kept.count++] = static_cast<std::uint8_t>(low + static_cast<unsigned>(std::countr_zero(bits)));
            }
        }
    };
    keep(firstSprite, 128);
    if (!kept.rangeOver) {
        keep(0, firstSprite);
    }
    return kept;
}

std::optional<unsigned> SpriteRange::lastInRange(std::span<const std::uint8_t, 544> oam, SpriteSizes sizes,
                                                 unsigned firstSprite, unsigned line)
{
    const SpritesInRange kept = inRange(oam, sizes, firstSprite, line);
    if (kept.count == 0) {
        return std::nullopt;
    }
    return kept.sprites[kept.count - 1];
}

} // namespace emu
