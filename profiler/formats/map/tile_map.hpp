#pragma once

#include "profiler/formats/design/design.hpp"

#include <cstdint>
#include <vector>

namespace tileprof {

// The most tiles a map may have in each direction; a manifest says how many its routine takes.
inline constexpr int kMaxMapTiles = 65535;

// A room's collision layer: width x height tiles, row-major, row 0 at the top, each a tile type of
// the design the map was read in.
struct TileMap {
    int width = 0;
    int height = 0;
    std::vector<TileId> tiles{};

    TileId at(int column, int row) const { return tiles[index(column, row)]; }
    TileId& at(int column, int row) { return tiles[index(column, row)]; }
    std::size_t index(int column, int row) const
    {
        return static_cast<std::size_t>(row) * static_cast<std::size_t>(width) + static_cast<std::size_t>(column);
    }
    bool contains(int column, int row) const { return column >= 0 && row >= 0 && column < width && row < height; }
};

} // namespace tileprof
