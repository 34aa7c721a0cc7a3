// Tiled maps: any text as a .tmj, read in the bundled untech design. A map the loader accepts is
// also edited as the debugger's Save map does, every tile changed, which walks the JSON text itself.

#include "base/input_error.hpp"
#include "profiler/formats/map/tiled_map.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const tileprof::Design design = tileprof::loadDesign(tileprof::resolveDesignPath("untech", {}));
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        tileprof::TileMap edited = tileprof::parseTiledMap(text, "fuzz.tmj", design);
        for (tileprof::TileId& tile : edited.tiles) {
            tile = tile == design.empty ? tileprof::TileId{0} : design.empty;
        }
        tileprof::tiledMapWithTiles(text, "fuzz.tmj", edited, design);
    } catch (const tileprof::InputError&) {
    }
    return 0;
}
