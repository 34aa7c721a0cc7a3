// The clearance rule: a hitbox standing on a floor needs its height and the pixel it rests above it
// between the floor and the ceiling over every column it covers, and one standing on a ceiling its
// height down to the floor. Each threshold is exact to the pixel: the map with one pixel too few
// refuses the hitbox and, run anyway, clips; one pixel more runs clean. The rule counts every
// hitbox an entity can have and the gravities it can have; `run` refuses a map that breaks it,
// `validate` lists what breaks it.

#include "profiler/model/scenario/scenario_validator.hpp"

#include "base/bundled_files.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/target/profiled_rom.hpp"
#include "tests/support/command.hpp"
#include "tests/support/loaded_rom.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace tileprof {
namespace {

using test::TempDir;

const fs::path kClearance32 = fs::path(TILEPROF_TEST_DATA_DIR) / "invariants" / "clearance-32.toml";

const ProfiledRom& builtRom()
{
    return test::loadedBundledRom(kDefaultRom);
}

std::vector<MapViolation> violationsOf(const Scenario& s)
{
    return validateScenario(s, {s.map, builtRom().design});
}

std::vector<std::string> failuresOf(const Scenario& s)
{
    RunOptions options;
    options.allowInvalidMap = true;
    std::vector<std::string> failures;
    for (const Failure& failure : runScenario(s, builtRom(), options).failures) {
        failures.push_back(failure.text());
    }
    return failures;
}

// The engine's hitbox 7 (left 1, right 3, top 16, height 32) walking over a hill with `height`
// rows in all and the given gravity.
Scenario tallBox(int height, const char* gravity, const char* map, double y)
{
    const TempDir dir;
    const std::string text = std::string("name = \"tall\"\nframes = 40\n[map]\ntiles = \"\"\"\n") + map +
                             "\"\"\"\n[[entity]]\nname = \"tall\"\nhitbox = { left = 1, right = 3, top = " +
                             std::to_string(height / 2) + ", height = " + std::to_string(height) +
                             " }\npos = [24.0, " + std::to_string(y) + "]\ngravity = \"" + gravity +
                             "\"\nscript = [ { frames = 40, walk = 2.0 } ]\n";
    return loadScenario(dir.write("tall.toml", text));
}

constexpr const char* kFloorHill = "##########\n#........#\n#........#\n#...A=B..#\n##########\n";
constexpr const char* kCeilingHill = "##########\n#...a=b..#\n#........#\n#........#\n##########\n";

TEST_CASE("clearance: a floor needs the hitbox's height and one pixel below the ceiling, exactly")
{
    // The hill's END_SLOPE top is at 48, the ceiling's last row 15: 32 free rows.
    const Scenario clip = loadScenario(kClearance32);
    const std::vector<MapViolation> violations = violationsOf(clip);
    REQUIRE(violations.size() == 3);
    CHECK(violations[0].column == 4);
    CHECK(violations[1].column == 5);
    CHECK(violations[2].column == 6);
    for (const MapViolation& v : violations) {
        CHECK(v.row == 3);
        CHECK(v.rule == "NOT_ENOUGH_ROOM_ABOVE_FLOOR");
    }
    CHECK(formatViolation(violations[1], clip) ==
          kClearance32.string() + ":13: row 3, column 5, tile '=' END_SLOPE: NOT_ENOUGH_ROOM_ABOVE_FLOOR: entity "
                                  "\"tall\" (line 17) has the hitbox {left 1, right 3, top 16, height 32}: standing on "
                                  "it with its origin at pixel columns 80..95, the hitbox's top row goes into the "
                                  "ceiling of '#' SOLID (row 0, column 4): 32 px between the floor (pixel row 48 at "
                                  "column 80) and the ceiling (pixel row 15 at column 79), where it needs 33, its "
                                  "height and the 1 px it rests above the floor");
    // Run anyway, it clips: walking right, the top row in the ceiling is taken for a wall.
    const std::vector<std::string> failures = failuresOf(clip);
    REQUIRE(!failures.empty());
    CHECK(failures.front() == kClearance32.string() +
                                  ":17: frame 12, entity \"tall\": the hitbox (columns 79..82, rows 15..46) clips 1 px "
                                  "into a ceiling: the SOLID tile (column 4, row 0)");

    // One pixel shorter fits, and walks over the hill and down the other side clean.
    const Scenario fits = tallBox(31, "down", kFloorHill, 47);
    CHECK(violationsOf(fits).empty());
    CHECK(failuresOf(fits).empty());
}

TEST_CASE("clearance: a ceiling needs the hitbox's height above the floor, exactly")
{
    // The ceiling hill's END_SLOPE bottom is at 31, the floor's first row 64: 32 free rows, which a
    // box touching the ceiling fills.
    const Scenario fits = tallBox(32, "up", kCeilingHill, 32);
    CHECK(violationsOf(fits).empty());
    CHECK(failuresOf(fits).empty());

    const Scenario clip = tallBox(33, "up", kCeilingHill, 32);
    const std::vector<MapViolation> violations = violationsOf(clip);
    REQUIRE(violations.size() == 3);
    CHECK(violations[1].rule == "NOT_ENOUGH_ROOM_BELOW_CEILING");
    CHECK(test::contains(violations[1].detail, "the hitbox's bottom row goes into the floor of '#' SOLID (row 4, "
                                               "column 4): 32 px between the ceiling (pixel row 31 at column 80) and "
                                               "the floor (pixel row 64 at column 79), where it needs 33, its height"));
    const std::vector<std::string> failures = failuresOf(clip);
    REQUIRE(!failures.empty());
    CHECK(test::contains(failures.front(), "clips 1 px into a floor: the SOLID tile (column 4, row 4)"));
}

TEST_CASE("clearance: every hitbox and gravity an entity can have counts, and only those")
{
    // Under upward gravity the floor hill is not stood on, and the ceiling over it leaves 32 rows.
    CHECK(violationsOf(tallBox(32, "up", kFloorHill, 32)).empty());
    // A script step that turns gravity down makes the floor count.
    const TempDir dir;
    const std::string base = test::slurp(kClearance32);
    const Scenario flips = loadScenario(dir.write(
        "flips.toml", test::replaced(test::replaced(base, "gravity = \"down\"", "gravity = \"up\""),
                                     "{ frames = 18, walk = 2.0 }",
                                     "{ frames = 9, walk = 2.0 }, { frames = 9, gravity = \"down\" }")));
    CHECK(violationsOf(flips).size() == 3);

    // A small hitbox that takes the tall one in a script step is refused, naming the step's line.
    const std::string stepped =
        test::replaced(test::replaced(base, "hitbox = { left = 1, right = 3, top = 16, height = 32 }",
                                      "hitbox = { left = 1, right = 3, top = 8, height = 16 }"),
                       "script = [ { frames = 18, walk = 2.0 } ]",
                       "script = [\n  { frames = 9, walk = 2.0 },\n  { frames = 9, hitbox = { left = 1, right = 3, "
                       "top = 16, height = 32 } },\n]");
    const Scenario takes = loadScenario(dir.write("takes.toml", stepped));
    const std::vector<MapViolation> violations = violationsOf(takes);
    REQUIRE(violations.size() == 3);
    CHECK(test::contains(violations[0].detail, "entity \"tall\" (line 17) takes the hitbox {left 1, right 3, top 16, "
                                               "height 32} at line " +
                                                   std::to_string(test::lineWith(stepped, "height = 32")) + ": "));
}

TEST_CASE("clearance: a box held away from a low ceiling by a wall is not refused")
{
    // The corner of the reference room's rows 8-12, columns 27-31: the floor rises to 120 at the
    // wall, the ceiling slope comes down to 95 there: 24 rows, too few for a 24-px box. But the
    // box is 12 wide: with the wall at 80 its origin stays at 74 or left of it, where the floor is
    // at 122 or below and the ceiling over every column of the box ends by 95.
    const TempDir dir;
    const Scenario corner = loadScenario(dir.write("corner.toml", R"(name = "corner"
frames = 30
[map]
tiles = """
######
#....#
#....#
#.####
#.cd=#
#...a#
#....#
#...C#
######
"""
[[entity]]
name = "player"
hitbox = { left = 6, right = 6, top = 12, height = 24 }
pos = [40.0, 115.0]
script = [ { frames = 30, walk = 2.5 } ]
)"));
    CHECK(violationsOf(corner).empty());
    CHECK(failuresOf(corner).empty());
}

TEST_CASE("clearance: run refuses the map, validate says why, --allow-invalid-map runs it")
{
    const std::string file = kClearance32.string();
    const test::CommandResult refused = test::runTileprof({"run", file});
    CHECK(refused.exitCode == 2);
    CHECK(test::contains(refused.out, "\n1 failure\n  not run: " + file + ":8: the map breaks"));
    CHECK(test::contains(refused.err, file + ":8: the map breaks the slope placement or clearance rules (run anyway "
                                             "with --allow-invalid-map):\n  " +
                                             file + ":13: row 3, column 4, tile 'A' DOWN_RIGHT_SLOPE: "
                                                    "NOT_ENOUGH_ROOM_ABOVE_FLOOR: entity \"tall\""));

    const test::CommandResult validated = test::runTileprof({"validate", file});
    CHECK(validated.exitCode == 1);
    CHECK(test::contains(validated.out, ": NOT_ENOUGH_ROOM_ABOVE_FLOOR: "));
    CHECK(test::contains(validated.out, file + ": 3 violations\n"));

    const test::CommandResult anyway = test::runTileprof({"run", file, "--allow-invalid-map"});
    CHECK(anyway.exitCode == 1);
    CHECK(test::contains(anyway.out, "clips 1 px into a ceiling: the SOLID tile (column 4, row 0)"));
}

} // namespace
} // namespace tileprof
