#include "profiler/map/map_validator.hpp"

#include "profiler/scenario/scenario.hpp"

#include <algorithm>

namespace tileprof {
namespace {

using TileList = std::vector<TileType>;

// "A, B or C", with `last` as a final alternative when given.
std::string nameList(const TileList& types, const std::string& last = "")
{
    std::vector<std::string> names;
    for (const TileType type : types) {
        names.emplace_back(tileInfo(type).name);
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

bool contains(const TileList& types, TileType type)
{
    return std::find(types.begin(), types.end(), type) != types.end();
}

// The tiles allowed beside a slope; an empty list leaves that side unchecked (the table's "—").
struct SideNeighbours {
    TileList left;
    TileList right;
};

SideNeighbours floorSlopeNeighbours(TileType slope)
{
    using enum TileType;
    switch (slope) {
    case DownRight:
        return {{}, {DownLeft, DownLeftTall, EndSlope}};
    case DownLeft:
        return {{DownRight, DownRightTall, EndSlope}, {}};
    case DownRightShort:
        return {{}, {DownRightTall, DownLeftShort}};
    case DownRightTall:
        return {{DownRightShort, DownLeftTall}, {DownLeft, DownLeftTall, EndSlope}};
    case DownLeftTall:
        return {{DownRight, DownRightTall, EndSlope}, {DownLeftShort, DownRightTall}};
    case DownLeftShort:
        return {{DownLeftTall, DownRightShort}, {}};
    default:
        return {};
    }
}

// The UP_* slopes mirror the DOWN_* ones, and the enum lists both in the same order.
constexpr int kCeilingSlopeOffset = static_cast<int>(TileType::UpRight) - static_cast<int>(TileType::DownRight);

TileType shiftSlope(TileType slope, int offset)
{
    return static_cast<TileType>(static_cast<int>(slope) + offset);
}

SideNeighbours slopeNeighbours(TileType slope)
{
    if (isFloorSlope(slope)) {
        return floorSlopeNeighbours(slope);
    }
    SideNeighbours sides = floorSlopeNeighbours(shiftSlope(slope, -kCeilingSlopeOffset));
    for (TileList* list : {&sides.left, &sides.right}) {
        for (TileType& type : *list) {
            if (isFloorSlope(type)) {
                type = shiftSlope(type, kCeilingSlopeOffset);
            }
        }
    }
    return sides;
}

const TileList kEndSlopeLeft{TileType::DownRight, TileType::DownRightTall, TileType::UpRightTall, TileType::UpRight,
                             TileType::EndSlope, TileType::Solid};
const TileList kEndSlopeRight{TileType::DownLeft, TileType::DownLeftTall, TileType::UpLeftTall, TileType::UpLeft,
                              TileType::EndSlope, TileType::Solid};

// One tile under test, and the violations found so far.
struct TileCheck {
    const TileMap& map;
    int column;
    int row;
    TileType tile;
    std::vector<MapViolation>& violations;

    // Only an END_SLOPE on the border looks outside the map; it accepts SOLID there, as a wall.
    TileType at(int columnOffset, int rowOffset) const
    {
        const int c = column + columnOffset;
        const int r = row + rowOffset;
        return map.contains(c, r) ? map.at(c, r) : TileType::Solid;
    }

    void report(const char* rule, std::string detail) const
    {
        violations.push_back({row, column, tile, rule, std::move(detail)});
    }
};

const char* sideName(int side)
{
    return side < 0 ? "left" : "right";
}

const char* sideRule(int side)
{
    return side < 0 ? "INVALID_TILE_ON_THE_LEFT" : "INVALID_TILE_ON_THE_RIGHT";
}

void checkSlopeSide(const TileCheck& check, int side, const TileList& allowed)
{
    if (allowed.empty()) {
        return;
    }
    const TileType neighbour = check.at(side, 0);
    const std::string found = std::string("the tile on the ") + sideName(side) + " is " + describeTileType(neighbour);
    if (neighbour == TileType::Solid) {
        // The engine assumes SOLID beside a slope is a wall at least two tiles high: at a one-tile
        // step, entities overshoot or zip (untech-collision.md section 5).
        const int openSide = isFloorSlope(check.tile) ? -1 : 1;
        const TileType beyond = check.at(side, openSide);
        if (beyond != TileType::Solid) {
            const char* where = openSide < 0 ? "above" : "below";
            check.report(sideRule(side), found + " but the tile " + where + " it is " + describeTileType(beyond)
                                             + "; a SOLID neighbour must be part of a wall, SOLID " + where
                                             + " it too");
        }
        return;
    }
    if (!contains(allowed, neighbour)) {
        check.report(sideRule(side), found + "; " + std::string(tileInfo(check.tile).name) + " needs "
                                         + nameList(allowed, "a SOLID wall") + " on its " + sideName(side));
    }
}

void checkFloorSlope(const TileCheck& check)
{
    const TileType above = check.at(0, -1);
    if (above != TileType::Empty) {
        check.report("NO_EMPTY_TILE_ABOVE_DOWN_SLOPE",
                     "the tile above is " + describeTileType(above) + "; a floor slope needs EMPTY above it");
    }
    const TileList floors{TileType::Solid, TileType::EndSlope, TileType::UpPlatform};
    const TileType below = check.at(0, 1);
    if (!contains(floors, below)) {
        check.report("NO_FLOOR_BELOW_DOWN_SLOPE",
                     "the tile below is " + describeTileType(below) + "; a floor slope needs " + nameList(floors)
                         + " below it");
    }
}

void checkCeilingSlope(const TileCheck& check)
{
    const TileList ceilings{TileType::Solid, TileType::EndSlope, TileType::DownPlatform};
    const TileType above = check.at(0, -1);
    if (!contains(ceilings, above)) {
        check.report("NO_CEILING_ABOVE_UP_SLOPE",
                     "the tile above is " + describeTileType(above) + "; a ceiling slope needs " + nameList(ceilings)
                         + " above it");
    }
    const TileType below = check.at(0, 1);
    if (below != TileType::Empty) {
        check.report("NO_EMPTY_TILE_BELOW_UP_SLOPE",
                     "the tile below is " + describeTileType(below) + "; a ceiling slope needs EMPTY below it");
    }
}

const char* borderName(const TileMap& map, int column, int row)
{
    if (row == 0) {
        return "top edge";
    }
    if (row == map.height - 1) {
        return "bottom edge";
    }
    return column == 0 ? "left edge" : "right edge";
}

void checkSlope(const TileCheck& check)
{
    const TileMap& map = check.map;
    if (check.row == 0 || check.column == 0 || check.row == map.height - 1 || check.column == map.width - 1) {
        check.report("SLOPE_ON_BORDER", std::string("the slope is on the map's ")
                                            + borderName(map, check.column, check.row)
                                            + "; the engine needs a tile on every side of a slope");
        return;
    }
    if (isFloorSlope(check.tile)) {
        checkFloorSlope(check);
    } else {
        checkCeilingSlope(check);
    }
    const SideNeighbours sides = slopeNeighbours(check.tile);
    checkSlopeSide(check, -1, sides.left);
    checkSlopeSide(check, 1, sides.right);
}

void checkEndSlopeSide(const TileCheck& check, int side, const TileList& allowed)
{
    const TileType neighbour = check.at(side, 0);
    if (!contains(allowed, neighbour)) {
        check.report(sideRule(side), std::string("the tile on the ") + sideName(side) + " is "
                                         + describeTileType(neighbour) + "; END_SLOPE needs " + nameList(allowed)
                                         + " on its " + sideName(side));
    }
}

} // namespace

std::string describeTileType(TileType type)
{
    const TileTypeInfo& info = tileInfo(type);
    return std::string{'\'', info.legend, '\'', ' '} + std::string(info.name);
}

std::vector<MapViolation> validateMap(const TileMap& map)
{
    std::vector<MapViolation> violations;
    for (int row = 0; row < map.height; ++row) {
        for (int column = 0; column < map.width; ++column) {
            const TileCheck check{map, column, row, map.at(column, row), violations};
            if (isSlope(check.tile)) {
                checkSlope(check);
            } else if (check.tile == TileType::EndSlope) {
                checkEndSlopeSide(check, -1, kEndSlopeLeft);
                checkEndSlopeSide(check, 1, kEndSlopeRight);
            }
            if (row == 0 && column == 0 && check.tile != TileType::Solid) {
                check.report("TOP_LEFT_NOT_SOLID", "the top-left tile is " + describeTileType(check.tile)
                                                       + "; the engine assumes it is SOLID");
            }
        }
    }
    return violations;
}

std::string formatViolation(const MapViolation& violation, const std::string& file, const std::vector<int>& rowLines)
{
    std::string where = file;
    if (static_cast<std::size_t>(violation.row) < rowLines.size()) {
        where += ":" + std::to_string(rowLines[static_cast<std::size_t>(violation.row)]);
    }
    return where + ": row " + std::to_string(violation.row) + ", column " + std::to_string(violation.column) + ", tile "
         + describeTileType(violation.tile) + ": " + violation.rule + ": " + violation.detail;
}

std::string formatViolation(const MapViolation& violation, const Scenario& scenario)
{
    const std::filesystem::path& file = scenario.mapFile.empty() ? scenario.path : scenario.mapFile;
    return formatViolation(violation, file.string(), scenario.mapRowLines);
}

} // namespace tileprof
