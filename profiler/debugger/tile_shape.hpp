#pragma once

#include "profiler/formats/design/design.hpp"

#include <array>
#include <cstdint>

namespace tileprof::gui {

// The pixels a tile blocks, column by column, as its design's surfaces or mask define them.
struct TileShape {
    enum class Kind : std::uint8_t { Empty, Solid, Slope, Platform };

    Kind kind = Kind::Empty;
    // Bit y of column x: pixel (x, y) is blocked. A tile of 8 pixels uses the first 8 of each.
    std::array<std::uint16_t, 16> columns{};
};

// What a tile type is drawn and coloured as: a one-way tile is a platform; floor and ceiling both
// fill the tile (Solid), as does a solid tile without a shape; a floor or a ceiling alone is a
// slope, and so is a mask; neither, empty.
TileShape::Kind shapeKind(const TileKind& kind);

// A floor's column j is blocked from its first row down to the tile's bottom, a ceiling's from the
// top down to its last row; a one-way tile is the one-pixel surface it stops things at. A tile
// that is floor and ceiling both fills its columns (Solid); a mask blocks its own pixels. `kind`'s
// surfaces must hold their rows; `tileSize` is its design's.
TileShape tileShape(const TileKind& kind, int tileSize);

} // namespace tileprof::gui
