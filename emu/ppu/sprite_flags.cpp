#include "emu/ppu/sprite_flags.hpp"

#include <algorithm>

namespace emu {

namespace {

// The 8-pixel slivers of a sprite that the PPU fetches: all but those wholly in the 256 columns
// left of the screen's wrap (every sliver of a sprite at X 256).
unsigned fetchedSlivers(const SpriteAttributes& sprite)
{
    unsigned slivers = 0;
    for (unsigned column = 0; column < sprite.width; column += 8) {
        const unsigned sx = (sprite.x + column) & 511;
        slivers += sprite.x == 256 || sx < 256 || sx + 7 >= 512 ? 1 : 0;
    }
    return slivers;
}

} // namespace

void SpriteFlags::count(std::span<const std::uint8_t, 544> oam, SpriteSizes sizes)
{
    // Each sprite adds to the lines its rows cover (wrapping past 255), as differences summed after.
    std::array<int, 257> sprites{};
    std::array<int, 257> slivers{};
    const auto add = [&](unsigned from, unsigned to, int fetched) {
        ++sprites[from];
        --sprites[to];
        slivers[from] += fetched;
        slivers[to] -= fetched;
    };
    for (unsigned index = 0; index < 128; ++index) {
        const SpriteAttributes sprite = spriteAttributes(oam, sizes, index);
        if (!onScreen(sprite)) {
            continue;
        }
        const auto fetched = static_cast<int>(fetchedSlivers(sprite));
        const unsigned bottom = sprite.y + sprite.height;
        add(sprite.y, std::min(bottom, 256u), fetched);
        if (bottom > 256) {
            add(0, bottom - 256, fetched);
        }
    }
    int onLine = 0;
    int sliversOnLine = 0;
    for (unsigned y = 0; y < 256; ++y) {
        onLine += sprites[y];
        sliversOnLine += slivers[y];
        sprites_[y] = static_cast<std::uint16_t>(onLine);
        slivers_[y] = static_cast<std::uint16_t>(sliversOnLine);
    }
    sizes_ = sizes;
    countsStale_ = false;
}

void SpriteFlags::evaluateThrough(unsigned line, std::span<const std::uint8_t, 544> oam, SpriteSizes sizes,
                                  unsigned firstSprite, bool overscan, SpriteRange& range)
{
    const unsigned end = std::min(line + 1, overscan ? 239u : 224u);
    if (end <= evaluatedLines_) {
        return;
    }
    if (countsStale_ || sizes != sizes_) {
        count(oam, sizes);
    }
    for (unsigned y = evaluatedLines_; y < end; ++y) {
        unsigned fetched = slivers_[y];
        if (sprites_[y] > 32) {
            rangeOverLine_ = std::min(rangeOverLine_, y);
            // Only the first 32 from the first sprite are fetched.
            fetched = 0;
            const SpritesInRange kept = range.inRange(oam, sizes, firstSprite, y);
            for (unsigned k = 0; k < kept.count; ++k) {
                fetched += fetchedSlivers(spriteAttributes(oam, sizes, kept.sprites[k]));
            }
        }
        if (fetched > 34) {
            timeOverLine_ = std::min(timeOverLine_, y);
        }
    }
    evaluatedLines_ = end;
}

} // namespace emu
