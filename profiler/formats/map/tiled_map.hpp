#pragma once

#include "base/file_contents.hpp"
#include "profiler/formats/map/tile_map.hpp"

#include <filesystem>
#include <functional>
#include <string>

namespace tileprof {

inline constexpr FileLimit kTiledMapLimit{16u << 20, "a Tiled map"};
inline constexpr FileLimit kTiledTilesetLimit{16u << 20, "a Tiled tileset"};

// Whether a file is a Tiled map by its name: .tmj (JSON) or .tmx (XML).
bool isTiledMapPath(const std::filesystem::path& path);

// The text of an external tileset a map names, by its path (the map's directory / its source).
using TilesetReader = std::function<std::string(const std::filesystem::path& path)>;

// The tileset file at `path`; throws InputError "PATH: SIZE; a Tiled tileset is at most 16 MiB".
std::string readTiledTileset(const std::filesystem::path& path);

// Reads a Tiled map: JSON (.tmj) or, for a name ending in .tmx, XML. Its one tile layer (JSON: a
// plain array of GIDs; XML: CSV, or base64 uncompressed, zlib- or gzip-compressed) and its
// tilesets, embedded or external (.tsx, .tsj; relative to the map). A tile's type is its tileset
// tile's "collision" property: a string naming a tile type of `design` in any case ("SOLID",
// "solid", "es", ...), or an int giving a tile id. A tile without the property is the design's tile
// of the same id when its tileset has the bool property collision_ids set, else the empty type, as
// is GID 0. Flip flags are ignored, so a flipped slope keeps its type. Throws InputError ("FILE:
// problem", "FILE:LINE: problem" in XML; FILE the map or the tileset) for anything else, and "FILE:
// SIZE; a Tiled map is at most 16 MiB".
TileMap loadTiledMap(const std::filesystem::path& path, const Design& design);

// The same for the text of a Tiled map read elsewhere; `name` names it in messages, and its
// extension says the format. External tilesets are read with `readTileset`.
TileMap parseTiledMap(const std::string& text, const std::string& name, const Design& design,
                      const TilesetReader& readTileset = readTiledTileset);

// The text of a Tiled map, `text` (read from the file `name`, which messages name), with its tile
// layer holding the tile types of `edited`, a map of the same size. A tile whose type is unchanged
// keeps its GID (and flips); a changed one becomes GID 0 for the empty type, else the first tileset
// tile (by GID) whose collision property, or collision_ids, gives its type. The layer keeps its
// encoding; every byte outside the layer's tiles is kept (in JSON and CSV, every byte but the
// changed GIDs'). Throws InputError ("NAME: problem") for a map loadTiledMap would reject, one whose
// size differs from `edited`'s (it changed since it was loaded), or a type no tileset tile has.
std::string tiledMapWithTiles(const std::string& text, const std::string& name, const TileMap& edited,
                              const Design& design, const TilesetReader& readTileset = readTiledTileset);

} // namespace tileprof
