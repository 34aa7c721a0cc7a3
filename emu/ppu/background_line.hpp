#pragma once

#include "emu/ppu/background_latch.hpp"
#include "emu/ppu/ppu_registers.hpp"
#include "emu/ppu/video_mode.hpp"
#include "emu/ppu/vram.hpp"

#include <array>
#include <cstdint>

namespace emu {

// One background's pixels on one line: 256, or 512 in the hi-res modes (the even ones the sub
// screen's). Per pixel its CGRAM index (0: transparent), its priority bit, and its tilemap entry
// (whose palette bits direct colour uses).
struct BackgroundLine {
    std::array<std::uint8_t, 512> colour{};
    std::array<std::uint8_t, 512> priority{};
    std::array<std::uint16_t, 512> tile{};
};

// Draws background `bg` (0-3) of `mode` at `bitsPerPixel` (2, 4 or 8) on the PPU line `line`, as
// bsnes v094 fetches it: a tile's 8 pixels at a time from X = -(fine scroll), the tile under
// HOFS + X on line VOFS + line, each wrapping within the tilemap; a 16x16 tile (and every tile in
// hi-res, 16 pixels wide) is tiles n, n + 1, n + 16 and n + 17; offset-per-tile takes the column's
// scroll from BG3's map (`bg3` its latch); mosaic repeats a block's first pixel and line; hi-res
// with interlace draws line 2 * line + 1 in odd fields (`oddField`), 2 * line in even ones.
void drawBackgroundLine(const PpuRegisters& registers, const Vram& vram, const VideoMode& mode, unsigned bg,
                        const BackgroundLatch& latch, const BackgroundLatch& bg3, unsigned line, bool oddField,
                        BackgroundLine& out);

// Mode 7's background `bg` (0, or 1 with EXTBG) on `line`: each pixel through the matrix from
// M7A-M7D, M7X/M7Y and the latched M7HOFS/M7VOFS, as bsnes v094 computes it; M7SEL's flips and
// what lies outside the 1024x1024 map (repeat, transparent, or tile 0). `bg1` is BG1's latch, whose
// mosaic block both backgrounds use vertically.
void drawMode7Line(const PpuRegisters& registers, const Vram& vram, unsigned bg, const BackgroundLatch& bg1,
                   BackgroundLine& out);

// The mosaic size of background `bg` (0: off) from MOSAIC.
inline unsigned mosaicSize(const PpuRegisters& registers, unsigned bg)
{
    const std::uint8_t mosaic = registers.written(0x06);
    return ((mosaic >> bg) & 1) != 0 ? mosaic >> 4 : 0u;
}

} // namespace emu
