#pragma once

#include "emu/ppu/cgram.hpp"
#include "emu/ppu/ppu_registers.hpp"
#include "emu/ppu/vram.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace tileprof {

// A picture of one of the PPU's memories for the debugger's viewers: XRGB8888 at full brightness,
// row after row.
struct ViewImage {
    unsigned width = 0;
    unsigned height = 0;
    std::vector<std::uint32_t> pixels;
};

// Every tile of VRAM (64 KiB) at `bitsPerPixel` (2, 4 or 8), 16 a row in address order, coloured
// with CGRAM palette `palette` (2 bits: colours 4 x palette on; 4 bits: 16 x palette on; 8 bits:
// CGRAM itself).
ViewImage vramTiles(const emu::Vram& vram, const emu::Cgram& cgram, unsigned bitsPerPixel, unsigned palette);

// Background `bg` (0-3)'s whole tilemap as `registers` set it up (mode, BGnSC, the character
// base, the tile size): 256 to 1024 pixels a side, each entry's tile with its flips and palette;
// in mode 7 BG1's 128x128 map, 1024 pixels a side. Empty when the mode has no such background.
ViewImage backgroundMap(const emu::Vram& vram, const emu::Cgram& cgram, const emu::PpuRegisters& registers, unsigned bg);

// CGRAM's colour `index` (0-255) as XRGB8888 at full brightness.
std::uint32_t cgramColour(const emu::Cgram& cgram, unsigned index);

} // namespace tileprof
