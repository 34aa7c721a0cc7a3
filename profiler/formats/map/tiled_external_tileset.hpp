#pragma once

#include "profiler/formats/map/tiled_tilesets.hpp"

#include <string>

namespace tileprof {

// The tileset a map names by `source` (a path relative to the map's directory) at `firstGid`, read
// from its file with `map.readTileset`: Tiled's XML for .tsx, its JSON for anything else (.tsj).
// Messages about what the file says name the file.
Tileset readExternalTileset(const std::string& source, std::uint32_t firstGid, const TiledFile& map);

} // namespace tileprof
