#pragma once

#include "profiler/formats/map/tiled_tilesets.hpp"

#include <string>

namespace tileprof {

// Tiled's JSON formats: maps (.tmj) and tilesets (.tsj).

// A JSON map: its one tile layer, stored as a plain array of GIDs, and its tilesets, embedded or
// external (a "source" relative to the map).
TiledMap readJsonMap(const std::string& text, const TiledFile& file);

// The text of a JSON map with its tile layer holding `edited`'s tiles (editedGids): only the changed
// GIDs are rewritten, every other byte is kept.
std::string jsonMapWithTiles(const std::string& text, const TileMap& edited, const TiledFile& file);

// A JSON tileset file, named by a map at `firstGid`.
Tileset readJsonTileset(const std::string& text, std::uint32_t firstGid, const TiledFile& file);

} // namespace tileprof
