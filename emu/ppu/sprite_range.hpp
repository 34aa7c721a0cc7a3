#pragma once

#include <cstdint>
#include <optional>
#include <span>

namespace emu {

struct SpriteSizes {
    std::uint8_t obsel;   // OBSEL ($2101): bits 5-7 choose the two sizes
    bool interlace;       // SETINI ($2133) bit 1: sprites are drawn half height
};

// The PPU's range evaluation of one line as bsnes v094 does it: the sprites from `firstSprite`
// on, in order, whose rows cover `line`, up to 32. Returns the last one kept, or nothing when no
// sprite is on the line. Nothing is drawn; the result is where OAM accesses go while the PPU draws.
std::optional<unsigned> lastSpriteInRange(std::span<const std::uint8_t, 544> oam, SpriteSizes sizes, unsigned firstSprite,
                                          unsigned line);

} // namespace emu
