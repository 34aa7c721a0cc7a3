#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>

namespace emu {

// The 8-bit level of each 5-bit level (index) at each master brightness (INIDISP bits 0-3), as
// bsnes v094's video palette makes them, which its libretro output shows and the picture is
// compared with: the level is widened to 8 bits (c << 3 | c >> 2), then to 16 (x 257), scaled by
// (brightness + 1) / 16 (a quarter of that at brightness 0), and the top 8 bits kept. Measured on
// all 16 x 32 levels of each channel (roms/picture-tests/colours.s); bsnes's gamma ramp is off, as
// its libretro core's default.
inline constexpr std::array<std::array<std::uint8_t, 32>, 16> kOutputLevels = [] {
    std::array<std::array<std::uint8_t, 32>, 16> levels{};
    for (unsigned brightness = 0; brightness < 16; ++brightness) {
        for (unsigned c = 0; c < 32; ++c) {
            const unsigned wide = ((c << 3) | (c >> 2)) * 257;
            const unsigned scaled = brightness == 0 ? wide >> 6 : (wide * (brightness + 1)) >> 4;
            levels[brightness][c] = static_cast<std::uint8_t>(scaled >> 8);
        }
    }
    return levels;
}();

// A PPU colour (0bbbbbgggggrrrrr) at a master brightness, as XRGB8888.
inline std::uint32_t outputColour(std::uint16_t colour, unsigned brightness)
{
    const auto& level = kOutputLevels[brightness & 15];
    return std::uint32_t{level[colour & 31]} << 16 | std::uint32_t{level[(colour >> 5) & 31]} << 8 |
           level[(colour >> 10) & 31];
}

// Every colour's outputColour at each brightness, a table made the first time a brightness is
// drawn with: one look-up a pixel.
class OutputColours {
public:
    using Table = std::array<std::uint32_t, 0x8000>;

    // Tables made on demand: a copy starts without them.
    OutputColours() = default;
    OutputColours(const OutputColours&) {}
    OutputColours& operator=(const OutputColours&) { return *this; }

    const Table& at(unsigned brightness)
    {
        std::unique_ptr<Table>& table = tables_[brightness & 15];
        if (!table) {
            table = std::make_unique<Table>();
            for (unsigned colour = 0; colour < table->size(); ++colour) {
                (*table)[colour] = outputColour(static_cast<std::uint16_t>(colour), brightness);
            }
        }
        return *table;
    }

private:
    std::array<std::unique_ptr<Table>, 16> tables_;
};

} // namespace emu
