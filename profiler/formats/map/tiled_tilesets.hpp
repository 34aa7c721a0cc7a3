#pragma once

#include "profiler/formats/map/tile_map.hpp"
#include "profiler/formats/map/tiled_map.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tileprof {

// What the JSON (.tmj) and XML (.tmx) readers share: how a GID becomes a tile type of the design,
// through the map's tilesets, and back. The readers only find the numbers in their format.

// Tiled keeps the flip flags in the top three bits of a GID.
inline constexpr std::uint32_t kGidFlipFlags = 0xE0000000;

// A Tiled file being read (a map or a tileset): names it in every message, and holds what its tiles
// are read in.
struct TiledFile {
    std::string name;
    const Design& design;
    const TilesetReader& readTileset;

    [[noreturn]] void fail(const std::string& problem) const;
};

struct Tileset {
    std::string name;   // "tileset 'terrain'", "tileset 'blocks' (maps/blocks.tsx)": as messages name it
    std::uint32_t firstGid = 0;
    std::optional<std::uint32_t> tileCount{};
    std::map<std::uint32_t, TileId> types{}; // by tile id: the tiles with a collision property
    // The tileset's bool property collision_ids: a tile without a collision property is the design's
    // tile whose id is the tile's (tile n of a block set is block n); without it such a tile is empty.
    bool idsAreTiles = false;
    bool anyTyped = false; // some tile of it has the collision property
};

// A collision property's value as the design's tile type: a string names it (one of the manifest's
// [tiled] values; without them, a tile type name or abbreviation, in any case), an int gives its id.
// `owner` is what has the property, for messages.
TileId tileNamed(std::string_view value, const std::string& owner, const TiledFile& file);
TileId tileNumbered(std::int64_t id, const std::string& owner, const TiledFile& file);

// Why a collision property of another type, or with a value not of its type, is refused.
std::string collisionPropertyTypes(const Design& design);

inline constexpr std::string_view kInfiniteMap = "infinite maps are not supported; turn off the map's Infinite property";

// Checks a map's orientation (`shown` as messages quote it): the tiles are read as a grid of rows
// and columns.
void requireOrthogonal(std::string_view orientation, const std::string& shown, const TiledFile& file);

// A Tiled map as read: the tile types, and what they were read from.
struct TiledMap {
    TileMap map;
    std::vector<Tileset> tilesets;   // by firstgid
    std::vector<std::uint32_t> gids; // the tile layer's, flip flags included
};

// Checks that a map has exactly one tile layer, given the names of those it has.
void requireOneTileLayer(const std::vector<std::string>& tileLayers, const TiledFile& file);

// Checks that `layer` holds as many GIDs as a map of `map`'s size has tiles (none: not a list of them).
void requireTileCount(std::optional<std::size_t> gids, const std::string& layer, const TileMap& map,
                      const TiledFile& file);

// Fills `read.map.tiles` from its GIDs and tilesets (sorting them by firstgid). Throws for a GID of
// no tileset, or a collision_ids tile beyond the design's.
void resolveTiles(TiledMap& read, const TiledFile& file);

// The GIDs to write for the tiles of `edited`, a map of the same size as `read`'s: a tile whose
// type is unchanged keeps its GID (and flips); a changed one becomes 0 for the empty type, else the
// first tileset tile (by GID) of its type. Throws for a size that changed since the map was loaded
// or a type no tileset tile has.
std::vector<std::uint32_t> editedGids(const TiledMap& read, const TileMap& edited, const TiledFile& file);

} // namespace tileprof
