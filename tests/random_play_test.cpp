// Random D-pad play on the reference engine's own 32x14 test room, as its interactive test is
// played (tests/support/random_play): the clearance rule refuses exactly the engine's hitbox 7,
// which is 32 px tall under a ceiling 32 px above the hill tops; with the other seven, seeded
// sessions keep every invariant on every call; with hitbox 7, let run, they clip into the ceiling.

#include "tests/support/random_play.hpp"

#include "base/bundled_files.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/model/scenario/scenario_validator.hpp"
#include "profiler/model/scenario/scenario_writer.hpp"
#include "profiler/model/target/profiled_rom.hpp"
#include "tests/support/loaded_rom.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace tileprof::test {
namespace {

const ProfiledRom& builtRom()
{
    return loadedBundledRom(kDefaultRom);
}

std::vector<MapViolation> violationsOf(const Scenario& s)
{
    return validateScenario(s, {s.map, builtRom().design});
}

std::vector<Hitbox> allBut(std::size_t index)
{
    std::vector<Hitbox> hitboxes = referenceHitboxes();
    hitboxes.erase(hitboxes.begin() + static_cast<std::ptrdiff_t>(index));
    return hitboxes;
}

constexpr std::size_t kHitbox7 = 6;

TEST_CASE("random play: the clearance rule refuses the reference room for hitbox 7 alone")
{
    for (std::size_t i = 0; i < referenceHitboxes().size(); ++i) {
        CAPTURE(i + 1);
        Scenario s = randomPlay(referenceRoom(), {referenceHitboxes()[i]}, 1, 1);
        s.entities[0].gravity = Gravity::None; // floors and ceilings both count
        const std::vector<MapViolation> violations = violationsOf(s);
        if (i != kHitbox7) {
            CHECK(violations.empty());
            continue;
        }
        // The 32-px box needs 33 rows on a floor: the hill tops of row 3, the floor of row 8 under
        // the SOLID of row 5 and the UP_PLATFORMs of row 9 under the ceiling slopes of row 6 leave
        // 32; the corner of rows 10-12, column 30 leaves 27 both ways.
        std::vector<std::string> places;
        for (const MapViolation& v : violations) {
            places.push_back(v.rule + " " + std::to_string(v.row) + "," + std::to_string(v.column));
            CHECK(contains(v.detail, "has the hitbox {left 1, right 3, top 16, height 32}: standing "));
        }
        CHECK(places == std::vector<std::string>{
                            "NOT_ENOUGH_ROOM_ABOVE_FLOOR 3,5", "NOT_ENOUGH_ROOM_ABOVE_FLOOR 3,6",
                            "NOT_ENOUGH_ROOM_ABOVE_FLOOR 3,7", "NOT_ENOUGH_ROOM_ABOVE_FLOOR 3,20",
                            "NOT_ENOUGH_ROOM_ABOVE_FLOOR 3,21", "NOT_ENOUGH_ROOM_ABOVE_FLOOR 3,22",
                            "NOT_ENOUGH_ROOM_ABOVE_FLOOR 8,28", "NOT_ENOUGH_ROOM_ABOVE_FLOOR 8,29",
                            "NOT_ENOUGH_ROOM_ABOVE_FLOOR 8,30", "NOT_ENOUGH_ROOM_ABOVE_FLOOR 9,13",
                            "NOT_ENOUGH_ROOM_ABOVE_FLOOR 9,14", "NOT_ENOUGH_ROOM_ABOVE_FLOOR 12,30",
                            "NOT_ENOUGH_ROOM_BELOW_CEILING 10,30"});
        CHECK(contains(violations[1].detail, "the hitbox's top row goes into the ceiling of '#' SOLID (row 0, column "
                                             "5): 32 px between the floor (pixel row 48 at column 96) and the "
                                             "ceiling (pixel row 15 at column 95), where it needs 33, its height and "
                                             "the 1 px it rests above the floor"));
    }
}

TEST_CASE("random play: sessions with the hitboxes the room has room for keep every invariant")
{
    const std::vector<Hitbox> hitboxes = allBut(kHitbox7);
    for (std::uint32_t seed = 1; seed <= 6; ++seed) {
        const Scenario s = randomPlay(referenceRoom(), hitboxes, 2000, seed);
        const ScenarioResult result = runScenario(s, builtRom()); // refused if the rules did not allow it
        REQUIRE(result.calls.size() == 2000 * hitboxes.size());
        std::string failures;
        for (std::size_t i = 0; i < result.failures.size() && i < 5; ++i) {
            failures += result.failures[i].text() + "\n";
        }
        INFO("seed " << seed << ", " << result.failures.size() << " failures:\n"
                     << failures << "replay it with `tileprof run` from this scenario:\n"
                     << scenarioToml(s));
        CHECK(result.failures.empty());
    }
}

TEST_CASE("random play: hitbox 7, let run, clips into the ceiling")
{
    RunOptions options;
    options.allowInvalidMap = true;
    int clips = 0;
    for (std::uint32_t seed = 1; seed <= 6; ++seed) {
        const Scenario s = randomPlay(referenceRoom(), {referenceHitboxes()[kHitbox7]}, 2000, seed);
        for (const Failure& failure : runScenario(s, builtRom(), options).failures) {
            CHECK(contains(failure.message, "into a ceiling: the SOLID tile"));
            ++clips;
        }
    }
    CHECK(clips > 0);
}

} // namespace
} // namespace tileprof::test
