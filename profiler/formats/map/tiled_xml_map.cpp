#include "profiler/formats/map/tiled_xml_map.hpp"

#include "base/base64.hpp"
#include "base/compression.hpp"
#include "base/file_contents.hpp"
#include "base/input_error.hpp"
#include "profiler/formats/json/json_excerpt.hpp"
#include "profiler/formats/map/tiled_external_tileset.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tileprof {
namespace {

// A compressed layer is inflated only as far as its map's tiles take, and never further than this:
// 16 Mi tiles (4096 x 4096), whatever size a small file claims.
constexpr FileLimit kInflatedLayerLimit{64u << 20, "a compressed tile layer"};

// An attribute's value as a message quotes it: as a JSON string, cut after 40 bytes.
std::string excerpt(std::string_view value)
{
    return jsonExcerpt(std::string(value));
}

// An XML file being read: its messages name the line of the element they are about.
struct XmlFile {
    const TiledFile& file;
    std::string_view text;

    // The file, as messages about `node` name it: "FILE:LINE".
    TiledFile at(const pugi::xml_node& node) const
    {
        const std::ptrdiff_t offset = node.offset_debug();
        return offset < 0 ? file : atOffset(static_cast<std::size_t>(offset));
    }

    TiledFile atOffset(std::size_t offset) const
    {
        const auto end = text.begin() + static_cast<std::ptrdiff_t>(std::min(offset, text.size()));
        return {file.name + ":" + std::to_string(std::count(text.begin(), end, '\n') + 1), file.design,
                file.readTileset};
    }

    [[noreturn]] void fail(const pugi::xml_node& node, const std::string& problem) const { at(node).fail(problem); }
};

// The document's root element, which must be <root>.
pugi::xml_node parseRoot(pugi::xml_document& document, const XmlFile& xml, const char* root, const char* kind)
{
    // Line ends are kept as written, so that the tiles' text is the file's bytes, CRLF and all.
    const pugi::xml_parse_result parsed = document.load_buffer(xml.text.data(), xml.text.size(),
                                                               pugi::parse_default & ~pugi::parse_eol,
                                                               pugi::encoding_utf8);
    if (!parsed) {
        xml.atOffset(static_cast<std::size_t>(std::max<std::ptrdiff_t>(parsed.offset, 0)))
            .fail("not XML: " + std::string(parsed.description()));
    }
    const pugi::xml_node element = document.document_element();
    if (std::string_view(element.name()) != root) {
        const std::string name(std::string_view(element.name()).substr(0, 40));
        xml.fail(element, std::string("not a Tiled ") + kind + ": the root element is <" + name + ">, not <" + root + ">");
    }
    return element;
}

std::uint32_t readUnsigned(const pugi::xml_node& node, const char* key, std::uint32_t min, std::uint32_t max,
                           const std::string& owner, const XmlFile& xml)
{
    const pugi::xml_attribute attribute = node.attribute(key);
    if (!attribute) {
        xml.fail(node, owner + " has no \"" + key + "\"");
    }
    const std::string_view value = attribute.value();
    std::uint64_t number = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (error != std::errc{} || end != value.data() + value.size() || number < min || number > max) {
        xml.fail(node, owner + ": \"" + key + "\" must be an integer " + std::to_string(min) + ".."
                           + std::to_string(max) + ", not " + excerpt(value));
    }
    return static_cast<std::uint32_t>(number);
}

// The custom property `name` of `node` (<properties><property name= type= value=>).
pugi::xml_node property(const pugi::xml_node& node, const char* name)
{
    return node.child("properties").find_child_by_attribute("property", "name", name);
}

// A property's value: its attribute, or its text (Tiled writes a string with line breaks so).
std::string_view propertyValue(const pugi::xml_node& property)
{
    const pugi::xml_attribute value = property.attribute("value");
    return value ? value.value() : property.text().get();
}

std::optional<TileId> collisionProperty(const pugi::xml_node& tile, const std::string& owner, const XmlFile& xml)
{
    const pugi::xml_node collision = property(tile, xml.file.design.tiled.property.c_str());
    if (!collision) {
        return std::nullopt;
    }
    const std::string_view type = collision.attribute("type").as_string("string");
    const std::string_view value = propertyValue(collision);
    if (type == "string") {
        return tileNamed(value, owner, xml.at(collision));
    }
    std::int64_t id = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), id);
    if (type == "int" && error == std::errc{} && end == value.data() + value.size()) {
        return tileNumbered(id, owner, xml.at(collision));
    }
    xml.fail(collision, owner + ": " + collisionPropertyTypes(xml.file.design) + " (this one: type "
                            + excerpt(type) + ", value " + excerpt(value) + ")");
}

// The tiles' types, and the collision_ids property, of a <tileset>.
void readTiles(const pugi::xml_node& node, Tileset& tileset, const XmlFile& xml)
{
    if (node.attribute("tilecount")) {
        tileset.tileCount = readUnsigned(node, "tilecount", 0, ~kGidFlipFlags, tileset.name, xml);
    }
    if (const pugi::xml_node ids = property(node, "collision_ids")) {
        const std::string_view value = propertyValue(ids);
        if (std::string_view(ids.attribute("type").value()) != "bool" || (value != "true" && value != "false")) {
            xml.fail(ids, tileset.name + ": the \"collision_ids\" property must be a bool");
        }
        tileset.idsAreTiles = value == "true";
    }
    for (const pugi::xml_node& tile : node.children("tile")) {
        const std::uint32_t id = readUnsigned(tile, "id", 0, ~kGidFlipFlags, tileset.name + " tile", xml);
        if (const std::optional<TileId> type = collisionProperty(tile, tileset.name + " tile " + std::to_string(id), xml)) {
            tileset.types[id] = *type;
            tileset.anyTyped = true;
        }
    }
}

Tileset readTileset(const pugi::xml_node& node, std::size_t index, const XmlFile& xml)
{
    const std::string owner = "tileset '" + std::string(node.attribute("name").as_string(std::to_string(index).c_str())) + "'";
    const std::uint32_t firstGid = readUnsigned(node, "firstgid", 1, ~kGidFlipFlags, owner, xml);
    if (const pugi::xml_attribute source = node.attribute("source")) {
        if (std::string_view(source.value()).empty()) {
            xml.fail(node, "tileset " + std::to_string(index) + ": \"source\" must be a tileset file's path, not \"\"");
        }
        return readExternalTileset(source.value(), firstGid, xml.file);
    }
    Tileset tileset{owner, firstGid};
    readTiles(node, tileset, xml);
    return tileset;
}

// How a layer's <data> holds its GIDs.
struct LayerData {
    bool csv = true;                        // else base64
    std::optional<Compression> compression; // of base64 data
    pugi::xml_node node;                    // <data>
    std::string_view text;                  // its text, as parsed
};

LayerData layerData(const pugi::xml_node& layer, const std::string& owner, const XmlFile& xml)
{
    LayerData data;
    data.node = layer.child("data");
    if (!data.node) {
        xml.fail(layer, owner + " has no <data>");
    }
    if (data.node.child("chunk")) {
        xml.fail(data.node, owner + ": an infinite map's chunks are not supported");
    }
    const std::string_view encoding = data.node.attribute("encoding").value();
    const std::string_view compression = data.node.attribute("compression").value();
    if (encoding.empty()) {
        xml.fail(data.node, owner + " stores its tiles as <tile> elements; save the map with Tile Layer Format "
                                    "\"CSV\" or \"Base64\"");
    }
    if (encoding != "csv" && encoding != "base64") {
        xml.fail(data.node, owner + ": unknown encoding " + excerpt(encoding) + "; Tiled writes \"csv\" or \"base64\"");
    }
    data.csv = encoding == "csv";
    if (compression == "zlib" || compression == "gzip") {
        data.compression = compression == "zlib" ? Compression::Zlib : Compression::Gzip;
    } else if (!compression.empty()) {
        xml.fail(data.node, owner + " stores its tiles " + excerpt(compression) + "-compressed, which tileprof "
                                    "cannot read; save the map with Tile Layer Format \"Base64 (zlib compressed)\", "
                                    "\"Base64 (gzip compressed)\", \"Base64 (uncompressed)\" or \"CSV\"");
    }
    if (data.csv && data.compression) {
        xml.fail(data.node, owner + ": CSV tiles are not compressed; compression=\"" + std::string(compression)
                                    + "\" belongs to base64 ones");
    }
    data.text = data.node.child_value();
    return data;
}

// A CSV field of GIDs: bytes [begin, end) of the text, its surrounding whitespace left out.
struct Field {
    std::size_t begin;
    std::size_t end;
};

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

std::vector<Field> csvFields(std::string_view text)
{
    std::vector<Field> fields;
    if (std::all_of(text.begin(), text.end(), isSpace)) {
        return fields;
    }
    std::size_t begin = 0;
    while (true) {
        const std::size_t comma = std::min(text.find(',', begin), text.size());
        Field field{begin, comma};
        while (field.begin < field.end && isSpace(text[field.begin])) {
            ++field.begin;
        }
        while (field.end > field.begin && isSpace(text[field.end - 1])) {
            --field.end;
        }
        fields.push_back(field);
        if (comma == text.size()) {
            return fields;
        }
        begin = comma + 1;
    }
}

std::vector<std::uint32_t> csvGids(const LayerData& data, const std::string& owner, const TileMap& map,
                                   const XmlFile& xml)
{
    const std::vector<Field> fields = csvFields(data.text);
    requireTileCount(fields.size(), owner, map, xml.at(data.node));
    std::vector<std::uint32_t> gids;
    gids.reserve(fields.size());
    for (const Field& field : fields) {
        const std::string_view value = data.text.substr(field.begin, field.end - field.begin);
        std::uint32_t gid = 0;
        const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), gid);
        if (value.empty() || error != std::errc{} || end != value.data() + value.size()) {
            xml.fail(data.node, owner + ": tile " + std::to_string(gids.size()) + " is " + excerpt(value)
                                    + ", not a GID (an integer 0..4294967295)");
        }
        gids.push_back(gid);
    }
    return gids;
}

std::vector<std::uint32_t> base64Gids(const LayerData& data, const std::string& owner, const TileMap& map,
                                      const XmlFile& xml)
{
    const std::string where = xml.at(data.node).name + ": " + owner;
    const std::uint64_t bytesNeeded = std::uint64_t{4} * static_cast<std::uint64_t>(map.width)
                                    * static_cast<std::uint64_t>(map.height);
    std::string bytes = base64Decoded(data.text, where);
    if (data.compression) {
        if (bytesNeeded > kInflatedLayerLimit.bytes) {
            failOverLimit(where, byteSize(bytesNeeded) + " inflated", kInflatedLayerLimit);
        }
        bytes = inflated(bytes, *data.compression, bytesNeeded, where);
    }
    if (bytes.size() % 4 != 0) {
        xml.fail(data.node, owner + " holds " + std::to_string(bytes.size())
                                + " bytes of tiles, not a whole number of 4-byte GIDs");
    }
    requireTileCount(bytes.size() / 4, owner, map, xml.at(data.node));
    std::vector<std::uint32_t> gids(bytes.size() / 4);
    for (std::size_t i = 0; i < gids.size(); ++i) {
        for (std::size_t k = 4; k-- > 0;) {
            gids[i] = (gids[i] << 8) | static_cast<unsigned char>(bytes[4 * i + k]);
        }
    }
    return gids;
}

// An XML map as read, and how its tile layer's data is written.
struct XmlMap {
    TiledMap tiled;
    LayerData data;
};

XmlMap readMap(pugi::xml_document& document, const XmlFile& xml)
{
    const pugi::xml_node map = parseRoot(document, xml, "map", "map");
    if (std::string_view(map.attribute("infinite").value()) == "1") {
        xml.fail(map, std::string(kInfiniteMap));
    }
    const std::string_view orientation = map.attribute("orientation").as_string("orthogonal");
    requireOrthogonal(orientation, excerpt(orientation), xml.at(map));
    XmlMap result;
    TileMap& tiles = result.tiled.map;
    tiles.width = static_cast<int>(readUnsigned(map, "width", 1, kMaxMapTiles, "the map", xml));
    tiles.height = static_cast<int>(readUnsigned(map, "height", 1, kMaxMapTiles, "the map", xml));
    for (const pugi::xml_node& tileset : map.children("tileset")) {
        result.tiled.tilesets.push_back(readTileset(tileset, result.tiled.tilesets.size(), xml));
    }
    std::vector<pugi::xml_node> layers;
    std::vector<std::string> names;
    for (const pugi::xml_node& layer : map.children("layer")) {
        layers.push_back(layer);
        names.emplace_back(layer.attribute("name").value());
    }
    requireOneTileLayer(names, xml.at(map));
    const std::string owner = "layer '" + names[0] + "'";
    result.data = layerData(layers[0], owner, xml);
    result.tiled.gids = result.data.csv ? csvGids(result.data, owner, tiles, xml)
                                        : base64Gids(result.data, owner, tiles, xml);
    resolveTiles(result.tiled, xml.at(result.data.node));
    return result;
}

// Where the layer's data text is in the file: the span of its one text node, if the file spells it
// exactly as parsed (no entities, no CDATA, no comments among it).
std::optional<Field> dataSpan(const LayerData& data, std::string_view text)
{
    const pugi::xml_node node = data.node.first_child();
    const std::ptrdiff_t offset = node.offset_debug();
    if (node.type() != pugi::node_pcdata || node.next_sibling() || offset < 0
        || text.substr(static_cast<std::size_t>(offset), data.text.size()) != data.text) {
        return std::nullopt;
    }
    const std::size_t begin = static_cast<std::size_t>(offset);
    return Field{begin, begin + data.text.size()};
}

// `gids` encoded as base64 data is, compressed as it was.
std::string base64Text(const std::vector<std::uint32_t>& gids, const std::optional<Compression>& compression)
{
    std::string bytes;
    bytes.reserve(4 * gids.size());
    for (const std::uint32_t gid : gids) {
        for (int shift = 0; shift < 32; shift += 8) {
            bytes += static_cast<char>((gid >> shift) & 0xFF);
        }
    }
    return base64Encoded(compression ? deflated(bytes, *compression) : bytes);
}

} // namespace

TiledMap readXmlMap(const std::string& text, const TiledFile& file)
{
    pugi::xml_document document;
    return readMap(document, XmlFile{file, text}).tiled;
}

std::string xmlMapWithTiles(const std::string& text, const TileMap& edited, const TiledFile& file)
{
    pugi::xml_document document;
    const XmlFile xml{file, text};
    const XmlMap read = readMap(document, xml);
    const std::vector<std::uint32_t> gids = editedGids(read.tiled, edited, file);
    if (gids == read.tiled.gids) {
        return text;
    }
    const std::optional<Field> span = dataSpan(read.data, text);
    if (!span) {
        xml.fail(read.data.node, "cannot find the tile layer's tiles in the text (it has entities, CDATA or "
                                 "comments); save the map in Tiled first");
    }
    std::string result(text, 0, span->begin);
    if (read.data.csv) {
        std::size_t copied = 0;
        const std::vector<Field> fields = csvFields(read.data.text);
        for (std::size_t i = 0; i < gids.size(); ++i) {
            if (gids[i] != read.tiled.gids[i]) {
                result.append(read.data.text, copied, fields[i].begin - copied);
                result += std::to_string(gids[i]);
                copied = fields[i].end;
            }
        }
        result.append(read.data.text, copied);
    } else {
        // The whitespace around the base64, as Tiled indents it, stays.
        const std::string_view data = read.data.text;
        const std::size_t first = std::min(data.find_first_not_of(" \t\r\n"), data.size());
        const std::size_t last = std::max(data.find_last_not_of(" \t\r\n") + 1, first);
        result.append(data.substr(0, first));
        result += base64Text(gids, read.data.compression);
        result.append(data.substr(last));
    }
    result.append(text, span->end);
    return result;
}

Tileset readXmlTileset(const std::string& text, std::uint32_t firstGid, const TiledFile& file)
{
    pugi::xml_document document;
    const XmlFile xml{file, text};
    const pugi::xml_node node = parseRoot(document, xml, "tileset", "tileset");
    if (node.attribute("source")) {
        xml.fail(node, "a tileset file may not name another (source=)");
    }
    Tileset tileset{"tileset '" + std::string(node.attribute("name").value()) + "'", firstGid};
    readTiles(node, tileset, xml);
    return tileset;
}

} // namespace tileprof
