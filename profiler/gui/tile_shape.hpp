#pragma once

#include "profiler/design/design.hpp"

#include <array>
#include <cstdint>

namespace tileprof::gui {

// The pixels a tile blocks, column by column, as its design's surfaces define them.
struct TileShape {
    enum class Kind : std::uint8_t { Empty, Solid, Slope, Platform };

    // Rows top..bottom (inclusive) of one pixel column; empty when top > bottom. A tile of 8
    // pixels uses the first 8 columns.
    struct Span {
        std::int8_t top = 0;
        std::int8_t bottom = -1;
        bool empty() const { return top > bottom; }
    };

    Kind kind = Kind::Empty;
    std::array<Span, 16> columns{};
};

// What a tile type is drawn and coloured as: a one-way tile is a platform; floor and ceiling both
// fill the tile (Solid); a floor or a ceiling alone is a slope; neither, empty.
TileShape::Kind shapeKind(const TileKind& kind);

// A floor's column j is blocked from its first row down to the tile's bottom, a ceiling's from the
// top down to its last row; a one-way tile is the one-pixel surface it stops things at. A tile
// that is floor and ceiling both fills its columns (Solid). `kind`'s surfaces must hold their rows;
// `tileSize` is its design's.
TileShape tileShape(const TileKind& kind, int tileSize);

} // namespace tileprof::gui
