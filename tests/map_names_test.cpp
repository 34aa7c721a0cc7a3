// Maps written as tile names or ids (`[map] names`), for designs with tiles no legend character
// stands for: an engine's blocks read from its tables. They load, are written by the scenario
// writer when a tile has no legend, and are saved back by the debugger.

#include "base/input_error.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/map_saver.hpp"
#include "profiler/model/scenario/scenario_writer.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

const fs::path kEngine = fs::path(TILEPROF_SOURCE_DIR) / "roms" / "block-engine";

// A block-engine scenario of the given [map] body, in `dir`.
fs::path blockScenario(const TempDir& dir, const std::string& map, const std::string& name = "s.toml")
{
    return dir.write(name, "name = \"names\"\nrom = \"block-engine\"\nmanifest = \"" + (kEngine / "actor-fall.toml").string() +
                               "\"\nframes = 10\n\n[map]\n" + map +
                               "\n[[entity]]\nname = \"a\"\nhitbox = { left = 5, right = 5, top = 11, height = 12 }\n"
                               "pos = [24, 32]\n");
}

std::string loadError(const fs::path& path)
{
    try {
        loadScenario(path);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

TEST_CASE("map names: a word a tile, by name, abbreviation or id, in any case")
{
    const TempDir dir;
    const fs::path path = blockScenario(dir, "names = \"\"\"\n"
                                             "ground GROUND 1      GROUND\n"
                                             "GROUND AIR    BLOCK_37 GROUND\n"
                                             "GROUND 0      air    GROUND\n"
                                             "1      1      1      1\n"
                                             "\"\"\"\n");
    const Scenario s = loadScenario(path);
    REQUIRE(s.map.width == 4);
    REQUIRE(s.map.height == 4);
    CHECK(s.map.at(0, 0) == 1);
    CHECK(s.map.at(2, 0) == 1);
    CHECK(s.map.at(1, 1) == 0);
    CHECK(s.map.at(2, 1) == 37); // a block the design does not name
    CHECK(s.map.at(1, 2) == 0);
    CHECK(s.mapRowLines == std::vector<int>{8, 9, 10, 11});
}

TEST_CASE("map names: an unknown word, an id past the design's and ragged rows are refused at their place")
{
    const TempDir dir;
    const std::string map = "names = \"\"\"\nGROUND GROUND\nGROUND LAVA\n\"\"\"\n";
    checkMessage(dir.relative(loadError(blockScenario(dir, map))), "s.toml:9:8",
                 {"unknown tile \"LAVA\" at row 1, column 1", "a word is a tile name or abbreviation of blocks",
                  "or an id 0..63"});
    checkMessage(dir.relative(loadError(blockScenario(dir, "names = \"\"\"\n1 64\n1 1\n\"\"\"\n"))), "s.toml:8:3",
                 {"unknown tile \"64\""});
    checkMessage(dir.relative(loadError(blockScenario(dir, "names = \"\"\"\n1 1\n1\n\"\"\"\n"))), "s.toml:9",
                 {"row 1 has 1 tiles but row 0 has 2"});
    checkMessage(dir.relative(loadError(blockScenario(dir, "names = \"\"\"\n\"\"\"\n"))), "s.toml:7",
                 {"'map.names' is empty"});
    checkMessage(dir.relative(loadError(blockScenario(dir, "names = \"1\"\ntiles = \"#\"\n"))), "s.toml:6",
                 {"[map] has more than one of 'tiles', 'names' and 'file'"});
}

TEST_CASE("map names: the writer writes a map with a legendless tile as names, and it reads back the same")
{
    const TempDir dir;
    const fs::path path = blockScenario(dir, "names = \"\"\"\n1 1 1\n1 37 1\n1 1 1\n\"\"\"\n");
    const Scenario s = loadScenario(path);
    const std::string text = scenarioToml(s);
    CHECK(contains(text, "[map]\nnames = \"\"\"\nGROUND   GROUND   GROUND\nGROUND   BLOCK_37 GROUND\n"));
    const Scenario back = loadScenario(dir.write("back.toml", text));
    CHECK(back.map.tiles == s.map.tiles);

    // Every tile with a legend: ASCII rows, as before.
    const Scenario ascii = loadScenario(blockScenario(dir, "names = \"\"\"\n1 1 1\n1 0 1\n1 1 1\n\"\"\"\n", "ascii.toml"));
    CHECK(contains(scenarioToml(ascii), "[map]\ntiles = \"\"\"\n###\n#.#\n###\n\"\"\"\n"));
}

TEST_CASE("map names: the debugger saves an edited map of names, leaving the rest of the file alone")
{
    const TempDir dir;
    const fs::path path = blockScenario(dir, "# the room\nnames = \"\"\"\n1 1 1\n1 0 1\n1 1 1\n\"\"\"  # three by three\n");
    Scenario s = loadScenario(path);
    s.map.tiles[4] = 37;
    saveMap(s);
    const std::string saved = slurp(path);
    CHECK(contains(saved, "# the room\nnames = \"\"\"\nGROUND   GROUND   GROUND\nGROUND   BLOCK_37 GROUND\n"
                          "GROUND   GROUND   GROUND\n\"\"\"  # three by three\n"));
    CHECK(loadScenario(path).map.tiles == s.map.tiles);

    // Changed on disk since it was loaded: refused, and the file kept.
    const Scenario stale = loadScenario(path);
    const std::string moved = replaced(saved, "names = \"\"\"\n", "names = \"\"\"\n\n");
    dir.write("s.toml", moved);
    try {
        saveMap(stale);
        FAIL("a changed file was overwritten");
    } catch (const InputError& e) {
        CHECK(contains(e.what(), "the file has changed since; load it again before saving the map. Nothing was written"));
    }
    CHECK(slurp(path) == moved);
}

} // namespace
} // namespace tileprof::test
