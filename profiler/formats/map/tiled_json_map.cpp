#include "profiler/formats/map/tiled_json_map.hpp"

#include "profiler/formats/json/json_document.hpp"
#include "profiler/formats/json/json_excerpt.hpp"
#include "profiler/formats/json/json_spans.hpp"
#include "profiler/formats/map/tiled_external_tileset.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace tileprof {
namespace {

using nlohmann::json;

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
                           const std::string& owner, const TiledFile& file)
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
std::size_t tileLayerIndex(const json& map, const TiledFile& file)
{
    const json* layers = find(map, "layers");
    if (!layers || !layers->is_array()) {
        file.fail("the map has no \"layers\" array");
    }
    std::vector<std::size_t> indices;
    std::vector<std::string> names;
    for (std::size_t i = 0; i < layers->size(); ++i) {
        const json& layer = (*layers)[i];
        if (layer.is_object() && stringOr(layer, "type", "") == "tilelayer") {
            indices.push_back(i);
            names.push_back(stringOr(layer, "name", ""));
        }
    }
    requireOneTileLayer(names, file);
    return indices[0];
}

std::vector<std::uint32_t> layerGids(const json& layer, const TileMap& map, const TiledFile& file)
{
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
    requireTileCount(data->is_array() ? std::optional(data->size()) : std::nullopt, owner, map, file);
    std::vector<std::uint32_t> gids;
    gids.reserve(data->size());
    for (const json& gid : *data) {
        if (!gid.is_number_unsigned() || gid.get<std::uint64_t>() > 0xFFFFFFFF) {
            file.fail(owner + ": tile " + std::to_string(gids.size()) + " is " + jsonExcerpt(gid)
                      + ", not a GID (an integer 0..4294967295)");
        }
        gids.push_back(gid.get<std::uint32_t>());
    }
    return gids;
}

// The custom property `name` of `object` ("properties": [{"name", "type", "value"}, ...]).
const json* property(const json& object, const std::string& name)
{
    const json* properties = find(object, "properties");
    if (!properties || !properties->is_array()) {
        return nullptr;
    }
    for (const json& entry : *properties) {
        if (entry.is_object() && stringOr(entry, "name", "") == name) {
            return &entry;
        }
    }
    return nullptr;
}

std::optional<TileId> collisionProperty(const json& tile, const std::string& owner, const TiledFile& file)
{
    const json* collision = property(tile, file.design.tiled.property);
    if (!collision) {
        return std::nullopt;
    }
    const json* value = find(*collision, "value");
    const std::string type = stringOr(*collision, "type", "string");
    if (value && type == "string" && value->is_string()) {
        return tileNamed(value->get<std::string>(), owner, file);
    }
    if (value && type == "int" && value->is_number_integer()) {
        constexpr std::uint64_t kMost = std::numeric_limits<std::int64_t>::max();
        const std::int64_t id = value->is_number_unsigned()
                                    ? static_cast<std::int64_t>(std::min(value->get<std::uint64_t>(), kMost))
                                    : value->get<std::int64_t>();
        return tileNumbered(id, owner, file);
    }
    file.fail(owner + ": " + collisionPropertyTypes(file.design) + " (this one: type " + jsonExcerpt(type) + ", value "
              + (value ? jsonExcerpt(*value) : "none") + ")");
}

// The tiles' types, and the collision_ids property, of a tileset's JSON object.
void readTiles(const json& entry, Tileset& tileset, const TiledFile& file)
{
    if (find(entry, "tilecount")) {
        tileset.tileCount = readUnsigned(entry, "tilecount", 0, ~kGidFlipFlags, tileset.name, file);
    }
    if (const json* ids = property(entry, "collision_ids")) {
        const json* value = find(*ids, "value");
        if (stringOr(*ids, "type", "string") != "bool" || !value || !value->is_boolean()) {
            file.fail(tileset.name + ": the \"collision_ids\" property must be a bool");
        }
        tileset.idsAreTiles = value->get<bool>();
    }
    const json* tiles = find(entry, "tiles");
    if (!tiles || !tiles->is_array()) {
        return;
    }
    for (const json& tile : *tiles) {
        if (!tile.is_object()) {
            file.fail(tileset.name + ": a tile is not an object");
        }
        const std::uint32_t id = readUnsigned(tile, "id", 0, ~kGidFlipFlags, tileset.name + " tile", file);
        if (const std::optional<TileId> type = collisionProperty(tile, tileset.name + " tile " + std::to_string(id), file)) {
            tileset.types[id] = *type;
            tileset.anyTyped = true;
        }
    }
}

Tileset readTileset(const json& entry, std::size_t index, const TiledFile& file)
{
    if (!entry.is_object()) {
        file.fail("tileset " + std::to_string(index) + " is not an object");
    }
    const std::string owner = "tileset '" + stringOr(entry, "name", std::to_string(index)) + "'";
    const std::uint32_t firstGid = readUnsigned(entry, "firstgid", 1, ~kGidFlipFlags, owner, file);
    if (const json* source = find(entry, "source")) {
        if (!source->is_string() || source->get<std::string>().empty()) {
            file.fail("tileset " + std::to_string(index) + ": \"source\" must be a tileset file's path, not "
                      + jsonExcerpt(*source));
        }
        return readExternalTileset(source->get<std::string>(), firstGid, file);
    }
    Tileset tileset{owner, firstGid};
    readTiles(entry, tileset, file);
    return tileset;
}

std::vector<Tileset> readTilesets(const json& map, const TiledFile& file)
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
    return tilesets;
}

// A JSON map as read, and where its tile layer is.
struct JsonMap {
    TiledMap tiled;
    std::size_t layerIndex = 0; // the tile layer's index in "layers"
};

JsonMap readMap(const std::string& text, const TiledFile& file)
{
    const json map = parseJsonDocument(text, file.name);
    if (!map.is_object()) {
        file.fail("not a Tiled map: the JSON is not an object");
    }
    if (const json* infinite = find(map, "infinite"); infinite && *infinite == true) {
        file.fail(std::string(kInfiniteMap));
    }
    if (const json* orientation = find(map, "orientation")) {
        requireOrthogonal(orientation->is_string() ? orientation->get_ref<const std::string&>() : "",
                          jsonExcerpt(*orientation), file);
    }
    JsonMap result;
    TileMap& tiles = result.tiled.map;
    tiles.width = static_cast<int>(readUnsigned(map, "width", 1, kMaxMapTiles, "the map", file));
    tiles.height = static_cast<int>(readUnsigned(map, "height", 1, kMaxMapTiles, "the map", file));
    result.tiled.tilesets = readTilesets(map, file);
    result.layerIndex = tileLayerIndex(map, file);
    result.tiled.gids = layerGids(map["layers"][result.layerIndex], tiles, file);
    resolveTiles(result.tiled, file);
    return result;
}

} // namespace

TiledMap readJsonMap(const std::string& text, const TiledFile& file)
{
    return readMap(text, file).tiled;
}

std::string jsonMapWithTiles(const std::string& text, const TileMap& edited, const TiledFile& file)
{
    const JsonMap read = readMap(text, file);
    const std::vector<std::uint32_t> gids = editedGids(read.tiled, edited, file);
    const std::optional<JsonSpan> data = jsonValueSpan(text, {"layers", read.layerIndex, "data"});
    const std::optional<std::vector<JsonSpan>> elements = data ? jsonArrayElements(text, *data) : std::nullopt;
    if (!elements || elements->size() != gids.size()) {
        file.fail("cannot find the tile layer's tiles in the text");
    }
    std::string result;
    std::size_t copied = 0;
    for (std::size_t i = 0; i < gids.size(); ++i) {
        if (gids[i] == read.tiled.gids[i]) {
            continue;
        }
        const JsonSpan element = (*elements)[i];
        result.append(text, copied, element.begin - copied);
        result += std::to_string(gids[i]);
        copied = element.end;
    }
    result.append(text, copied);
    return result;
}

Tileset readJsonTileset(const std::string& text, std::uint32_t firstGid, const TiledFile& file)
{
    const json entry = parseJsonDocument(text, file.name);
    if (!entry.is_object()) {
        file.fail("not a Tiled tileset: the JSON is not an object");
    }
    if (const json* type = find(entry, "type"); type && *type != "tileset") {
        file.fail("not a Tiled tileset: its \"type\" is " + jsonExcerpt(*type) + ", not \"tileset\"");
    }
    if (find(entry, "source")) {
        file.fail("a tileset file may not name another (\"source\")");
    }
    Tileset tileset{"tileset '" + stringOr(entry, "name", "") + "'", firstGid};
    readTiles(entry, tileset, file);
    return tileset;
}

} // namespace tileprof
