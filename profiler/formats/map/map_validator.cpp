#include "profiler/formats/map/map_validator.hpp"

#include <algorithm>

namespace tileprof {
namespace {

using Side = PlacementRule::Side;

// "A, B or C", with `last` as a final alternative when given.
std::string nameList(const Design& design, const std::vector<TileId>& tiles, const std::string& last = "")
{
    std::vector<std::string> names;
    for (const TileId id : tiles) {
        names.push_back(design[id].name);
    }
    if (!last.empty()) {
        names.push_back(last);
    }
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0) {
            text += i + 1 == names.size() ? " or " : ", ";
        }
        text += names[i];
    }
    return text;
}

std::vector<TileId> solidTiles(const Design& design)
{
    std::vector<TileId> solid;
    for (std::size_t id = 0; id < design.tiles.size(); ++id) {
        if (design.tiles[id].solid) {
            solid.push_back(static_cast<TileId>(id));
        }
    }
    return solid;
}

bool contains(const std::vector<TileId>& tiles, TileId id)
{
    return std::find(tiles.begin(), tiles.end(), id) != tiles.end();
}

int columnStep(Side side)
{
    return side == Side::Left ? -1 : side == Side::Right ? 1 : 0;
}

int rowStep(Side side)
{
    return side == Side::Above ? -1 : side == Side::Below ? 1 : 0;
}

// "the tile above", "the tile on the left".
std::string neighbourName(Side side)
{
    switch (side) {
    case Side::Above: return "the tile above";
    case Side::Below: return "the tile below";
    case Side::Left: return "the tile on the left";
    case Side::Right: return "the tile on the right";
    }
    return {};
}

// "above it", "on its left".
std::string placeName(Side side)
{
    switch (side) {
    case Side::Above: return "above it";
    case Side::Below: return "below it";
    case Side::Left: return "on its left";
    case Side::Right: return "on its right";
    }
    return {};
}

// One tile under test, and the violations found so far.
struct TileCheck {
    const TileMap& map;
    const Design& design;
    int column;
    int row;
    TileId tile;
    std::vector<MapViolation>& violations;

    // Beyond the map, what the design takes the outside to be.
    TileId at(int columnOffset, int rowOffset) const
    {
        const int c = column + columnOffset;
        const int r = row + rowOffset;
        return map.contains(c, r) ? map.at(c, r) : design.outside;
    }

    void report(const PlacementRule& rule, std::string detail) const
    {
        violations.push_back({row, column, tile, rule.name, std::move(detail)});
    }
};

// The rule's edge the tile lies on ("top edge", ...), the first of top, bottom, left and right;
// nothing when it lies on none of them.
const char* edgeOf(const PlacementRule& rule, const TileCheck& check)
{
    const std::pair<Side, bool> edges[] = {{Side::Above, check.row == 0},
                                           {Side::Below, check.row == check.map.height - 1},
                                           {Side::Left, check.column == 0},
                                           {Side::Right, check.column == check.map.width - 1}};
    static constexpr const char* kNames[] = {"top edge", "bottom edge", "left edge", "right edge"};
    for (std::size_t i = 0; i < std::size(edges); ++i) {
        const bool ruled = std::find(rule.edges.begin(), rule.edges.end(), edges[i].first) != rule.edges.end();
        if (ruled && edges[i].second) {
            return kNames[i];
        }
    }
    return nullptr;
}

std::string subjectOf(const PlacementRule& rule, const TileCheck& check)
{
    return rule.subject.empty() ? check.design[check.tile].name : rule.subject;
}

void checkSide(const PlacementRule& rule, const TileCheck& check)
{
    const Design& design = check.design;
    const Side side = *rule.side;
    const TileId neighbour = check.at(columnStep(side), rowStep(side));
    const std::string found = neighbourName(side) + " is " + design.describe(neighbour);
    if (rule.wall && design[neighbour].solid) {
        const TileId beyond = check.at(columnStep(side), rowStep(*rule.wall));
        if (!design[beyond].solid) {
            const std::string where = *rule.wall == Side::Above ? "above" : "below";
            check.report(rule, found + " but the tile " + where + " it is " + design.describe(beyond) + "; a "
                                   + design[neighbour].name + " neighbour must be part of a wall, "
                                   + nameList(design, solidTiles(design)) + " " + where + " it too");
        }
        return;
    }
    if (!contains(rule.allowed, neighbour)) {
        const std::string wall = rule.wall ? "a " + nameList(design, solidTiles(design)) + " wall" : "";
        check.report(rule, found + "; " + subjectOf(rule, check) + " needs " + nameList(design, rule.allowed, wall)
                               + " " + placeName(side));
    }
}

// The tile's rules in the design's order; once it breaks one by lying on the border, its neighbours
// (some outside the map) are not checked.
void checkTile(const TileCheck& check)
{
    bool borderBroken = false;
    for (const PlacementRule& rule : check.design.rules) {
        if (rule.topLeft) {
            if (check.row == 0 && check.column == 0 && !contains(rule.allowed, check.tile)) {
                check.report(rule, "the top-left tile is " + check.design.describe(check.tile) + "; " + rule.reason);
            }
            continue;
        }
        if (borderBroken || !contains(rule.tiles, check.tile)) {
            continue;
        }
        if (rule.inside) {
            if (const char* edge = edgeOf(rule, check)) {
                check.report(rule, subjectOf(rule, check) + " is on the map's " + edge + "; " + rule.reason);
                borderBroken = true;
            }
            continue;
        }
        checkSide(rule, check);
    }
}

} // namespace

std::vector<MapViolation> validateMap(const TileMap& map, const Design& design)
{
    std::vector<MapViolation> violations;
    for (int row = 0; row < map.height; ++row) {
        for (int column = 0; column < map.width; ++column) {
            checkTile({map, design, column, row, map.at(column, row), violations});
        }
    }
    return violations;
}

std::string formatViolation(const MapViolation& violation, const Design& design, const std::string& file,
                            const std::vector<int>& rowLines)
{
    std::string where = file;
    if (static_cast<std::size_t>(violation.row) < rowLines.size()) {
        where += ":" + std::to_string(rowLines[static_cast<std::size_t>(violation.row)]);
    }
    return where + ": row " + std::to_string(violation.row) + ", column " + std::to_string(violation.column) + ", tile "
         + design.describe(violation.tile) + ": " + violation.rule + ": " + violation.detail;
}

} // namespace tileprof
