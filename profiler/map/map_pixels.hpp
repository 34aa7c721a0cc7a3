#pragma once

#include "profiler/map/tile_map.hpp"

#include <cstdint>
#include <optional>

namespace tileprof {

// Whether a one-way tile counts: it stops what comes at it from its open side (an entity standing
// on it, hanging under it), not what passes through it the other way.
enum class Platforms : std::uint8_t { Count, Ignore };

// A map pixel by pixel as the routine sees it, through the design's surfaces (their rows read from
// the ROM's own tables), in tiles of the design's size. Pixels outside the map count as solid:
// the designs keep entities inside.
struct MapPixels {
    const TileMap& map;
    const Design& design; // every surface's rows known

    int widthPixels() const { return map.width * design.tileSize; }
    int heightPixels() const { return map.height * design.tileSize; }

    // The tile holding the pixel; nothing outside the map.
    std::optional<TileId> tileAt(int x, int y) const;

    // A solid tile or outside the map: no hitbox may overlap it.
    bool solid(int x, int y) const;

    // What stops an entity coming down: a floor from its first row down, a one-way one unless ignored.
    bool floor(int x, int y, Platforms platforms = Platforms::Count) const;

    // What stops an entity going up: a ceiling down to its last row, a one-way one unless ignored.
    bool ceiling(int x, int y, Platforms platforms = Platforms::Count) const;
};

} // namespace tileprof
