#pragma once

#include "emu/ppu/cgram.hpp"
#include "emu/ppu/picture.hpp"
#include "emu/ppu/ppu_registers.hpp"
#include "emu/ppu/sprite_line.hpp"
#include "emu/ppu/vram.hpp"

#include <cstdint>
#include <span>

namespace emu {

// Draws the PPU line `line` (1 to 224, or 239 with overscan) into `row` from the registers, VRAM,
// CGRAM and the line's sprites as they are, as bsnes v094 draws it. Returns what the line showed
// that the renderer does not draw yet, as Picture::leftOut's bits.
std::uint16_t drawLine(const PpuRegisters& registers, const Vram& vram, const Cgram& cgram, const SpriteLine& sprites,
                       unsigned line, std::span<std::uint32_t, Picture::kWidth> row);

} // namespace emu
