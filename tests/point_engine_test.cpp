// What a real engine's author says in a manifest, on engines of ours with their habits:
// roms/point-engine (a hand-written ca65 platformer: hitboxes as immediates, a slope table in 1/16 px
// from the tile's top with two-tile slopes, one probe a side, a standing counter, jumps on new
// presses, a Tiled tileset that names tiles by a Name property, a walk routine that answers with the
// carry) and roms/c-engine's objCanMove (tcc-816's convention: the argument on the stack, the answer
// in tcc__r0). Each is run as its files ship, then with the one thing the manifest says taken away
// or said otherwise, to show that saying it is what makes the answer right.

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "profiler/formats/design/design.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "tests/support/command.hpp"
#include "tests/support/command_json.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <array>
#include <filesystem>
#include <string>
#include <vector>

using namespace tileprof;
using namespace tileprof::test;
namespace fs = std::filesystem;

namespace {

const fs::path kSource = fs::path(TILEPROF_SOURCE_DIR) / "roms";

// A copy of an engine's manifests, design and scenarios (their levels read where they ship), in
// which a test may say one thing otherwise.
class EngineCopy {
public:
    explicit EngineCopy(const std::string& engine) : source_(kSource / engine)
    {
        for (const fs::directory_entry& entry : fs::directory_iterator(source_)) {
            if (entry.path().extension() == ".toml") {
                put(entry.path().filename().string(), slurp(entry.path()));
            }
        }
        for (const fs::directory_entry& entry : fs::directory_iterator(source_ / "scenarios")) {
            restore("scenarios/" + entry.path().filename().string());
        }
    }

    // File `name` as it ships again; a scenario's levels read where they ship.
    void restore(const std::string& name) const
    {
        std::string text = slurp(source_ / name);
        if (contains(text, "\"../levels/")) {
            text = replaced(text, "\"../levels/", "\"" + (source_ / "levels").string() + "/");
        }
        put(name, text);
    }

    void put(const std::string& name, const std::string& text) const { dir_.write(name, text); }
    std::string text(const std::string& name) const { return slurp(dir_.file(name)); }
    // Replaces `from` with `to` in file `name`, which must hold it.
    void change(const std::string& name, const std::string& from, const std::string& to) const
    {
        const std::string before = text(name);
        REQUIRE(before.find(from) != std::string::npos);
        put(name, replaced(before, from, to));
    }
    fs::path file(const std::string& name) const { return dir_.file(name); }

    CommandResult run(const std::vector<std::string>& scenarios) const
    {
        std::vector<std::string> args{"run"};
        for (const std::string& scenario : scenarios) {
            args.push_back(file("scenarios/" + scenario + ".toml").string());
        }
        return runTileprof(args);
    }

private:
    fs::path source_;
    TempDir dir_;
};


// The number of calls of the only case row named `name` in a run's table; 0 when it has none.
int callsOf(const std::string& table, const std::string& name)
{
    for (const std::string& line : splitLines(table)) {
        if (line.starts_with(name + " ")) {
            return std::stoi(line.substr(name.size()));
        }
    }
    return 0;
}

} // namespace

TEST_CASE("point engine: its scenarios pass as the manifests say the engine")
{
    const EngineCopy engine("point-engine");
    const CommandResult run = engine.run({"climb-the-hill", "hold-jump", "steep-slope", "walk-into-walls"});
    INFO(run.out, run.err);
    CHECK(run.exitCode == 0);
    CHECK(contains(run.out, "4 scenarios, 890 calls"));
    CHECK(callsOf(run.out, "point-engine/move-player: on-slope") == 23);
    CHECK(callsOf(run.out, "point-engine/actor-collide: on-slope") == 22);
}

TEST_CASE("point engine: a hitbox that is constants in the code, per kind")
{
    const EngineCopy engine("point-engine");
    // The manifest's box is what the harness checks; a scenario that draws another is refused.
    engine.change("scenarios/steep-slope.toml", "hitbox = { left = 4, right = 4, top = 7, height = 8 }",
                  "hitbox = { left = 8, right = 8, top = 15, height = 16 }");
    const CommandResult wrong = engine.run({"steep-slope"});
    CHECK(wrong.exitCode != 0);
    CHECK(contains(wrong.out, "the hitbox { left = 8, right = 8, top = 15, height = 16 } is not the routine's: its box of kind 2 "
                              "is constant, { left = 4, right = 4, top = 7, height = 8 }"));
    engine.restore("scenarios/steep-slope.toml");
    engine.change("scenarios/steep-slope.toml", "inputs = { kind = 2 }", "inputs = { kind = 3 }");
    CHECK(contains(engine.run({"steep-slope"}).out, "the entity is of kind 3, which has no box in "));
    // Nor may a step change the box, or the kind that chooses it.
    engine.change("scenarios/steep-slope.toml", "inputs = { kind = 3 }", "inputs = { kind = 2 }");
    engine.change("scenarios/steep-slope.toml", "script = [ { frames = 120, walk = 1 } ]\n\n[[expect]]",
                  "script = [ { frames = 60, walk = 1 }, { frames = 60, walk = 1, inputs = { kind = 1 } } ]\n\n[[expect]]");
    CHECK(contains(engine.run({"steep-slope"}).out, "the step changes input \"kind\", the entity's kind, which chooses its constant hitbox"));
    engine.restore("scenarios/steep-slope.toml");
    engine.change("scenarios/steep-slope.toml", "script = [ { frames = 120, walk = 1 } ]\n\n[[expect]]",
                  "script = [ { frames = 60, walk = 1 }, { frames = 60, walk = 1, hitbox = { left = 4, right = 4, top = 7, height = 8 } } ]\n\n[[expect]]");
    CHECK(contains(engine.run({"steep-slope"}).out, "the step changes the hitbox, but "));
    // In the game, each actor has its kind's box.
    const nlohmann::json played = tileprofJson({"play", bundledRomPath("point-engine").string(), "--frames", "60", "--profile",
                                            "ActorCollide", "--manifest", engine.file("actor-collide.toml").string(), "--format", "json"});
    std::vector<int> heights;
    for (const nlohmann::json& call : played["routines"][0]["calls"]) {
        if (call["frame"] == 30) {
            heights.push_back(call["after"]["hitbox"]["height"]);
        }
    }
    CHECK(heights == std::vector<int>{16, 8});
    CHECK(played["invariants_broken"].empty());
}

TEST_CASE("point engine: a slope table in sixteenths of a pixel from the top, and a slope two tiles high")
{
    const EngineCopy engine("point-engine");
    const ProfiledRom rom = loadProfiledRom(RomFiles{bundledRomPath("point-engine"), std::nullopt, engine.file("move-player.toml")});
    const auto rows = [&](TileId id) {
        const std::array<std::uint8_t, 16>& all = rom.design[id].floor.rows;
        return std::vector<int>(all.begin(), all.end());
    };
    CHECK(rows(2) == std::vector<int>{15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0});
    CHECK(rows(3) == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});
    // Its surface is in the lower tile for the first 8 columns, in the upper one after.
    CHECK(rows(4) == std::vector<int>{16, 16, 16, 16, 16, 16, 16, 16, 15, 13, 11, 9, 7, 5, 3, 1});
    CHECK(rows(5) == std::vector<int>{15, 13, 11, 9, 7, 5, 3, 1, 0, 0, 0, 0, 0, 0, 0, 0});
    // Read as one-tile heights above the bottom (the design without scale and origin), every rest
    // on a slope would be wrong; entries beyond the tile are refused, not clamped.
    engine.change("points.toml", "ids = [4, 4]                # SteepUpRight: the upper tile of a slope 32 px high\nheights = \"steep_depths\"\nentry_bytes = 2\nscale = 16\norigin = \"top\"\nspan = 2                    # measured from the top of the upper tile, over both\npart = \"upper\"",
                  "ids = [4, 4]\nheights = \"steep_depths\"\nentry_bytes = 2\nscale = 16\norigin = \"top\"");
    try {
        loadProfiledRom(RomFiles{bundledRomPath("point-engine"), std::nullopt, engine.file("move-player.toml")});
        FAIL("the table's entries beyond the tile were taken");
    } catch (const InputError& e) {
        INFO(std::string(e.what()));
        CHECK(contains(e.what(), "move-player.toml:10: symbol \"SlopeDepths + 64\" holds 496 for tile 4's column 0 (entry 0), beyond the 16 px the "
                                 "slope spans at 16 a pixel: at most 271"));
    }
}

TEST_CASE("point engine: one probe a side is the collision model, whose promises the harness and play check")
{
    const EngineCopy engine("point-engine");
    // Under the box model the climb clips the hill's corners, as the engine means it to.
    engine.change("points.toml", "collision_model = \"points\"\nprobes = [\"bottom_centre\", \"top_centre\", \"left_middle\", \"right_middle\"]\n", "");
    const CommandResult boxed = engine.run({"climb-the-hill"});
    CHECK(boxed.exitCode != 0);
    CHECK(contains(boxed.out, "px into a floor: the SOLID tile"));
    // A probe in a wall is what the model calls broken.
    engine.restore("points.toml");
    engine.change("points.toml", "probes = [\"bottom_centre\", \"top_centre\", \"left_middle\", \"right_middle\"]",
                  "probes = [\"bottom_centre\", \"top_centre\", \"left_middle\", \"right_middle\", \"bottom_right\"]");
    const CommandResult corner = engine.run({"climb-the-hill"});
    CHECK(contains(corner.out, "the hitbox's bottom_right probe"));
}

TEST_CASE("point engine: a standing counter is read by the test the manifest names")
{
    const EngineCopy engine("point-engine");
    // As one bit (1), standing on a slope (2) reads as in the air: the expectation at frame 70 fails.
    engine.change("move-player.toml", "state_bits = { down = { test = \"nonzero\" } }", "state_bits = { down = 1 }");
    const CommandResult bit = engine.run({"climb-the-hill"});
    CHECK(contains(bit.out, "frame 70, entity \"player\": expected standing = true, got false"));
    engine.change("move-player.toml", "state_bits = { down = 1 }", "state_bits = { down = { test = \"equals\", value = 2 } }");
    const CommandResult slope = engine.run({"climb-the-hill"});
    CHECK(contains(slope.out, "frame 160, entity \"player\": expected standing = true, got false")); // on flat ground: 1
    CHECK_FALSE(contains(slope.out, "frame 70,"));
}

TEST_CASE("point engine: the host derives new presses, so held B jumps once")
{
    const EngineCopy engine("point-engine");
    const CommandResult once = engine.run({"hold-jump"});
    CHECK(once.exitCode == 0);
    CHECK(callsOf(once.out, "jump") == 1);
    engine.change("move-player.toml", "new = \"keynew\"               # the buttons pressed since the frame before\n", "");
    const CommandResult never = engine.run({"hold-jump"});
    CHECK(callsOf(never.out, "jump") == 0);
    CHECK(contains(never.out, "frame 20, entity \"player\": expected standing = false, got true"));
}

TEST_CASE("point engine: the manifest names the Tiled tileset's property and its values")
{
    const EngineCopy engine("point-engine");
    engine.change("move-player.toml", "property = \"Name\"", "property = \"Kind\"");
    const CommandResult unnamed = engine.run({"climb-the-hill"});
    CHECK(unnamed.exitCode != 0);
    CHECK(contains(unnamed.out, "in which no tile has the \"Kind\" property (nor is its bool property collision_ids set): every tile of it "
                                "would be read as empty"));
    engine.change("move-player.toml", "property = \"Kind\"", "property = \"Name\"");
    engine.change("move-player.toml", "Solid = \"SOLID\", ", "");
    const CommandResult unmapped = engine.run({"climb-the-hill"});
    CHECK(contains(unmapped.out, "its \"Name\" is \"Solid\", which is not one of the manifest's [tiled] values"));
}

TEST_CASE("point engine: a walk routine's answer is checked by one rule in the harness and in the game")
{
    const EngineCopy engine("point-engine");
    const std::string rom = bundledRomPath("point-engine").string();
    const auto broken = [&] {
        const CommandResult played = runTileprof({"play", rom, "--frames", "400", "--profile", "ActorWalk", "--manifest",
                                                  engine.file("actor-walk.toml").string(), "--format", "json"});
        INFO(played.err);
        CHECK(played.exitCode == (played.out.find("clips") == std::string::npos ? 0 : 1)); // broken invariants fail a play
        return nlohmann::json::parse(played.out)["invariants_broken"];
    };
    CHECK(broken().empty());
    CHECK(engine.run({"walk-into-walls"}).exitCode == 0);
    // The box model: the game's crawler walks its box into the hill's corner, which play reports
    // as the harness reports its scenarios' (it used to skip routines with an [outcome]).
    engine.change("points.toml", "collision_model = \"points\"\nprobes = [\"bottom_centre\", \"top_centre\", \"left_middle\", \"right_middle\"]\n", "");
    const nlohmann::json boxed = broken();
    REQUIRE_FALSE(boxed.empty());
    CHECK(boxed[0] == "frame 190, entity 1: the hitbox (columns 713..720, rows 171..178) clips 1 px into a wall on its right: the SOLID tile "
                      "(column 45, row 11)");
}

TEST_CASE("c engine: objCanMove takes the object's index on the stack and answers in tcc__r0")
{
    const EngineCopy engine("c-engine");
    const CommandResult run = engine.run({"boxes-meet-walls"});
    INFO(run.out, run.err);
    CHECK(run.exitCode == 0);
    CHECK(callsOf(run.out, "blocked") > 0);
    // Without the argument, the routine reads the return address's bytes above as the index.
    engine.change("obj-can-move.toml", "arguments = [\"entity_index\"] # objCanMove(u16 idx)\n", "");
    const CommandResult unpushed = engine.run({"boxes-meet-walls"});
    CHECK(unpushed.exitCode != 0);
    // And the answer is the memory's, not a register's.
    engine.restore("obj-can-move.toml");
    engine.change("obj-can-move.toml", "answer = { at = \"tcc__r0\", format = \"u16\" }", "answer = \"a\"");
    CHECK(engine.run({"boxes-meet-walls"}).exitCode != 0);
}

TEST_CASE("point engine: a design says a slope table's direction, and refuses what it cannot mean")
{
    const std::string design = slurp(kSource / "point-engine/points.toml");
    // SlopeUpLeft is SlopeUpRight's entries read from the right.
    const EngineCopy engine("point-engine");
    engine.change("points.toml", "ids = [2, 3]", "ids = [2, 2]");
    engine.change("points.toml", "[[table.slope]]\nids = [4, 4]",
                  "[[table.slope]]\nids = [3, 3]\nheights = \"slope_depths\"\nentry_bytes = 2\nscale = 16\norigin = \"top\"\n"
                  "direction = \"right_to_left\"\n\n[[table.slope]]\nids = [4, 4]");
    const ProfiledRom rom = loadProfiledRom(RomFiles{bundledRomPath("point-engine"), std::nullopt, engine.file("move-player.toml")});
    const std::array<std::uint8_t, 16>& rows = rom.design[3].floor.rows;
    CHECK(std::vector<int>(rows.begin(), rows.end()) == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});

    const auto refusal = [&](const std::string& from, const std::string& to) {
        try {
            parseDesign("points.toml", replaced(design, from, to));
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    CHECK(contains(refusal("origin = \"top\"              # the surface's depth under the tile's top row", "origin = \"middle\""),
                   "'table.slope.origin' must be \"bottom\" or \"top\", not \"middle\""));
    CHECK(contains(refusal("origin = \"top\"              # the surface's depth under the tile's top row", "origin = \"top\"\ndirection = \"up\""),
                   "'table.slope.direction' must be \"left_to_right\" or \"right_to_left\", not \"up\""));
    CHECK(contains(refusal("origin = \"top\"              # the surface's depth under the tile's top row", "origin = \"top\"\npart = \"upper\""),
                   "'table.slope.part' is for a slope that spans two tiles (span = 2)"));
    CHECK(contains(refusal("part = \"upper\"", ""), "[[table.slope]] 2 is missing the required key 'part'"));
    CHECK(contains(refusal("span = 2                    # measured", "span = 3                    # measured"), "'table.slope.span' must be 1..2, not 3"));
    CHECK(contains(refusal("collision_model = \"points\"", "collision_model = \"dots\""), "'invariants.collision_model' must be \"box\""));
    CHECK(contains(refusal("\"right_middle\"]", "\"right_middle\", \"left_middle\"]"),
                   "'invariants.probes' holds a point named twice or unknown: \"left_middle\""));
    CHECK(contains(refusal("\"right_middle\"]", "\"right_middle\", \"middle\"]"), "holds a point named twice or unknown: \"middle\" (the points: "
                                                                               "bottom_centre, top_centre, left_middle, right_middle, top_left, "
                                                                               "top_right, bottom_left, bottom_right)"));
    CHECK(contains(refusal("collision_model = \"points\"\n", ""), "'invariants.probes' is for collision_model = \"points\""));
}

TEST_CASE("point engine: explore plays each kind with its own box, and its findings replay with their manifest")
{
    const EngineCopy engine("point-engine");
    const TempDir out;
    const CommandResult explored = runTileprof({"explore", engine.file("scenarios/steep-slope.toml").string(), "--calls", "3000",
                                                "--out", out.path().string()});
    INFO(explored.out, explored.err);
    REQUIRE(explored.exitCode == 0);
    CHECK(contains(explored.out, "no failure"));
    std::vector<std::string> findings;
    for (const fs::directory_entry& entry : fs::directory_iterator(out.path())) {
        findings.push_back(entry.path().string());
        // Found from where it is written: another directory than the scenario's.
        CHECK(contains(slurp(entry.path()), "manifest = \"" + fs::relative(engine.file("actor-collide.toml"), out.path()).generic_string()));
    }
    REQUIRE_FALSE(findings.empty());
    std::vector<std::string> args{"run"};
    args.insert(args.end(), findings.begin(), findings.end());
    const CommandResult replayed = runTileprof(args);
    INFO(replayed.out, replayed.err);
    CHECK(replayed.exitCode == 0);
}
