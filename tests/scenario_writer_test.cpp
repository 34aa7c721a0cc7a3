// Scenarios written back as TOML: every bundled scenario, and one with every key and awkward
// numbers and strings, loads back to the same values; saving goes through a temporary file.

#include "profiler/model/scenario/scenario_writer.hpp"

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "profiler/model/scenario/scenario.hpp"

#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"
#include "tests/support/untech_design.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace tileprof {
namespace {

using test::TempDir;
using test::contains;

// Every value loadScenario reads; not where it read them (path, lines, mapFile).
void checkSameValues(const Scenario& a, const Scenario& b)
{
    CHECK(a.name == b.name);
    CHECK(a.rom == b.rom);
    CHECK(a.frames == b.frames);
    CHECK(a.budgetCycles == b.budgetCycles);
    CHECK(a.map.width == b.map.width);
    CHECK(a.map.height == b.map.height);
    CHECK(a.map.tiles == b.map.tiles);
    REQUIRE(a.entities.size() == b.entities.size());
    for (std::size_t i = 0; i < a.entities.size(); ++i) {
        const EntitySpec& x = a.entities[i];
        const EntitySpec& y = b.entities[i];
        CAPTURE(x.name);
        CHECK(x.name == y.name);
        CHECK(x.hitbox == y.hitbox);
        CHECK(x.x == y.x);
        CHECK(x.y == y.y);
        CHECK(std::signbit(x.x) == std::signbit(y.x));
        CHECK(x.gravity == y.gravity);
        CHECK(x.gravityAccel == y.gravityAccel);
        CHECK(x.maxFall == y.maxFall);
        REQUIRE(x.script.size() == y.script.size());
        for (std::size_t s = 0; s < x.script.size(); ++s) {
            CAPTURE(s);
            CHECK(x.script[s].frames == y.script[s].frames);
            CHECK(x.script[s].walk == y.script[s].walk);
            CHECK(x.script[s].jump == y.script[s].jump);
            CHECK(x.script[s].gravity == y.script[s].gravity);
            CHECK(x.script[s].hitbox == y.script[s].hitbox);
        }
    }
    REQUIRE(a.expectations.size() == b.expectations.size());
    for (std::size_t i = 0; i < a.expectations.size(); ++i) {
        const Expectation& x = a.expectations[i];
        const Expectation& y = b.expectations[i];
        CAPTURE(i);
        CHECK(x.frame == y.frame);
        CHECK(x.entity == y.entity);
        CHECK(x.pos == y.pos);
        CHECK(x.standing == y.standing);
        CHECK(x.ceiling == y.ceiling);
        CHECK(x.wallLeft == y.wallLeft);
        CHECK(x.wallRight == y.wallRight);
    }
}

// Writes `s`, loads what was written and checks it holds the same values; returns the text.
std::string roundTrip(const Scenario& s)
{
    const TempDir dir;
    const std::string text = scenarioToml(s);
    INFO(text);
    const Scenario again = loadScenario(dir.write("again.toml", text), test::untechDesign());
    checkSameValues(s, again);
    CHECK(scenarioToml(again) == text); // written once, it is written the same way again
    return text;
}

std::vector<fs::path> tomlFiles(const fs::path& directory)
{
    std::vector<fs::path> files;
    for (const fs::directory_entry& entry : fs::directory_iterator(directory)) {
        if (entry.path().extension() == ".toml") {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

TEST_CASE("scenario writer: every bundled scenario loads back with the same values")
{
    const std::vector<fs::path> bundled = tomlFiles(bundledScenarioDirectory());
    REQUIRE(bundled.size() >= 23);
    for (const fs::path& path : bundled) {
        CAPTURE(path);
        roundTrip(loadScenario(path, test::untechDesign()));
    }
}

TEST_CASE("scenario writer: the test scenarios, with a ROM path, defaults and a Tiled map")
{
    const fs::path dir = TILEPROF_TEST_DATA_DIR "/scenarios";
    const std::string complete = roundTrip(loadScenario(dir / "complete.toml", test::untechDesign()));
    CHECK(contains(complete, "rom = \"custom/tile-collision.sfc\"\n"));
    CHECK(contains(complete, "budget_cycles = 600\n"));
    CHECK(contains(complete, "pos = [24.5, 40.25]\ngravity = \"up\"\ngravity_accel = 0.5\nmax_fall = 6.0\n"));
    CHECK(contains(complete, "script = [\n    { frames = 30, walk = 2.5 },\n    { frames = 1, jump = -4.0 },\n"
                             "    { frames = 10, walk = -1.0, gravity = \"none\" },\n]\n"));
    CHECK(contains(complete, "tiles = \"\"\"\n##########\n#........#\n#..A=B...#\n#.A=#=B.v#\n##########\n\"\"\"\n"));
    CHECK(contains(complete, "[[expect]]\nframe = 200\nentity = \"player\"\npos = [60, 40]\nstanding = false\n"
                             "ceiling = true\nwall_left = false\nwall_right = true\n"));

    // An entity's gravity_when is written when it has one.
    const TempDir scratch;
    const std::string airborne = test::replaced(test::slurp(dir / "complete.toml"), "gravity = \"up\"\n",
                                                "gravity = \"up\"\ngravity_when = \"airborne\"\n");
    CHECK(contains(roundTrip(loadScenario(scratch.write("complete.toml", airborne), test::untechDesign())),
                   "gravity = \"up\"\ngravity_when = \"airborne\"\ngravity_accel = 0.5\n"));

    // Defaults are left out, and still load back as defaults.
    const std::string defaults = roundTrip(loadScenario(dir / "defaults.toml", test::untechDesign()));
    for (const char* key : {"rom =", "budget_cycles", "gravity", "max_fall", "script"}) {
        CAPTURE(key);
        CHECK(!contains(defaults, key));
    }

    // A Tiled map is written as ASCII rows.
    const Scenario tiled = loadScenario(dir / "tiled.toml", test::untechDesign());
    REQUIRE(!tiled.mapFile.empty());
    const std::string text = roundTrip(tiled);
    CHECK(contains(text, "[map]\ntiles = \"\"\"\n#.B#\n.A.=\n#^##\n\"\"\"\n"));
    CHECK(!contains(text, "file ="));
}

// A 10 x 6 room: SOLID walls around EMPTY, and a few other types inside.
TileMap room()
{
    TileMap map;
    map.width = 10;
    map.height = 6;
    for (int row = 0; row < map.height; ++row) {
        for (int column = 0; column < map.width; ++column) {
            const bool wall = row == 0 || column == 0 || row == map.height - 1 || column == map.width - 1;
            map.tiles.push_back(wall ? test::untechTile("SOLID") : test::untechTile("EMPTY"));
        }
    }
    map.tiles[4 * 10 + 2] = test::untechTile("DOWN_RIGHT_SHORT_SLOPE");
    map.tiles[1 * 10 + 7] = test::untechTile("UP_LEFT_TALL_SLOPE");
    map.tiles[4 * 10 + 8] = test::untechTile("DOWN_PLATFORM");
    return map;
}

TEST_CASE("scenario writer: awkward numbers and strings, and every optional key, load back exactly")
{
    Scenario s;
    s.name = "quote \" backslash \\ tab \t newline \n bell \x07 delete \x7f caf\xc3\xa9";
    s.rom = "roms/my rom.sfc";
    s.frames = 100000;
    s.budgetCycles = 1;
    s.design = test::untechDesign();
    s.map = room();

    EntitySpec a;
    a.name = "a \"b\"";
    a.hitbox = {1, 1, 1, 2};
    a.x = 40 + 1.0 / 3;
    a.y = std::nextafter(40.0, 41.0);
    a.gravity = Gravity::None;
    a.gravityAccel = 5e-324; // the smallest subnormal double
    a.maxFall = 1.0 / 3;
    a.script = {
        {.frames = 1, .walk = std::nextafter(8.0, 0.0), .jump = -0.1, .gravity = Gravity::Up,
         .hitbox = Hitbox{32, 32, 126, 127}, .line = 0},
        {.frames = 100000, .walk = -8, .jump = 8, .gravity = Gravity::Down, .hitbox = {}, .line = 0},
        {.frames = 7, .walk = 1e-300, .jump = {}, .gravity = Gravity::None, .hitbox = Hitbox{1, 2, 3, 4}, .line = 0},
        {.frames = 2, .walk = 0, .jump = 0.0, .gravity = {}, .hitbox = {}, .line = 0},
    };
    s.entities.push_back(a);

    EntitySpec b;
    b.name = "b";
    b.hitbox = {6, 6, 12, 24};
    b.x = 100;
    b.y = 50;
    b.gravity = Gravity::Up;
    b.gravityAccel = 8;
    b.maxFall = 0.25;
    s.entities.push_back(b);

    s.expectations.push_back({.frame = 1, .entity = a.name, .pos = std::array<int, 2>{0, 4079}, .standing = false,
                              .ceiling = true, .wallLeft = true, .wallRight = false, .line = 0});
    s.expectations.push_back({.frame = 100000, .entity = "b", .pos = {}, .standing = {}, .ceiling = {},
                              .wallLeft = {}, .wallRight = true, .line = 0});

    const std::string text = roundTrip(s);
    CHECK(contains(text, "name = \"quote \\\" backslash \\\\ tab \\t newline \\n bell \\u0007 delete \\u007F "
                         "caf\xc3\xa9\"\n"));
    CHECK(contains(text, "rom = \"roms/my rom.sfc\"\n"));
    CHECK(contains(text, "budget_cycles = 1\n"));
    CHECK(contains(text, "pos = [40.333333333333336, 40.00000000000001]\n"));
    CHECK(contains(text, "gravity = \"none\"\ngravity_accel = 5e-324\nmax_fall = 0.3333333333333333\n"));
    CHECK(contains(text, "{ frames = 1, walk = 7.999999999999999, jump = -0.1, gravity = \"up\", hitbox = { left = 32, "
                         "right = 32, top = 126, height = 127 } },\n"));
    CHECK(contains(text, "{ frames = 100000, walk = -8.0, jump = 8.0, gravity = \"down\" },\n"));
    CHECK(contains(text, "{ frames = 7, walk = 1e-300, gravity = \"none\", hitbox = { left = 1, right = 2, top = 3, "
                         "height = 4 } },\n"));
    CHECK(contains(text, "{ frames = 2, jump = 0.0 },\n")); // walk 0 is the default; a jump of 0 is not absent
    CHECK(contains(text, "#.C.....v#\n"));
    CHECK(contains(text, "#......e.#\n"));
    CHECK(contains(text, "gravity = \"up\"\ngravity_accel = 8.0\nmax_fall = 0.25\n"));
    CHECK(contains(text, "[[expect]]\nframe = 100000\nentity = \"b\"\nwall_right = true\n"));
}

TEST_CASE("scenario writer: the default ROM, and an empty one, are left out and load as the default")
{
    Scenario s = loadScenario(TILEPROF_TEST_DATA_DIR "/scenarios/defaults.toml", test::untechDesign());
    for (const char* rom : {"tile-collision", ""}) {
        CAPTURE(rom);
        s.rom = rom;
        const std::string text = scenarioToml(s);
        CHECK(!contains(text, "rom"));
        const TempDir dir;
        CHECK(loadScenario(dir.write("s.toml", text), test::untechDesign()).rom == "tile-collision");
    }
}

TEST_CASE("scenario writer: a map whose tiles are not width x height is refused")
{
    Scenario s = loadScenario(TILEPROF_TEST_DATA_DIR "/scenarios/defaults.toml", test::untechDesign());
    s.map.tiles.pop_back();
    CHECK_THROWS_AS(scenarioToml(s), std::invalid_argument);
}

std::vector<fs::path> entries(const fs::path& directory)
{
    std::vector<fs::path> found;
    for (const fs::directory_entry& entry : fs::directory_iterator(directory)) {
        found.push_back(entry.path().filename());
    }
    std::sort(found.begin(), found.end());
    return found;
}

TEST_CASE("scenario writer: saveScenario writes the file whole, or not at all")
{
    const Scenario s = loadScenario(bundledScenarioDirectory() / "hill-30-right.toml", test::untechDesign());
    const TempDir dir;

    // Into a new file, and over an old one (keeping its permissions); no temporary file is left.
    const fs::path path = dir.file("saved.toml");
    saveScenario(s, path);
    CHECK(test::slurp(path) == scenarioToml(s));
    dir.write("saved.toml", "old contents");
    fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
    saveScenario(s, path);
    CHECK(test::slurp(path) == scenarioToml(s));
    CHECK(fs::status(path).permissions() == (fs::perms::owner_read | fs::perms::owner_write));
    CHECK(entries(dir.path()) == std::vector<fs::path>{"saved.toml"});
    checkSameValues(s, loadScenario(path, test::untechDesign()));

    // Into a directory that does not exist: a clear error, and nothing created.
    const fs::path missing = dir.file("missing") / "s.toml";
    try {
        saveScenario(s, missing);
        FAIL("saved into a missing directory");
    } catch (const tileprof::InputError& e) {
        CHECK(std::string(e.what()) == missing.string() + ": cannot write: No such file or directory");
    }
    CHECK(!fs::exists(dir.file("missing")));
    CHECK(entries(dir.path()) == std::vector<fs::path>{"saved.toml"});

    // Over a directory: refused, the directory untouched, no temporary file left behind.
    fs::create_directory(dir.file("folder.toml"));
    try {
        saveScenario(s, dir.file("folder.toml"));
        FAIL("saved over a directory");
    } catch (const tileprof::InputError& e) {
        CHECK(std::string(e.what()) == dir.file("folder.toml").string() + ": cannot write: Is a directory");
    }
    CHECK(fs::is_directory(dir.file("folder.toml")));
    CHECK(entries(dir.path()) == std::vector<fs::path>{"folder.toml", "saved.toml"});
}

TEST_CASE("scenario writer: saving through a symbolic link replaces the file it names")
{
    const Scenario s = loadScenario(TILEPROF_TEST_DATA_DIR "/scenarios/defaults.toml", test::untechDesign());
    const TempDir dir;
    const fs::path target = dir.write("real.toml", "old");
    fs::create_symlink("real.toml", dir.file("link.toml"));
    saveScenario(s, dir.file("link.toml"));
    CHECK(fs::is_symlink(dir.file("link.toml")));
    CHECK(test::slurp(target) == scenarioToml(s));
}

} // namespace
} // namespace tileprof
