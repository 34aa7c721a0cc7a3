#include "profiler/formats/map/tiled_tilesets.hpp"

#include "base/input_error.hpp"

#include <algorithm>
#include <iterator>

namespace tileprof {
namespace {

std::string abbreviations(const Design& design)
{
    std::string list;
    for (const TileKind& kind : design.tiles) {
        if (!kind.abbreviation.empty()) {
            list += (list.empty() ? "" : ", ") + kind.abbreviation;
        }
    }
    return list;
}

// The tileset holding a GID is the one with the highest firstgid not above it.
const Tileset* tilesetOf(std::uint32_t gid, const std::vector<Tileset>& tilesets)
{
    const auto after = std::upper_bound(tilesets.begin(), tilesets.end(), gid,
                                        [](std::uint32_t value, const Tileset& tileset) { return value < tileset.firstGid; });
    if (after == tilesets.begin()) {
        return nullptr;
    }
    const Tileset& tileset = *std::prev(after);
    return tileset.tileCount && gid - tileset.firstGid >= *tileset.tileCount ? nullptr : &tileset;
}

// "row 1, column 2": where the `index`th tile of a map `width` tiles wide is.
std::string where(std::size_t index, int width)
{
    const std::size_t columns = static_cast<std::size_t>(width);
    return "row " + std::to_string(index / columns) + ", column " + std::to_string(index % columns);
}

std::string tileIds(const Design& design)
{
    return "the design has tile ids 0.." + std::to_string(design.tiles.size() - 1);
}

TileId tileForGid(std::uint32_t gid, const std::vector<Tileset>& tilesets, std::size_t index, int width,
                  const TiledFile& file)
{
    const std::uint32_t tileGid = gid & ~kGidFlipFlags;
    if (tileGid == 0) {
        return file.design.empty;
    }
    const Tileset* tileset = tilesetOf(tileGid, tilesets);
    if (!tileset) {
        file.fail(where(index, width) + ": GID " + std::to_string(tileGid) + " belongs to no tileset");
    }
    const std::uint32_t id = tileGid - tileset->firstGid;
    if (const auto type = tileset->types.find(id); type != tileset->types.end()) {
        return type->second;
    }
    if (!tileset->idsAreTiles) {
        if (!tileset->anyTyped) {
            file.fail(where(index, width) + ": GID " + std::to_string(tileGid) + " is a tile of " + tileset->name + ", in which no tile has "
                      "the \"" + file.design.tiled.property + "\" property (nor is its bool property collision_ids set): every "
                      "tile of it would be read as empty");
        }
        return file.design.empty;
    }
    if (id >= file.design.tiles.size()) {
        file.fail(where(index, width) + ": GID " + std::to_string(tileGid) + " is tile " + std::to_string(id) + " of "
                  + tileset->name + ", whose collision_ids makes it tile id " + std::to_string(id) + ", but "
                  + tileIds(file.design));
    }
    return static_cast<TileId>(id);
}

// The first GID of `tileset` that is a tile of `type` and not hidden by the next tileset.
std::optional<std::uint32_t> gidInTileset(TileId type, const Tileset& tileset, const std::vector<Tileset>& tilesets)
{
    const auto drawable = [&](std::uint32_t id) {
        const std::uint64_t gid = std::uint64_t{tileset.firstGid} + id;
        return gid <= ~kGidFlipFlags && tilesetOf(static_cast<std::uint32_t>(gid), tilesets) == &tileset;
    };
    std::optional<std::uint32_t> first;
    for (const auto& [id, tileType] : tileset.types) {
        if (tileType == type && drawable(id)) {
            first = id;
            break;
        }
    }
    // With collision_ids, tile `type` is of that type unless its own property says otherwise.
    if (tileset.idsAreTiles && !tileset.types.contains(type) && drawable(type) && (!first || type < *first)) {
        first = type;
    }
    if (!first) {
        return std::nullopt;
    }
    return tileset.firstGid + *first;
}

} // namespace

void TiledFile::fail(const std::string& problem) const
{
    throw InputError(name + ": " + problem);
}

std::string collisionPropertyTypes(const Design& design)
{
    return "the \"" + design.tiled.property + "\" property must be a string naming a tile type or an int giving a tile id";
}

TileId tileNamed(std::string_view value, const std::string& owner, const TiledFile& file)
{
    const TiledNames& names = file.design.tiled;
    if (!names.values.empty()) {
        if (const std::optional<TileId> type = names.valueOf(value)) {
            return *type;
        }
        std::string known;
        for (const auto& [name, id] : names.values) {
            known += (known.empty() ? "\"" : ", \"") + name + "\"";
        }
        file.fail(owner + ": its \"" + names.property + "\" is \"" + std::string(value) + "\", which is not one of the manifest's "
                  "[tiled] values (" + known + ")");
    }
    const std::optional<TileId> type = file.design.byName(value);
    if (!type) {
        file.fail(owner + ": unknown collision value \"" + std::string(value) + "\"; expected a tile type name ("
                  + file.design[0].name + ", ...) or abbreviation (" + abbreviations(file.design)
                  + "), or an int property: a tile id");
    }
    return *type;
}

TileId tileNumbered(std::int64_t id, const std::string& owner, const TiledFile& file)
{
    if (id < 0 || static_cast<std::uint64_t>(id) >= file.design.tiles.size()) {
        file.fail(owner + ": collision tile id " + std::to_string(id) + " is out of range: " + tileIds(file.design));
    }
    return static_cast<TileId>(id);
}

void requireOneTileLayer(const std::vector<std::string>& tileLayers, const TiledFile& file)
{
    if (tileLayers.empty()) {
        file.fail("no tile layer: the map needs one layer of type \"tilelayer\"");
    }
    if (tileLayers.size() > 1) {
        file.fail(std::to_string(tileLayers.size()) + " tile layers ('" + tileLayers[0] + "', '" + tileLayers[1]
                  + "', ...); the map needs exactly one");
    }
}

void requireOrthogonal(std::string_view orientation, const std::string& shown, const TiledFile& file)
{
    if (orientation != "orthogonal") {
        file.fail("the map is " + shown + "; only orthogonal maps are supported");
    }
}

void requireTileCount(std::optional<std::size_t> gids, const std::string& layer, const TileMap& map,
                      const TiledFile& file)
{
    const std::size_t count = static_cast<std::size_t>(map.width) * static_cast<std::size_t>(map.height);
    if (gids != count) {
        file.fail(layer + " has " + (gids ? std::to_string(*gids) : "no array of") + " tiles; a " + std::to_string(map.width) + " x "
                  + std::to_string(map.height) + " map needs " + std::to_string(count));
    }
}

void resolveTiles(TiledMap& read, const TiledFile& file)
{
    std::stable_sort(read.tilesets.begin(), read.tilesets.end(),
                     [](const Tileset& left, const Tileset& right) { return left.firstGid < right.firstGid; });
    TileMap& map = read.map;
    map.tiles.clear();
    map.tiles.reserve(read.gids.size());
    for (std::size_t i = 0; i < read.gids.size(); ++i) {
        map.tiles.push_back(tileForGid(read.gids[i], read.tilesets, i, map.width, file));
    }
}

std::vector<std::uint32_t> editedGids(const TiledMap& read, const TileMap& edited, const TiledFile& file)
{
    const TileMap& map = read.map;
    if (edited.width != map.width || edited.height != map.height) {
        file.fail("the map is " + std::to_string(map.width) + " x " + std::to_string(map.height)
                  + " tiles, not " + std::to_string(edited.width) + " x " + std::to_string(edited.height)
                  + " as when it was loaded: it has changed since; load it again before saving");
    }
    if (edited.tiles.size() != map.tiles.size()) {
        file.fail("the edited map holds " + std::to_string(edited.tiles.size()) + " tiles; a "
                  + std::to_string(map.width) + " x " + std::to_string(map.height) + " map needs "
                  + std::to_string(map.tiles.size()));
    }
    std::vector<std::uint32_t> gids = read.gids;
    for (std::size_t i = 0; i < gids.size(); ++i) {
        const TileId type = edited.tiles[i];
        if (type == map.tiles[i]) {
            continue; // the tile as it was drawn, flips and all
        }
        std::optional<std::uint32_t> gid;
        if (type == file.design.empty) {
            gid = 0;
        }
        for (auto tileset = read.tilesets.begin(); !gid && tileset != read.tilesets.end(); ++tileset) {
            gid = gidInTileset(type, *tileset, read.tilesets);
        }
        if (!gid) {
            const TileKind& kind = file.design[type];
            file.fail(where(i, map.width) + " is to be " + kind.name + " but no tileset tile has it: "
                      + "give a tile the string property collision = \""
                      + (kind.abbreviation.empty() ? kind.name : kind.abbreviation) + "\" (or the int property "
                      + std::to_string(type) + ")");
        }
        gids[i] = *gid;
    }
    return gids;
}

} // namespace tileprof
