#include "profiler/formats/map/map_pixels.hpp"

#include <algorithm>

namespace tileprof {

MapPixels::MapPixels(const TileMap& tiles, const Design& kinds)
    : map(tiles), design(kinds), width_(tiles.width * kinds.tileSize), height_(tiles.height * kinds.tileSize),
      pixels_(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_))
{
    const int size = kinds.tileSize;
    // Each tile type's pixels, row-major, copied into the map's rows tile by tile.
    std::vector<std::vector<std::uint8_t>> stamps;
    for (const TileKind& kind : kinds.tiles) {
        std::vector<std::uint8_t>& stamp = stamps.emplace_back(static_cast<std::size_t>(size * size));
        for (int y = 0; y < size; ++y) {
            for (int x = 0; x < size; ++x) {
                const auto column = static_cast<std::size_t>(x);
                bool floor = kind.floor.exists() && y >= kind.floor.rows[column];
                bool ceiling = kind.ceiling.exists() && y <= kind.ceiling.rows[column];
                bool solid = kind.solid;
                if (kind.mask) {
                    floor = ceiling = kind.maskBlocks(x, y);
                    solid = solid && floor;
                }
                stamp[static_cast<std::size_t>(y * size + x)] = static_cast<std::uint8_t>(
                    (solid ? kSolid : 0) | (floor ? kFloor : 0) | (floor && !kind.oneWay ? kFloorThrough : 0) |
                    (ceiling ? kCeiling : 0) | (ceiling && !kind.oneWay ? kCeilingThrough : 0));
            }
        }
    }
    // The routine sees the design's outside tile beyond the map; a solid one walls the map in
    // whatever its shape.
    outside_ = kinds[kinds.outside].solid ? std::vector<std::uint8_t>(stamps[kinds.outside].size(), kOutside)
                                          : stamps[kinds.outside];
    for (int row = 0; row < tiles.height; ++row) {
        for (int column = 0; column < tiles.width; ++column) {
            const std::vector<std::uint8_t>& tile = stamps[tiles.at(column, row)];
            for (int y = 0; y < size; ++y) {
                const auto from = tile.begin() + y * size;
                std::copy(from, from + size,
                          pixels_.begin() + static_cast<std::ptrdiff_t>(row * size + y) * width_ + column * size);
            }
        }
    }
}

std::optional<TileId> MapPixels::tileAt(int x, int y) const
{
    if (x < 0 || y < 0) {
        return std::nullopt;
    }
    const int shift = design.tileShift();
    const int column = x >> shift;
    const int row = y >> shift;
    if (!map.contains(column, row)) {
        return std::nullopt;
    }
    return map.at(column, row);
}

} // namespace tileprof
