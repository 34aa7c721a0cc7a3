#pragma once

#include "base/file_contents.hpp"
#include "profiler/formats/map/tile_map.hpp"

#include <filesystem>
#include <string>

namespace tileprof {

inline constexpr FileLimit kTiledMapLimit{16u << 20, "a Tiled map"};

// Reads a Tiled JSON map (.tmj): its one tile layer, stored as a plain array of GIDs, and its
// embedded tilesets. A tile's type is its tileset tile's "collision" property, a tile type name or
// abbreviation of `design` in any case ("SOLID", "solid", "es", ...). GID 0 and tiles without the
// property are the design's empty type; flip flags are ignored, so a flipped slope keeps its type.
// Throws InputError ("FILE: problem") for anything else, and "FILE: SIZE; a Tiled map is at
// most 16 MiB".
TileMap loadTiledMap(const std::filesystem::path& path, const Design& design);

// The same for the text of a Tiled map read elsewhere; `name` names it in messages.
TileMap parseTiledMap(const std::string& text, const std::string& name, const Design& design);

// The text of a Tiled map, `text` (read from the file `name`, which messages name), with its tile
// layer holding the tile types of `edited`, a map of the same size. A tile whose type is unchanged
// keeps its GID (and flips); a changed one becomes GID 0 for the empty type, else the first tileset
// tile (by GID) whose collision property names its type. Every other byte of the text is kept. Throws
// InputError ("NAME: problem") for a map loadTiledMap would reject, one whose size differs
// from `edited`'s (it changed since it was loaded), or a type no tileset tile has.
std::string tiledMapWithTiles(const std::string& text, const std::string& name, const TileMap& edited,
                              const Design& design);

} // namespace tileprof
