// Tiled maps: any text as a map, read in the bundled untech design: XML (.tmx) if it starts with
// '<', else JSON (.tmj). What follows the first NUL byte, if any, is the text of every external
// tileset the map names (.tsx or .tsj by the name it gives), so that tilesets are fuzzed without
// files; without a NUL, no tileset file exists. A map the loader accepts is also edited as the
// debugger's Save map does, every tile changed, which walks the text itself and writes the layer
// again in its encoding.

#include "base/input_error.hpp"
#include "profiler/formats/map/tiled_map.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const tileprof::Design design = tileprof::loadDesign(tileprof::resolveDesignPath("untech", {}));
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::size_t nul = input.find('\0');
    const std::string text(input.substr(0, nul));
    const tileprof::TilesetReader readTileset = [&](const std::filesystem::path& path) {
        if (nul == std::string_view::npos) {
            throw tileprof::InputError(path.string() + ": cannot open: No such file or directory");
        }
        return std::string(input.substr(nul + 1));
    };
    const std::size_t start = text.find_first_not_of(" \t\r\n");
    const std::string name = start != std::string::npos && text[start] == '<' ? "fuzz.tmx" : "fuzz.tmj";
    try {
        tileprof::TileMap edited = tileprof::parseTiledMap(text, name, design, readTileset);
        for (tileprof::TileId& tile : edited.tiles) {
            tile = tile == design.empty ? tileprof::TileId{0} : design.empty;
        }
        tileprof::tiledMapWithTiles(text, name, edited, design, readTileset);
    } catch (const tileprof::InputError&) {
    }
    return 0;
}
