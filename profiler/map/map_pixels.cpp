#include "profiler/map/map_pixels.hpp"

namespace tileprof {

MapPixels::MapPixels(const TileMap& tiles, const Design& kinds) : map(tiles), design(kinds), shift_(kinds.tileShift())
{
    for (const TileKind& kind : kinds.tiles) {
        traits_.push_back({kind.floor.rows, kind.ceiling.rows, kind.floor.exists(), kind.ceiling.exists(), kind.solid,
                           kind.oneWay});
    }
}

std::optional<TileId> MapPixels::tileAt(int x, int y) const
{
    if (x < 0 || y < 0) {
        return std::nullopt;
    }
    const int column = x >> shift_;
    const int row = y >> shift_;
    if (!map.contains(column, row)) {
        return std::nullopt;
    }
    return map.at(column, row);
}

bool MapPixels::solid(int x, int y) const
{
    const std::optional<TileId> t = tileAt(x, y);
    return !t || traits_[*t].solid;
}

bool MapPixels::floor(int x, int y, Platforms platforms) const
{
    const std::optional<TileId> t = tileAt(x, y);
    if (!t) {
        return true;
    }
    const Traits& kind = traits_[*t];
    const int mask = (1 << shift_) - 1;
    const bool counts = kind.floor && !(kind.oneWay && platforms == Platforms::Ignore);
    return counts && (y & mask) >= kind.floorRows[static_cast<std::size_t>(x & mask)];
}

bool MapPixels::ceiling(int x, int y, Platforms platforms) const
{
    const std::optional<TileId> t = tileAt(x, y);
    if (!t) {
        return true;
    }
    const Traits& kind = traits_[*t];
    const int mask = (1 << shift_) - 1;
    const bool counts = kind.ceiling && !(kind.oneWay && platforms == Platforms::Ignore);
    return counts && (y & mask) <= kind.ceilingRows[static_cast<std::size_t>(x & mask)];
}

} // namespace tileprof
