#include "profiler/map/map_pixels.hpp"

namespace tileprof {

std::optional<TileId> MapPixels::tileAt(int x, int y) const
{
    if (x < 0 || y < 0) {
        return std::nullopt;
    }
    const int column = x >> design.tileShift();
    const int row = y >> design.tileShift();
    if (!map.contains(column, row)) {
        return std::nullopt;
    }
    return map.at(column, row);
}

bool MapPixels::solid(int x, int y) const
{
    const std::optional<TileId> t = tileAt(x, y);
    return !t || design[*t].solid;
}

bool MapPixels::floor(int x, int y, Platforms platforms) const
{
    const std::optional<TileId> t = tileAt(x, y);
    if (!t) {
        return true;
    }
    const TileKind& kind = design[*t];
    const bool counts = kind.floor.exists() && !(kind.oneWay && platforms == Platforms::Ignore);
    return counts && (y & (design.tileSize - 1)) >= kind.floor.rows[static_cast<std::size_t>(x & (design.tileSize - 1))];
}

bool MapPixels::ceiling(int x, int y, Platforms platforms) const
{
    const std::optional<TileId> t = tileAt(x, y);
    if (!t) {
        return true;
    }
    const TileKind& kind = design[*t];
    const bool counts = kind.ceiling.exists() && !(kind.oneWay && platforms == Platforms::Ignore);
    return counts && (y & (design.tileSize - 1)) <= kind.ceiling.rows[static_cast<std::size_t>(x & (design.tileSize - 1))];
}

} // namespace tileprof
