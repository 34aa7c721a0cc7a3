#include "emu/ppu/window_line.hpp"

namespace emu {

namespace {

// Whether a pixel is inside an area's windows: `select` its nibble of W12SEL-WOBJSEL (bit 0 invert
// window 1, bit 1 enable it, bits 2-3 the same for window 2), `logic` its two bits of WBGLOG/WOBJLOG.
bool insideWindows(unsigned select, unsigned logic, bool one, bool two)
{
    const bool oneEnabled = (select & 2) != 0;
    const bool twoEnabled = (select & 8) != 0;
    one = one != ((select & 1) != 0);
    two = two != ((select & 4) != 0);
    if (!oneEnabled) {
        return twoEnabled && two;
    }
    if (!twoEnabled) {
        return one;
    }
    switch (logic) {
    case 0:
        return one || two;
    case 1:
        return one && two;
    case 2:
        return one != two;
    default:
        return one == two;
    }
}

} // namespace

void drawWindowLine(const PpuRegisters& registers, WindowLine& out)
{
    // The six areas: BG1-4, the sprites, the colour window.
    const std::uint32_t selects = registers.written(0x23) | registers.written(0x24) << 8 | registers.written(0x25) << 16;
    const unsigned logics = registers.written(0x2A) | registers.written(0x2B) << 8;
    if ((selects & 0xAAAAAA) == 0) {
        out.mainHidden.fill(0);
        out.subHidden.fill(0);
        out.insideColourWindow.fill(false);
        return;
    }
    const unsigned mainMasked = registers.written(0x2E) & 0x1Fu;
    const unsigned subMasked = registers.written(0x2F) & 0x1Fu;
    const unsigned oneLeft = registers.written(0x26);
    const unsigned oneRight = registers.written(0x27);
    const unsigned twoLeft = registers.written(0x28);
    const unsigned twoRight = registers.written(0x29);
    for (unsigned x = 0; x < 256; ++x) {
        const bool one = x >= oneLeft && x <= oneRight;
        const bool two = x >= twoLeft && x <= twoRight;
        unsigned inside = 0;
        for (unsigned area = 0; area < 6; ++area) {
            if (insideWindows(selects >> (4 * area) & 15, logics >> (2 * area) & 3, one, two)) {
                inside |= 1u << area;
            }
        }
        out.mainHidden[x] = static_cast<std::uint8_t>(inside & mainMasked);
        out.subHidden[x] = static_cast<std::uint8_t>(inside & subMasked);
        out.insideColourWindow[x] = (inside & 0x20) != 0;
    }
}

} // namespace emu
