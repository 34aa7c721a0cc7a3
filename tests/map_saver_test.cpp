// Saving an edited map back where it came from: the changed characters of an ASCII map in the
// scenario file, or the changed GIDs of a Tiled map, and every other byte as it was; a file that
// changed on disk since it was loaded is refused, not overwritten.

#include "base/bundled_files.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/map_saver.hpp"

#include "base/input_error.hpp"
#include "profiler/formats/json/json_spans.hpp"
#include "profiler/formats/map/tiled_map.hpp"
#include "profiler/model/scenario/scenario.hpp"

#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"
#include "tests/support/untech_design.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace fs = std::filesystem;

namespace tileprof {
namespace {

using test::TempDir;
using test::checkMessage;
using test::partialFiles;
using test::contains;
using test::replaced;
using test::slurp;

const fs::path kScenarios = bundledScenarioDirectory();
const fs::path kTestData = TILEPROF_TEST_DATA_DIR;

void setTile(TileMap& map, int column, int row, TileId type)
{
    REQUIRE(map.contains(column, row));
    map.tiles[static_cast<std::size_t>(row * map.width + column)] = type;
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> result;
    std::size_t start = 0;
    for (std::size_t end = text.find('\n'); end != std::string::npos; end = text.find('\n', start)) {
        result.push_back(text.substr(start, end - start + 1));
        start = end + 1;
    }
    result.push_back(text.substr(start));
    return result;
}

// The 1-based numbers of the lines that differ; the texts must have as many lines.
std::vector<int> changedLines(const std::string& before, const std::string& after)
{
    const std::vector<std::string> a = lines(before);
    const std::vector<std::string> b = lines(after);
    REQUIRE(a.size() == b.size());
    std::vector<int> changed;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i] != b[i]) {
            changed.push_back(static_cast<int>(i) + 1);
        }
    }
    return changed;
}

// What saveMap throws, with `dir` cut out of the message; "" if it saves.
std::string saveError(const Scenario& s, const TempDir& dir)
{
    try {
        saveMap(s);
    } catch (const tileprof::InputError& e) {
        return dir.relative(e.what());
    }
    return "";
}

TEST_CASE("map saver: an edited ASCII map changes only its rows' lines in the scenario file")
{
    const TempDir dir;
    const std::string original = slurp(kScenarios / "hill-30-right.toml");
    const fs::path path = dir.write("hill.toml", original);
    Scenario s = loadScenario(path);
    const TileMap before = s.map;
    REQUIRE(s.mapRowLines.size() == 7);

    setTile(s.map, 10, 2, test::untechTile("SOLID"));
    saveMap(s);
    const std::string saved = slurp(path);
    CHECK(changedLines(original, saved) == std::vector<int>{s.mapRowLines[2]});
    CHECK(lines(saved)[static_cast<std::size_t>(s.mapRowLines[2] - 1)] == "#.........#........#\n");
    Scenario reloaded = loadScenario(path);
    CHECK(reloaded.map.tiles == s.map.tiles);
    CHECK(reloaded.map.at(10, 2) == test::untechTile("SOLID"));
    CHECK(reloaded.mapRowLines == s.mapRowLines);

    // Edits in two rows, one of them undoing the first edit: only the other row's line differs.
    setTile(reloaded.map, 10, 2, test::untechTile("EMPTY"));
    setTile(reloaded.map, 1, 1, test::untechTile("DOWN_PLATFORM"));
    setTile(reloaded.map, 18, 1, test::untechTile("UP_LEFT_SHORT_SLOPE"));
    setTile(reloaded.map, 19, 6, test::untechTile("END_SLOPE"));
    saveMap(reloaded);
    const std::string twice = slurp(path);
    CHECK(changedLines(original, twice) == std::vector<int>{s.mapRowLines[1], s.mapRowLines[6]});
    CHECK(lines(twice)[static_cast<std::size_t>(s.mapRowLines[1] - 1)] == "#v................f#\n");
    CHECK(lines(twice)[static_cast<std::size_t>(s.mapRowLines[6] - 1)] == "###################=\n");
    CHECK(loadScenario(path).map.tiles == reloaded.map.tiles);
    CHECK(loadScenario(path).map.tiles != before.tiles);
    CHECK(partialFiles(dir.path()).empty());
}

// A scenario around a 3 x 3 map written as `tiles`, with its one entity on the middle tile.
std::string smallScenario(const std::string& tiles, const std::string& newline = "\n")
{
    std::string text = "# caf\xc3\xa9 \xe2\x80\x94 a comment with multi-byte characters\n"
                       "name = \"t\"\nframes = 1\n[map]\n"
                     + tiles + "\n\n[[entity]]   # the only one\nname = \"e\"\n"
                     + "hitbox = { left = 1, right = 1, top = 1, height = 2 }\npos = [24, 24]\n";
    if (newline != "\n") {
        std::string converted;
        for (const char c : text) {
            converted += c == '\n' ? newline : std::string(1, c);
        }
        text = converted;
    }
    return text;
}

TEST_CASE("map saver: rows on the opening line, escaped rows, literal strings and CRLF files")
{
    struct Layout {
        std::string tiles;   // the map (### #.# ###) as written
        std::string newline; // of the whole file
        std::string saved;   // `tiles` after (0, 0) becomes '=' and (1, 1) 'v'
    };
    const std::vector<Layout> layouts{
        {"tiles = \"\"\"###\n#.#\n###\"\"\"", "\n", "tiles = \"\"\"=##\n#v#\n###\"\"\""},
        {"tiles = \"###\\n#.#\\n###\"", "\n", "tiles = \"=##\\n#v#\\n###\""},
        {"tiles = \"\\u0023##\\n#\\u002E#\\n###\"", "\n", "tiles = \"=##\\n#v#\\n###\""},
        {"tiles = \"\\U00000023##\\n#.#\\n###\"", "\n", "tiles = \"=##\\n#v#\\n###\""},
        {"tiles = '''\n###\n#.#\n###\n'''", "\r\n", "tiles = '''\r\n=##\r\n#v#\r\n###\r\n'''"},
        {"tiles = \"\"\"\n###\n#.#\n###\n\"\"\"", "\r\n", "tiles = \"\"\"\r\n=##\r\n#v#\r\n###\r\n\"\"\""},
        {"tiles = \"\"\"\n###\n#.\\\n#\n###\n\"\"\"", "\n", "tiles = \"\"\"\n=##\n#v\\\n#\n###\n\"\"\""},
        {"map = { tiles = \"###\\n#.#\\n###\" }", "\n", "map = { tiles = \"=##\\n#v#\\n###\" }"},
    };
    for (const Layout& layout : layouts) {
        CAPTURE(layout.tiles);
        const TempDir dir;
        std::string text = smallScenario(layout.tiles, layout.newline);
        if (layout.tiles.starts_with("map = ")) {
            text = replaced(text, "[map]" + layout.newline, "");
        }
        const fs::path path = dir.write("s.toml", text);
        Scenario s = loadScenario(path);
        REQUIRE(s.map.width == 3);
        setTile(s.map, 0, 0, test::untechTile("END_SLOPE"));
        setTile(s.map, 1, 1, test::untechTile("DOWN_PLATFORM"));
        saveMap(s);
        // The saved file is the original with the map's text replaced, and nothing else.
        std::string wanted = text;
        std::string writtenTiles = layout.tiles;
        if (layout.newline != "\n") {
            std::string converted;
            for (const char c : writtenTiles) {
                converted += c == '\n' ? layout.newline : std::string(1, c);
            }
            writtenTiles = converted;
        }
        CHECK(slurp(path) == replaced(wanted, writtenTiles, layout.saved));
        CHECK(loadScenario(path).map.tiles == s.map.tiles);
    }
}

TEST_CASE("map saver: a scenario file that changed since it was loaded is refused and left alone")
{
    const TempDir dir;
    const std::string original = slurp(kScenarios / "hill-30-right.toml");
    const fs::path path = dir.write("hill.toml", original);
    Scenario s = loadScenario(path);
    setTile(s.map, 10, 2, test::untechTile("SOLID"));

    // A line added above the map: its rows are no longer on the lines they were loaded from.
    const std::string moved = "# a new first line\n" + original;
    dir.write("hill.toml", moved);
    checkMessage(saveError(s, dir), "hill.toml:17",
                 {"the map in the file has 7 rows on lines 18..24, 20 tiles wide, but when the scenario was loaded it "
                  "had 7 rows on lines 17..23, 20 tiles wide: the file has changed since; load it again",
                  "Nothing was written"});
    CHECK(slurp(path) == moved);

    // A shorter map, a wider one, and a file cut short before its map.
    const std::string shorter = replaced(original, "#..................#\n", "");
    dir.write("hill.toml", shorter);
    checkMessage(saveError(s, dir), "hill.toml:16", {"the map in the file has 6 rows on lines 17..22"});
    CHECK(slurp(path) == shorter);
    const std::string wider = replaced(original, "#..................#\n", "#...................#\n");
    dir.write("hill.toml", wider);
    checkMessage(saveError(s, dir), "hill.toml:16", {"has 7 rows on lines 17..23, 21 tiles wide, but"});
    CHECK(slurp(path) == wider);
    const std::string cut = original.substr(0, original.find("[map]"));
    dir.write("hill.toml", cut);
    checkMessage(saveError(s, dir), "hill.toml", {"[map] has no 'tiles' string any more", "Nothing was written"});
    CHECK(slurp(path) == cut);
    dir.write("hill.toml", original.substr(0, original.find("#.......CD")));
    checkMessage(saveError(s, dir), "hill.toml:20:22", {"encountered end-of-file"}); // no longer TOML at all
    fs::remove(path);
    checkMessage(saveError(s, dir), "hill.toml", {"cannot open: No such file or directory"});
    CHECK(!fs::exists(path));

    // An edited map of another size cannot be saved into the rows.
    dir.write("hill.toml", original);
    Scenario resized = loadScenario(path);
    resized.map.tiles.pop_back();
    checkMessage(saveError(resized, dir), "hill.toml", {"the edited map holds 139 tiles, not 20 x 7"});
    CHECK(slurp(path) == original);

    Scenario nowhere;
    nowhere.path = dir.file("made.toml");
    checkMessage(saveError(nowhere, dir), "made.toml", {"the map was not loaded from a file"});
}

// tests/data's Tiled map and a scenario using it, copied as scenarios/tiled.toml and maps/small.tmj.
struct TiledCopy {
    TempDir dir;
    fs::path scenario;
    fs::path map;
    std::string mapText = slurp(kTestData / "maps" / "small.tmj");

    TiledCopy()
    {
        fs::create_directories(dir.file("scenarios"));
        fs::create_directories(dir.file("maps"));
        scenario = dir.write("scenarios/tiled.toml", slurp(kTestData / "scenarios" / "tiled.toml"));
        map = dir.write("maps/small.tmj", mapText);
    }
};

TEST_CASE("map saver: an edited Tiled map changes only the changed tiles' GIDs")
{
    const TiledCopy copy;
    Scenario s = loadScenario(copy.scenario);
    REQUIRE(!s.mapFile.empty());
    const std::string scenarioText = slurp(copy.scenario);
    setTile(s.map, 0, 0, test::untechTile("EMPTY"));        // GID 1 -> 0
    setTile(s.map, 1, 0, test::untechTile("SOLID"));        // 6 (no properties) -> 1, the first SOLID tile
    setTile(s.map, 2, 1, test::untechTile("UP_PLATFORM"));   // 4 (another property only) -> 5, in the second tileset
    setTile(s.map, 3, 2, test::untechTile("DOWN_LEFT_SLOPE"));     // 3221225473 (flipped SOLID) -> 3
    setTile(s.map, 1, 1, test::untechTile("DOWN_RIGHT_SLOPE"));    // unchanged: keeps 2147483650, flip and all
    saveMap(s);
    const std::string expected = replaced(copy.mapText,
                                          "\"data\": [1, 6, 536870915, 1,\n"
                                          "               0, 2147483650, 4, 7,\n"
                                          "               1, 5, 1073741825, 3221225473]",
                                          "\"data\": [0, 1, 536870915, 1,\n"
                                          "               0, 2147483650, 5, 7,\n"
                                          "               1, 5, 1073741825, 3]");
    CHECK(slurp(copy.map) == expected);
    CHECK(slurp(copy.scenario) == scenarioText);
    CHECK(loadTiledMap(copy.map, test::untechDesign()).tiles == s.map.tiles);
    CHECK(loadScenario(copy.scenario).map.tiles == s.map.tiles);
    CHECK(partialFiles(copy.map.parent_path()).empty());
}

TEST_CASE("map saver: a minified Tiled map with a byte order mark and escaped names")
{
    const TempDir dir;
    const std::string map = "\xEF\xBB\xBF{\"width\":2,\"height\":1,\"l\\u0061yers\":[{\"type\":\"objectgroup\","
                            "\"name\":\"[not, \\\"this\\\"]\",\"data\":[9,9]},{\"type\":\"tilelayer\",\"name\":\"g\","
                            "\"data\":[1,0]}],\"tilesets\":[{\"firstgid\":1,\"tiles\":[{\"id\":0,\"properties\":"
                            "[{\"name\":\"collision\",\"value\":\"solid\"}]},{\"id\":1,\"properties\":[{\"name\":"
                            "\"collision\",\"value\":\"dp\"}]}]}]}";
    dir.write("m.tmj", map);
    const fs::path path = dir.write("s.toml", "name = \"t\"\nframes = 1\n[map]\nfile = \"m.tmj\"\n[[entity]]\n"
                                              "name = \"e\"\nhitbox = { left = 1, right = 1, top = 1, height = 2 }\n"
                                              "pos = [24, 8]\n");
    Scenario s = loadScenario(path);
    setTile(s.map, 0, 0, test::untechTile("DOWN_PLATFORM"));
    saveMap(s);
    CHECK(slurp(dir.file("m.tmj")) == replaced(map, "\"data\":[1,0]", "\"data\":[2,0]"));
}

TEST_CASE("map saver: an edited XML map, its tilesets in files, keeps its compressed encoding")
{
    const TempDir dir;
    const std::string text = replaced(slurp(kTestData / "maps" / "small-zlib.tmx"),
                                      R"( <tileset firstgid="1" name="terrain")", R"( <tileset firstgid="1" source="t.tsx"/>
 <tileset firstgid="99" name="unused")");
    const fs::path map = dir.write("m.tmx", text);
    dir.write("t.tsx", slurp(kTestData / "maps" / "tilesets" / "terrain.tsx"));
    const fs::path path = dir.write("s.toml", "name = \"t\"\nframes = 1\n[map]\nfile = \"m.tmx\"\n[[entity]]\n"
                                              "name = \"e\"\nhitbox = { left = 2, right = 2, top = 2, height = 4 }\n"
                                              "pos = [8, 20]\n");
    Scenario s = loadScenario(path);
    setTile(s.map, 1, 0, test::untechTile("DOWN_RIGHT_SLOPE")); // 6 -> 2, from t.tsx
    saveMap(s);
    const std::string saved = slurp(map);
    CHECK(saved.substr(0, saved.find("<data")) == text.substr(0, text.find("<data")));
    CHECK(saved.substr(saved.find("</data>")) == text.substr(text.find("</data>")));
    CHECK(saved.find("<data encoding=\"base64\" compression=\"zlib\">\n   eJ") != std::string::npos);
    CHECK(saved != text);
    CHECK(loadScenario(path).map.tiles == s.map.tiles);
}

TEST_CASE("map saver: Tiled maps that cannot take the edit, or changed since they were loaded")
{
    const TiledCopy copy;
    Scenario s = loadScenario(copy.scenario);

    // No tileset tile has the type: nothing is written.
    Scenario missing = s;
    setTile(missing.map, 1, 0, test::untechTile("UP_LEFT_SHORT_SLOPE"));
    checkMessage(saveError(missing, copy.dir), "scenarios/../maps/small.tmj",
                 {"row 0, column 1 is to be UP_LEFT_SHORT_SLOPE but no tileset tile has it: give a tile the string "
                  "property collision = \"ulss\""});
    CHECK(slurp(copy.map) == copy.mapText);

    // The map's size changed on disk.
    const std::string resized = replaced(replaced(copy.mapText, "\"width\": 4,", "\"width\": 3,"), "\"height\": 3,",
                                         "\"height\": 4,");
    copy.dir.write("maps/small.tmj", resized);
    setTile(s.map, 1, 0, test::untechTile("SOLID"));
    checkMessage(saveError(s, copy.dir), "scenarios/../maps/small.tmj",
                 {"the map is 3 x 4 tiles, not 4 x 3 as when it was loaded: it has changed since; load it again"});
    CHECK(slurp(copy.map) == resized);

    // No longer a map at all, and gone.
    copy.dir.write("maps/small.tmj", "{");
    checkMessage(saveError(s, copy.dir), "scenarios/../maps/small.tmj", {"not JSON"});
    fs::remove(copy.map);
    checkMessage(saveError(s, copy.dir), "scenarios/../maps/small.tmj", {"cannot open: No such file or directory"});
    CHECK(!fs::exists(copy.map));
}

TEST_CASE("json spans: values found by path in the text as written")
{
    const auto span = [](std::string_view json, const std::vector<JsonPathStep>& path) -> std::string {
        const std::optional<JsonSpan> found = jsonValueSpan(json, path);
        return found ? std::string(json.substr(found->begin, found->end - found->begin)) : "<none>";
    };
    const std::string doc = "{ \"a\" : [ 1 , {\"b\\\"]\": \"x]}\\\\\"} , [ ] ,-2.5e3 ] , \"a\": {\"c\": [true,null]},"
                            "\"\\u00e9\" : \"\\u00e9\" }";
    CHECK(span(doc, {}) == doc);
    CHECK(span(doc, {"a"}) == "{\"c\": [true,null]}"); // the last member of a name counts
    CHECK(span(doc, {"a", "c", std::size_t{1}}) == "null");
    CHECK(span(doc, {"\xc3\xa9"}) == "\"\\u00e9\"");
    CHECK(span(doc, {"b"}) == "<none>");
    CHECK(span(doc, {"a", std::size_t{0}}) == "<none>");
    CHECK(span(doc, {"a", "c", std::size_t{2}}) == "<none>");
    const std::string array = "[ 1 , {\"b\\\"]\": \"x]}\\\\\"} , [ ] ,-2.5e3 ]";
    CHECK(span(array, {std::size_t{1}, "b\"]"}) == "\"x]}\\\\\"");
    CHECK(span(array, {std::size_t{2}}) == "[ ]");
    CHECK(span(array, {std::size_t{3}}) == "-2.5e3");
    const std::optional<std::vector<JsonSpan>> elements = jsonArrayElements(array, {0, array.size()});
    REQUIRE(elements);
    REQUIRE(elements->size() == 4);
    CHECK(array.substr((*elements)[0].begin, (*elements)[0].end - (*elements)[0].begin) == "1");
    CHECK(!jsonArrayElements(doc, {0, doc.size()}));
    CHECK(span("\xEF\xBB\xBF[7]", {std::size_t{0}}) == "7");
    CHECK(span("[1, 2", {std::size_t{1}}) == "<none>"); // not JSON: nothing rather than a guess

    // Skipping a value takes no recursion, however deep it nests (a regression test: it took one
    // call per level, and 100,000 of them ran out of stack).
    const std::string deep = "{\"a\": " + std::string(100000, '[') + "\"]\"" + std::string(100000, ']') + ", \"b\": 7}";
    CHECK(span(deep, {"b"}) == "7");
    CHECK(span(deep, {"a"}).size() == 200003);
}

} // namespace
} // namespace tileprof
