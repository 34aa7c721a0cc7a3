// The design's invariants as the runner checks them after every call, on the situations the
// design really produces: each of the four ceiling situations of tests/data/invariants (A-D) and
// its floor mirror runs without a failure, their expectations pinning the frame where it happens;
// states one pixel off fail; a clip says what the box went into.

#include "profiler/engine/runner/invariants.hpp"

#include "base/bundled_files.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/target/profiled_rom.hpp"
#include "tests/support/loaded_rom.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace tileprof {
namespace {

const fs::path kInvariantsData = fs::path(TILEPROF_TEST_DATA_DIR) / "invariants";

const ProfiledRom& builtRom()
{
    return test::loadedBundledRom(kDefaultRom);
}

std::vector<std::string> failuresOf(const std::string& name)
{
    const ScenarioResult result = runScenario(loadScenario(kInvariantsData / name), builtRom());
    std::vector<std::string> failures;
    for (const Failure& failure : result.failures) {
        failures.push_back(failure.text());
    }
    return failures;
}

// The invariants of `design` for one entity of a scenario, placed at (x, y) in whole pixels with
// `state`.
std::optional<std::string> check(const Scenario& s, const Design& design, int x, int y, std::uint8_t state)
{
    const Manifest& m = builtRom().manifest;
    const CollisionGeometry geometry{{s.map, design}, m.originX, m.originY,
                                     m.stateBits.down, m.stateBits.up};
    EntityState e;
    e.x = static_cast<std::uint32_t>(x + m.originX) << 16;
    e.y = static_cast<std::uint32_t>(y + m.originY) << 16;
    e.hitbox = s.entities.at(0).hitbox;
    e.state = state;
    return checkInvariants(e, geometry);
}

std::optional<std::string> check(const Scenario& s, int x, int y, std::uint8_t state)
{
    return check(s, builtRom().design, x, y, state);
}

TEST_CASE("invariants: the ceiling situations of the design and their floor mirrors pass")
{
    for (const char* name : {"ceiling-inside-down-platform.toml", "floor-inside-up-platform.toml",
                             "ceiling-side-tile-over-slope.toml", "floor-side-tile-under-slope.toml",
                             "ceiling-slope-tip-fast-rise.toml", "floor-slope-tip-fast-fall.toml",
                             "ceiling-hill-joint.toml", "floor-hill-joint.toml"}) {
        CAPTURE(name);
        CHECK(failuresOf(name) == std::vector<std::string>{});
    }
}

TEST_CASE("invariants: touching a ceiling is exact to the pixel, and so is resting above a floor")
{
    const std::uint16_t up = builtRom().manifest.stateBits.up.mask;
    const std::uint16_t down = builtRom().manifest.stateBits.down.mask;

    // A: inside the DOWN_PLATFORM under the SOLID row, the top at 16 touches; at 17 it does not.
    const Scenario a = loadScenario(kInvariantsData / "ceiling-inside-down-platform.toml");
    CHECK(check(a, 40, 17, up) == std::nullopt);
    CHECK(check(a, 40, 18, up) ==
          "standing on a ceiling, but the hitbox (columns 39..40, rows 17..18) does not touch a ceiling");

    // D: under the END_SLOPE, the top at 32 touches (the slope below the END_SLOPE is not SOLID);
    // one pixel higher it is inside the END_SLOPE, away from the tile's edge.
    const Scenario d = loadScenario(kInvariantsData / "ceiling-hill-joint.toml");
    CHECK(check(d, 65, 34, up) == std::nullopt);
    CHECK(check(d, 65, 33, up) ==
          "standing on a ceiling, but the hitbox (columns 64..67, rows 31..38) does not touch a ceiling");

    // The floor mirror of D: one pixel above 64 rests; one pixel lower the box is inside the slope
    // over the END_SLOPE and its gap row inside the END_SLOPE.
    const Scenario floorD = loadScenario(kInvariantsData / "floor-hill-joint.toml");
    CHECK(check(floorD, 65, 61, down) == std::nullopt);
    CHECK(check(floorD, 65, 62, down) ==
          "standing, but the hitbox (columns 64..67, rows 56..63) does not rest 1 px above a floor");
}

TEST_CASE("invariants: the design's gaps say where a standing box rests, exactly")
{
    const std::uint16_t up = builtRom().manifest.stateBits.up.mask;
    const std::uint16_t down = builtRom().manifest.stateBits.down.mask;
    // The 2 x 2 px box in column 1 of a room whose floor's first row is 48 and ceiling's last 15.
    const Scenario room = loadScenario(kInvariantsData / "ceiling-inside-down-platform.toml");
    Design design = builtRom().design;
    design.invariants.neverOverlapsSolid = false; // a box sunk into a surface overlaps it
    const char* const floorWords[] = {"rest 1 px into a floor", "touch a floor", "rest 1 px above a floor"};
    const char* const ceilingWords[] = {"rest 1 px into a ceiling", "touch a ceiling", "rest 1 px under a ceiling"};
    for (int gap = -1; gap <= 1; ++gap) {
        CAPTURE(gap);
        design.invariants.floorGap = {gap, gap};
        design.invariants.ceilingGap = {gap, gap};
        const std::string floorWord = floorWords[gap + 1];
        const std::string ceilingWord = ceilingWords[gap + 1];
        // Resting: the box's bottom row y, 47 - gap.
        CHECK(check(room, design, 24, 47 - gap, down) == std::nullopt);
        for (const int y : {46 - gap, 48 - gap}) {
            CHECK(check(room, design, 24, y, down) ==
                  "standing, but the hitbox (columns 23..24, rows " + std::to_string(y - 1) + ".." +
                      std::to_string(y) + ") does not " + floorWord);
        }
        // Under the ceiling: the box's top row y - 1, 16 + gap.
        CHECK(check(room, design, 24, 17 + gap, up) == std::nullopt);
        for (const int y : {16 + gap, 18 + gap}) {
            CHECK(check(room, design, 24, y, up) ==
                  "standing on a ceiling, but the hitbox (columns 23..24, rows " + std::to_string(y - 1) + ".." +
                      std::to_string(y) + ") does not " + ceilingWord);
        }
    }
}

TEST_CASE("invariants: a gap given as a range holds anywhere in it, and nowhere else")
{
    const std::uint16_t down = builtRom().manifest.stateBits.down.mask;
    const Scenario room = loadScenario(kInvariantsData / "ceiling-inside-down-platform.toml");
    Design design = builtRom().design;
    design.invariants.neverOverlapsSolid = false;
    design.invariants.floorGap = {-2, -1}; // seed003's kind: the bottom row 1 or 2 rows into the floor
    CHECK(check(room, design, 24, 48, down) == std::nullopt);
    CHECK(check(room, design, 24, 49, down) == std::nullopt);
    for (const int y : {47, 50}) {
        CHECK(check(room, design, 24, y, down) ==
              "standing, but the hitbox (columns 23..24, rows " + std::to_string(y - 1) + ".." + std::to_string(y) +
                  ") does not rest -2..-1 px above a floor (below 0: into it)");
    }
}

TEST_CASE("invariants: a clip says what the box went into")
{
    // #####
    // #.v.#   the box is 2 x 2 px, its origin at its bottom-right pixel
    // #...#
    // #####
    const Scenario a = loadScenario(kInvariantsData / "ceiling-inside-down-platform.toml");
    CHECK(check(a, 40, 16, 0) ==
          "the hitbox (columns 39..40, rows 15..16) clips 1 px into a ceiling: the SOLID tile (column 2, row 0)");
    CHECK(check(a, 40, 49, 0) ==
          "the hitbox (columns 39..40, rows 48..49) clips 2 px into a floor: the SOLID tile (column 2, row 3)");
    CHECK(check(a, 16, 30, 0) ==
          "the hitbox (columns 15..16, rows 29..30) clips 1 px into a wall on its left: the SOLID tile (column 0, "
          "row 1)");
    CHECK(check(a, 64, 30, 0) ==
          "the hitbox (columns 63..64, rows 29..30) clips 1 px into a wall on its right: the SOLID tile (column 4, "
          "row 1)");
}

} // namespace
} // namespace tileprof
