#pragma once

#include "profiler/map/tile_map.hpp"

#include <array>
#include <cstdint>
#include <vector>
#include <optional>

namespace tileprof {

// Whether a one-way tile counts: it stops what comes at it from its open side (an entity standing
// on it, hanging under it), not what passes through it the other way.
enum class Platforms : std::uint8_t { Count, Ignore };

// A map pixel by pixel as the routine sees it, through the design's surfaces (their rows read from
// the ROM's own tables), in tiles of the design's size. Pixels outside the map count as solid:
// the designs keep entities inside.
struct MapPixels {
    MapPixels(const TileMap& map, const Design& design);

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

private:
    // What the pixel tests need of a tile type, packed: the validators ask for every pixel.
    struct Traits {
        std::array<std::uint8_t, 16> floorRows;
        std::array<std::uint8_t, 16> ceilingRows;
        bool floor;
        bool ceiling;
        bool solid;
        bool oneWay;
    };
    std::vector<Traits> traits_; // by tile id
    int shift_;                  // log2 of the tile size
};

} // namespace tileprof
