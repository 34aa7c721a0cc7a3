#include "emu/ppu/line_renderer.hpp"

#include "emu/ppu/background_line.hpp"
#include "emu/ppu/output_colour.hpp"

#include <algorithm>
#include <array>

namespace emu {

namespace {

// Where each layer stands in front of the others, as bsnes v094 numbers them (the highest in
// front): per background its low- and high-priority tiles, and the sprites of each priority.
struct LayerOrder {
    std::array<std::array<std::uint8_t, 2>, 4> background; // 0: no such layer
    std::array<std::uint8_t, 4> sprites;
};
// Mode 0: S3 1H 2H S2 1L 2L S1 3H 4H S0 3L 4L, front first.
constexpr LayerOrder kMode0 = {{{{8, 11}, {7, 10}, {2, 5}, {1, 4}}}, {3, 6, 9, 12}};
// Mode 1: S3 1H 2H S2 1L 2L S1 3H S0 3L.
constexpr LayerOrder kMode1 = {{{{6, 9}, {5, 8}, {1, 3}, {0, 0}}}, {2, 4, 7, 10}};
// Mode 1 with BGMODE bit 3: 3H S3 1H 2H S2 1L 2L S1 S0 3L.
constexpr LayerOrder kMode1Bg3Front = {{{{5, 8}, {4, 7}, {1, 10}, {0, 0}}}, {2, 3, 6, 9}};

// Each background's bits a pixel in modes 0 and 1 (0: no such layer).
constexpr std::array<std::array<std::uint8_t, 4>, 2> kBitsPerPixel = {{{2, 2, 2, 2}, {4, 4, 2, 0}}};

std::uint16_t cgramColour(std::span<const std::uint8_t, 0x200> cgram, unsigned index)
{
    return static_cast<std::uint16_t>(cgram[2 * index] | cgram[2 * index + 1] << 8);
}

} // namespace

std::uint16_t drawLine(const PpuRegisters& registers, std::span<const std::uint8_t, 0x10000> vram,
                       std::span<const std::uint8_t, 0x200> cgram, const SpriteLine& sprites, unsigned line,
                       std::span<std::uint32_t, Picture::kWidth> row)
{
    if (registers.forceBlank()) {
        std::ranges::fill(row, 0u);
        return 0;
    }
    const unsigned brightness = registers.written(0x00) & 15;
    const unsigned mode = registers.written(0x05) & 7;
    const std::uint8_t mainScreen = registers.written(0x2C);
    const std::uint8_t setini = registers.written(0x33);
    const bool colourMath = (registers.written(0x31) & 0x3F) != 0 && (registers.written(0x30) & 0x30) != 0x30;
    const bool windows = (registers.written(0x2E) & mainScreen) != 0;
    const bool mosaic = (registers.written(0x06) & 0xF0) != 0 && (registers.written(0x06) & mainScreen & 0x0F) != 0;
    std::uint16_t leftOut = static_cast<std::uint16_t>((colourMath ? 0x20 : 0) | (windows ? 0x40 : 0) | (mosaic ? 0x80 : 0) |
                                                       ((setini & 0x03) != 0 ? 0x100 : 0) | ((setini & 0x08) != 0 ? 0x200 : 0));
    if (colourMath) {
        leftOut |= registers.written(0x2D) & 0x1F;
    }
    if (mode > 1) {
        // Not drawn yet: the line shows the backdrop.
        leftOut |= mainScreen & 0x1F;
    }
    const LayerOrder& order = mode == 0 ? kMode0 : (registers.written(0x05) & 0x08) != 0 ? kMode1Bg3Front : kMode1;
    const bool showSprites = mode <= 1 && (mainScreen & 0x10) != 0;

    std::array<BackgroundLine, 4> layers;
    std::array<bool, 4> shown{};
    for (unsigned bg = 0; bg < 4 && mode <= 1; ++bg) {
        const unsigned bits = kBitsPerPixel[mode][bg];
        shown[bg] = bits != 0 && ((mainScreen >> bg) & 1) != 0;
        if (shown[bg]) {
            drawBackgroundLine(registers, vram, bg, bits, mode == 0 ? bg * 32 : 0, line, layers[bg]);
        }
    }
    for (unsigned x = 0; x < 256; ++x) {
        unsigned index = 0;
        unsigned front = 0;
        for (unsigned bg = 0; bg < 4; ++bg) {
            const BackgroundLine& layer = layers[bg];
            if (shown[bg] && layer.colour[x] != 0 && order.background[bg][layer.priority[x]] > front) {
                front = order.background[bg][layer.priority[x]];
                index = layer.colour[x];
            }
        }
        if (showSprites && sprites.colour[x] != 0 && order.sprites[sprites.priority[x]] > front) {
            index = sprites.colour[x];
        }
        const std::uint32_t pixel = outputColour(cgramColour(cgram, index), brightness);
        row[2 * x] = pixel;
        row[2 * x + 1] = pixel;
    }
    return leftOut;
}

} // namespace emu
