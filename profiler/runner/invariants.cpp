#include "profiler/runner/invariants.hpp"

namespace tileprof {

namespace {

struct Box {
    int left;   // first column
    int right;  // last column
    int top;    // first row
    int bottom; // last row
};

Box boxOf(const EntityState& e, const CollisionGeometry& g)
{
    const int x = wholePixel(e.x, g.originX);
    const int y = wholePixel(e.y, g.originY);
    return {x - e.hitbox.left, x + e.hitbox.right - 1, y - e.hitbox.top, y - e.hitbox.top + e.hitbox.height - 1};
}

// Pixels outside the map count as solid: the design keeps entities inside it.
std::optional<TileType> tileAt(const CollisionGeometry& g, int px, int py)
{
    if (px < 0 || py < 0) {
        return std::nullopt;
    }
    const int column = px / 16;
    const int row = py / 16;
    if (!g.map.contains(column, row)) {
        return std::nullopt;
    }
    return g.map.at(column, row);
}

std::uint8_t heightIndex(TileType type, int px)
{
    return static_cast<std::uint8_t>(tileInfo(type).collisionValue | (px & 15));
}

// A pixel the routine treats as floor when something comes down on it.
bool floorAt(const CollisionGeometry& g, int px, int py)
{
    const std::optional<TileType> t = tileAt(g, px, py);
    if (!t) {
        return true;
    }
    const bool floorType = *t == TileType::Solid || *t == TileType::EndSlope || isFloorSlope(*t) ||
                           *t == TileType::UpPlatform;
    return floorType && (py & 15) >= g.topHeights[heightIndex(*t, px)];
}

// A pixel the routine treats as ceiling when something comes up under it.
bool ceilingAt(const CollisionGeometry& g, int px, int py)
{
    const std::optional<TileType> t = tileAt(g, px, py);
    if (!t) {
        return true;
    }
    const bool ceilingType = *t == TileType::Solid || *t == TileType::EndSlope || isCeilingSlope(*t) ||
                             *t == TileType::DownPlatform;
    return ceilingType && (py & 15) <= g.bottomHeights[heightIndex(*t, px)];
}

bool solidAt(const CollisionGeometry& g, int px, int py)
{
    const std::optional<TileType> t = tileAt(g, px, py);
    return !t || *t == TileType::Solid;
}

std::string where(int column, int row)
{
    return "tile (column " + std::to_string(column) + ", row " + std::to_string(row) + ")";
}

std::string describe(const Box& b)
{
    return "columns " + std::to_string(b.left) + ".." + std::to_string(b.right) + ", rows " + std::to_string(b.top) +
           ".." + std::to_string(b.bottom);
}

// Resting one pixel above a surface at some column of the box: the row below the box's gap row
// is floor, the gap row is not. When the surface is a tile's top row, the gap lies in the tile
// above, and only a SOLID one there is wrong: falling fast onto a slope, the design lets an entity
// stop one frame on the tile under the slope, inside the slope (the blog calls this out).
bool restsOnFloor(const Box& b, const CollisionGeometry& g)
{
    const int gap = b.bottom + 1;
    for (int x = b.left; x <= b.right; ++x) {
        if (!floorAt(g, x, gap + 1)) {
            continue;
        }
        const bool gapInSameTile = ((gap + 1) & 15) != 0;
        if (gapInSameTile ? !floorAt(g, x, gap) : !solidAt(g, x, gap)) {
            return true;
        }
    }
    return false;
}

// Touching a ceiling at some column: the row above the box is ceiling, the box's top row is not.
bool touchesCeiling(const Box& b, const CollisionGeometry& g)
{
    for (int x = b.left; x <= b.right; ++x) {
        if (ceilingAt(g, x, b.top - 1) && !ceilingAt(g, x, b.top)) {
            return true;
        }
    }
    return false;
}

} // namespace

std::optional<std::string> checkInvariants(const EntityState& entity, const CollisionGeometry& g)
{
    const Box b = boxOf(entity, g);
    for (int y = b.top; y <= b.bottom; y += 16 - (y & 15)) {
        for (int x = b.left; x <= b.right; x += 16 - (x & 15)) {
            if (solidAt(g, x, y)) {
                return "the hitbox (" + describe(b) + ") overlaps the SOLID " + where(x >> 4, y >> 4);
            }
        }
    }
    if ((entity.state & g.downBit) && !restsOnFloor(b, g)) {
        return "standing, but the hitbox (" + describe(b) + ") does not rest one pixel above a floor";
    }
    if ((entity.state & g.upBit) && !touchesCeiling(b, g)) {
        return "standing on a ceiling, but the hitbox (" + describe(b) + ") does not touch one";
    }
    return std::nullopt;
}

} // namespace tileprof
