#pragma once

#include "profiler/map/tile_map.hpp"

#include <string>
#include <vector>

namespace tileprof {

struct Scenario;

// A tile that breaks one of the slope placement rules (untech-collision.md section 5). Rows and
// columns are 0-based, row 0 at the top.
struct MapViolation {
    int row = 0;
    int column = 0;
    TileType tile = TileType::Empty;
    std::string rule;   // the editor's name for the rule, e.g. NO_FLOOR_BELOW_DOWN_SLOPE
    std::string detail; // what was found and what the rule wants
};

// "'=' END_SLOPE": a tile type as the validators' messages name it.
std::string describeTileType(TileType type);

// Every violation, in row-major order of the offending tile; a tile breaking several rules gives one
// violation per rule. The rules are the editor's validation with two engine facts added: UP_PLATFORM
// may carry a floor slope and DOWN_PLATFORM a ceiling slope, and the top-left tile must be SOLID.
std::vector<MapViolation> validateMap(const TileMap& map);

// "FILE:LINE: row R, column C, tile 'A' DOWN_RIGHT_SLOPE: RULE: detail", LINE being the row's line
// in FILE; with no row lines (a Tiled map) "FILE: row R, column C, ...".
std::string formatViolation(const MapViolation& violation, const std::string& file, const std::vector<int>& rowLines);

// The same for a scenario's map: its ASCII rows in the scenario file, or its Tiled map file.
std::string formatViolation(const MapViolation& violation, const Scenario& scenario);

} // namespace tileprof
