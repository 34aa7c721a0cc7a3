#pragma once

#include "profiler/formats/map/tile_map.hpp"

#include <string>
#include <vector>

namespace tileprof {

// A tile that breaks one of its design's placement rules. Rows and columns are 0-based, row 0 at
// the top.
struct MapViolation {
    int row = 0;
    int column = 0;
    TileId tile = 0;
    std::string rule;   // the editor's name for the rule, e.g. NO_FLOOR_BELOW_DOWN_SLOPE
    std::string detail; // what was found and what the rule wants
};

// Every violation of the design's placement rules, in row-major order of the offending tile; a tile
// breaking several rules gives one violation per rule, in the design's order.
std::vector<MapViolation> validateMap(const TileMap& map, const Design& design);

// "FILE:LINE: row R, column C, tile 'A' DOWN_RIGHT_SLOPE: RULE: detail", LINE being the row's line
// in FILE; with no row lines (a Tiled map) "FILE: row R, column C, ...".
std::string formatViolation(const MapViolation& violation, const Design& design, const std::string& file,
                            const std::vector<int>& rowLines);


} // namespace tileprof
