// A routine that answers "may the entity move?" instead of moving it (manifest [outcome]):
// can-move-point's CanMove answers in the carry and leaves the collision value in A; the host moves
// the entity by its velocity when the answer allows it, and sets the state bits of the directions
// it was stopped in when not.

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "tests/support/manifest_text.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

const fs::path kRom = fs::path(TILEPROF_SOURCE_DIR) / "roms" / "can-move-point";

std::string manifestText()
{
    return slurp(kRom / "manifest.toml");
}

// The bundled ROM under `manifest`, a variant of its own.
ProfiledRom withManifest(const TempDir& dir, const std::string& manifest)
{
    return loadProfiledRom(RomFiles{bundledRomPath("can-move-point"), std::nullopt, dir.write("manifest.toml", manifest)});
}

const CallRecord& callOf(const ScenarioResult& result, int frame, int entity)
{
    for (const CallRecord& call : result.calls) {
        if (call.frame == frame && call.entity == entity) {
            return call;
        }
    }
    FAIL("no call in frame " << frame << " for entity " << entity);
    return result.calls.front();
}

std::uint32_t pixel(std::uint32_t position)
{
    return position >> 16;
}

TEST_CASE("move answer: the carry says whether the host moves the entity, and the state says where it was stopped")
{
    const ProfiledRom rom = loadProfiledRom(bundledRomPath("can-move-point"));
    REQUIRE(rom.manifest.moveAnswer);
    CHECK(rom.manifest.moveAnswer->from == MoveAnswer::From::Carry);
    const Scenario scenario = loadScenario(kRom / "scenarios" / "walls.toml");
    const ScenarioResult result = runScenario(scenario, rom);
    CHECK(result.failures.empty());
    const std::uint16_t right = rom.manifest.stateBits.right.mask;
    const CallRecord& free = callOf(result, 19, 0);
    CHECK(pixel(free.before.x) == 74);
    CHECK(pixel(free.after.x) == 77);
    CHECK(free.after.state == 0);
    const CallRecord& stopped = callOf(result, 20, 0);
    CHECK(pixel(stopped.after.x) == 77);
    CHECK(stopped.after.state == right);
    CHECK(callOf(result, 15, 1).after.state == rom.manifest.stateBits.left.mask);
    CHECK(callOf(result, 14, 2).after.state == rom.manifest.stateBits.up.mask);
    CHECK(pixel(callOf(result, 24, 2).after.y) == 17);
}

TEST_CASE("move answer: walk_y moves a top-down entity on Y every frame of its step, and stops it after")
{
    const TempDir dir;
    const std::string text = "name = \"up-down\"\nrom = \"can-move-point\"\nframes = 18\n[map]\ntiles = \"\"\"\n"
                             "#####\n#...#\n#...#\n#...#\n#####\n\"\"\"\n[[entity]]\nname = \"dot\"\n"
                             "hitbox = { left = 0, right = 1, top = 0, height = 1 }\npos = [24.0, 40.0]\n"
                             "gravity = \"none\"\nscript = [ { frames = 4, walk_y = -2.0 }, { frames = 2 }, "
                             "{ frames = 12, walk = 1.0, walk_y = 3.0 } ]\n";
    const ProfiledRom rom = loadProfiledRom(bundledRomPath("can-move-point"));
    const ScenarioResult result = runScenario(loadScenario(dir.write("s.toml", text)), rom);
    CHECK(result.failures.empty());
    CHECK(pixel(callOf(result, 4, 0).after.y) == 32);
    CHECK(pixel(callOf(result, 6, 0).after.y) == 32); // no momentum once the step is over
    CHECK(callOf(result, 6, 0).after.x == callOf(result, 1, 0).before.x);
    // Diagonally down and right from (24, 32) until the wall row (pixels 64..79) stops it at 62.
    CHECK(pixel(callOf(result, 16, 0).after.y) == 62);
    CHECK(pixel(callOf(result, 16, 0).after.x) == 34);
    CHECK(callOf(result, 16, 0).after.state == 0);
    CHECK(pixel(callOf(result, 18, 0).after.y) == 62);
    CHECK(callOf(result, 18, 0).after.state == (rom.manifest.stateBits.down.mask | rom.manifest.stateBits.right.mask));
}

TEST_CASE("move answer: a register's answer, zero or not, as the manifest says")
{
    const TempDir dir;
    const std::string carry = "answer = \"carry\"\nmoves_when = \"clear\"";
    const Scenario scenario = loadScenario(kRom / "scenarios" / "walls.toml");
    const ScenarioResult byCarry = runScenario(scenario, loadProfiledRom(bundledRomPath("can-move-point")));

    // A holds the collision value: 0, walkable, is the same answer as the carry clear.
    const ProfiledRom byA = withManifest(dir, replaced(manifestText(), carry, "answer = \"a\"\nmoves_when = \"zero\""));
    const ScenarioResult sameAnswers = runScenario(scenario, byA);
    REQUIRE(sameAnswers.calls.size() == byCarry.calls.size());
    for (std::size_t i = 0; i < byCarry.calls.size(); ++i) {
        CHECK(sameAnswers.calls[i].after == byCarry.calls[i].after);
    }

    // Read the other way round, the dots stay where they are while the way is free.
    const ProfiledRom inverted = withManifest(dir, replaced(manifestText(), carry, "answer = \"a\"\nmoves_when = \"nonzero\""));
    const ScenarioResult stuck = runScenario(scenario, inverted);
    const CallRecord& first = callOf(stuck, 1, 0);
    CHECK(first.after.x == first.before.x);
    CHECK(first.after.state == inverted.manifest.stateBits.right.mask);
    CHECK_FALSE(stuck.failures.empty()); // the expectations of the right answers fail
}

TEST_CASE("move answer: a bad [outcome] is refused at its line")
{
    const std::string carry = "answer = \"carry\"\nmoves_when = \"clear\"";
    const std::string manifest = manifestText();
    const std::string line = std::to_string(lineWith(manifest, "answer = "));
    checkMessage(manifestError(replaced(manifest, carry, "answer = \"b\"\nmoves_when = \"clear\"")),
                 "manifest.toml:" + line, {"'outcome.answer' must be one of \"carry\", \"a\", \"x\", \"y\", not \"b\""});
    checkMessage(manifestError(replaced(manifest, carry, "answer = \"carry\"\nmoves_when = \"zero\"")),
                 "manifest.toml:" + std::to_string(lineWith(manifest, "moves_when = ")),
                 {"'outcome.moves_when' must be one of \"clear\", \"set\", not \"zero\""});
    checkMessage(manifestError(replaced(manifest, carry, "answer = \"x\"\nmoves_when = \"clear\"")),
                 "manifest.toml:" + std::to_string(lineWith(manifest, "moves_when = ")),
                 {"must be one of \"zero\", \"nonzero\", not \"clear\""});
    checkMessage(manifestError(replaced(manifest, carry, "answer = \"carry\"\nmoves = \"clear\"")),
                 "manifest.toml:" + std::to_string(lineWith(manifest, "moves_when = ")), {"unknown key 'moves' in [outcome]"});
}

} // namespace
} // namespace tileprof::test
