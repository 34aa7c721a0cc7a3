#include "profiler/engine/runner/invariants.hpp"

#include <algorithm>
#include <vector>

namespace tileprof {

namespace {

struct Box {
    int left;   // first column
    int right;  // last column
    int top;    // first row
    int bottom; // last row
};

Box boxOf(const EntityState& entity, const CollisionGeometry& geometry)
{
    const int x = wholePixel(entity.x, geometry.originX);
    const int y = wholePixel(entity.y, geometry.originY);
    return {x - entity.hitbox.left, x + entity.hitbox.right - 1, y - entity.hitbox.top, y - entity.hitbox.top + entity.hitbox.height - 1};
}

std::string describe(const Box& box)
{
    return "columns " + std::to_string(box.left) + ".." + std::to_string(box.right) + ", rows " + std::to_string(box.top) +
           ".." + std::to_string(box.bottom);
}

// A tile the box overlaps, described by the way the box went into it: through the side where the
// fewest of its pixels are inside the tile (from its top edge that is a ceiling, and so on).
std::string describeClip(const Box& box, int column, int row, const MapPixels& pixels)
{
    const int size = pixels.design.tileSize;
    const Box tile{column * size, column * size + size - 1, row * size, row * size + size - 1};
    struct Side {
        bool reaches; // the tile extends beyond the box on this side
        int depth;    // the box's rows or columns inside the tile, counted from this side
        const char* what;
    };
    const Side sides[] = {
        {tile.top < box.top, tile.bottom - box.top + 1, "a ceiling"},
        {tile.bottom > box.bottom, box.bottom - tile.top + 1, "a floor"},
        {tile.left < box.left, tile.right - box.left + 1, "a wall on its left"},
        {tile.right > box.right, box.right - tile.left + 1, "a wall on its right"},
    };
    const Side* shallowest = nullptr;
    for (const Side& side : sides) {
        if (side.reaches && (shallowest == nullptr || side.depth < shallowest->depth)) {
            shallowest = &side;
        }
    }
    const std::string where = "(column " + std::to_string(column) + ", row " + std::to_string(row) + ")";
    const std::string tileName = pixels.map.contains(column, row)
                                   ? "the " + pixels.design[pixels.map.at(column, row)].name + " tile " + where
                                   : "the outside of the map " + where;
    if (shallowest == nullptr) {
        return "the hitbox (" + describe(box) + ") holds " + tileName + " whole";
    }
    return "the hitbox (" + describe(box) + ") clips " + std::to_string(shallowest->depth) + " px into " +
           shallowest->what + ": " + tileName;
}

// Resting `gap` pixel rows above a surface at some column of the box: the surface row is floor,
// the row above it is not. When the surface is a tile's top row, the row above lies in the tile
// above, and only a solid one there is wrong: falling fast onto a slope, untech lets an entity stop
// one frame on the tile under the slope, inside the slope (the blog calls this out), and walking up
// a hill the END_SLOPE under a slope does the same.
bool restsOnFloor(const Box& box, PixelRange gaps, const MapPixels& pixels)
{
    for (int gap = gaps.min; gap <= gaps.max; ++gap) {
        const int surface = box.bottom + gap + 1;
        const bool aboveInSurfaceTile = (surface & (pixels.design.tileSize - 1)) != 0;
        for (int x = box.left; x <= box.right; ++x) {
            if (pixels.floor(x, surface) &&
                (aboveInSurfaceTile ? !pixels.floor(x, surface - 1) : !pixels.solid(x, surface - 1))) {
                return true;
            }
        }
    }
    return false;
}

// The mirror. When the ceiling is a tile's last row, the row under it lies in the tile below, and
// only a solid one there is wrong: stopped by SOLID above a ceiling slope's thin end or an
// END_SLOPE, by a SOLID side tile, or inside a DOWN_PLATFORM, the box's top row is in the next tile
// whatever that tile is.
bool touchesCeiling(const Box& box, PixelRange gaps, const MapPixels& pixels)
{
    for (int gap = gaps.min; gap <= gaps.max; ++gap) {
        const int surface = box.top - gap - 1;
        const bool belowInSurfaceTile = ((surface + 1) & (pixels.design.tileSize - 1)) != 0;
        for (int x = box.left; x <= box.right; ++x) {
            if (pixels.ceiling(x, surface) &&
                (belowInSurfaceTile ? !pixels.ceiling(x, surface + 1) : !pixels.solid(x, surface + 1))) {
                return true;
            }
        }
    }
    return false;
}

// How a design's box rests against a surface, for messages: "rest 1 px above a floor".
std::string resting(PixelRange gaps, const char* surface, const char* away)
{
    if (gaps.min != gaps.max) {
        return "rest " + std::to_string(gaps.min) + ".." + std::to_string(gaps.max) + " px " + away + " a " + surface +
               " (below 0: into it)";
    }
    if (gaps.min == 0) {
        return std::string("touch a ") + surface;
    }
    if (gaps.min > 0) {
        return "rest " + std::to_string(gaps.min) + " px " + away + " a " + surface;
    }
    return "rest " + std::to_string(-gaps.min) + " px into a " + surface;
}

// Whether the box overlaps a solid pixel of the tile holding (x, y), its first pixel in that tile:
// any pixel of a tile with a mask, else that pixel stands for the tile's.
bool overlapsSolid(const Box& box, int x, int y, const MapPixels& pixels)
{
    const std::optional<TileId> tile = pixels.tileAt(x, y);
    if (!tile || !pixels.design[*tile].mask) {
        return pixels.solid(x, y);
    }
    const int last = pixels.design.tileSize - 1;
    for (int row = y; row <= std::min(box.bottom, y | last); ++row) {
        for (int column = x; column <= std::min(box.right, x | last); ++column) {
            if (pixels.solid(column, row)) {
                return true;
            }
        }
    }
    return false;
}

BoxPixel pointOf(const Box& box, BoxPoint point)
{
    return boxPointAt(point, box.left, box.right, box.top, box.bottom);
}

bool onBottomEdge(BoxPoint point)
{
    return point == BoxPoint::BottomCentre || point == BoxPoint::BottomLeft || point == BoxPoint::BottomRight;
}

bool onTopEdge(BoxPoint point)
{
    return point == BoxPoint::TopCentre || point == BoxPoint::TopLeft || point == BoxPoint::TopRight;
}

// The columns of the box a surface may hold it up or down at: the probes' on that edge, for a
// routine that tests points; else every column of the box.
std::vector<Box> restingColumns(const Box& box, const std::vector<BoxPoint>& probes, bool (*onEdge)(BoxPoint))
{
    std::vector<Box> columns;
    for (const BoxPoint probe : probes) {
        if (onEdge(probe)) {
            const int x = pointOf(box, probe).x;
            columns.push_back({x, x, box.top, box.bottom});
        }
    }
    if (columns.empty()) {
        columns.push_back(box);
    }
    return columns;
}

// Rounds down to a tile of `size` pixels, for negative pixels (outside the map) too.
int tileOf(int pixel, int size)
{
    return pixel >= 0 ? pixel / size : -((size - 1 - pixel) / size);
}

} // namespace

std::optional<std::string> checkInvariants(const EntityState& entity, const CollisionGeometry& geometry)
{
    const Box box = boxOf(entity, geometry);
    const MapPixels& pixels = geometry.pixels;
    const Invariants& invariants = pixels.design.invariants;
    const int size = pixels.design.tileSize;
    if (invariants.neverOverlapsSolid && !invariants.probes.empty()) {
        for (const BoxPoint probe : invariants.probes) {
            const BoxPixel at = pointOf(box, probe);
            // A routine that rests a box's edge row in a surface rests that edge's probes in it too.
            const int y = at.y - (onBottomEdge(probe) ? invariants.rowsInFloor() : 0) + (onTopEdge(probe) ? invariants.rowsInCeiling() : 0);
            if (pixels.solid(at.x, y)) {
                const int column = tileOf(at.x, size);
                const int row = tileOf(y, size);
                const std::string where = "(column " + std::to_string(column) + ", row " + std::to_string(row) + ")";
                return "the hitbox's " + std::string(boxPointName(probe)) + " probe (" + std::to_string(at.x) + ", " + std::to_string(y) +
                       ") is inside " +
                       (pixels.map.contains(column, row) ? "the " + pixels.design[pixels.map.at(column, row)].name + " tile " + where
                                                         : "the outside of the map " + where);
            }
        }
    } else if (invariants.neverOverlapsSolid) {
        const Box solidFree{box.left, box.right, box.top + invariants.rowsInCeiling(), box.bottom - invariants.rowsInFloor()};
        const int originX = wholePixel(entity.x, geometry.originX);
        const int originY = wholePixel(entity.y, geometry.originY);
        for (int y = solidFree.top; y <= solidFree.bottom; y = (tileOf(y, size) + 1) * size) {
            for (int x = solidFree.left; x <= solidFree.right; x = (tileOf(x, size) + 1) * size) {
                // The tile's part of the box runs from (x, y) to its last column and row in the box.
                const int right = std::min(solidFree.right, (tileOf(x, size) + 1) * size - 1);
                const int bottom = std::min(solidFree.bottom, (tileOf(y, size) + 1) * size - 1);
                const bool inCorner = (originX < x || originX > right) && (originY < y || originY > bottom);
                if (invariants.cornerClips && inCorner) {
                    continue;
                }
                if (overlapsSolid(solidFree, x, y, pixels)) {
                    return describeClip(solidFree, tileOf(x, size), tileOf(y, size), pixels);
                }
            }
        }
    }
    const auto rests = [&](bool (*onEdge)(BoxPoint), bool (*at)(const Box&, PixelRange, const MapPixels&), PixelRange gaps) {
        return std::ranges::any_of(restingColumns(box, invariants.probes, onEdge), [&](const Box& columns) { return at(columns, gaps, pixels); });
    };
    if (invariants.restsOnFloor && geometry.standing.holds(entity.state) && !rests(onBottomEdge, restsOnFloor, invariants.floorGap)) {
        return "standing, but the hitbox (" + describe(box) + ") does not " + resting(invariants.floorGap, "floor", "above");
    }
    if (invariants.touchesCeiling && geometry.ceiling.holds(entity.state) && !rests(onTopEdge, touchesCeiling, invariants.ceilingGap)) {
        return "standing on a ceiling, but the hitbox (" + describe(box) + ") does not " +
               resting(invariants.ceilingGap, "ceiling", "under");
    }
    return std::nullopt;
}

} // namespace tileprof
