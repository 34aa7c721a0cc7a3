#pragma once

#include "emu/ppu/ppu.hpp"

#include <string>
#include <vector>

namespace tileprof {

// What a background layer shows, read as text: test ROMs print their verdicts by writing
// character codes into a tilemap whose tiles are a font. Each of the 32 x 28 visible 8x8 tiles
// (from the layer's scroll) becomes the character whose code is its tile number, shifted so that
// tile `spaceTile` is a space; tiles outside the printable range show as spaces.
struct ScreenLayer {
    std::string title; // "BG1 (tilemap $0400, 32x32, scroll 0,0)"
    std::vector<std::string> rows; // trailing spaces and empty bottom rows trimmed
};

// The layers the main screen shows ($212C) in the mode $2105 sets; mode 7's BG1 is not a
// tilemap of 8x8 tiles and is left out.
std::vector<ScreenLayer> screenText(const emu::Ppu& ppu, unsigned spaceTile);

} // namespace tileprof
