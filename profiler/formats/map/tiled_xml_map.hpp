#pragma once

#include "profiler/formats/map/tiled_tilesets.hpp"

#include <string>

namespace tileprof {

// Tiled's XML formats: maps (.tmx) and tilesets (.tsx). Messages give the line when they can.

// An XML map: its one tile layer, its <data> CSV, or base64 uncompressed, zlib- or
// gzip-compressed, and its tilesets, embedded or external (a source relative to the map).
TiledMap readXmlMap(const std::string& text, const TiledFile& file);

// The text of an XML map with its tile layer holding `edited`'s tiles (editedGids), encoded as the
// layer was: in CSV only the changed GIDs are rewritten; base64 is written again whole (compressed
// as it was) when a tile changed. Every byte outside the layer's data is kept.
std::string xmlMapWithTiles(const std::string& text, const TileMap& edited, const TiledFile& file);

// An XML tileset file, named by a map at `firstGid`.
Tileset readXmlTileset(const std::string& text, std::uint32_t firstGid, const TiledFile& file);

} // namespace tileprof
