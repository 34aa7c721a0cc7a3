#include "profiler/formats/map/tiled_external_tileset.hpp"

#include "profiler/formats/map/tiled_json_map.hpp"
#include "profiler/formats/map/tiled_xml_map.hpp"

#include <filesystem>

namespace tileprof {

Tileset readExternalTileset(const std::string& source, std::uint32_t firstGid, const TiledFile& map)
{
    const std::filesystem::path path = std::filesystem::path(map.name).parent_path() / source;
    const TiledFile file{path.string(), map.design, map.readTileset};
    const std::string text = map.readTileset(path);
    Tileset tileset = path.extension() == ".tsx" ? readXmlTileset(text, firstGid, file)
                                                 : readJsonTileset(text, firstGid, file);
    tileset.name += " (" + file.name + ")";
    return tileset;
}

} // namespace tileprof
