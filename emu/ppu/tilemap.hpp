#pragma once

#include <cstdint>

namespace emu {

// The word address of a background's tilemap entry for tile (column, row) of the layer, from its
// BGnSC: bits 2-7 the first 32x32 screen's word address / $400, bit 0 a second screen to the
// right, bit 1 one below (after the right one when there are four). Columns and rows wrap within
// the screens there are.
inline unsigned tilemapEntryWord(std::uint8_t screens, unsigned column, unsigned row)
{
    const bool wide = (screens & 1) != 0;
    const bool tall = (screens & 2) != 0;
    unsigned word = ((screens & 0xFCu) << 8) + (row & 31) * 32 + (column & 31);
    if (wide && (column & 32) != 0) {
        word += 0x400;
    }
    if (tall && (row & 32) != 0) {
        word += wide ? 0x800 : 0x400;
    }
    return word;
}

} // namespace emu
