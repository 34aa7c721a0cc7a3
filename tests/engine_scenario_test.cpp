// The scenario keys for routines that move their entities themselves (issue 25): a scenario's
// manifest, an entity's and a step's inputs, a step's buttons and an expectation of alive load into
// their fields; what the loader refuses, and what the runner refuses against the manifest
// (checkHostValues), is named with the scenario's file and line.

#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario.hpp"

#include "base/input_error.hpp"
#include "tests/support/block_engine.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

TEST_CASE("engine scenario: a scenario's manifest, its entities' inputs and its expectation of alive load")
{
    const fs::path walls = blockEngineSource("scenarios/walk-into-walls.toml");
    const std::string text = slurp(walls);
    const Scenario walk = loadScenario(walls);
    CHECK(walk.manifest == "../actor-walk.toml");
    CHECK(walk.manifestPath() == blockEngineSource("scenarios/../actor-walk.toml"));
    // The map is read in the design the manifest names.
    CHECK(walk.design.name == "blocks");
    REQUIRE(walk.entities.size() == 2);
    CHECK(walk.entities[0].inputs == std::vector<InputValue>{{"speed", 0x18, lineWith(text, "inputs = { speed")}});
    CHECK(walk.entities[1].inputs == std::vector<InputValue>{{"direction", 1, lineWith(text, "inputs = { direction")}});

    const Scenario patrol = loadScenario(blockEngineSource("scenarios/patrol.toml"));
    REQUIRE(patrol.expectations.size() == 2);
    CHECK(patrol.expectations[0].alive == false);
    CHECK_FALSE(patrol.expectations[1].alive.has_value());
    CHECK(patrol.expectations[1].standing == true);
}

TEST_CASE("engine scenario: a step's buttons are the controller word's bits, and its inputs are the step's")
{
    const Scenario run = loadScenario(blockEngineSource("scenarios/run-and-jump.toml"));
    REQUIRE(run.entities.size() == 1);
    const std::vector<ScriptStep>& script = run.entities[0].script;
    REQUIRE(script.size() == 4);
    CHECK(script[0].buttons == 0x0100);          // right
    CHECK(script[1].buttons == (0x0100 | 0x8000)); // right and B
    CHECK(script[3].buttons == 0);

    const Design blocks = loadDesign(blockEngineSource("blocks.toml"));
    const std::string text = replaced(blockEngineScenarioText("run-and-jump"), "{ frames = 46 }",
                                      "{ frames = 46, inputs = { type = 0, direction = 0xFF }, "
                                      "buttons = [\"b\", \"y\", \"select\", \"start\", \"up\", \"down\", \"left\", \"right\", \"a\", \"x\", \"l\", \"r\"] }");
    const Scenario every = parseScenario("s.toml", text, blocks);
    const ScriptStep& last = every.entities[0].script[3];
    CHECK(last.buttons == 0xFFF0);
    // By name, as TOML keeps a table's keys.
    CHECK(last.inputs == std::vector<InputValue>{{"direction", 0xFF, lineWith(text, "{ frames = 46")}, {"type", 0, lineWith(text, "{ frames = 46")}});
    const Scenario alive = parseScenario("s.toml", replaced(text, "standing = true", "alive = true"), blocks);
    CHECK(alive.expectations[0].alive == true);
    CHECK_FALSE(alive.expectations[0].standing.has_value());
}

// What parseScenario throws for `text` in the block engine's design; "" if it loads.
std::string parseError(const std::string& text)
{
    try {
        parseScenario("s.toml", text, loadDesign(blockEngineSource("blocks.toml")));
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

void checkParseRefusals(const std::string& text, const std::vector<Refusal>& refusals)
{
    for (const Refusal& refusal : refusals) {
        CAPTURE(refusal.to);
        const std::string edited = replaced(text, refusal.from, refusal.to);
        const std::string message = parseError(edited);
        INFO(message);
        CHECK(message.starts_with("s.toml:" + std::to_string(lineWith(edited, refusal.at)) + ": "));
        for (const std::string& word : refusal.words) {
            CHECK(contains(message, word));
        }
    }
}

TEST_CASE("engine scenario: inputs, buttons, alive and manifest the loader refuses")
{
    const std::string walls = blockEngineScenarioText("walk-into-walls");
    checkParseRefusals(walls, {
        {"inputs = { speed = 0x18 }", "inputs = 24", "inputs = 24", {"'entity.inputs' must be a table of input values like { direction = 1 }, not an integer"}},
        {"inputs = { speed = 0x18 }", "inputs = { speed = \"fast\" }", "inputs = { speed", {"'entity.inputs.speed' must be an integer, not a string"}},
        {"inputs = { speed = 0x18 }", "inputs = { speed = 1.5 }", "inputs = { speed", {"'entity.inputs.speed' must be an integer, not a floating-point number"}},
        {"inputs = { speed = 0x18 }", "script = [{ frames = 5, inputs = { speed = true } }]", "script =",
         {"'entity.script.inputs.speed' must be an integer, not a boolean"}},
        {"inputs = { speed = 0x18 }", "script = [{ frames = 5, inputs = [1] }]", "script =", {"'entity.script.inputs' must be a table of input values"}},
        {"wall_left = true", "alive = 1", "alive = 1", {"'expect.alive' must be true or false, not an integer"}},
        {"manifest = \"../actor-walk.toml\"", "manifest = \"\"", "manifest = \"\"", {"'manifest' must not be empty"}},
        {"manifest = \"../actor-walk.toml\"", "manifest = 3", "manifest = 3", {"'manifest' must be a string, not an integer"}},
    });
    const std::string run = blockEngineScenarioText("run-and-jump");
    checkParseRefusals(run, {
        {"{ frames = 46 }", "{ frames = 46, buttons = \"right\" }", "{ frames = 46",
         {"'entity.script.buttons' must be an array of button names like [\"right\", \"b\"] (b, y, select, start, up, down, left, right, a, x, l, r)"}},
        {"{ frames = 46 }", "{ frames = 46, buttons = [\"jump\"] }", "{ frames = 46",
         {"'entity.script.buttons' holds \"jump\", which is no button: b, y, select, start, up, down, left, right, a, x, l, r"}},
        {"{ frames = 46 }", "{ frames = 46, buttons = [\"Right\"] }", "{ frames = 46", {"holds \"Right\", which is no button"}},
        {"{ frames = 46 }", "{ frames = 46, buttons = [8] }", "{ frames = 46", {"'entity.script.buttons' holds an integer, which is no button"}},
        {"buttons = [\"right\"] }", "buttons = [\"right\"], button = [\"b\"] }", "script = ", {"unknown key 'button' in the script step"}},
    });
}

TEST_CASE("engine scenario: a manifest that leads nowhere is refused at its line")
{
    const TempDir dir;
    const std::string text = replaced(blockEngineScenarioText("walk-into-walls"), "../actor-walk.toml", "missing.toml");
    const fs::path path = dir.write("s.toml", text);
    try {
        loadScenario(path);
        FAIL("a scenario whose manifest is missing was accepted");
    } catch (const InputError& e) {
        checkMessage(dir.relative(e.what()), "s.toml:" + std::to_string(lineWith(text, "manifest = ")),
                     {"'manifest' leads to no design for the map", "missing.toml: cannot open"});
    }
}

// A scenario in a folder with copies of the block engine's manifests and design, run on the built
// ROM: what the runner throws, the folder cut out; "" if it runs.
std::string runError(const std::string& text)
{
    const TempDir dir;
    for (const char* manifest : {"actor-walk.toml", "actor-fall.toml", "player-frame.toml"}) {
        dir.write(manifest, blockEngineText(manifest));
    }
    dir.write("blocks.toml", blockEngineText("blocks.toml"));
    const fs::path path = dir.write("s.toml", text);
    try {
        ScenarioOpener opener;
        const OpenedScenario opened = opener.open(path);
        runScenario(opened.scenario, *opened.rom);
    } catch (const InputError& e) {
        return dir.relative(e.what());
    }
    return "";
}

void checkRunRefusals(const std::string& text, const std::vector<Refusal>& refusals)
{
    for (const Refusal& refusal : refusals) {
        CAPTURE(refusal.to);
        const std::string edited = replaced(text, refusal.from, refusal.to);
        const std::string message = runError(edited);
        INFO(message);
        CHECK(message.starts_with("s.toml:" + std::to_string(lineWith(edited, refusal.at)) + ": "));
        for (const std::string& word : refusal.words) {
            CHECK(contains(message, word));
        }
    }
}

TEST_CASE("engine scenario: inputs, buttons, velocities, hitboxes and expectations the manifest cannot take are refused at their line")
{
    const std::string walls = replaced(blockEngineScenarioText("walk-into-walls"), "../actor-walk.toml", "actor-walk.toml");
    CHECK(runError(walls).empty());
    checkRunRefusals(walls, {
        {"inputs = { direction = 1 }", "inputs = { facing = 1 }", "inputs = { facing",
         {"input \"facing\" is not one of actor-walk.toml's [inputs] (direction, speed, type)"}},
        {"inputs = { direction = 1 }", "inputs = { direction = 256 }", "inputs = { direction",
         {"input \"direction\" is 256, which its 8 bits do not hold (0..255)"}},
        {"inputs = { direction = 1 }", "inputs = { direction = -1 }", "inputs = { direction", {"input \"direction\" is -1, which its 8 bits do not hold"}},
        {"inputs = { speed = 0x18 }", "inputs = { speed = 0x10000 }", "inputs = { speed",
         {"input \"speed\" is 65536, which its 16 bits do not hold (0..65535)"}},
        {"inputs = { speed = 0x18 }", "script = [\n  { frames = 5, inputs = { facing = 0 } }]", "inputs = { facing",
         {"input \"facing\" is not one of actor-walk.toml's [inputs]"}},
        {"inputs = { speed = 0x18 }", "script = [{ frames = 5, buttons = [\"right\"] }]", "script =",
         {"the step holds buttons, but actor-walk.toml has no [controller] to write them to"}},
        {"inputs = { speed = 0x18 }", "script = [{ frames = 5, walk = 1 }]", "script =",
         {"the step sets a velocity or gravity, but actor-walk.toml's routine moves the entity itself (movement = \"routine\")"}},
        {"inputs = { speed = 0x18 }", "script = [{ frames = 5, gravity = \"up\" }]", "script =", {"the step sets a velocity or gravity"}},
        {"hitbox = { left = 5, right = 5, top = 11, height = 12 }\npos = [40, 96]",
         "hitbox = { left = 4, right = 6, top = 11, height = 12 }\npos = [40, 96]", "[[entity]]\nname = \"rightward\"",
         {"the hitbox", "is not one actor-walk.toml can hold: its hitbox is a width and a height from the feet, so left = right and top = height - 1"}},
        {"hitbox = { left = 5, right = 5, top = 11, height = 12 }\npos = [40, 96]",
         "hitbox = { left = 5, right = 5, top = 10, height = 12 }\npos = [40, 96]", "[[entity]]\nname = \"rightward\"", {"is not one actor-walk.toml can hold"}},
    });
    // ActorFall takes no direction or speed, and reports no walls.
    std::string fall = replaced(walls, "manifest = \"actor-walk.toml\"", "manifest = \"actor-fall.toml\"");
    fall = replaced(replaced(fall, "inputs = { speed = 0x18 }", "inputs = { type = 1 }"), "inputs = { direction = 1 }", "inputs = { type = 2 }");
    checkRunRefusals(fall, {
        {"name = \"walk-into-walls\"", "name = \"walk-into-walls\"", "[[expect]]", {"the expectation checks wall_right (state_bits.right), which actor-fall.toml does not report"}},
        {"inputs = { type = 2 }", "inputs = { direction = 1 }", "inputs = { direction", {"input \"direction\" is not one of actor-fall.toml's [inputs] (type)"}},
    });
    const std::string player = replaced(blockEngineScenarioText("run-and-jump"), "../player-frame.toml", "player-frame.toml");
    CHECK(runError(player).empty());
    checkRunRefusals(player, {
        {"standing = true", "alive = true", "[[expect]]", {"the expectation checks alive (entity.alive), which player-frame.toml does not report"}},
        {"pos = [40, 96]", "pos = [40, 96]\ninputs = { type = 1 }", "inputs = ",
         {"input \"type\" is not one of player-frame.toml's inputs: it has no [inputs]"}},
    });
}

} // namespace
} // namespace tileprof::test
