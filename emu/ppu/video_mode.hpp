#pragma once

#include <array>
#include <cstdint>

namespace emu {

// Where each layer stands in front of the others, as bsnes v094 numbers them (the highest in
// front): per background its low- and high-priority pixels, and the sprites of each priority.
struct LayerOrder {
    std::array<std::array<std::uint8_t, 2>, 4> background; // 0: no such layer
    std::array<std::uint8_t, 4> sprites;
};

// What a BG mode (BGMODE bits 0-2, with BGMODE bit 3 and SETINI's EXTBG bit) draws.
struct VideoMode {
    static constexpr std::uint8_t kMode7 = 7; // a background of mode 7's 8-bit, 128x128 map

    std::array<std::uint8_t, 4> bitsPerPixel; // per background: 2, 4, 8, kMode7 or 0 (none)
    LayerOrder order;
    bool hires = false;         // modes 5 and 6: 512 pixels a line, even ones the sub screen's
    bool offsetPerTile = false; // modes 2, 4 and 6: BG3's map moves BG1's and BG2's tiles
    bool directColour = false;  // modes 3, 4 and 7: CGWSEL bit 0 gives BG1 colours, not CGRAM indexes
};

// The mode BGMODE and SETINI select (bsnes v094's mmio_update_video_mode).
const VideoMode& videoMode(std::uint8_t bgmode, std::uint8_t setini);

} // namespace emu
