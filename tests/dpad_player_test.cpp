// The rules of play that the debugger's live mode and explore's random sessions share.

#include "profiler/engine/play/dpad_player.hpp"

#include "base/bundled_files.hpp"
#include "profiler/debugger/debugger_session.hpp"
#include "profiler/model/opening/scenario_opener.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

namespace tileprof::test {
namespace {

// walk-right-flat: a 16 x 6 room, floor surface at pixel row 80, one 12x24 box.
struct Room {
    ScenarioOpener opener;
    OpenedScenario opened = opener.open(bundledScenarioDirectory() / "walk-right-flat.toml");
    MapPixels pixels{opened.scenario.map, opened.rom->design};
    const ProfiledRom& rom() const { return *opened.rom; }

    EntityState at(int x, int y, std::uint8_t state) const
    {
        EntityState e;
        e.x = static_cast<std::uint32_t>(rom().manifest.originX + x) << 16;
        e.y = static_cast<std::uint32_t>(rom().manifest.originY + y) << 16;
        e.state = state;
        e.hitbox = opened.scenario.entities.front().hitbox;
        return e;
    }
};

TEST_CASE("play: walking at the space's speed, jumping only from a floor and at most its strongest jump")
{
    const Room room;
    const ActionSpace actions = ActionSpace::of(room.opened.scenario);
    CHECK(actions.walk == 2.5);
    CHECK(actions.maxJump == 8.0);
    CHECK(actions.hitboxes.size() == 1);
    CHECK_FALSE(actions.topDown);
    DpadPlayer player(actions, room.rom(), actions.hitboxes.front(), Gravity::Down);
    const std::uint16_t down = room.rom().manifest.stateBits.down.mask;

    DpadPress press;
    press.walkX = -1;
    press.jump = 12;
    const ScriptStep standing = player.step(press, room.at(100, 67, down), room.pixels, 7);
    CHECK(standing.frames == 7);
    CHECK(standing.walk == -2.5);
    REQUIRE(standing.jump);
    CHECK(*standing.jump == -8.0); // up, capped
    const ScriptStep falling = player.step(press, room.at(100, 50, 0), room.pixels);
    CHECK_FALSE(falling.jump);
    CHECK(player.canJump(room.at(100, 67, down)));
    CHECK_FALSE(player.canJump(room.at(100, 50, 0)));
}

// seed001's routine answers for one direction a call ([limits] diagonal = false): a diagonal press
// walks along x alone, as a scenario would have to; seed004's takes both axes at once.
TEST_CASE("play: top-down, a diagonal press walks one axis where the design answers for one direction a call")
{
    for (const auto& [tour, diagonal] : {std::pair{"seed001-metatile-walkability.toml", false}, std::pair{"seed004-probes.toml", true}}) {
        CAPTURE(std::string(tour));
        ScenarioOpener opener;
        const OpenedScenario opened = opener.open(bundledSourceDirectory() / "tours" / "top-down" / tour);
        const MapPixels pixels{opened.scenario.map, opened.rom->design};
        const ActionSpace actions = ActionSpace::of(opened.scenario);
        CHECK(actions.topDown);
        CHECK(actions.diagonal == diagonal);
        DpadPlayer player(actions, *opened.rom, actions.hitboxes.front(), Gravity::None);
        DpadPress press;
        press.walkX = 1;
        press.walkY = 1;
        EntityState hero;
        const ScriptStep both = player.step(press, hero, pixels);
        CHECK(both.walk == 1.0);
        CHECK(both.walkY.has_value() == diagonal);
        press.walkX = 0;
        const ScriptStep down = player.step(press, hero, pixels);
        CHECK(down.walk == 0.0);
        CHECK(down.walkY == std::optional<double>{1.0});
    }
}

TEST_CASE("play: L takes the next hitbox that fits with room, R the next gravity")
{
    const Room room;
    ActionSpace actions = ActionSpace::of(room.opened.scenario);
    actions.hitboxes.push_back({8, 8, 40, 80});   // taller than the room
    actions.hitboxes.push_back({4, 4, 4, 8});
    actions.gravities.push_back(Gravity::Up);
    DpadPlayer player(actions, room.rom(), actions.hitboxes.front(), Gravity::Down);
    DpadPress press;
    press.cycleHitbox = true;
    press.cycleGravity = true;
    const ScriptStep step = player.step(press, room.at(100, 40, 0), room.pixels);
    REQUIRE(step.hitbox);
    CHECK(*step.hitbox == Hitbox{4, 4, 4, 8});
    REQUIRE(step.gravity);
    CHECK(*step.gravity == Gravity::Up);
    CHECK(player.gravity() == Gravity::Up);
    // Next time round from the small box: the tall one never fits, the first does.
    const ScriptStep again = player.step(press, room.at(100, 40, 0), room.pixels);
    REQUIRE(again.hitbox);
    CHECK(*again.hitbox == actions.hitboxes.front());
}

TEST_CASE("play: live mode plays explore's space with both gravities and the test hitboxes the design allows")
{
    const Room room;
    const ActionSpace explored = ActionSpace::of(room.opened.scenario);
    const ActionSpace live = gui::liveActions(room.opened.scenario);
    CHECK(live.walk == explored.walk);
    CHECK(live.maxJump == explored.maxJump);
    CHECK(live.hitboxes.front() == explored.hitboxes.front());
    CHECK(live.hitboxes.size() == gui::LiveTuning::hitboxes().size()); // the scenario's box is one of them
    CHECK(live.gravities == std::vector<Gravity>{Gravity::Down, Gravity::Up});
}

} // namespace
} // namespace tileprof::test
