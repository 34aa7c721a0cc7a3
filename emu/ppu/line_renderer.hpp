#pragma once

#include "emu/ppu/background_latch.hpp"
#include "emu/ppu/background_line.hpp"
#include "emu/ppu/cgram.hpp"
#include "emu/ppu/output_colour.hpp"
#include "emu/ppu/picture.hpp"
#include "emu/ppu/ppu_registers.hpp"
#include "emu/ppu/sprite_line.hpp"
#include "emu/ppu/vram.hpp"
#include "emu/ppu/window_line.hpp"

#include <array>
#include <cstdint>
#include <span>

namespace emu {

// Layers a debugger leaves out of the picture: bits 0-3 BG1-4 and bit 4 the sprites off both
// screens, and colour math off (each screen's front pixel as it is).
struct LayersLeftOut {
    std::uint8_t layers = 0;
    bool colourMath = false;

    bool operator==(const LayersLeftOut&) const = default;
};

// What drawing lines keeps: the backgrounds' latches, carried from line to line through a frame,
// and the layers of the line being drawn (its sprites filled in before drawLine).
struct LineLayers {
    LayersLeftOut leftOut;
    std::array<BackgroundLatch, 4> latches;
    std::array<BackgroundLine, 4> backgrounds;
    WindowLine windows;
    SpriteLine sprites;
    OutputColours colours;
};

// Draws the PPU line `line` (1 to 224, or 239 with overscan) of the field `oddField` into `row`
// from the registers, VRAM, CGRAM and `layers.sprites` as they are, as bsnes v094 draws it; every
// shown line is drawn, in order.
void drawLine(const PpuRegisters& registers, const Vram& vram, const Cgram& cgram, unsigned line, bool oddField,
              LineLayers& layers, std::span<std::uint32_t, Picture::kWidth> row);

} // namespace emu
