#include "emu/ppu/background_line.hpp"

#include "emu/ppu/tilemap.hpp"

namespace emu {

void drawBackgroundLine(const PpuRegisters& registers, const Vram& vram, unsigned bg, unsigned bitsPerPixel,
                        unsigned paletteBase, unsigned line, BackgroundLine& out)
{
    const std::uint8_t screens = registers.written(static_cast<std::uint8_t>(0x07 + bg));
    const std::uint8_t nba = registers.written(static_cast<std::uint8_t>(0x0B + bg / 2));
    const unsigned charBase = ((bg % 2 == 0 ? nba : nba >> 4) & 0xFu) << 12;
    const bool bigTiles = (registers.written(0x05) >> (4 + bg) & 1) != 0;
    const unsigned tileSize = bigTiles ? 16 : 8;
    const unsigned tileWords = 4 * bitsPerPixel; // one 8x8 tile: 8 rows of bitsPerPixel / 2 words
    const unsigned colours = 1u << bitsPerPixel;

    const unsigned y = (line + registers.bgVofs(bg)) & 0x3FF;
    const unsigned tileRow = y / tileSize;
    const unsigned hofs = registers.bgHofs(bg) & 0x3FF;
    std::array<std::uint8_t, 8> pixels{};
    unsigned priority = 0;
    for (unsigned screenX = 0; screenX < 256; ++screenX) {
        const unsigned x = (screenX + hofs) & 0x3FF;
        if (screenX == 0 || (x & 7) == 0) {
            // The 8 pixels of the 8x8 tile under x on this line.
            const unsigned tileColumn = x / tileSize;
            const unsigned entry = vram.word(tilemapEntryWord(screens, tileColumn, tileRow));
            const bool hflip = (entry & 0x4000) != 0;
            const bool vflip = (entry & 0x8000) != 0;
            priority = (entry >> 13) & 1;
            // 8 bits a pixel reach all 256 colours: the palette bits then choose nothing.
            const unsigned palette = bitsPerPixel == 8 ? 0 : paletteBase + ((entry >> 10) & 7) * colours;
            unsigned inTileX = x & (tileSize - 1);
            unsigned inTileY = y & (tileSize - 1);
            if (hflip) {
                inTileX = tileSize - 1 - inTileX;
            }
            if (vflip) {
                inTileY = tileSize - 1 - inTileY;
            }
            // The parts of a 16x16 tile wrap within the 1024 tile numbers.
            const unsigned tile = ((entry & 0x3FF) + (inTileX >= 8 ? 1 : 0) + (inTileY >= 8 ? 16 : 0)) & 0x3FF;
            const unsigned rowWord = charBase + tile * tileWords + (inTileY & 7);
            unsigned planes[8] = {};
            for (unsigned pair = 0; pair < bitsPerPixel / 2; ++pair) {
                const unsigned word = vram.word(rowWord + 8 * pair);
                planes[2 * pair] = word & 0xFF;
                planes[2 * pair + 1] = word >> 8;
            }
            for (unsigned column = 0; column < 8; ++column) {
                const unsigned bit = hflip ? column : 7 - column;
                unsigned index = 0;
                for (unsigned plane = 0; plane < bitsPerPixel; ++plane) {
                    index |= ((planes[plane] >> bit) & 1) << plane;
                }
                pixels[column] = static_cast<std::uint8_t>(index == 0 ? 0 : palette + index);
            }
        }
        out.colour[screenX] = pixels[x & 7];
        out.priority[screenX] = static_cast<std::uint8_t>(priority);
    }
}

} // namespace emu
