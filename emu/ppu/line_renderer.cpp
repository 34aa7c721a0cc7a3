#include "emu/ppu/line_renderer.hpp"

#include "emu/ppu/background_line.hpp"
#include "emu/ppu/output_colour.hpp"

#include <algorithm>
#include <array>

namespace emu {

namespace {

// A layer and the priority bit of its tiles, in the order the PPU puts them in front of each
// other (without sprites, which go between them): front first.
struct Place {
    std::uint8_t bg;
    std::uint8_t priority;
};
constexpr std::array<Place, 8> kMode0Order = {{{0, 1}, {1, 1}, {0, 0}, {1, 0}, {2, 1}, {3, 1}, {2, 0}, {3, 0}}};
constexpr std::array<Place, 6> kMode1Order = {{{0, 1}, {1, 1}, {0, 0}, {1, 0}, {2, 1}, {2, 0}}};
// BGMODE bit 3: BG3's high-priority tiles in front of everything.
constexpr std::array<Place, 6> kMode1Bg3FrontOrder = {{{2, 1}, {0, 1}, {1, 1}, {0, 0}, {1, 0}, {2, 0}}};

// Each background's bits a pixel in modes 0 and 1 (0: no such layer).
constexpr std::array<std::array<std::uint8_t, 4>, 2> kBitsPerPixel = {{{2, 2, 2, 2}, {4, 4, 2, 0}}};

std::uint16_t cgramColour(std::span<const std::uint8_t, 0x200> cgram, unsigned index)
{
    return static_cast<std::uint16_t>(cgram[2 * index] | cgram[2 * index + 1] << 8);
}

} // namespace

std::uint8_t drawLine(const PpuRegisters& registers, std::span<const std::uint8_t, 0x10000> vram,
                      std::span<const std::uint8_t, 0x200> cgram, unsigned line, std::span<std::uint32_t, Picture::kWidth> row)
{
    if (registers.forceBlank()) {
        std::ranges::fill(row, 0u);
        return 0;
    }
    const unsigned brightness = registers.written(0x00) & 15;
    const unsigned mode = registers.written(0x05) & 7;
    const std::uint8_t mainScreen = registers.written(0x2C);
    const bool colourMath = (registers.written(0x31) & 0x3F) != 0 && (registers.written(0x30) & 0x30) != 0x30;
    const bool windows = (registers.written(0x2E) & mainScreen) != 0;
    const bool mosaic = (registers.written(0x06) & 0xF0) != 0 && (registers.written(0x06) & mainScreen & 0x0F) != 0;
    std::uint8_t leftOut = static_cast<std::uint8_t>((mainScreen & 0x10) | (colourMath ? 0x20 : 0) | (windows ? 0x40 : 0) |
                                                     (mosaic ? 0x80 : 0));
    if (colourMath) {
        leftOut |= registers.written(0x2D) & 0x1F;
    }
    std::span<const Place> order;
    if (mode == 0) {
        order = kMode0Order;
    } else if (mode == 1) {
        order = (registers.written(0x05) & 0x08) != 0 ? std::span<const Place>(kMode1Bg3FrontOrder) : kMode1Order;
    } else {
        leftOut |= mainScreen & 0x0F;
    }

    std::array<BackgroundLine, 4> layers;
    for (unsigned bg = 0; bg < 4 && mode <= 1; ++bg) {
        const unsigned bits = kBitsPerPixel[mode][bg];
        if (bits != 0 && ((mainScreen >> bg) & 1) != 0) {
            drawBackgroundLine(registers, vram, bg, bits, mode == 0 ? bg * 32 : 0, line, layers[bg]);
        }
    }
    for (unsigned x = 0; x < 256; ++x) {
        unsigned index = 0;
        for (const Place& place : order) {
            const BackgroundLine& layer = layers[place.bg];
            if (((mainScreen >> place.bg) & 1) != 0 && layer.colour[x] != 0 && layer.priority[x] == place.priority) {
                index = layer.colour[x];
                break;
            }
        }
        const std::uint32_t pixel = outputColour(cgramColour(cgram, index), brightness);
        row[2 * x] = pixel;
        row[2 * x + 1] = pixel;
    }
    return leftOut;
}

} // namespace emu
