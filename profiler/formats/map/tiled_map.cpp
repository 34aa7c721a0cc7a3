#include "profiler/formats/map/tiled_map.hpp"

#include "base/file_contents.hpp"
#include "base/input_error.hpp"
#include "profiler/formats/json/json_document.hpp"
#include "profiler/formats/json/json_excerpt.hpp"
#include "profiler/formats/json/json_spans.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace tileprof {
namespace {

using nlohmann::json;

// Tiled keeps the flip flags in the top three bits of a GID.
constexpr std::uint32_t kGidFlipFlags = 0xE0000000;

// Names the map file in every message.
struct MapFile {
    std::string name;
    const Design& design; // the tile types the collision properties name

    [[noreturn]] void fail(const std::string& problem) const { throw InputError(name + ": " + problem); }
};

const json* find(const json& object, const char* key)
{
    const auto found = object.find(key);
    return found == object.end() ? nullptr : &*found;
}

std::string stringOr(const json& object, const char* key, const std::string& fallback)
{
    const json* value = find(object, key);
    return value && value->is_string() ? value->get<std::string>() : fallback;
}

// Parsed JSON holds every non-negative integer as unsigned, so negatives and fractions fail here.
std::uint32_t readUnsigned(const json& object, const char* key, std::uint32_t min, std::uint32_t max,
                           const std::string& owner, const MapFile& file)
{
    const json* value = find(object, key);
    if (!value) {
        file.fail(owner + " has no \"" + key + "\"");
    }
    if (!value->is_number_unsigned() || value->get<std::uint64_t>() < min || value->get<std::uint64_t>() > max) {
        file.fail(owner + ": \"" + key + "\" must be an integer " + std::to_string(min) + ".." + std::to_string(max)
                  + ", not " + jsonExcerpt(*value));
    }
    return value->get<std::uint32_t>();
}

// The index in "layers" of the map's one tile layer.
std::size_t tileLayerIndex(const json& map, const MapFile& file)
{
    const json* layers = find(map, "layers");
    if (!layers || !layers->is_array()) {
        file.fail("the map has no \"layers\" array");
    }
    std::vector<std::size_t> tileLayers;
    for (std::size_t i = 0; i < layers->size(); ++i) {
        const json& layer = (*layers)[i];
        if (layer.is_object() && stringOr(layer, "type", "") == "tilelayer") {
            tileLayers.push_back(i);
        }
    }
    if (tileLayers.empty()) {
        file.fail("no tile layer: the map needs one layer of type \"tilelayer\"");
    }
    if (tileLayers.size() > 1) {
        file.fail(std::to_string(tileLayers.size()) + " tile layers ('"
                  + stringOr((*layers)[tileLayers[0]], "name", "") + "', '"
                  + stringOr((*layers)[tileLayers[1]], "name", "") + "', ...); the map needs exactly one");
    }
    return tileLayers[0];
}

std::vector<std::uint32_t> layerGids(const json& layer, int width, int height, const MapFile& file)
{
    const std::size_t count = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    const std::string owner = "layer '" + stringOr(layer, "name", "") + "'";
    const json* data = find(layer, "data");
    const std::string encoding = stringOr(layer, "encoding", "csv");
    if (encoding != "csv" || (data && data->is_string())) {
        const std::string compression = stringOr(layer, "compression", "");
        file.fail(owner + " stores its tiles " + encoding + "-encoded"
                  + (compression.empty() ? "" : " and " + compression + "-compressed")
                  + "; save the map with Tile Layer Format \"CSV\"");
    }
    if (!data) {
        const bool chunks = find(layer, "chunks") != nullptr;
        file.fail(owner + " has no \"data\"" + (chunks ? " (an infinite map's chunks are not supported)" : ""));
    }
    if (!data->is_array() || data->size() != count) {
        file.fail(owner + " has " + (data->is_array() ? std::to_string(data->size()) : "no array of") + " tiles; a "
                  + std::to_string(width) + " x " + std::to_string(height) + " map needs " + std::to_string(count));
    }
    std::vector<std::uint32_t> gids;
    gids.reserve(count);
    for (const json& gid : *data) {
        if (!gid.is_number_unsigned() || gid.get<std::uint64_t>() > 0xFFFFFFFF) {
            file.fail(owner + ": tile " + std::to_string(gids.size()) + " is " + jsonExcerpt(gid)
                      + ", not a GID (an integer 0..4294967295)");
        }
        gids.push_back(gid.get<std::uint32_t>());
    }
    return gids;
}

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

struct Tileset {
    std::uint32_t firstGid = 0;
    std::optional<std::uint32_t> tileCount;
    std::map<std::uint32_t, TileId> types; // by tile id; tiles without a collision property are the design's empty
};

std::optional<TileId> collisionProperty(const json& tile, const std::string& owner, const MapFile& file)
{
    const json* properties = find(tile, "properties");
    if (!properties || !properties->is_array()) {
        return std::nullopt;
    }
    for (const json& property : *properties) {
        if (!property.is_object() || stringOr(property, "name", "") != "collision") {
            continue;
        }
        const json* value = find(property, "value");
        if (!value || !value->is_string()) {
            file.fail(owner + ": the \"collision\" property must be a string");
        }
        const std::optional<TileId> type = file.design.byName(value->get<std::string>());
        if (!type) {
            file.fail(owner + ": unknown collision value \"" + value->get<std::string>() + "\"; expected a tile type name ("
                      + file.design[0].name + ", ...) or abbreviation (" + abbreviations(file.design) + ")");
        }
        return type;
    }
    return std::nullopt;
}

Tileset readTileset(const json& entry, std::size_t index, const MapFile& file)
{
    if (!entry.is_object()) {
        file.fail("tileset " + std::to_string(index) + " is not an object");
    }
    if (const json* source = find(entry, "source")) {
        file.fail("tileset " + jsonExcerpt(*source) + " is external; embed it in the map (Tiled: Embed Tileset)");
    }
    const std::string owner = "tileset '" + stringOr(entry, "name", std::to_string(index)) + "'";
    Tileset tileset;
    tileset.firstGid = readUnsigned(entry, "firstgid", 1, ~kGidFlipFlags, owner, file);
    if (find(entry, "tilecount")) {
        tileset.tileCount = readUnsigned(entry, "tilecount", 0, ~kGidFlipFlags, owner, file);
    }
    const json* tiles = find(entry, "tiles");
    if (!tiles || !tiles->is_array()) {
        return tileset;
    }
    for (const json& tile : *tiles) {
        if (!tile.is_object()) {
            file.fail(owner + ": a tile is not an object");
        }
        const std::uint32_t id = readUnsigned(tile, "id", 0, ~kGidFlipFlags, owner + " tile", file);
        if (const std::optional<TileId> type = collisionProperty(tile, owner + " tile " + std::to_string(id), file)) {
            tileset.types[id] = *type;
        }
    }
    return tileset;
}

std::vector<Tileset> readTilesets(const json& map, const MapFile& file)
{
    std::vector<Tileset> tilesets;
    const json* entries = find(map, "tilesets");
    if (!entries) {
        return tilesets;
    }
    if (!entries->is_array()) {
        file.fail("\"tilesets\" is not an array");
    }
    for (const json& entry : *entries) {
        tilesets.push_back(readTileset(entry, tilesets.size(), file));
    }
    std::sort(tilesets.begin(), tilesets.end(),
              [](const Tileset& left, const Tileset& right) { return left.firstGid < right.firstGid; });
    return tilesets;
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

TileId tileForGid(std::uint32_t gid, const std::vector<Tileset>& tilesets, std::size_t index, int width,
                  const MapFile& file)
{
    const std::uint32_t tileGid = gid & ~kGidFlipFlags;
    if (tileGid == 0) {
        return file.design.empty;
    }
    const Tileset* tileset = tilesetOf(tileGid, tilesets);
    if (!tileset) {
        file.fail(where(index, width) + ": GID " + std::to_string(tileGid) + " belongs to no tileset");
    }
    const auto type = tileset->types.find(tileGid - tileset->firstGid);
    return type == tileset->types.end() ? file.design.empty : type->second;
}

// A Tiled map as read: the tile types, and what they were read from.
struct TiledMap {
    TileMap map;
    std::vector<Tileset> tilesets;
    std::size_t layerIndex = 0;     // the tile layer's index in "layers"
    std::vector<std::uint32_t> gids; // the tile layer's, flip flags included
};

TiledMap readTiledMap(const std::string& text, const MapFile& file)
{
    const json map = parseJsonDocument(text, file.name);
    if (!map.is_object()) {
        file.fail("not a Tiled map: the JSON is not an object");
    }
    if (const json* infinite = find(map, "infinite"); infinite && *infinite == true) {
        file.fail("infinite maps are not supported; turn off the map's Infinite property");
    }
    TiledMap result;
    TileMap& tiles = result.map;
    tiles.width = static_cast<int>(readUnsigned(map, "width", 1, kMaxMapTiles, "the map", file));
    tiles.height = static_cast<int>(readUnsigned(map, "height", 1, kMaxMapTiles, "the map", file));
    result.tilesets = readTilesets(map, file);
    result.layerIndex = tileLayerIndex(map, file);
    result.gids = layerGids(map["layers"][result.layerIndex], tiles.width, tiles.height, file);
    tiles.tiles.reserve(result.gids.size());
    for (std::size_t i = 0; i < result.gids.size(); ++i) {
        tiles.tiles.push_back(tileForGid(result.gids[i], result.tilesets, i, tiles.width, file));
    }
    return result;
}

// The GID to draw a tile of `type` with: none for the design's empty type, else the first tile (by
// GID) whose collision property names the type.
std::optional<std::uint32_t> gidForType(TileId type, const std::vector<Tileset>& tilesets, const Design& design)
{
    if (type == design.empty) {
        return 0;
    }
    for (const Tileset& tileset : tilesets) {
        for (const auto& [id, tileType] : tileset.types) {
            const std::uint64_t gid = std::uint64_t{tileset.firstGid} + id;
            if (tileType == type && gid <= ~kGidFlipFlags
                && tilesetOf(static_cast<std::uint32_t>(gid), tilesets) == &tileset) {
                return static_cast<std::uint32_t>(gid);
            }
        }
    }
    return std::nullopt;
}

} // namespace

TileMap loadTiledMap(const std::filesystem::path& path, const Design& design)
{
    return parseTiledMap(readFileContents(path, path.string(), kTiledMapLimit), path.string(), design);
}

TileMap parseTiledMap(const std::string& text, const std::string& name, const Design& design)
{
    return readTiledMap(text, MapFile{name, design}).map;
}

std::string tiledMapWithTiles(const std::string& text, const std::string& name, const TileMap& edited,
                              const Design& design)
{
    const MapFile file{name, design};
    const TiledMap read = readTiledMap(text, file);
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
    const std::optional<JsonSpan> data = jsonValueSpan(text, {"layers", read.layerIndex, "data"});
    const std::optional<std::vector<JsonSpan>> elements = data ? jsonArrayElements(text, *data) : std::nullopt;
    if (!elements || elements->size() != read.gids.size()) {
        file.fail("cannot find the tile layer's tiles in the text");
    }
    std::string result;
    std::size_t copied = 0;
    for (std::size_t i = 0; i < read.gids.size(); ++i) {
        const TileId type = edited.tiles[i];
        if (type == map.tiles[i]) {
            continue; // the tile as it was drawn, flips and all
        }
        const std::optional<std::uint32_t> gid = gidForType(type, read.tilesets, design);
        if (!gid) {
            const TileKind& kind = design[type];
            file.fail(where(i, map.width) + " is to be " + kind.name + " but no tileset tile has it: "
                      + "give a tile the string property collision = \""
                      + (kind.abbreviation.empty() ? kind.name : kind.abbreviation) + "\"");
        }
        const JsonSpan element = (*elements)[i];
        result.append(text, copied, element.begin - copied);
        result += std::to_string(*gid);
        copied = element.end;
    }
    result.append(text, copied);
    if (readTiledMap(result, file).map.tiles != edited.tiles) {
        file.fail("cannot rewrite the tile layer's tiles in the text"); // the scan went wrong: write nothing
    }
    return result;
}

} // namespace tileprof
