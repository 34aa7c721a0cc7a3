#include "emu/ppu/line_renderer.hpp"

#include "emu/ppu/video_mode.hpp"

#include <algorithm>

namespace emu {

namespace {

// The front pixel of one screen (main or sub): its CGRAM index, which layer it is of (0-3 a
// background, 4 the sprites, 5 the backdrop) and, for a background, its tilemap entry.
struct ScreenPixel {
    unsigned index = 0;
    unsigned layer = 5;
    std::uint16_t tile = 0;
};

// `at` the backgrounds' pixel (in hi-res the main screen's odd, the sub screen's even one), `x`
// the sprites'. A layer stands in front only with a higher number than those before it.
ScreenPixel frontPixel(const LayerOrder& order, const std::array<BackgroundLine, 4>& backgrounds, const SpriteLine& sprites,
                       unsigned screenLayers, unsigned at, unsigned x)
{
    ScreenPixel pixel;
    unsigned front = 0;
    for (unsigned bg = 0; bg < 4; ++bg) {
        const BackgroundLine& layer = backgrounds[bg];
        if (((screenLayers >> bg) & 1) != 0 && layer.colour[at] != 0 && order.background[bg][layer.priority[at]] > front) {
            front = order.background[bg][layer.priority[at]];
            pixel = {layer.colour[at], bg, layer.tile[at]};
        }
    }
    if ((screenLayers & 0x10) != 0 && sprites.colour[x] != 0 && order.sprites[sprites.priority[x]] > front) {
        pixel = {sprites.colour[x], 4, 0};
    }
    return pixel;
}

// Direct colour: an 8-bit pixel BBGGGRRR and its tile's palette bits bgr as the colour
// 0BBb00GGGg0RRRr0 (bsnes v094).
std::uint16_t directColour(unsigned index, unsigned tile)
{
    return static_cast<std::uint16_t>(((index << 7) & 0x6000) + (tile & 0x1000) + ((index << 4) & 0x0380) +
                                      ((tile >> 5) & 0x0040) + ((index << 2) & 0x001C) + ((tile >> 9) & 0x0002));
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

// CGWSEL's settings for where the main screen shows (bits 6-7) and where colour math happens
// (bits 4-5): 0 everywhere, 1 inside the colour window, 2 outside it, 3 nowhere.
bool enabledAt(unsigned setting, bool insideColourWindow)
{
    return setting == 0 || (setting == 1 && insideColourWindow) || (setting == 2 && !insideColourWindow);
}

// bsnes v094's screen, pixel by pixel: the colour math state one pixel leaves is what the next
// pixel's sub screen half is blended with in hi-res.
struct ColourMath {
    std::uint16_t mainColour;
    std::uint16_t subColour;
    bool mainEnabled;
    bool mathEnabled;
    bool transparent; // the sub screen shows only its backdrop
    bool withSubScreen;
    bool halve;
};

} // namespace

void drawLine(const PpuRegisters& registers, const Vram& vram, const Cgram& cgram, unsigned line, bool oddField,
              LineLayers& layers, std::span<std::uint32_t, Picture::kWidth> row)
{
    const std::uint8_t setini = registers.written(0x33);
    const VideoMode& mode = videoMode(registers.written(0x05), setini);
    for (unsigned bg = 0; bg < 4; ++bg) {
        layers.latches[bg].startLine(line, mosaicSize(registers, bg), registers.bgHofs(bg), registers.bgVofs(bg),
                                     mode.bitsPerPixel[bg] == VideoMode::kMode7, registers.mode7().hofs(),
                                     registers.mode7().vofs());
    }
    if (registers.forceBlank()) {
        std::ranges::fill(row, 0u);
        return;
    }
    const OutputColours::Table& output = layers.colours.at(registers.written(0x00) & 15);
    const auto drawnLayers = static_cast<std::uint8_t>(~layers.leftOut.layers);
    const std::uint8_t mainScreen = registers.written(0x2C) & drawnLayers;
    const std::uint8_t subScreen = registers.written(0x2D) & drawnLayers;
    const std::uint8_t cgwsel = registers.written(0x30);
    const std::uint8_t cgadsub = layers.leftOut.colourMath ? 0 : registers.written(0x31);

    unsigned drawn = 0;
    for (unsigned bg = 0; bg < 4; ++bg) {
        const unsigned bits = mode.bitsPerPixel[bg];
        if (bits == 0 || (((mainScreen | subScreen) >> bg) & 1) == 0) {
            continue;
        }
        drawn |= 1u << bg;
        if (bits == VideoMode::kMode7) {
            drawMode7Line(registers, vram, bg, layers.latches[0], layers.backgrounds[bg]);
        } else {
            drawBackgroundLine(registers, vram, mode, bg, layers.latches[bg], layers.latches[2], line, oddField,
                               layers.backgrounds[bg]);
        }
    }
    const unsigned mainLayers = mainScreen & (drawn | 0x10);
    const unsigned subLayers = subScreen & (drawn | 0x10);
    drawWindowLine(registers, layers.windows);

    // CGWSEL bit 1: the sub screen (else the fixed colour) as the second colour; bit 0 direct
    // colour. CGADSUB: bits 0-5 the layers colour math is done on (BG1-4, sprites of palettes 4-7,
    // the backdrop), bit 6 halve, bit 7 subtract.
    const bool subScreenMath = (cgwsel & 0x02) != 0;
    const bool direct = mode.directColour && (cgwsel & 0x01) != 0;
    const bool halve = (cgadsub & 0x40) != 0;
    const bool subtract = (cgadsub & 0x80) != 0;
    const bool hiresOutput = mode.hires || (setini & 0x08) != 0;
    const std::uint16_t fixed = registers.fixedColor();
    const std::uint16_t backdrop = cgram.colour(0);
    const auto colourOf = [&](const ScreenPixel& pixel) {
        return pixel.layer == 0 && direct ? directColour(pixel.index, pixel.tile) : cgram.colour(pixel.index);
    };
    // bsnes v094 starts each line as if a pixel with a transparent sub screen came before it.
    ColourMath math{backdrop, backdrop, (cgwsel & 0x40) == 0, (cgwsel & 0x10) == 0 && (cgadsub & 0x20) != 0, true, false,
                    halve && !subScreenMath && (cgwsel & 0x40) == 0};
    const auto subPixel = [&](unsigned x) {
        const ScreenPixel sub = frontPixel(mode.order, layers.backgrounds, layers.sprites,
                                           subLayers & ~layers.windows.subHidden[x], mode.hires ? 2 * x : x, x);
        math.transparent = sub.layer == 5;
        math.subColour = math.transparent ? backdrop : colourOf(sub);
    };
    for (unsigned x = 0; x < 256; ++x) {
        std::uint16_t subHalf = 0;
        if (hiresOutput) {
            subPixel(x);
            const std::uint16_t shown = math.mainEnabled ? math.subColour : 0;
            subHalf = !math.mathEnabled ? shown
                                        : colourMath(shown, math.withSubScreen ? math.mainColour : fixed, subtract, math.halve);
        }
        const ScreenPixel main = frontPixel(mode.order, layers.backgrounds, layers.sprites,
                                            mainLayers & ~layers.windows.mainHidden[x], mode.hires ? 2 * x + 1 : x, x);
        const bool inside = layers.windows.insideColourWindow[x];
        math.mainColour = main.layer == 5 ? backdrop : colourOf(main);
        math.mathEnabled = (cgadsub >> main.layer & 1) != 0 && (main.layer != 4 || main.index >= 192) &&
                           enabledAt((cgwsel >> 4) & 3, inside);
        math.mainEnabled = enabledAt(cgwsel >> 6, inside);
        std::uint16_t mainHalf = math.mainEnabled ? math.mainColour : 0;
        if (math.mathEnabled) {
            if (!hiresOutput && subScreenMath) {
                subPixel(x);
            }
            // Where the sub screen shows only its backdrop, the fixed colour, never halved.
            math.withSubScreen = subScreenMath && !math.transparent;
            math.halve = halve && math.mainEnabled && !(subScreenMath && math.transparent);
            mainHalf = colourMath(mainHalf, math.withSubScreen ? math.subColour : fixed, subtract, math.halve);
        }
        const std::uint32_t mainPixel = output[mainHalf & 0x7FFF];
        row[2 * x] = hiresOutput ? output[subHalf & 0x7FFF] : mainPixel;
        row[2 * x + 1] = mainPixel;
    }
}

} // namespace emu
