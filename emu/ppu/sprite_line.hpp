#pragma once

#include "emu/ppu/sprite_range.hpp"

#include <array>
#include <cstdint>
#include <span>

namespace emu {

// The sprites' pixels on one line: per screen pixel its CGRAM index (0: none) and its sprite's
// priority (0-3).
struct SpriteLine {
    std::array<std::uint8_t, 256> colour{};
    std::array<std::uint8_t, 256> priority{};
    bool timeOver = false; // more than 34 8-pixel slivers: the first sprites' were not fetched
};

// Draws the sprites `kept` from the evaluation of `evaluatedLine` (the line before the one shown),
// their slivers fetched from VRAM through OBSEL's name tables, as bsnes v094: the slivers are
// fetched from the last sprite kept back to the first, at most 34 of them, a sliver wholly off the
// screen not counted; where two sprites overlap, the one evaluated first is in front. In sprite
// interlace (SETINI bit 1) each line shows every other row of a sprite, the odd field's the odd
// ones.
void drawSpriteLine(const SpritesInRange& kept, std::span<const std::uint8_t, 544> oam, SpriteSizes sizes,
                    std::span<const std::uint8_t, 0x10000> vram, unsigned evaluatedLine, bool oddField, SpriteLine& out);

} // namespace emu
