#pragma once

#include <cstdint>

namespace emu {

// What a background keeps from line to line, as bsnes v094's Background::begin does at each
// line's start: the vertical mosaic's block (its first line, every mosaic size + 1 lines from
// line 1) and the scroll latched there, so that with mosaic on a whole block is drawn from its
// first line's scroll. Mode 7 latches M7HOFS/M7VOFS every line.
struct BackgroundLatch {
    unsigned mosaicCountdown = 0;
    unsigned mosaicY = 0;         // the block's first line
    std::uint16_t hofs = 0;       // the scroll the line is drawn with
    std::uint16_t vofs = 0;
    unsigned fetchFine = 0;       // the latched HOFS's bits 0-2 before this line's latch: where tiles are fetched

    // At the start of line `line` (1 on): `mosaic` the background's mosaic size (0: off).
    void startLine(unsigned line, unsigned mosaic, std::uint16_t lineHofs, std::uint16_t lineVofs, bool mode7,
                   std::uint16_t mode7Hofs, std::uint16_t mode7Vofs)
    {
        bool newBlock = line == 1;
        if (newBlock) {
            mosaicCountdown = mosaic + 1;
            mosaicY = 1;
        } else if (--mosaicCountdown == 0) {
            mosaicCountdown = mosaic + 1;
            mosaicY += mosaic + 1;
            newBlock = true;
        }
        if (newBlock) {
            hofs = lineHofs;
            vofs = lineVofs;
        }
        fetchFine = hofs & 7u;
        if (mode7) {
            hofs = mode7Hofs;
            vofs = mode7Vofs;
        } else if (mosaic == 0) {
            hofs = lineHofs;
            vofs = lineVofs;
        }
    }
};

} // namespace emu
