#pragma once

#include "profiler/formats/design/design.hpp"
#include "profiler/formats/map/tile_map.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tileprof {

// A scenario's map written as names (`[map] names`): one row per line, each tile a word, its
// type's name or abbreviation (any case) or its id. For designs whose tiles have no legend
// character: an engine's hundreds of blocks.

// A tile word of a `names` row: where it starts in the row and how long it is.
struct MapWord {
    std::size_t offset = 0;
    std::size_t length = 0;
};

// The words of a row, split at spaces and tabs.
std::vector<MapWord> mapWords(std::string_view row);

// The tile a word names in `design`: a type's name or abbreviation, or a decimal id below its
// tile count; nothing for anything else.
std::optional<TileId> tileOfWord(std::string_view word, const Design& design);

// The `names` string of a map: each tile by its type's name, the columns aligned.
std::string mapNamesText(const TileMap& map, const Design& design);

} // namespace tileprof
