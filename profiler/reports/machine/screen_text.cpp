#include "profiler/reports/machine/screen_text.hpp"

#include "base/printf_string.hpp"
#include "emu/ppu/tilemap.hpp"

namespace tileprof {

namespace {

constexpr unsigned kColumns = 32;
constexpr unsigned kRows = 28;
constexpr std::uint8_t kBgMode = 0x05;
constexpr std::uint8_t kBg1Sc = 0x07;
constexpr std::uint8_t kMainScreen = 0x2C;

// The number of background layers in each mode (mode 7's one is special).
constexpr unsigned kLayers[8] = {4, 3, 2, 2, 2, 2, 1, 0};

ScreenLayer layerText(const emu::Ppu& ppu, unsigned bg, unsigned spaceTile)
{
    const emu::PpuRegisters& registers = ppu.registers();
    const std::uint8_t sc = registers.written(static_cast<std::uint8_t>(kBg1Sc + bg));
    const unsigned base = (sc & 0x7Cu) << 8; // VRAM has 32K words: bit 15 of the address is not wired
    const unsigned wide = (sc & 1) ? 2 : 1;
    const unsigned tall = (sc & 2) ? 2 : 1;
    // The first line the screen shows is the layer's line VOFS + 1.
    const unsigned left = (registers.bgHofs(bg) & 0x3FF) >> 3;
    const unsigned top = ((registers.bgVofs(bg) + 1) & 0x3FF) >> 3;

    ScreenLayer layer;
    layer.title = printfString("BG%u (tilemap at word $%04X, %ux%u, scroll %u,%u)", bg + 1, base, 32 * wide, 32 * tall,
                               registers.bgHofs(bg) & 0x3FF, registers.bgVofs(bg) & 0x3FF);
    for (unsigned row = 0; row < kRows; ++row) {
        std::string text;
        const unsigned y = (top + row) % (32 * tall);
        for (unsigned column = 0; column < kColumns; ++column) {
            const unsigned x = (left + column) % (32 * wide);
            const unsigned tile = ppu.vram().word(emu::tilemapEntryWord(sc, x, y)) & 0x3FF;
            const int code = static_cast<int>(tile) - static_cast<int>(spaceTile) + ' ';
            text += code > ' ' && code < 0x7F ? static_cast<char>(code) : ' ';
        }
        text.erase(text.find_last_not_of(' ') + 1);
        layer.rows.push_back(text);
    }
    while (!layer.rows.empty() && layer.rows.back().empty()) {
        layer.rows.pop_back();
    }
    return layer;
}

} // namespace

std::vector<ScreenLayer> screenText(const emu::Ppu& ppu, unsigned spaceTile)
{
    const emu::PpuRegisters& registers = ppu.registers();
    const unsigned layers = kLayers[registers.written(kBgMode) & 7];
    std::vector<ScreenLayer> shown;
    for (unsigned bg = 0; bg < layers; ++bg) {
        if (registers.written(kMainScreen) & (1u << bg)) {
            shown.push_back(layerText(ppu, bg, spaceTile));
        }
    }
    return shown;
}

} // namespace tileprof
