#pragma once

#include "profiler/map/tile_map.hpp"

#include <filesystem>

namespace tileprof {

// Reads a Tiled JSON map (.tmj): its one tile layer, stored as a plain array of GIDs, and its
// embedded tilesets. A tile's type is its tileset tile's "collision" property, a tile type name or
// abbreviation in any case ("SOLID", "solid", "es", ...). GID 0 and tiles without the property are
// EMPTY; flip flags are ignored, so a flipped slope keeps its type. Throws emu::InputError
// ("FILE: problem") for anything else.
TileMap loadTiledMap(const std::filesystem::path& path);

} // namespace tileprof
