#include "profiler/map/map_pixels.hpp"

namespace tileprof {

namespace {

std::uint8_t heightIndex(TileType type, int x)
{
    return static_cast<std::uint8_t>(tileInfo(type).collisionValue | (x & 15));
}

} // namespace

std::optional<TileType> MapPixels::tileAt(int x, int y) const
{
    if (x < 0 || y < 0) {
        return std::nullopt;
    }
    const int column = x / 16;
    const int row = y / 16;
    if (!map.contains(column, row)) {
        return std::nullopt;
    }
    return map.at(column, row);
}

bool MapPixels::solid(int x, int y) const
{
    const std::optional<TileType> t = tileAt(x, y);
    return !t || *t == TileType::Solid;
}

bool MapPixels::floor(int x, int y, Platforms platforms) const
{
    const std::optional<TileType> t = tileAt(x, y);
    if (!t) {
        return true;
    }
    const bool floorType = *t == TileType::Solid || *t == TileType::EndSlope || isFloorSlope(*t) ||
                           (*t == TileType::UpPlatform && platforms == Platforms::Count);
    return floorType && (y & 15) >= topHeights[heightIndex(*t, x)];
}

bool MapPixels::ceiling(int x, int y, Platforms platforms) const
{
    const std::optional<TileType> t = tileAt(x, y);
    if (!t) {
        return true;
    }
    const bool ceilingType = *t == TileType::Solid || *t == TileType::EndSlope || isCeilingSlope(*t) ||
                             (*t == TileType::DownPlatform && platforms == Platforms::Count);
    return ceilingType && (y & 15) <= bottomHeights[heightIndex(*t, x)];
}

} // namespace tileprof
