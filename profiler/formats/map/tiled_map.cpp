#include "profiler/formats/map/tiled_map.hpp"

#include "base/file_contents.hpp"
#include "profiler/formats/map/tiled_json_map.hpp"
#include "profiler/formats/map/tiled_xml_map.hpp"

#include <string>

namespace tileprof {
namespace {

bool isXml(const std::filesystem::path& path)
{
    return path.extension() == ".tmx";
}

TiledMap readTiledMap(const std::string& text, const TiledFile& file)
{
    return isXml(file.name) ? readXmlMap(text, file) : readJsonMap(text, file);
}

} // namespace

bool isTiledMapPath(const std::filesystem::path& path)
{
    return isXml(path) || path.extension() == ".tmj";
}

std::string readTiledTileset(const std::filesystem::path& path)
{
    return readFileContents(path, path.string(), kTiledTilesetLimit);
}

TileMap loadTiledMap(const std::filesystem::path& path, const Design& design)
{
    return parseTiledMap(readFileContents(path, path.string(), kTiledMapLimit), path.string(), design);
}

TileMap parseTiledMap(const std::string& text, const std::string& name, const Design& design,
                      const TilesetReader& readTileset)
{
    return readTiledMap(text, TiledFile{name, design, readTileset}).map;
}

std::string tiledMapWithTiles(const std::string& text, const std::string& name, const TileMap& edited,
                              const Design& design, const TilesetReader& readTileset)
{
    const TiledFile file{name, design, readTileset};
    std::string result = isXml(name) ? xmlMapWithTiles(text, edited, file) : jsonMapWithTiles(text, edited, file);
    if (readTiledMap(result, file).map.tiles != edited.tiles) {
        file.fail("cannot rewrite the tile layer's tiles in the text"); // the scan went wrong: write nothing
    }
    return result;
}

} // namespace tileprof
