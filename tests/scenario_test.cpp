// Scenario files and Tiled maps: every key lands in its field, defaults fill the rest, and every
// kind of bad input fails with a message that starts with the file and line (and column) of the
// problem.

#include "profiler/model/scenario/scenario.hpp"

#include "base/input_error.hpp"
#include "profiler/formats/map/tiled_map.hpp"

#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"
#include "tests/support/untech_design.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace fs = std::filesystem;

namespace tileprof {
namespace {

using test::TempDir;
using test::checkMessage;
using test::replaced;

const fs::path scenarioDir = TILEPROF_TEST_DATA_DIR "/scenarios";
const fs::path mapDir = TILEPROF_TEST_DATA_DIR "/maps";
// What loadScenario throws for `text` saved as s.toml, paths relative to its directory; "" if it loads.
std::string scenarioError(const std::string& text, const std::vector<std::pair<std::string, std::string>>& files = {})
{
    const TempDir dir;
    for (const auto& [name, contents] : files) {
        dir.write(name, contents);
    }
    try {
        loadScenario(dir.write("s.toml", text), test::untechDesign());
    } catch (const tileprof::InputError& e) {
        return dir.relative(e.what());
    }
    return "";
}

// What loadTiledMap throws for `map` saved as m.tmj, paths relative to its directory; "" if it loads.
std::string tiledError(const std::string& map)
{
    const TempDir dir;
    try {
        loadTiledMap(dir.write("m.tmj", map), test::untechDesign());
    } catch (const tileprof::InputError& e) {
        return dir.relative(e.what());
    }
    return "";
}

struct BadInput {
    std::string from; // replaced in kBase by `to`
    std::string to;
    std::string where;
    std::initializer_list<std::string_view> words;
};

void checkBadInputs(const std::string& base, const std::vector<BadInput>& cases)
{
    for (const BadInput& bad : cases) {
        CAPTURE(bad.to);
        checkMessage(scenarioError(replaced(base, bad.from, bad.to)), bad.where, bad.words);
    }
}

// A valid scenario with every kind of key; the tests break it one thing at a time, so its line
// numbers matter: map rows on lines 6-10, [[entity]] on 12, [[expect]] on 20.
const std::string kTiles = R"(tiles = """
########
#......#
#......#
#......#
########
""")";
const std::string kScript = R"(script = [ { frames = 2, walk = 1.5, jump = -3, gravity = "up" } ])";
const std::string kBase = R"(name = "t"
frames = 10
budget_cycles = 500
[map]
)" + kTiles + R"(
[[entity]]
name = "p"
hitbox = { left = 4, right = 4, top = 8, height = 12 }
pos = [40, 40]
gravity = "down"
gravity_accel = 0.5
max_fall = 6
)" + kScript + R"(
[[expect]]
frame = 10
entity = "p"
pos = [41, 40]
standing = true
)";

const std::string kEntity = R"(
[[entity]]
name = "e"
hitbox = { left = 1, right = 1, top = 1, height = 2 }
pos = [24, 24]
)";

TEST_CASE("scenario: a scenario with every key loads into exactly its fields")
{
    const fs::path path = scenarioDir / "complete.toml";
    const Scenario s = loadScenario(path, test::untechDesign());
    CHECK(s.path == path);
    CHECK(s.name == "complete");
    CHECK(s.rom == "custom/tile-collision.sfc");
    CHECK(s.frames == 200);
    CHECK(s.budgetCycles == 600);

    CHECK(s.mapLine == 7);
    CHECK(s.mapFile.empty());
    CHECK(s.mapRowLines == std::vector<int>{9, 10, 11, 12, 13});
    REQUIRE(s.map.width == 10);
    REQUIRE(s.map.height == 5);
    CHECK(s.map.at(0, 0) == test::untechTile("SOLID"));
    CHECK(s.map.at(1, 1) == test::untechTile("EMPTY"));
    CHECK(s.map.at(3, 2) == test::untechTile("DOWN_RIGHT_SLOPE"));
    CHECK(s.map.at(4, 2) == test::untechTile("END_SLOPE"));
    CHECK(s.map.at(5, 2) == test::untechTile("DOWN_LEFT_SLOPE"));
    CHECK(s.map.at(4, 3) == test::untechTile("SOLID"));
    CHECK(s.map.at(8, 3) == test::untechTile("DOWN_PLATFORM"));
    CHECK(s.map.at(9, 4) == test::untechTile("SOLID"));

    REQUIRE(s.entities.size() == 2);
    const EntitySpec& player = s.entities[0];
    CHECK(player.name == "player");
    CHECK(player.line == 16);
    CHECK(player.hitbox.left == 6);
    CHECK(player.hitbox.right == 6);
    CHECK(player.hitbox.top == 12);
    CHECK(player.hitbox.height == 24);
    CHECK(player.x == 24.5);
    CHECK(player.y == 40.25);
    CHECK(player.gravity == Gravity::Up);
    CHECK(player.gravityAccel == 0.5);
    CHECK(player.maxFall == 6);
    REQUIRE(player.script.size() == 3);
    CHECK(player.script[0].frames == 30);
    CHECK(player.script[0].walk == 2.5);
    CHECK(!player.script[0].jump);
    CHECK(!player.script[0].gravity);
    CHECK(player.script[0].line == 24);
    CHECK(player.script[1].frames == 1);
    CHECK(player.script[1].walk == 0);
    CHECK(player.script[1].jump == -4.0);
    CHECK(!player.script[1].gravity);
    CHECK(player.script[1].line == 25);
    CHECK(player.script[2].frames == 10);
    CHECK(player.script[2].walk == -1.0);
    CHECK(!player.script[2].jump);
    CHECK(player.script[2].gravity == Gravity::None);
    CHECK(player.script[2].line == 26);

    const EntitySpec& enemy = s.entities[1];
    CHECK(enemy.name == "enemy");
    CHECK(enemy.line == 29);
    CHECK(enemy.hitbox.left == 2);
    CHECK(enemy.hitbox.right == 3);
    CHECK(enemy.hitbox.top == 4);
    CHECK(enemy.hitbox.height == 8);
    CHECK(enemy.x == 120);
    CHECK(enemy.y == 24);

    REQUIRE(s.expectations.size() == 2);
    const Expectation& last = s.expectations[0];
    CHECK(last.frame == 200);
    CHECK(last.entity == "player");
    CHECK(last.pos == std::array<int, 2>{60, 40});
    CHECK(last.standing == false);
    CHECK(last.ceiling == true);
    CHECK(last.wallLeft == false);
    CHECK(last.wallRight == true);
    CHECK(last.line == 34);
    const Expectation& first = s.expectations[1];
    CHECK(first.frame == 1);
    CHECK(first.entity == "enemy");
    CHECK(!first.pos);
    CHECK(first.standing == true);
    CHECK(!first.ceiling);
    CHECK(!first.wallLeft);
    CHECK(!first.wallRight);
    CHECK(first.line == 43);
}

TEST_CASE("scenario: defaults fill every optional key")
{
    const Scenario s = loadScenario(scenarioDir / "defaults.toml", test::untechDesign());
    CHECK(s.rom == "tile-collision");
    CHECK(s.budgetCycles == 542);
    CHECK(s.mapRowLines == std::vector<int>{6, 7, 8});
    REQUIRE(s.entities.size() == 1);
    const EntitySpec& e = s.entities[0];
    CHECK(e.gravity == Gravity::Down);
    CHECK(e.gravityAccel == 0.25);
    CHECK(e.maxFall == 8.0);
    CHECK(e.script.empty());
    CHECK(s.expectations.empty());
}

TEST_CASE("scenario: a Tiled map, with two tilesets, flipped tiles and tiles without a collision property")
{
    const Scenario s = loadScenario(scenarioDir / "tiled.toml", test::untechDesign());
    CHECK(s.mapFile == scenarioDir / "../maps/small.tmj");
    CHECK(s.mapRowLines.empty());
    CHECK(s.mapLine == 4);
    const TileId Solid = test::untechTile("SOLID");
    const TileId Empty = test::untechTile("EMPTY");
    const TileId DownLeft = test::untechTile("DOWN_LEFT_SLOPE");
    const TileId DownRight = test::untechTile("DOWN_RIGHT_SLOPE");
    const TileId EndSlope = test::untechTile("END_SLOPE");
    const TileId UpPlatform = test::untechTile("UP_PLATFORM");
    const std::vector<TileId> expected{
        Solid, Empty,     DownLeft, Solid,    // GID 6 has no properties entry; 3 is flipped diagonally
        Empty, DownRight, Empty,    EndSlope, // GID 0; 2 flipped horizontally; 4 has another property only
        Solid, UpPlatform, Solid,   Solid,    // 1 flipped vertically, and both ways
    };
    CHECK(s.map.width == 4);
    CHECK(s.map.height == 3);
    CHECK(s.map.tiles == expected);
    CHECK(loadTiledMap(mapDir / "small.tmj", test::untechDesign()).tiles == expected);
}

TEST_CASE("scenario: map rows' lines and columns follow the TOML string literal")
{
    const std::string head = "name = \"t\"\nframes = 1\n[map]\n";
    const TempDir dir;
    const auto rowLines = [&](const std::string& tiles) {
        return loadScenario(dir.write("rows.toml", head + tiles + kEntity), test::untechDesign()).mapRowLines;
    };
    CHECK(rowLines("tiles = \"\"\"###\n#.#\n###\"\"\"") == std::vector<int>{4, 5, 6});
    CHECK(rowLines("tiles = \"\"\"\n###\n#.#\n###\"\"\"") == std::vector<int>{5, 6, 7});
    CHECK(rowLines("tiles = \"###\\n#.#\\n###\"") == std::vector<int>{4, 4, 4});
    CHECK(rowLines("tiles = '''\r\n###\r\n#.#\r\n###\r\n'''") == std::vector<int>{5, 6, 7});

    checkMessage(scenarioError(head + "tiles = \"###\\n#X#\\n###\"" + kEntity), "s.toml:4:16",
                 {"unknown map character 'X' at row 1, column 1"});
    checkMessage(scenarioError(head + "tiles = \"\\u0023#\\n#X\"" + kEntity), "s.toml:4:20",
                 {"'X' at row 1, column 1"});
    checkMessage(scenarioError(head + "tiles = '''\n###\n#é#\n###'''" + kEntity), "s.toml:6:2",
                 {"unknown map character 'é' at row 1, column 1"});
}

TEST_CASE("scenario: malformed TOML and unreadable files")
{
    checkMessage(scenarioError(replaced(kBase, "frames = 10", "frames = 10 10")), "s.toml:2:13", {"expected"});
    checkMessage(scenarioError(replaced(kBase, "name = \"t\"", "name = \"t")), "s.toml:1:10", {"string"});

    const TempDir dir;
    try {
        loadScenario(dir.write("x", "").parent_path() / "missing.toml", test::untechDesign());
        FAIL("a missing file loaded");
    } catch (const tileprof::InputError& e) {
        CHECK(dir.relative(e.what()) == "missing.toml: cannot open: No such file or directory");
    }
    const fs::path directory = dir.write("x", "").parent_path();
    CHECK_THROWS_WITH_AS(loadScenario(directory, test::untechDesign()), (directory.string() + ": cannot read: Is a directory").c_str(),
                         tileprof::InputError);
    CHECK_THROWS_WITH_AS(loadTiledMap(directory, test::untechDesign()), (directory.string() + ": cannot read: Is a directory").c_str(),
                         tileprof::InputError);
}

TEST_CASE("scenario: unknown keys")
{
    CHECK(scenarioError(kBase).empty());
    checkBadInputs(kBase, {
        {"budget_cycles = 500", "budget_cycles = 500\nspeed = 1", "s.toml:4",
         {"unknown key 'speed' in the scenario; expected name, rom, manifest, frames, budget_cycles, map, entity, expect"}},
        {"tiles = ", "size = 3\ntiles = ", "s.toml:5", {"unknown key 'size' in [map]; expected tiles, names, file"}},
        {"max_fall = 6", "max_fall = 6\nspeed = 2", "s.toml:19", {"unknown key 'speed' in [[entity]]"}},
        {"height = 12 }", "height = 12, width = 3 }", "s.toml:14", {"unknown key 'width' in the hitbox"}},
        {"gravity = \"up\" }", "gravity = \"up\", run = 1 }", "s.toml:19",
         {"unknown key 'run' in the script step; expected frames, walk, walk_y, jump, gravity, hitbox"}},
        {"standing = true", "standing = true\nlate = 1", "s.toml:25", {"unknown key 'late' in [[expect]]"}},
        // Two unknown keys: the first in the file is named, not the first in sorted order.
        {"budget_cycles = 500", "zeta = 1\nalpha = 2", "s.toml:3", {"unknown key 'zeta'"}},
    });
}

TEST_CASE("scenario: missing keys")
{
    checkBadInputs(kBase, {
        {"name = \"t\"", "# no name", "s.toml:1", {"the scenario is missing the required key 'name'"}},
        {"frames = 10", "# no frames", "s.toml:1", {"the scenario is missing the required key 'frames'"}},
        {"[map]\n" + kTiles, "", "s.toml:1", {"the scenario is missing the required key 'map'"}},
        {kTiles, "", "s.toml:4", {"[map] needs 'tiles' (an ASCII map), 'names' (a map of tile names or ids) or 'file' (a Tiled .tmj or .tmx map)"}},
        {"name = \"p\"", "# no name", "s.toml:12", {"[[entity]] is missing the required key 'name'"}},
        {"hitbox = {", "# hitbox = {", "s.toml:12", {"[[entity]] is missing the required key 'hitbox'"}},
        {"top = 8, ", "", "s.toml:14", {"the hitbox is missing the required key 'top'"}},
        {"pos = [40, 40]", "# no pos", "s.toml:12", {"[[entity]] is missing the required key 'pos'"}},
        {"{ frames = 2, ", "{ ", "s.toml:19", {"the script step is missing the required key 'frames'"}},
        {"frame = 10", "# no frame", "s.toml:20", {"[[expect]] is missing the required key 'frame'"}},
        {"entity = \"p\"", "# no entity", "s.toml:20", {"[[expect]] is missing the required key 'entity'"}},
    });
    const std::string noEntity = "name = \"t\"\nframes = 1\n[map]\ntiles = \"#\"\n";
    checkMessage(scenarioError(noEntity), "s.toml:1", {"the scenario has no [[entity]]; it needs at least one"});
    checkMessage(scenarioError("entity = []\n" + noEntity), "s.toml:1", {"has no [[entity]]"});
    checkMessage(scenarioError("\n\nentity = []\n" + noEntity), "s.toml:3", {"has no [[entity]]"});
}

TEST_CASE("scenario: wrong types")
{
    checkBadInputs(kBase, {
        {"name = \"t\"", "name = 3", "s.toml:1", {"'name' must be a string, not an integer"}},
        {"name = \"t\"", "name = \"\"", "s.toml:1", {"'name' must not be empty"}},
        {"frames = 10", "frames = \"10\"", "s.toml:2", {"'frames' must be an integer, not a string"}},
        {"frames = 10", "frames = 10.0", "s.toml:2", {"'frames' must be an integer, not a floating-point number"}},
        {"budget_cycles = 500", "rom = 5", "s.toml:3", {"'rom' must be a string, not an integer"}},
        {"budget_cycles = 500", "budget_cycles = 1979-05-27", "s.toml:3",
         {"'budget_cycles' must be an integer, not a date"}},
        {"[map]\n" + kTiles, "map = 3", "s.toml:4", {"'map' must be a table like [map] with tiles"}},
        {kTiles, "tiles = 3", "s.toml:5", {"'map.tiles' must be a string, not an integer"}},
        {kTiles, "file = [\"a.tmj\"]", "s.toml:5", {"'map.file' must be a string, not an array"}},
        {kTiles, "file = \"\"", "s.toml:5", {"'map.file' must not be empty"}},
        {"[[entity]]", "[entity]", "s.toml:12", {"'entity' must be an array of tables: write [[entity]], not a table"}},
        {"name = \"p\"", "name = true", "s.toml:13", {"'entity.name' must be a string, not a boolean"}},
        {"name = \"p\"", "name = \"\"", "s.toml:13", {"'entity.name' must not be empty"}},
        {"hitbox = {", "hitbox = 4 #", "s.toml:14", {"'entity.hitbox' must be a table like { left = 6"}},
        {"left = 4", "left = \"4\"", "s.toml:14", {"'entity.hitbox.left' must be an integer, not a string"}},
        {"pos = [40, 40]", "pos = \"40, 40\"", "s.toml:15",
         {"'entity.pos' must be [x, y] (two numbers), not a string"}},
        {"pos = [40, 40]", "pos = [40]", "s.toml:15", {"'entity.pos' must be [x, y] (two numbers), not an array of 1"}},
        {"pos = [40, 40]", "pos = [40, \"40\"]", "s.toml:15", {"'entity.pos' must be a number, not a string"}},
        {"pos = [40, 40]", "pos = [nan, 40]", "s.toml:15", {"'entity.pos' must be a finite number, not nan"}},
        {"gravity = \"down\"", "gravity = 1", "s.toml:16", {"'entity.gravity' must be a string, not an integer"}},
        {"gravity = \"down\"", "gravity = \"sideways\"", "s.toml:16",
         {"'entity.gravity' must be \"down\", \"up\" or \"none\", not \"sideways\""}},
        {"gravity = \"down\"", "gravity = \"down\"\ngravity_when = \"never\"", "s.toml:17",
         {"'entity.gravity_when' must be \"always\" or \"airborne\", not \"never\""}},
        {"gravity_accel = 0.5", "gravity_accel = true", "s.toml:17",
         {"'entity.gravity_accel' must be a number, not a boolean"}},
        {kScript, "script = 3", "s.toml:19", {"'entity.script' must be an array of steps like [{ frames = 60"}},
        {kScript, "script = [3]", "s.toml:19", {"'entity.script' must hold steps like { frames = 60"}},
        {"walk = 1.5", "walk = \"fast\"", "s.toml:19", {"'entity.script.walk' must be a number, not a string"}},
        {"gravity = \"up\"", "gravity = \"left\"", "s.toml:19", {"'entity.script.gravity' must be \"down\""}},
        {"[[expect]]", "[expect]", "s.toml:20", {"'expect' must be an array of tables: write [[expect]]"}},
        {"entity = \"p\"", "entity = 1", "s.toml:22", {"'expect.entity' must be a string, not an integer"}},
        {"pos = [41, 40]", "pos = [41.5, 40]", "s.toml:23",
         {"'expect.pos' must be whole pixels 0..1048559, not 41.5"}},
        {"pos = [41, 40]", "pos = [\"41\", 40]", "s.toml:23", {"'expect.pos' must be a number, not a string"}},
        {"pos = [41, 40]", "pos = [41, 40, 0]", "s.toml:23",
         {"'expect.pos' must be [x, y] (two whole numbers), not an array of 3"}},
        {"standing = true", "standing = \"yes\"", "s.toml:24",
         {"'expect.standing' must be true or false, not a string"}},
    });
}

TEST_CASE("scenario: out-of-range values, each bound")
{
    checkBadInputs(kBase, {
        {"frames = 10", "frames = 0", "s.toml:2", {"'frames' must be 1..100000, not 0"}},
        {"frames = 10", "frames = 100001", "s.toml:2", {"'frames' must be 1..100000, not 100001"}},
        {"budget_cycles = 500", "budget_cycles = 0", "s.toml:3", {"'budget_cycles' must be 1..100000, not 0"}},
        {"budget_cycles = 500", "budget_cycles = 100001", "s.toml:3",
         {"'budget_cycles' must be 1..100000, not 100001"}},
        {"left = 4", "left = 0", "s.toml:14", {"'entity.hitbox.left' must be 1..32, not 0"}},
        {"left = 4", "left = 33", "s.toml:14", {"'entity.hitbox.left' must be 1..32, not 33"}},
        {"right = 4", "right = 0", "s.toml:14", {"'entity.hitbox.right' must be 1..32, not 0"}},
        {"right = 4", "right = 33", "s.toml:14", {"'entity.hitbox.right' must be 1..32, not 33"}},
        {"top = 8", "top = 0", "s.toml:14", {"'entity.hitbox.top' must be 1..127, not 0"}},
        {"top = 8", "top = 128", "s.toml:14", {"'entity.hitbox.top' must be 1..127, not 128"}},
        {"height = 12", "height = 0", "s.toml:14", {"'entity.hitbox.height' must be 1..127, not 0"}},
        {"height = 12", "height = 128", "s.toml:14", {"'entity.hitbox.height' must be 1..127, not 128"}},
        {"height = 12", "height = 8", "s.toml:14",
         {"'entity.hitbox.height' (8) must be greater than 'top' (8) so that the origin lies inside the box"}},
        {"gravity_accel = 0.5", "gravity_accel = 0", "s.toml:17",
         {"'entity.gravity_accel' must be > 0 and <= 8, not 0"}},
        {"gravity_accel = 0.5", "gravity_accel = 8.5", "s.toml:17",
         {"'entity.gravity_accel' must be > 0 and <= 8, not 8.5"}},
        {"max_fall = 6", "max_fall = -1", "s.toml:18", {"'entity.max_fall' must be > 0 and <= 8, not -1"}},
        {"max_fall = 6", "max_fall = 9", "s.toml:18", {"'entity.max_fall' must be > 0 and <= 8, not 9"}},
        {"walk = 1.5", "walk = -8.5", "s.toml:19", {"'entity.script.walk' must be -8..8, not -8.5"}},
        {"walk = 1.5", "walk = 8.25", "s.toml:19", {"'entity.script.walk' must be -8..8, not 8.25"}},
        {"jump = -3", "jump = -9", "s.toml:19", {"'entity.script.jump' must be -8..8, not -9"}},
        {"jump = -3", "jump = 9", "s.toml:19", {"'entity.script.jump' must be -8..8, not 9"}},
        {"jump = -3", "walk_y = 8.5", "s.toml:19", {"'entity.script.walk_y' must be -8..8, not 8.5"}},
        {"jump = -3", "jump = -3, walk_y = 1", "s.toml:19",
         {"'entity.script.walk_y' and 'jump' both set the y velocity: give one of them"}},
        {"frames = 2", "frames = 0", "s.toml:19", {"'entity.script.frames' must be 1..100000, not 0"}},
        {"frames = 2", "frames = 100001", "s.toml:19", {"'entity.script.frames' must be 1..100000, not 100001"}},
        {"frame = 10", "frame = 0", "s.toml:21", {"'expect.frame' must be 1..10, not 0"}},
        {"frame = 10", "frame = 11", "s.toml:21", {"'expect.frame' must be 1..10, not 11"}},
        {"pos = [41, 40]", "pos = [-1, 40]", "s.toml:23", {"'expect.pos' must be whole pixels 0..1048559, not -1"}},
        {"pos = [41, 40]", "pos = [41, 1048560]", "s.toml:23", {"'expect.pos' must be whole pixels 0..1048559, not 1048560"}},
    });
}

TEST_CASE("scenario: a script step may change the hitbox, read by the entity hitbox's rules")
{
    const TempDir dir;
    const std::string steps = R"(script = [
    { frames = 2, hitbox = { left = 3, right = 5, top = 7, height = 9 } },
    { frames = 3, walk = 1 },
    { frames = 1, hitbox = { left = 32, right = 1, top = 126, height = 127 }, jump = -2 },
])";
    const Scenario s = loadScenario(dir.write("s.toml", replaced(kBase, kScript, steps)), test::untechDesign());
    REQUIRE(s.entities.size() == 1);
    const std::vector<ScriptStep>& script = s.entities[0].script;
    REQUIRE(script.size() == 3);
    CHECK(script[0].hitbox == Hitbox{3, 5, 7, 9});
    CHECK(script[0].line == 20);
    CHECK(!script[1].hitbox);
    CHECK(script[1].walk == 1);
    CHECK(script[2].hitbox == Hitbox{32, 1, 126, 127});
    CHECK(script[2].jump == -2);
    CHECK(s.entities[0].hitbox == Hitbox{4, 4, 8, 12}); // the entity's own is untouched

    // Line 19 holds kScript; each problem names the step's key as entity.script.hitbox.*.
    const std::string withBox = replaced(kBase, "gravity = \"up\" }", "gravity = \"up\", hitbox = { left = 2, "
                                                                        "right = 2, top = 4, height = 6 } }");
    CHECK(scenarioError(withBox).empty());
    checkBadInputs(withBox, {
        {"hitbox = { left = 2, right = 2, top = 4, height = 6 }", "hitbox = 3", "s.toml:19",
         {"'entity.script.hitbox' must be a table like { left = 6, right = 6, top = 12, height = 24 }, not an "
          "integer"}},
        {"left = 2, ", "", "s.toml:19", {"the hitbox is missing the required key 'left'"}},
        {"height = 6 }", "height = 6, width = 2 }", "s.toml:19",
         {"unknown key 'width' in the hitbox; expected left, right, top, height"}},
        {"left = 2,", "left = 2.5,", "s.toml:19", {"'entity.script.hitbox.left' must be an integer, not a floating"}},
        {"left = 2,", "left = 0,", "s.toml:19", {"'entity.script.hitbox.left' must be 1..32, not 0"}},
        {"left = 2,", "left = 33,", "s.toml:19", {"'entity.script.hitbox.left' must be 1..32, not 33"}},
        {"right = 2,", "right = 33,", "s.toml:19", {"'entity.script.hitbox.right' must be 1..32, not 33"}},
        {"top = 4,", "top = 0,", "s.toml:19", {"'entity.script.hitbox.top' must be 1..127, not 0"}},
        {"height = 6 }", "height = 128 }", "s.toml:19", {"'entity.script.hitbox.height' must be 1..127, not 128"}},
        {"height = 6 }", "height = 4 }", "s.toml:19",
         {"'entity.script.hitbox.height' (4) must be greater than 'top' (4) so that the origin lies inside the box"}},
    });
    // A step on a line of its own is named by its line.
    checkMessage(scenarioError(replaced(kBase, kScript, replaced(steps, "left = 32", "left = 40"))), "s.toml:22",
                 {"'entity.script.hitbox.left' must be 1..32, not 40"});
}

TEST_CASE("scenario: ASCII map errors")
{
    checkBadInputs(kBase, {
        {"[map]", "[map]\nfile = \"m.tmj\"", "s.toml:4", {"[map] has more than one of 'tiles', 'names' and 'file'; give one of them"}},
        {"#......#\n########", "#..X...#\n########", "s.toml:9:4",
         {"unknown map character 'X' at row 3, column 3; the legend is # SOLID, = END_SLOPE, A DOWN_RIGHT_SLOPE, B DOWN_LEFT_SLOPE"}},
        {"#......#\n########", "#......# \n########", "s.toml:9:9",
         {"unknown map character ' ' (a space) at row 3, column 8"}},
        {"#......#\n########", "#......#\t\n########", "s.toml:9:9",
         {"U+0009 (a control character) at row 3, column 8"}},
        {"#......#\n########", "#.......#\n########", "s.toml:9",
         {"row 3 has 9 tiles but row 0 has 8; every row must be equally long"}},
        {"########\n\"\"\"", "########\n\n\"\"\"", "s.toml:11", {"row 5 has 0 tiles but row 0 has 8"}},
        {kTiles, "tiles = \"\"", "s.toml:5", {"'map.tiles' is empty"}},
        {kTiles, "tiles = \"\"\"\n\"\"\"", "s.toml:5", {"'map.tiles' is empty"}},
        {kTiles, "tiles = \"\"\"\n\n\n\"\"\"", "s.toml:5", {"'map.tiles' is empty"}},
    });
    const std::string wide = "name = \"t\"\nframes = 1\n[map]\ntiles = \"" + std::string(65536, '#') + "\"\n" + kEntity;
    checkMessage(scenarioError(wide), "s.toml:4", {"the map is 65536 tiles wide; at most 65535"});
    std::string tall = "name = \"t\"\nframes = 1\n[map]\ntiles = \"\"\"\n";
    for (int row = 0; row < 65536; ++row) {
        tall += "###\n";
    }
    checkMessage(scenarioError(tall + "\"\"\"\n" + kEntity), "s.toml:65540", {"the map has 65536 rows; at most 65535"});
}

TEST_CASE("scenario: entity and expectation checks")
{
    // The map and 17 entities of four lines each: the 17th starts on line 12 + 16 * 4.
    std::string seventeen = kBase.substr(0, kBase.find("[[entity]]"));
    for (int i = 0; i < 17; ++i) {
        seventeen += replaced(kEntity.substr(1), "\"e\"", "\"e" + std::to_string(i) + "\"");
    }
    checkMessage(scenarioError(seventeen), "s.toml:76", {"too many entities: 17, at most 16"});
    CHECK(scenarioError(replaced(kBase, "[[expect]]", kEntity.substr(1) + "[[expect]]")).empty());

    checkBadInputs(kBase, {
        {"[[expect]]", replaced(kEntity.substr(1), "\"e\"", "\"p\"") + "[[expect]]", "s.toml:21",
         {"duplicate entity name 'p' (also at line 13)"}},
        {"entity = \"p\"", "entity = \"q\"", "s.toml:22",
         {"'expect.entity' names no entity: 'q' (the entities are p)"}},
        {"pos = [41, 40]\nstanding = true", "", "s.toml:20",
         {"[[expect]] checks nothing: give pos, standing, ceiling, wall_left, wall_right or alive"}},
        {"pos = [40, 40]", "pos = [2, 40]", "s.toml:12",
         {"entity 'p' at (2, 40) is outside the map: its hitbox covers pixels x -2..5, y 32..43;",
          "the map is 128 x 80 pixels"}},
        {"pos = [40, 40]", "pos = [40, 77.5]", "s.toml:12",
         {"entity 'p' at (40, 77.5) is outside the map", "y 69..80"}},
        {"pos = [40, 40]", "pos = [-0.5, 40]", "s.toml:12", {"at (-0.5, 40) is outside the map", "x -5..2"}},
        {"pos = [40, 40]", "pos = [1e300, 40]", "s.toml:12", {"at (1e+300, 40) is outside the map"}},
        {"pos = [40, 40]", "pos = [40, 20]", "s.toml:12",
         {"entity 'p' at (40, 20) overlaps the SOLID tile at row 0, column 2:",
          "its hitbox covers pixels x 36..43, y 12..23"}},
        // Whole pixels, as the routine sees them: 19.9 is pixel 19, whose box reaches into column 0.
        {"pos = [40, 40]", "pos = [19.9, 40]", "s.toml:12",
         {"entity 'p' at (19.9, 40) overlaps the SOLID tile at row 2, column 0"}},
    });
    CHECK(scenarioError(replaced(kBase, "pos = [40, 40]", "pos = [20, 40]")).empty());
}

// A valid two-tile Tiled map; the tests below break it one thing at a time.
nlohmann::json tiledMap()
{
    return nlohmann::json::parse(R"({
        "width": 2, "height": 1, "infinite": false,
        "layers": [{"name": "ground", "type": "tilelayer", "width": 2, "height": 1, "data": [1, 0]}],
        "tilesets": [{"firstgid": 1, "name": "terrain", "tilecount": 2, "tiles": [
            {"id": 0, "properties": [{"name": "collision", "type": "string", "value": "solid"}]}]}]
    })");
}

TEST_CASE("scenario: Tiled map errors")
{
    CHECK(tiledError(tiledMap().dump()).empty());
    checkMessage(tiledError("{\"width\": "), "m.tmj", {"not JSON: [json.exception.parse_error.101]"});
    checkMessage(tiledError("[1, 2]"), "m.tmj", {"not a Tiled map: the JSON is not an object"});

    nlohmann::json map = tiledMap();
    map["layers"][0]["type"] = "objectgroup";
    checkMessage(tiledError(map.dump()), "m.tmj", {"no tile layer: the map needs one layer of type \"tilelayer\""});

    map = tiledMap();
    map["layers"].push_back(map["layers"][0]);
    map["layers"][1]["name"] = "decoration";
    checkMessage(tiledError(map.dump()), "m.tmj",
                 {"2 tile layers ('ground', 'decoration', ...); the map needs exactly one"});

    map = tiledMap();
    map["tilesets"].push_back({{"firstgid", 3}, {"source", "props.tsj"}});
    // An external tileset is read beside the map: the message names it.
    checkMessage(tiledError(map.dump()), "props.tsj", {"cannot open: No such file or directory"});

    map = tiledMap();
    map["layers"][0]["encoding"] = "base64";
    map["layers"][0]["compression"] = "zlib";
    map["layers"][0]["data"] = "eJxjZGBgAAAABgAC";
    checkMessage(tiledError(map.dump()), "m.tmj",
                 {"layer 'ground' stores its tiles base64-encoded and zlib-compressed;",
                  "save the map with Tile Layer Format \"CSV\""});
    map["layers"][0].erase("compression");
    checkMessage(tiledError(map.dump()), "m.tmj", {"layer 'ground' stores its tiles base64-encoded; save"});

    map = tiledMap();
    map["layers"][0]["data"] = {1, 0, 1};
    checkMessage(tiledError(map.dump()), "m.tmj", {"layer 'ground' has 3 tiles; a 2 x 1 map needs 2"});
    map["layers"][0]["data"] = {1, -1};
    checkMessage(tiledError(map.dump()), "m.tmj", {"layer 'ground': tile 1 is -1, not a GID"});
    map["layers"][0]["data"] = {1, 3};
    checkMessage(tiledError(map.dump()), "m.tmj", {"row 0, column 1: GID 3 belongs to no tileset"});

    map = tiledMap();
    map["tilesets"][0]["tiles"][0]["properties"][0]["value"] = "slope";
    checkMessage(tiledError(map.dump()), "m.tmj",
                 {"tileset 'terrain' tile 0: unknown collision value \"slope\"; expected a tile type name", "drs"});
    map["tilesets"][0]["tiles"][0]["properties"][0]["value"] = 1;
    checkMessage(tiledError(map.dump()), "m.tmj",
                 {"tileset 'terrain' tile 0: the \"collision\" property must be a string"});

    map = tiledMap();
    map["width"] = 65536;
    checkMessage(tiledError(map.dump()), "m.tmj", {"the map: \"width\" must be an integer 1..65535, not 65536"});
    map = tiledMap();
    map.erase("height");
    checkMessage(tiledError(map.dump()), "m.tmj", {"the map has no \"height\""});
    map = tiledMap();
    map["infinite"] = true;
    checkMessage(tiledError(map.dump()), "m.tmj", {"infinite maps are not supported"});

    // Through a scenario, the message names the map file, not the scenario.
    const std::string viaScenario = replaced(kBase, kTiles, "file = \"m.tmj\"");
    checkMessage(scenarioError(viaScenario, {{"m.tmj", "{"}}), "m.tmj", {"not JSON"});
    checkMessage(scenarioError(viaScenario), "m.tmj", {"cannot open: No such file or directory"});
}

TEST_CASE("scenario: Tiled values in messages are short excerpts, whatever the file holds")
{
    // Regression tests: the messages printed the whole value, recursing as deep as it nests.
    nlohmann::json map = tiledMap();
    map["width"] = {1, 2, 3};
    checkMessage(tiledError(map.dump()), "m.tmj", {"\"width\" must be an integer 1..65535, not an array of 3 values"});
    map["width"] = {{"deep", {{"deeper", 1}}}};
    checkMessage(tiledError(map.dump()), "m.tmj", {"\"width\" must be an integer 1..65535, not an object"});
    map["width"] = std::string(100, 'w');
    checkMessage(tiledError(map.dump()), "m.tmj", {"must be an integer 1..65535, not \"" + std::string(40, 'w') + "...\""});
    // Cut before a character that would not fit whole (U+00E9 takes two bytes).
    map["width"] = std::string(39, 'w') + "\xc3\xa9" + std::string(10, 'w');
    checkMessage(tiledError(map.dump()), "m.tmj", {"not \"" + std::string(39, 'w') + "...\""});

    map = tiledMap();
    map["tilesets"].push_back({{"firstgid", 3}, {"source", {{"nested", {1, 2}}}}});
    checkMessage(tiledError(map.dump()), "m.tmj", {"tileset 1: \"source\" must be a tileset file's path, not an object"});
    map = tiledMap();
    map["layers"][0]["data"] = {1, {{"gid", 2}}};
    checkMessage(tiledError(map.dump()), "m.tmj", {"layer 'ground': tile 1 is an object, not a GID"});

    const std::string deep = std::string(65, '[') + std::string(65, ']');
    const std::string tooDeep = tiledError(replaced(tiledMap().dump(), "[1,0]", "[1," + deep + "]"));
    CHECK(tooDeep.starts_with("m.tmj:1:"));
    CHECK(tooDeep.ends_with(": JSON nested deeper than 64 levels"));
    const std::string deepButAllowed = std::string(60, '[') + std::string(60, ']');
    CHECK(tiledError(replaced(tiledMap().dump(), "[1,0]", "[1,0],\"x\":" + deepButAllowed)).empty());
}

TEST_CASE("scenario: TOML that toml++ 3.3.0 cannot read safely is refused before it parses it")
{
    // Regression tests: toml++'s Unicode whitespace test reaches __builtin_unreachable() for code
    // points such as U+03DE (upstream issues 190 and 295), wherever it tests a character for
    // whitespace; `[=` and `[}` fail its internal assertions. Debian's release build happens to
    // answer them with an error; tileprof does not rely on it.
    const std::string koppa = "\xcf\x9e"; // U+03DE
    const auto withName = [](const std::string& name) { return replaced(kBase, "name = \"t\"", "name = " + name); };
    checkMessage(scenarioError(replaced(kBase, "frames = 10", "frames = 10 " + koppa)), "s.toml:2:13",
                 {"'" + koppa + "' (U+03DE) outside a string or comment: TOML allows only ASCII there"});
    checkMessage(scenarioError(replaced(kBase, "frames = 10", "frames" + koppa + " = 10")), "s.toml:2:7",
                 {"(U+03DE) outside a string or comment"});
    checkMessage(scenarioError(replaced(kBase, "frames = 10", "frames = \xff")), "s.toml:2:10",
                 {"the byte $FF, which is not UTF-8, outside a string or comment"});
    checkMessage(scenarioError(replaced(kBase, "frames = 10", "frames = \xc2\x85")), "s.toml:2:10",
                 {"U+0085 outside a string or comment"});
    checkMessage(scenarioError(withName(R"(""")" "x\\" + koppa + R"(""")")), "s.toml:1:13",
                 {"after a backslash: no TOML escape starts so"});
    checkMessage(scenarioError(withName(R"(""")" "x\\  \n   " + koppa + R"(""")")), "s.toml:2:4",
                 {"first after a line-ending backslash", "write it as a \\u escape"});
    checkMessage(scenarioError(replaced(kBase, "[map]", "[=map]")), "s.toml:4:2",
                 {"a table name must follow '[': a bare key (A-Z a-z 0-9 _ -) or a quoted one, not '='"});
    checkMessage(scenarioError(replaced(kBase, "[map]", "[[ =map]]")), "s.toml:4:4", {"not '='"});
    checkMessage(scenarioError(replaced(kBase, "[map]", "[\n")), "s.toml:4:2", {"not the end of the line"});
    checkMessage(scenarioError(replaced(kBase, "pos = [40, 40]", "pos = [40, }]")), "s.toml:15:12",
                 {"'}' inside an array, where a value or ']' must come"});
    // Found by fuzzing: a quote inside a number starts no string for toml++, which reads on into
    // the would-be string's contents with the same whitespace test.
    checkMessage(scenarioError(replaced(kBase, "frames = 10", "frames = 10\"" + koppa + "\"")), "s.toml:2:12",
                 {"a quote right after '0': a string starts after '=', '[', '{', ',' or a space"});
    checkMessage(scenarioError(replaced(kBase, "pos = [40, 40]", "pos = [40, 4.'" + koppa + "']")), "s.toml:15:14",
                 {"a quote right after '.'"});
    checkMessage(scenarioError(replaced(kBase, "frames = 10", "frames = [1, {a = 2}\"" + koppa + "\"]")), "s.toml:2:21",
                 {"a quote right after '}'"});
    checkMessage(scenarioError(replaced(kBase, "frames = 10", "frames = 1[\"" + koppa + "\"]")), "s.toml:2:12",
                 {"a quote inside a value that is not a string"});
    // Found by fuzzing: toml++ asserts that a time follows a date-shaped value, a space and a digit.
    checkMessage(scenarioError(replaced(kBase, "frames = 10", "frames = 1979-05-27 0")), "s.toml:2:10",
                 {"a date, a space and a single digit: toml++ 3.3.0 cannot read that safely"});
    checkMessage(scenarioError(replaced(kBase, "frames = 10", "frames = [0--_------s 0]")), "s.toml:2:11",
                 {"a date, a space and a single digit"});
    CHECK_FALSE(test::contains(scenarioError(replaced(kBase, "frames = 10", "frames = 1979-05-27 07:32:00")),
                               "a date, a space"));
    // And that a time starts with a digit after a date and a 'T' (the input fuzzing found, then its kin).
    checkMessage(scenarioError("6-=2016-06-17tt2ndg:n\n"), "s.toml:1:4", {"a date and a 't' without a time after it"});
    checkMessage(scenarioError(replaced(kBase, "frames = 10", "frames = 1979-05-27T:00")), "s.toml:2:10",
                 {"a date and a 'T' without a time after it", "1979-05-27T07:32:00"});
    checkMessage(scenarioError(replaced(kBase, "frames = 10", "frames = [1979-05-27t ]")), "s.toml:2:11",
                 {"a date and a 't'"});
    CHECK_FALSE(test::contains(scenarioError(replaced(kBase, "frames = 10", "frames = 1979-05-27T07:32:00")),
                               "without a time"));
    // A quote after '.' in a dotted key, and strings after '=', '[', '{' and ',', are strings.
    CHECK_FALSE(
        test::contains(scenarioError(replaced(kBase, "frames = 10", "frames.\"" + koppa + "\" = 10")), "a quote"));
    CHECK_FALSE(test::contains(scenarioError(replaced(kBase, "frames = 10", "x = [\"" + koppa + "\",'" + koppa + "']\n"
                                                                       "y = {\"" + koppa + "\"=\"" + koppa + "\"}")),
                         "a quote"));
    // A quote run of four or five ends a multi-line string too; what follows is outside it.
    checkMessage(scenarioError(withName(R"("""x""""")" + koppa)), "s.toml:1:17", {"outside a string or comment"});

    // Where TOML allows any character, tileprof does too: in strings and comments, and behind a
    // byte order mark. An array at the start of a line is no table header.
    CHECK(scenarioError(withName("\"t " + koppa + "\" # " + koppa)).empty());
    CHECK(scenarioError(withName("'" + koppa + "'")).empty());
    CHECK(scenarioError("\xEF\xBB\xBF" + withName(R"(""")" + koppa + R"(""")")).empty());
    CHECK(scenarioError(withName("'''\\" + koppa + "'''''")).empty());
    CHECK(scenarioError(withName(R"("""x\
  y)" + koppa + R"(""")")).empty());
    CHECK(scenarioError(replaced(kBase, "[[entity]]", "# [=\n[[entity]]")).empty());
    CHECK(scenarioError(replaced(kBase, "pos = [40, 40]", "pos = [\n40, 40]")).empty());
    checkMessage(scenarioError(replaced(kBase, "pos = [40, 40]", "pos = [\n[40], 40]")), "s.toml:16",
                 {"'entity.pos' must be a number, not an array"});
}

TEST_CASE("scenario: an expected position may be written with a zero fraction")
{
    const TempDir dir;
    const Scenario s = loadScenario(dir.write("s.toml", replaced(kBase, "pos = [41, 40]", "pos = [41.0, 40.0]")), test::untechDesign());
    REQUIRE(s.expectations.size() == 1);
    CHECK(s.expectations[0].pos == std::array<int, 2>{41, 40});
}

} // namespace
} // namespace tileprof
