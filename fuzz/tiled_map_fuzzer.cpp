// Tiled maps: any text as a map, read in the bundled untech design, once as its tiles' "collision"
// property says their types and once as a manifest's [tiled] names them (a "Name" property with
// values of the game's own): XML (.tmx) if it starts with
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
    static const tileprof::Design untech = tileprof::loadDesign(tileprof::resolveDesignPath("untech", {}));
    static const tileprof::Design named = [] {
        tileprof::Design design = untech;
        design.tiled.property = "Name";
        design.tiled.values = {{"Air", design.empty}, {"Solid", *design.byName("SOLID")}};
        return design;
    }();
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
    for (const tileprof::Design* design : {&untech, &named}) {
        try {
            tileprof::TileMap edited = tileprof::parseTiledMap(text, name, *design, readTileset);
            for (tileprof::TileId& tile : edited.tiles) {
                tile = tile == design->empty ? tileprof::TileId{0} : design->empty;
            }
            tileprof::tiledMapWithTiles(text, name, edited, *design, readTileset);
        } catch (const tileprof::InputError&) {
        }
    }
    return 0;
}
