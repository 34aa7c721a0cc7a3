#pragma once

#include "emu/ppu/ppu_registers.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <span>

namespace emu {

struct SpriteSizes {
    std::uint8_t obsel;   // OBSEL ($2101): bits 5-7 choose the two sizes
    bool interlace;       // SETINI ($2133) bit 1: sprites are drawn half height

    bool operator==(const SpriteSizes&) const = default;
};

// OBSEL's sizes and SETINI's sprite interlace as `registers` hold them.
inline SpriteSizes spriteSizesOf(const PpuRegisters& registers)
{
    return {registers.written(0x01), (registers.written(0x33) & 0x02) != 0};
}

// One sprite as OAM describes it (fullsnes): the low table's four bytes and the high table's two
// bits.
struct SpriteAttributes {
    unsigned x;         // 0-511: X bit 8 from the high table
    unsigned y;         // 0-255
    unsigned width;     // pixels, by OBSEL's size pair and the size bit
    unsigned height;    // pixels as drawn: half in sprite interlace
    unsigned tile;      // the low 8 bits of its tile number
    bool secondTable;   // bit 8 of its tile number: OBSEL's second name table
    unsigned palette;   // 0-7, of the 8 sprite palettes at CGRAM 128
    unsigned priority;  // 0-3
    bool hflip;
    bool vflip;
};
SpriteAttributes spriteAttributes(std::span<const std::uint8_t, 544> oam, SpriteSizes sizes, unsigned sprite);

// Not wholly in the 256 columns left of the screen's wrap: on the lines its rows cover (rows past
// line 255 wrap to the top).
inline bool onScreen(const SpriteAttributes& sprite)
{
    return sprite.x <= 256 || sprite.x + sprite.width - 1 >= 512;
}

// The sprites a line's evaluation keeps, in evaluation order.
struct SpritesInRange {
    std::array<std::uint8_t, 32> sprites{};
    unsigned count = 0;    // up to 32
    bool rangeOver = false; // more than 32 sprites are on the line
};

// The PPU's range evaluation of a line as bsnes v094 does it: the sprites from the first sprite
// on, in order, whose rows cover the line, up to 32. The picture draws them; the last sprite kept
// is where OAM accesses go while the PPU draws.
//
// Which sprites cover each line is kept as OAM changes, refreshed only for the sprites whose bytes
// were written since (or all of them when the sizes change), so that a program that reads or
// writes OAM all through the picture costs a few operations an access, not a walk of OAM's 128
// sprites over the lines.
class SpriteRange {
public:
    // OAM's byte `at` (0-543) was written.
    void oamWritten(unsigned at);

    // The sprites the evaluation of `line` (0-255) keeps.
    SpritesInRange inRange(std::span<const std::uint8_t, 544> oam, SpriteSizes sizes, unsigned firstSprite, unsigned line);

    // The last sprite the evaluation of `line` (0-255) keeps, or nothing when no sprite is on it.
    std::optional<unsigned> lastInRange(std::span<const std::uint8_t, 544> oam, SpriteSizes sizes, unsigned firstSprite,
                                        unsigned line);

private:
    // A bit a sprite.
    using SpriteSet = std::array<std::uint64_t, 2>;

    void refresh(std::span<const std::uint8_t, 544> oam, SpriteSizes sizes);

    std::array<SpriteSet, 256> onLine_{};
    SpriteSet stale_{~std::uint64_t{0}, ~std::uint64_t{0}};
    SpriteSizes sizes_{};
};

} // namespace emu
