#pragma once

#include "emu/ppu/ppu_registers.hpp"
#include "emu/ppu/vram.hpp"

#include <array>
#include <cstdint>

namespace emu {

// One background's pixels on one line: per screen pixel its CGRAM index (0: transparent) and its
// tile's priority bit.
struct BackgroundLine {
    std::array<std::uint8_t, 256> colour{};
    std::array<std::uint8_t, 256> priority{};
};

// Draws background `bg` (0-3) at `bitsPerPixel` (2, 4 or 8) on the PPU line `line` from its
// tilemap, tile size, character base and scroll, its colours from `paletteBase` (mode 0 gives each
// background its own 32 colours). As bsnes v094: the line's Y is line + VOFS, X is the screen's X +
// HOFS, each wrapping within the tilemap; a 16x16 tile is tiles n, n + 1, n + 16 and n + 17, each
// wrapping within the 1024 tile numbers.
void drawBackgroundLine(const PpuRegisters& registers, const Vram& vram, unsigned bg, unsigned bitsPerPixel,
                        unsigned paletteBase, unsigned line, BackgroundLine& out);

} // namespace emu
