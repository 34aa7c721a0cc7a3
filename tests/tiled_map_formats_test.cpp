// Tiled maps beyond the embedded-tileset JSON map: XML maps (.tmx) in each tile layer encoding,
// external tilesets (.tsx, .tsj) from either map format, int collision properties and tilesets
// whose tile ids are the design's (collision_ids); what each refuses, and writing an edited map back.

#include "profiler/formats/map/tiled_map.hpp"

#include "base/base64.hpp"
#include "base/compression.hpp"
#include "base/input_error.hpp"

#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"
#include "tests/support/untech_design.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace tileprof {
namespace {

using test::TempDir;
using test::checkMessage;
using test::replaced;
using test::slurp;

const fs::path mapDir = TILEPROF_TEST_DATA_DIR "/maps";

// small.tmj's tiles: two tilesets, flipped tiles, tiles without a collision property.
std::vector<TileId> smallTiles()
{
    const auto tile = [](const char* name) { return test::untechTile(name); };
    return {
        tile("SOLID"), tile("EMPTY"),            tile("DOWN_LEFT_SLOPE"), tile("SOLID"),
        tile("EMPTY"), tile("DOWN_RIGHT_SLOPE"), tile("EMPTY"),           tile("END_SLOPE"),
        tile("SOLID"), tile("UP_PLATFORM"),      tile("SOLID"),           tile("SOLID"),
    };
}

// What loading `files` (name, text) throws for the first of them, paths relative to the directory;
// "" if it loads.
std::string loadError(const std::vector<std::pair<std::string, std::string>>& files)
{
    const TempDir dir;
    for (const auto& [name, text] : files) {
        dir.write(name, text);
    }
    try {
        loadTiledMap(dir.file(files.front().first), test::untechDesign());
    } catch (const InputError& e) {
        return dir.relative(e.what());
    }
    return "";
}

// A valid 2 x 1 XML map; the tests below break it one thing at a time.
const std::string kMap = R"(<?xml version="1.0" encoding="UTF-8"?>
<map orientation="orthogonal" width="2" height="1" infinite="0">
 <tileset firstgid="1" name="terrain" tilecount="2">
  <tile id="0">
   <properties>
    <property name="collision" value="solid"/>
   </properties>
  </tile>
 </tileset>
 <layer id="1" name="ground" width="2" height="1">
  <data encoding="csv">1,0</data>
 </layer>
</map>
)";

std::string withData(const std::string& attributes, const std::string& data)
{
    return replaced(kMap, "<data encoding=\"csv\">1,0</data>", "<data " + attributes + ">" + data + "</data>");
}

TEST_CASE("tiled formats: an XML map in CSV, base64, zlib and gzip reads as the JSON map does")
{
    const std::vector<TileId> expected = smallTiles();
    REQUIRE(loadTiledMap(mapDir / "small.tmj", test::untechDesign()).tiles == expected);
    for (const char* name : {"small.tmx", "small-base64.tmx", "small-zlib.tmx", "small-gzip.tmx"}) {
        CAPTURE(name);
        const TileMap map = loadTiledMap(mapDir / name, test::untechDesign());
        CHECK(map.width == 4);
        CHECK(map.height == 3);
        CHECK(map.tiles == expected);
    }
    // The format goes by the name, not the contents.
    CHECK_THROWS_WITH_AS(parseTiledMap(slurp(mapDir / "small.tmx"), "small.tmj", test::untechDesign()),
                         doctest::Contains("small.tmj: not JSON"), InputError);
}

TEST_CASE("tiled formats: external tilesets, .tsx and .tsj, from XML and JSON maps")
{
    for (const char* name : {"small-external.tmx", "small-external.tmj"}) {
        CAPTURE(name);
        CHECK(loadTiledMap(mapDir / name, test::untechDesign()).tiles == smallTiles());
    }
    // A tileset is read with the reader given, by its path beside the map.
    std::vector<fs::path> asked;
    const TilesetReader reader = [&](const fs::path& path) {
        asked.push_back(path);
        return readTiledTileset(path);
    };
    const std::string path = (mapDir / "small-external.tmj").string();
    CHECK(parseTiledMap(slurp(path), path, test::untechDesign(), reader).tiles == smallTiles());
    CHECK(asked == std::vector<fs::path>{mapDir / "tilesets/terrain.tsx", mapDir / "tilesets/platforms.tsj"});
}

TEST_CASE("tiled formats: int collision properties and collision_ids tilesets")
{
    const auto tile = [](const char* name) { return test::untechTile(name); };
    const TileMap blocks = loadTiledMap(mapDir / "blocks.tmx", test::untechDesign());
    // blocks.tsx: tile n is block n, but tile 3 says "es"; markers: tile 0 is the int 8, tile 1 nothing.
    CHECK(blocks.tiles
          == std::vector<TileId>{tile("SOLID"), tile("DOWN_RIGHT_SLOPE"), tile("END_SLOPE"), tile("EMPTY"),
                                 tile("DOWN_PLATFORM"), tile("UP_PLATFORM"), tile("EMPTY"), tile("SOLID")});
    REQUIRE(test::untechDesign()[8].name == "UP_PLATFORM");

    // The same in JSON, embedded.
    nlohmann::json map = nlohmann::json::parse(R"({
        "width": 3, "height": 1,
        "layers": [{"name": "g", "type": "tilelayer", "data": [3, 4, 11]}],
        "tilesets": [{"firstgid": 1, "name": "blocks", "tilecount": 16,
                      "properties": [{"name": "collision_ids", "type": "bool", "value": true}],
                      "tiles": [{"id": 3, "properties": [{"name": "collision", "type": "int", "value": 0}]}]},
                     {"firstgid": 11, "name": "markers",
                      "tiles": [{"id": 0, "properties": [{"name": "collision", "type": "int", "value": 10}]}]}]
    })");
    CHECK(loadError({{"m.tmj", map.dump()}}).empty());
    const TempDir dir;
    CHECK(loadTiledMap(dir.write("m.tmj", map.dump()), test::untechDesign()).tiles
          == std::vector<TileId>{tile("DOWN_RIGHT_SLOPE"), tile("SOLID"), tile("DOWN_PLATFORM")});
    // collision_ids false: tiles without a property are empty again.
    map["tilesets"][0]["properties"][0]["value"] = false;
    CHECK(loadTiledMap(dir.write("m.tmj", map.dump()), test::untechDesign()).tiles
          == std::vector<TileId>{tile("EMPTY"), tile("SOLID"), tile("DOWN_PLATFORM")});
}

TEST_CASE("tiled formats: XML map errors name the file and the line")
{
    CHECK(loadError({{"m.tmx", kMap}}).empty());
    checkMessage(loadError({{"m.tmx", replaced(kMap, "</layer>", "</data>")}}), "m.tmx:12",
                 {"not XML: Start-end tags mismatch"});
    checkMessage(loadError({{"m.tmx", ""}}), "m.tmx:1", {"not XML: No document element found"});
    checkMessage(loadError({{"m.tmx", "<tileset/>"}}), "m.tmx:1",
                 {"not a Tiled map: the root element is <tileset>, not <map>"});
    checkMessage(loadError({{"m.tmx", replaced(kMap, "infinite=\"0\"", "infinite=\"1\"")}}), "m.tmx:2",
                 {"infinite maps are not supported"});
    checkMessage(loadError({{"m.tmx", replaced(kMap, "orthogonal", "isometric")}}), "m.tmx:2",
                 {"the map is \"isometric\"; only orthogonal maps are supported"});
    checkMessage(loadError({{"m.tmx", replaced(kMap, "width=\"2\" height", "width=\"x2\" height")}}), "m.tmx:2",
                 {"the map: \"width\" must be an integer 1..65535, not \"x2\""});
    // A value is quoted short, and bytes that are not UTF-8 replaced.
    checkMessage(loadError({{"m.tmx", replaced(kMap, "width=\"2\" height", "width=\"\xff" + std::string(50, 'w') + "\" height")}}),
                 "m.tmx:2", {"the map: \"width\" must be an integer 1..65535, not \"\xEF\xBF\xBD" + std::string(39, 'w') + "...\""});
    checkMessage(loadError({{"m.tmx", replaced(kMap, " firstgid=\"1\"", "")}}), "m.tmx:3",
                 {"tileset 'terrain' has no \"firstgid\""});
    checkMessage(loadError({{"m.tmx", replaced(replaced(kMap, "<layer id=\"1\" name=\"ground\"", "<imagelayer"), "</layer>", "</imagelayer>")}}), "m.tmx:2",
                 {"no tile layer"});
    checkMessage(loadError({{"m.tmx", replaced(kMap, "</map>", "<layer name=\"top\"><data encoding=\"csv\">0,0</data></layer></map>")}}),
                 "m.tmx:2", {"2 tile layers ('ground', 'top', ...); the map needs exactly one"});

    // The layer's data.
    checkMessage(loadError({{"m.tmx", withData("encoding=\"hex\"", "0100")}}), "m.tmx:11",
                 {"layer 'ground': unknown encoding \"hex\""});
    checkMessage(loadError({{"m.tmx", withData("", "<tile gid=\"1\"/><tile/>")}}), "m.tmx:11",
                 {"layer 'ground' stores its tiles as <tile> elements; save the map with Tile Layer Format"});
    checkMessage(loadError({{"m.tmx", withData("encoding=\"base64\" compression=\"zstd\"", "KLUv/SAIQQAAAQAAAAAAAAA=")}}),
                 "m.tmx:11", {"layer 'ground' stores its tiles \"zstd\"-compressed, which tileprof cannot read",
                              "\"Base64 (zlib compressed)\""});
    checkMessage(loadError({{"m.tmx", withData("encoding=\"csv\"", "1,0,1")}}), "m.tmx:11",
                 {"layer 'ground' has 3 tiles; a 2 x 1 map needs 2"});
    checkMessage(loadError({{"m.tmx", withData("encoding=\"csv\"", "1,")}}), "m.tmx:11",
                 {"layer 'ground': tile 1 is \"\", not a GID (an integer 0..4294967295)"});
    checkMessage(loadError({{"m.tmx", withData("encoding=\"csv\"", "1,4294967296")}}), "m.tmx:11",
                 {"tile 1 is \"4294967296\", not a GID"});
    checkMessage(loadError({{"m.tmx", withData("encoding=\"csv\"", "1,3")}}), "m.tmx:11",
                 {"row 0, column 1: GID 3 belongs to no tileset"});
    // Base64: 12 bytes are 3 tiles, 7 no whole number of them.
    checkMessage(loadError({{"m.tmx", withData("encoding=\"base64\"", "AQAAAAAAAAABAAAA")}}), "m.tmx:11",
                 {"layer 'ground' has 3 tiles; a 2 x 1 map needs 2"});
    checkMessage(loadError({{"m.tmx", withData("encoding=\"base64\"", "AQAAAAAAAA==")}}), "m.tmx:11",
                 {"layer 'ground' holds 7 bytes of tiles, not a whole number of 4-byte GIDs"});
    checkMessage(loadError({{"m.tmx", withData("encoding=\"base64\"", "AQAA!AAAAAA=")}}), "m.tmx:11",
                 {"layer 'ground': not base64: '!' at character 4"});
    checkMessage(loadError({{"m.tmx", withData("encoding=\"base64\"", "AQAAAAAAA")}}), "m.tmx:11",
                 {"layer 'ground': not base64: it ends inside a byte"});
    checkMessage(loadError({{"m.tmx", withData("encoding=\"base64\" compression=\"zlib\"", "AQAAAAAAAAA=")}}),
                 "m.tmx:11", {"layer 'ground': corrupt zlib data: incorrect header check"});
    const std::string gids = std::string("\x01\0\0\0\0\0\0\0", 8);
    const std::string zlib = base64Encoded(deflated(gids, Compression::Zlib));
    CHECK(loadError({{"m.tmx", withData("encoding=\"base64\" compression=\"zlib\"", zlib)}}).empty());
    checkMessage(loadError({{"m.tmx", withData("encoding=\"base64\" compression=\"gzip\"", zlib)}}), "m.tmx:11",
                 {"corrupt gzip data"});
    const std::string truncated = base64Encoded(deflated(gids, Compression::Gzip).substr(0, 12));
    checkMessage(loadError({{"m.tmx", withData("encoding=\"base64\" compression=\"gzip\"", truncated)}}), "m.tmx:11",
                 {"corrupt gzip data: the stream is truncated"});
    // A small file claiming a huge map is not inflated as far as it says.
    const std::string huge = replaced(withData("encoding=\"base64\" compression=\"zlib\"", zlib), "width=\"2\" height=\"1\"",
                                      "width=\"65535\" height=\"65535\"");
    checkMessage(loadError({{"m.tmx", huge}}), "m.tmx:11",
                 {"layer 'ground': ", "GiB inflated; a compressed tile layer is at most 64 MiB"});

    // Collision properties.
    checkMessage(loadError({{"m.tmx", replaced(kMap, "value=\"solid\"", "value=\"slope\"")}}), "m.tmx:6",
                 {"tileset 'terrain' tile 0: unknown collision value \"slope\"; expected a tile type name", "drs"});
    checkMessage(loadError({{"m.tmx", replaced(kMap, "value=\"solid\"", "type=\"int\" value=\"17\"")}}), "m.tmx:6",
                 {"tileset 'terrain' tile 0: collision tile id 17 is out of range: the design has tile ids 0..16"});
    checkMessage(loadError({{"m.tmx", replaced(kMap, "value=\"solid\"", "type=\"int\" value=\"-1\"")}}), "m.tmx:6",
                 {"collision tile id -1 is out of range"});
    checkMessage(loadError({{"m.tmx", replaced(kMap, "value=\"solid\"", "type=\"int\" value=\"solid\"")}}), "m.tmx:6",
                 {"tileset 'terrain' tile 0: the \"collision\" property must be a string naming a tile type or an int "
                  "giving a tile id (this one: type \"int\", value \"solid\")"});
    checkMessage(loadError({{"m.tmx", replaced(kMap, "value=\"solid\"", "type=\"bool\" value=\"true\"")}}), "m.tmx:6",
                 {"must be a string naming a tile type or an int giving a tile id (this one: type \"bool\""});
    // A multi-line string property keeps its value in the element's text.
    CHECK(loadError({{"m.tmx", replaced(kMap, "value=\"solid\"/>", ">solid</property>")}}).empty());
}

TEST_CASE("tiled formats: collision_ids out of the design's range, and errors of tileset files")
{
    // blocks.tsx has 32 tiles; the untech design 17 kinds.
    const std::string blocks = slurp(mapDir / "blocks.tmx");
    const std::string tileset = slurp(mapDir / "tilesets/blocks.tsx");
    checkMessage(loadError({{"b.tmx", replaced(blocks, "1,3,4,10,", "1,3,4,18,")}, {"tilesets/blocks.tsx", tileset}}),
                 "b.tmx:13", {"row 0, column 3: GID 18 is tile 17 of tileset 'blocks' (", "tilesets/blocks.tsx), whose "
                              "collision_ids makes it tile id 17, but the design has tile ids 0..16"});
    CHECK(loadError({{"b.tmx", replaced(blocks, "1,3,4,10,", "1,3,4,17,")}, {"tilesets/blocks.tsx", tileset}}).empty());
    checkMessage(loadError({{"b.tmx", blocks}, {"tilesets/blocks.tsx", replaced(tileset, "type=\"bool\" value=\"true\"",
                                                                                  "type=\"int\" value=\"1\"")}}),
                 "tilesets/blocks.tsx:4", {"tileset 'blocks': the \"collision_ids\" property must be a bool"});

    // The tileset file is missing, not a tileset, or broken: the message names it.
    checkMessage(loadError({{"b.tmx", blocks}}), "tilesets/blocks.tsx", {"cannot open: No such file or directory"});
    checkMessage(loadError({{"b.tmx", blocks}, {"tilesets/blocks.tsx", slurp(mapDir / "small.tmx")}}),
                 "tilesets/blocks.tsx:2", {"not a Tiled tileset: the root element is <map>, not <tileset>"});
    checkMessage(loadError({{"b.tmx", blocks}, {"tilesets/blocks.tsx", "<tileset>"}}), "tilesets/blocks.tsx:1",
                 {"not XML"});
    checkMessage(loadError({{"b.tmx", blocks}, {"tilesets/blocks.tsx", replaced(tileset, "value=\"es\"", "value=\"ess\"")}}),
                 "tilesets/blocks.tsx:9", {"tileset 'blocks' tile 3: unknown collision value \"ess\""});
    checkMessage(loadError({{"b.tmx", blocks}, {"tilesets/blocks.tsx", replaced(tileset, "<tileset ", "<tileset source=\"x.tsx\" ")}}),
                 "tilesets/blocks.tsx:2", {"a tileset file may not name another"});
    checkMessage(loadError({{"b.tmx", replaced(blocks, "source=\"tilesets/blocks.tsx\"", "source=\"\"")}}), "b.tmx:3",
                 {"tileset 0: \"source\" must be a tileset file's path, not \"\""});

    // From a JSON map, a JSON tileset.
    const std::string tmj = R"({"width": 1, "height": 1, "layers": [{"type": "tilelayer", "data": [1]}],
                                "tilesets": [{"firstgid": 1, "source": "t.tsj"}]})";
    CHECK(loadError({{"m.tmj", tmj}, {"t.tsj", R"({"type": "tileset", "name": "t", "tiles": [{"id": 0, "properties":
                                                   [{"name": "collision", "type": "string", "value": "SOLID"}]}]})"}}).empty());
    // A tileset of whose tiles none says its type: the map would be all empty, the actor fall through.
    checkMessage(loadError({{"m.tmj", tmj}, {"t.tsj", R"({"type": "tileset", "name": "t"})"}}), "m.tmj",
                 {"row 0, column 0: GID 1 is a tile of tileset 't' (t.tsj), in which no tile has the \"collision\" property (nor is "
                  "its bool property collision_ids set): every tile of it would be read as empty"});
    checkMessage(loadError({{"m.tmj", tmj}}), "t.tsj", {"cannot open: No such file or directory"});
    checkMessage(loadError({{"m.tmj", tmj}, {"t.tsj", "[1]"}}), "t.tsj", {"not a Tiled tileset: the JSON is not an object"});
    checkMessage(loadError({{"m.tmj", tmj}, {"t.tsj", R"({"type": "map"})"}}), "t.tsj",
                 {"not a Tiled tileset: its \"type\" is \"map\", not \"tileset\""});
    checkMessage(loadError({{"m.tmj", tmj}, {"t.tsj", R"({"name": "t", "tiles": [{"id": 0, "properties":
                                                         [{"name": "collision", "type": "int", "value": 99}]}]})"}}),
                 "t.tsj", {"tileset 't' tile 0: collision tile id 99 is out of range: the design has tile ids 0..16"});
    checkMessage(loadError({{"m.tmj", tmj}, {"t.tsj", R"({"name": "t", "tiles": [{"id": 0, "properties":
                                                         [{"name": "collision", "type": "int", "value": "1"}]}]})"}}),
                 "t.tsj", {"the \"collision\" property must be a string naming a tile type or an int giving a tile id "
                           "(this one: type \"int\", value \"1\")"});
    checkMessage(loadError({{"m.tmj", tmj}, {"t.tsj", R"({"name": "t", "properties":
                                                         [{"name": "collision_ids", "type": "bool", "value": 1}]})"}}),
                 "t.tsj", {"tileset 't': the \"collision_ids\" property must be a bool"});
    checkMessage(loadError({{"m.tmj", replaced(tmj, "\"width\": 1", "\"orientation\": \"hexagonal\", \"width\": 1")},
                            {"t.tsj", "{}"}}),
                 "m.tmj", {"the map is \"hexagonal\"; only orthogonal maps are supported"});
    checkMessage(loadError({{"m.tmj", replaced(tmj, "\"t.tsj\"", "7")}}), "m.tmj",
                 {"tileset 0: \"source\" must be a tileset file's path, not 7"});
}

// The bytes of `text` outside its <data> element's text.
std::pair<std::string, std::string> aroundData(const std::string& text)
{
    const std::size_t open = text.find('>', text.find("<data"));
    const std::size_t close = text.find("</data>");
    REQUIRE(open != std::string::npos);
    REQUIRE(close != std::string::npos);
    return {text.substr(0, open + 1), text.substr(close)};
}

TEST_CASE("tiled formats: an edited XML map is written in its encoding, every other byte kept")
{
    const auto tile = [](const char* name) { return test::untechTile(name); };
    TileMap edited = loadTiledMap(mapDir / "small.tmx", test::untechDesign());
    edited.at(0, 0) = tile("EMPTY");           // GID 1 -> 0
    edited.at(1, 0) = tile("SOLID");           // 6 (no properties) -> 1
    edited.at(2, 1) = tile("UP_PLATFORM");     // 4 (another property only) -> 5
    edited.at(3, 2) = tile("DOWN_LEFT_SLOPE"); // 3221225473 (flipped SOLID) -> 3

    const std::string csv = slurp(mapDir / "small.tmx");
    CHECK(tiledMapWithTiles(csv, "small.tmx", edited, test::untechDesign())
          == replaced(csv, "1,6,536870915,1,\n0,2147483650,4,7,\n1,5,1073741825,3221225473\n",
                      "0,1,536870915,1,\n0,2147483650,5,7,\n1,5,1073741825,3\n"));
    // CRLF line ends are the file's bytes, kept.
    std::string crlf;
    for (const char c : csv) {
        crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    }
    CHECK(tiledMapWithTiles(crlf, "small.tmx", edited, test::untechDesign())
          == replaced(crlf, "1,6,536870915,1,\r\n0,2147483650,4,7,\r\n1,5,1073741825,3221225473\r\n",
                      "0,1,536870915,1,\r\n0,2147483650,5,7,\r\n1,5,1073741825,3\r\n"));

    for (const char* name : {"small-base64.tmx", "small-zlib.tmx", "small-gzip.tmx"}) {
        CAPTURE(name);
        const std::string text = slurp(mapDir / name);
        const std::string written = tiledMapWithTiles(text, name, edited, test::untechDesign());
        CHECK(written != text);
        CHECK(aroundData(written) == aroundData(text));
        CHECK(parseTiledMap(written, name, test::untechDesign()).tiles == edited.tiles);
        // Unchanged tiles write nothing new.
        const TileMap unchanged = parseTiledMap(text, name, test::untechDesign());
        CHECK(tiledMapWithTiles(text, name, unchanged, test::untechDesign()) == text);
    }
    // Written again whole, the same tiles give the same text; the compressed stream is zlib's or gzip's.
    const std::string zlib = tiledMapWithTiles(slurp(mapDir / "small-zlib.tmx"), "z.tmx", edited, test::untechDesign());
    CHECK(zlib.find("\n   eJ") != std::string::npos);
    const std::string gzip = tiledMapWithTiles(slurp(mapDir / "small-gzip.tmx"), "g.tmx", edited, test::untechDesign());
    CHECK(gzip.find("\n   H4sI") != std::string::npos);
}

TEST_CASE("tiled formats: a changed tile takes the first GID of its type, collision_ids and int tiles too")
{
    const auto tile = [](const char* name) { return test::untechTile(name); };
    const std::string path = (mapDir / "blocks.tmx").string();
    const std::string text = slurp(path);
    TileMap edited = parseTiledMap(text, path, test::untechDesign());
    edited.at(0, 0) = tile("DOWN_RIGHT_SLOPE"); // block 2
    edited.at(1, 0) = tile("END_SLOPE");        // block 1, before tile 3 whose property says "es"
    edited.at(2, 0) = tile("UP_PLATFORM");      // block 8, before markers' int 8
    CHECK(tiledMapWithTiles(text, path, edited, test::untechDesign()) == replaced(text, "1,3,4,10,\n", "3,2,9,10,\n"));

    // Block 3 is END_SLOPE by its own property: no tile is DOWN_LEFT_SLOPE (id 3)...
    edited.at(0, 1) = tile("DOWN_LEFT_SLOPE");
    CHECK_THROWS_WITH_AS(tiledMapWithTiles(text, path, edited, test::untechDesign()),
                         doctest::Contains("row 1, column 0 is to be DOWN_LEFT_SLOPE but no tileset tile has it: give a "
                                           "tile the string property collision = \"dls\" (or the int property 3)"),
                         InputError);
    // ... until a markers tile says so with an int. Row 1, column 1 stays UP_PLATFORM, which that
    // markers tile no longer is: block 8.
    const std::string markers = replaced(text, "<property name=\"collision\" type=\"int\" value=\"8\"/>",
                                         "<property name=\"collision\" type=\"int\" value=\"3\"/>");
    CHECK(tiledMapWithTiles(markers, path, edited, test::untechDesign())
          == replaced(replaced(markers, "1,3,4,10,\n", "3,2,9,10,\n"), "11,33,", "33,9,"));

    // A JSON map the same way: a collision_ids tileset gives a changed tile its GID.
    const std::string json = R"({"width": 2, "height": 1, "layers": [{"type": "tilelayer", "data": [0, 0]}],
        "tilesets": [{"firstgid": 1, "name": "b", "properties": [{"name": "collision_ids", "type": "bool", "value": true}]},
                     {"firstgid": 100, "name": "m", "tiles": [{"id": 0, "properties": [{"name": "collision", "type": "int", "value": 10}]}]}]})";
    TileMap fromJson = parseTiledMap(json, "m.tmj", test::untechDesign());
    fromJson.at(0, 0) = tile("DOWN_RIGHT_SLOPE");
    fromJson.at(1, 0) = tile("DOWN_PLATFORM");
    CHECK(tiledMapWithTiles(json, "m.tmj", fromJson, test::untechDesign()) == replaced(json, "[0, 0]", "[3, 11]"));
}

} // namespace
} // namespace tileprof
