#pragma once

#include "profiler/formats/map/tile_map.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace tileprof {

// Whether a one-way tile counts: it stops what comes at it from its open side (an entity standing
// on it, hanging under it), not what passes through it the other way.
enum class Platforms : std::uint8_t { Count, Ignore };

// A map pixel by pixel as the routine sees it, through the design's shapes (surface rows read from
// the ROM's own tables, or masks), in tiles of the design's size. Pixels outside the map are the
// design's outside tile's; a solid outside tile walls the map in on every side, floor and ceiling.
struct MapPixels {
    MapPixels(const TileMap& map, const Design& design);

    const TileMap& map;
    const Design& design; // every surface's rows known

    int widthPixels() const { return width_; }
    int heightPixels() const { return height_; }

    // The tile holding the pixel; nothing outside the map.
    std::optional<TileId> tileAt(int x, int y) const;

    // A pixel of a solid tile (of its mask, when it has one) or outside the map: no hitbox may
    // overlap it.
    bool solid(int x, int y) const { return (at(x, y) & kSolid) != 0; }

    // What stops an entity coming down: a floor from its first row down, a one-way one unless
    // ignored, a mask's pixels.
    bool floor(int x, int y, Platforms platforms = Platforms::Count) const
    {
        return (at(x, y) & (platforms == Platforms::Count ? kFloor : kFloorThrough)) != 0;
    }

    // What stops an entity going up: a ceiling down to its last row, a one-way one unless ignored,
    // a mask's pixels.
    bool ceiling(int x, int y, Platforms platforms = Platforms::Count) const
    {
        return (at(x, y) & (platforms == Platforms::Count ? kCeiling : kCeilingThrough)) != 0;
    }

private:
    // What each pixel is, one byte of flags: the validators ask for every pixel many times.
    enum : std::uint8_t {
        kSolid = 1,
        kFloor = 2,
        kFloorThrough = 4, // a floor that one-way tiles do not make
        kCeiling = 8,
        kCeilingThrough = 16,
        kOutside = kSolid | kFloor | kFloorThrough | kCeiling | kCeilingThrough,
    };

    std::uint8_t at(int x, int y) const
    {
        if (static_cast<unsigned>(x) >= static_cast<unsigned>(width_) ||
            static_cast<unsigned>(y) >= static_cast<unsigned>(height_)) {
            return outsideAt(x, y);
        }
        return pixels_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x)];
    }

    std::uint8_t outsideAt(int x, int y) const
    {
        const int last = design.tileSize - 1;
        return outside_[static_cast<std::size_t>((y & last) * design.tileSize + (x & last))];
    }

    int width_;
    int height_;
    std::vector<std::uint8_t> pixels_;  // row-major, width_ x height_
    std::vector<std::uint8_t> outside_; // the outside tile's pixels (all of them everything, when it is solid)
};

} // namespace tileprof
