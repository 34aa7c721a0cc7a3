#pragma once

#include "profiler/map/tile_type.hpp"

#include <array>
#include <cstdint>

namespace tileprof::gui {

// The pixels a tile blocks, column by column, as the routine's own height tables define them.
struct TileShape {
    enum class Kind : std::uint8_t { Empty, Solid, Slope, Platform };

    // Rows top..bottom (0..15, inclusive) of one pixel column; empty when top > bottom.
    struct Span {
        std::int8_t top = 0;
        std::int8_t bottom = -1;
        bool empty() const { return top > bottom; }
    };

    Kind kind = Kind::Empty;
    std::array<Span, 16> columns{};
};

// A floor slope's column j is solid from TopHeightTable[value | j] down to the tile's bottom; a
// ceiling slope's from the top down to BottomHeightTable[value | j]. UP_PLATFORM is the one-pixel
// surface its top height gives (it blocks only from above), DOWN_PLATFORM likewise from below.
// SOLID and END_SLOPE fill the tile.
TileShape tileShape(TileType type, const std::array<std::uint8_t, 256>& topHeights,
                    const std::array<std::uint8_t, 256>& bottomHeights);

} // namespace tileprof::gui
