#pragma once

#include "profiler/map/tile_map.hpp"

#include <array>
#include <cstdint>
#include <optional>

namespace tileprof {

// Whether a one-way platform counts: it stops what comes at it from its open side (an entity
// standing on it, hanging under it), not what passes through it the other way.
enum class Platforms : std::uint8_t { Count, Ignore };

// A map pixel by pixel as the tile-collision routine sees it, through its own height tables:
// TopHeightTable gives the first floor row of a tile at each column, BottomHeightTable the last
// ceiling row. Pixels outside the map count as SOLID: the design keeps entities inside it.
struct MapPixels {
    const TileMap& map;
    const std::array<std::uint8_t, 256>& topHeights;
    const std::array<std::uint8_t, 256>& bottomHeights;

    int widthPixels() const { return map.width * 16; }
    int heightPixels() const { return map.height * 16; }

    // The tile holding the pixel; nothing outside the map.
    std::optional<TileType> tileAt(int x, int y) const;

    bool solid(int x, int y) const;

    // What stops an entity coming down: SOLID, END_SLOPE, a floor slope from its surface down, an
    // UP_PLATFORM (unless ignored).
    bool floor(int x, int y, Platforms platforms = Platforms::Count) const;

    // What stops an entity going up: SOLID, END_SLOPE, a ceiling slope down to its surface, a
    // DOWN_PLATFORM (unless ignored).
    bool ceiling(int x, int y, Platforms platforms = Platforms::Count) const;
};

} // namespace tileprof
