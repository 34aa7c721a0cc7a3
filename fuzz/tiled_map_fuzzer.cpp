// Tiled maps: any text as a .tmj. A map the loader accepts is also edited as the debugger's Save
// map does, every tile changed, which walks the JSON text itself.

#include "emu/input_error.hpp"
#include "profiler/map/tiled_map.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        tileprof::TileMap edited = tileprof::parseTiledMap(text, "fuzz.tmj");
        for (tileprof::TileType& tile : edited.tiles) {
            tile = tile == tileprof::TileType::Empty ? tileprof::TileType::Solid : tileprof::TileType::Empty;
        }
        tileprof::tiledMapWithTiles(text, "fuzz.tmj", edited);
    } catch (const emu::InputError&) {
    }
    return 0;
}
