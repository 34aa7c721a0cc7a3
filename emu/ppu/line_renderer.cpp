#include "emu/ppu/line_renderer.hpp"

#include "emu/ppu/background_line.hpp"
#include "emu/ppu/output_colour.hpp"
#include "emu/ppu/window_line.hpp"

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

// The front pixel of one screen (main or sub) at x: its CGRAM index (0: the backdrop) and which
// layer it is of (0-3 a background, 4 the sprites, 5 the backdrop).
struct ScreenPixel {
    unsigned index = 0;
    unsigned layer = 5;
};

ScreenPixel frontPixel(const LayerOrder& order, const std::array<BackgroundLine, 4>& layers, const SpriteLine& sprites,
                       std::uint8_t screenLayers, unsigned x)
{
    ScreenPixel pixel;
    unsigned front = 0;
    for (unsigned bg = 0; bg < 4; ++bg) {
        const BackgroundLine& layer = layers[bg];
        if (((screenLayers >> bg) & 1) != 0 && layer.colour[x] != 0 && order.background[bg][layer.priority[x]] > front) {
            front = order.background[bg][layer.priority[x]];
            pixel = {layer.colour[x], bg};
        }
    }
    if ((screenLayers & 0x10) != 0 && sprites.colour[x] != 0 && order.sprites[sprites.priority[x]] > front) {
        pixel = {sprites.colour[x], 4};
    }
    return pixel;
}

// Colour addition and subtraction of two 15-bit colours, each channel on its own: a sum stops at
// 31, a difference at 0; halved, each channel of the result is halved.
std::uint16_t colourMath(std::uint16_t a, std::uint16_t b, bool subtract, bool halve)
{
    std::uint16_t result = 0;
    for (unsigned shift = 0; shift < 15; shift += 5) {
        const int x = (a >> shift) & 31;
        const int y = (b >> shift) & 31;
        int channel = subtract ? std::max(x - y, 0) : std::min(x + y, 31);
        if (halve) {
            channel = subtract ? channel >> 1 : (x + y) >> 1;
        }
        result = static_cast<std::uint16_t>(result | channel << shift);
    }
    return result;
}

} // namespace

std::uint16_t drawLine(const PpuRegisters& registers, const Vram& vram, const Cgram& cgram, const SpriteLine& sprites,
                       unsigned line, std::span<std::uint32_t, Picture::kWidth> row)
{
    if (registers.forceBlank()) {
        std::ranges::fill(row, 0u);
        return 0;
    }
    const unsigned brightness = registers.written(0x00) & 15;
    const unsigned mode = registers.written(0x05) & 7;
    const std::uint8_t mainScreen = registers.written(0x2C);
    const std::uint8_t subScreen = registers.written(0x2D);
    const std::uint8_t setini = registers.written(0x33);
    const std::uint8_t cgwsel = registers.written(0x30);
    const std::uint8_t cgadsub = registers.written(0x31);
    const bool mosaic = (registers.written(0x06) & 0xF0) != 0 && (registers.written(0x06) & (mainScreen | subScreen) & 0x0F) != 0;
    std::uint16_t leftOut = static_cast<std::uint16_t>((mosaic ? 0x20 : 0) | ((setini & 0x03) != 0 ? 0x40 : 0) |
                                                       ((setini & 0x08) != 0 ? 0x80 : 0));
    if (mode > 1) {
        // Not drawn yet: the line shows the backdrop.
        leftOut |= (mainScreen | subScreen) & 0x1F;
    }
    const LayerOrder& order = mode == 0 ? kMode0 : (registers.written(0x05) & 0x08) != 0 ? kMode1Bg3Front : kMode1;
    const std::uint8_t drawn = mode <= 1 ? static_cast<std::uint8_t>(mainScreen | subScreen) : 0;
    const std::uint8_t mainLayers = mainScreen & drawn;
    const std::uint8_t subLayers = subScreen & drawn;

    std::array<BackgroundLine, 4> layers;
    for (unsigned bg = 0; bg < 4; ++bg) {
        const unsigned bits = mode <= 1 ? kBitsPerPixel[mode][bg] : 0;
        if (bits != 0 && ((drawn >> bg) & 1) != 0) {
            drawBackgroundLine(registers, vram, bg, bits, mode == 0 ? bg * 32 : 0, line, layers[bg]);
        } else {
            layers[bg].colour.fill(0);
        }
    }
    WindowLine windows;
    drawWindowLine(registers, windows);
    // CGWSEL: bits 6-7 where the main screen is black, bits 4-5 where colour math is off, each
    // 0 nowhere, 1 outside the colour window, 2 inside it, 3 everywhere; bit 1 the sub screen (else
    // the fixed colour) as the second colour. CGADSUB: bits 0-5 the layers colour math is done on
    // (BG1-4, sprites of palettes 4-7, the backdrop), bit 6 halve, bit 7 subtract.
    const auto applies = [](unsigned setting, bool inside) {
        return setting == 3 || (setting == 1 && !inside) || (setting == 2 && inside);
    };
    const bool addSubScreen = (cgwsel & 0x02) != 0;
    const bool halve = (cgadsub & 0x40) != 0;
    const bool subtract = (cgadsub & 0x80) != 0;
    const std::uint16_t fixed = registers.fixedColor();
    for (unsigned x = 0; x < 256; ++x) {
        const bool inside = windows.insideColourWindow[x];
        const bool black = applies(cgwsel >> 6, inside);
        const bool mathOff = applies((cgwsel >> 4) & 3, inside);
        const ScreenPixel main = frontPixel(order, layers, sprites, mainLayers & ~windows.mainHidden[x], x);
        std::uint16_t colour = black ? 0 : cgram.colour(main.index);
        const bool mathLayer = (cgadsub >> main.layer & 1) != 0 && (main.layer != 4 || main.index >= 192);
        if (mathLayer && !mathOff) {
            const ScreenPixel sub = frontPixel(order, layers, sprites, subLayers & ~windows.subHidden[x], x);
            // A pixel where the sub screen shows only its backdrop takes the fixed colour, whole.
            const bool subTransparent = sub.layer == 5;
            const bool withSubScreen = addSubScreen && !subTransparent;
            const std::uint16_t second = withSubScreen ? cgram.colour(sub.index) : fixed;
            colour = colourMath(colour, second, subtract, halve && !black && (withSubScreen || !addSubScreen));
        }
        const std::uint32_t pixel = outputColour(colour, brightness);
        row[2 * x] = pixel;
        row[2 * x + 1] = pixel;
    }
    return leftOut;
}

} // namespace emu
