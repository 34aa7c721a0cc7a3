#pragma once

#include "emu/ppu/ppu_registers.hpp"

#include <array>
#include <cstdint>

namespace emu {

// The two windows on one line, as each layer and the colour window combine them: per screen pixel
// the layers the windows hide on the main and on the sub screen (TMW, TSW; bits 0-3 BG1-4, 4 the
// sprites) and whether it is inside the colour window.
struct WindowLine {
    std::array<std::uint8_t, 256> mainHidden{};
    std::array<std::uint8_t, 256> subHidden{};
    std::array<bool, 256> insideColourWindow{};
};

// The windows from W12SEL-WOBJLOG ($2123-$212B), TMW and TSW, as bsnes v094: window 1 covers X from
// WH0 to WH1, window 2 from WH2 to WH3, both ends included (none where left > right). A layer or the
// colour window with one window enabled is inside that window (or outside, inverted); with both,
// its logic (OR, AND, XOR, XNOR) combines them; with neither, no pixel is inside.
void drawWindowLine(const PpuRegisters& registers, WindowLine& out);

} // namespace emu
