// tileprof play on the command line: the report's figures from a real run, the same report from
// every form of the same input, and bad input refused.

#include "base/bundled_files.hpp"
#include "tests/support/command.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

using namespace tileprof;
using namespace tileprof::test;

namespace {

std::string callsRom()
{
    return bundledRomPath("play-calls").string();
}

std::filesystem::path movie(const char* name)
{
    return std::filesystem::path(TILEPROF_TEST_DATA_DIR) / "movies" / name;
}

// The report without its first line, which names the input file.
std::string withoutTitle(const std::string& report)
{
    return report.substr(report.find('\n') + 1);
}

} // namespace

TEST_CASE("play: the JSON report holds every call and every frame of the run")
{
    const CommandResult result = runTileprof(
        {"play", callsRom(), "--profile", "Leaf", "--profile", "Spin", "--frames", "10", "--format", "json"});
    REQUIRE(result.exitCode == 0);
    const nlohmann::json report = nlohmann::json::parse(result.out);
    CHECK(report["frames_run"] == 10);
    REQUIRE(report["routines"].size() == 2);
    CHECK(report["routines"][0]["name"] == "Leaf");
    std::map<std::uint64_t, int> leavesPerFrame;
    for (const auto& call : report["routines"][0]["calls"]) {
        const auto& clocks = call["clocks"];
        CHECK(clocks["total"].get<std::uint64_t>() ==
              clocks["own"].get<std::uint64_t>() + clocks["dma"].get<std::uint64_t>() + clocks["hdma"].get<std::uint64_t>() +
                  clocks["refresh"].get<std::uint64_t>() + clocks["interrupts"].get<std::uint64_t>());
        ++leavesPerFrame[call["frame"].get<std::uint64_t>()];
    }
    CHECK(leavesPerFrame[4] == 5);
    REQUIRE(report["frames"].size() == 10);
    const auto& frame = report["frames"][4];
    CHECK(frame["clocks"].get<std::uint64_t>() ==
          frame["routines"]["Leaf"].get<std::uint64_t>() + frame["routines"]["Spin"].get<std::uint64_t>() +
              frame["nmi"].get<std::uint64_t>() + frame["irq"].get<std::uint64_t>() + frame["other"].get<std::uint64_t>() +
              frame["waiting"].get<std::uint64_t>());
    CHECK(report["frames"][3]["lag"] != report["frames"][4]["lag"]); // the pads are read every other frame
}

TEST_CASE("play: the same input as a script or as any movie gives the same report, run after run")
{
    const std::string demo = bundledRomPath("demo").string();
    const auto played = [&](const char* input) {
        const CommandResult result = runTileprof({"play", demo, "--profile", "MoveEntityAndProcessTileCollisions",
                                                  "--input", movie(input).string(), "--frames", "120"});
        REQUIRE(result.exitCode == 0);
        return result.out;
    };
    const std::string script = played("sequence.toml");
    CHECK(contains(script, "input " + movie("sequence.toml").string() + " (input script, 16 frames)"));
    CHECK(script == played("sequence.toml"));
    const CommandResult none = runTileprof({"play", demo, "--profile", "MoveEntityAndProcessTileCollisions", "--frames", "120"});
    CHECK(withoutTitle(none.out) != withoutTitle(script)); // the pads change what the game does
    for (const char* name : {"sequence.bk2", "sequence.lsmv", "sequence.mmo", "sequence.smv"}) {
        CAPTURE(name);
        CHECK(withoutTitle(played(name)) == withoutTitle(script));
    }
}

TEST_CASE("play: routines, labels and inputs that are not there are refused")
{
    const CommandResult unknown = runTileprof({"play", callsRom(), "--profile", "Nowhere"});
    CHECK(unknown.exitCode == 2);
    CHECK(contains(unknown.err, "Nowhere"));
    const CommandResult constant = runTileprof({"play", callsRom(), "--profile", "SPIN_LOOPS"});
    CHECK(constant.exitCode == 2);
    CHECK(contains(constant.err, "SPIN_LOOPS: SPIN_LOOPS is a constant, not a label of code"));
    const CommandResult input = runTileprof({"play", callsRom(), "--profile", "Leaf", "--input", "/nonexistent/walk.toml"});
    CHECK(input.exitCode == 2);
    CHECK(contains(input.err, "/nonexistent/walk.toml"));
    CHECK(input.out.empty());
    const std::string manifest = (std::filesystem::path(TILEPROF_SOURCE_DIR) / "roms" / "tile-collision" / "manifest.toml").string();
    const CommandResult unprofiled =
        runTileprof({"play", bundledRomPath("demo").string(), "--profile", "UpdatePlayer", "--manifest", manifest});
    CHECK(unprofiled.exitCode == 2);
    CHECK(contains(unprofiled.err, "its routine, MoveEntityAndProcessTileCollisions, is not one the play profiles"));
}

TEST_CASE("play: a play file says it all, and a broken budget fails the run naming the routine and frame")
{
    const TempDir dir;
    const std::string rom = "rom = \"" + callsRom() + "\"\nframes = 10\n";
    const std::string kept = dir.write("kept.play.toml", rom + R"(
[[routine]]
name = "Leaf"
budget = 182

[[routine]]
name = "Spin"

[frame]
budget = 200000
)").string();
    const CommandResult within = runTileprof({"play", kept});
    CHECK(within.exitCode == 0);
    CHECK(contains(within.out, "Leaf: at most 182 master clocks a call, interrupts and waiting left out: kept (the most 182, in frame"));
    CHECK(contains(within.out, "frames: at most 200,000 master clocks busy (all but waiting): kept"));

    const std::string over = dir.write("over.play.toml", rom + R"(
[[routine]]
name = "Leaf"
budget = 181

[frame]
budget = 100000
)").string();
    const CommandResult broken = runTileprof({"play", over});
    CHECK(broken.exitCode == 1);
    CHECK(contains(broken.out, "Leaf: at most 181 master clocks a call, interrupts and waiting left out: OVER in 50 calls of 50, the worst 182 in frame 0"));
    CHECK(contains(broken.out, "frames: at most 100,000 master clocks busy (all but waiting): OVER in 9 frames: 1 ("));
    const CommandResult json = runTileprof({"play", over, "--format", "json"});
    CHECK(json.exitCode == 1);
    CHECK(nlohmann::json::parse(json.out)["within_budgets"] == false);
}

TEST_CASE("play: a play file that cannot be used is refused, naming its line and key")
{
    const TempDir dir;
    const auto refused = [&](const std::string& text) {
        const std::string path = dir.write("bad.play.toml", text).string();
        const CommandResult result = runTileprof({"play", path});
        CHECK(result.exitCode == 2);
        CHECK(result.out.empty());
        return dir.relative(result.err);
    };
    const std::string rom = "rom = \"" + callsRom() + "\"\n";
    CHECK(contains(refused(rom), "names no routine to profile"));
    CHECK(contains(refused(rom + "[[routine]]\nname = \"Leaf\"\nbudget = 0\n"), "bad.play.toml:4:"));
    CHECK(contains(refused(rom + "speed = 2\n[[routine]]\nname = \"Leaf\"\n"), "speed"));
    CHECK(contains(refused(rom + "[[routine]]\nname = \"Nowhere\"\n"), "Nowhere"));
    CHECK(contains(refused(rom + "idle = \"Leaf\"\n[[routine]]\nname = \"Leaf\"\n"), "must be a list of labels"));
    const std::string path = dir.write("good.play.toml", rom + "[[routine]]\nname = \"Leaf\"\n").string();
    const CommandResult mixed = runTileprof({"play", path, "--frames", "3"});
    CHECK(mixed.exitCode == 2);
    CHECK(contains(mixed.err, "a play file says what to play"));
}

TEST_CASE("play: baseline, check and diff take a play, and catch a routine made slower in the game")
{
    const TempDir dir;
    const std::string play = dir.write("calls.play.toml", "rom = \"" + callsRom() + R"("
frames = 10

[[routine]]
name = "Leaf"

[[routine]]
name = "Spin"
)").string();
    const std::string baseline = dir.file("calls.baseline.json").string();
    REQUIRE(runTileprof({"baseline", "--play", play, "--out", baseline}).exitCode == 0);
    const nlohmann::json figures = nlohmann::json::parse(slurp(baseline));
    CHECK(figures["play"] == "calls.play.toml");
    CHECK(figures["cases"][0]["case"] == "Leaf");
    CHECK(figures["cases"][0]["calls"] == 50);
    CHECK(figures["cases"][0]["max_cycles"] == 25); // LDY #, DEY and BNE thrice, NOP, RTS

    const CommandResult same = runTileprof({"check", "--baseline", baseline});
    CHECK(same.exitCode == 0);
    CHECK(contains(same.out, "passed: 0 cases slower"));

    const std::string slowed = bundledRomPath("play-calls-slowed").string();
    const CommandResult slower = runTileprof({"check", "--baseline", baseline, "--rom", slowed});
    CHECK(slower.exitCode == 1);
    CHECK(contains(slower.out, "SLOWER (its longest call: frame 0)"));
    CHECK(contains(slower.out, "FAILED: 1 case slower"));

    const CommandResult diff = runTileprof({"diff", "--play", play, callsRom(), slowed, "--format", "json"});
    CHECK(diff.exitCode == 1);
    const nlohmann::json comparison = nlohmann::json::parse(diff.out);
    CHECK(comparison["cases"][0]["slower"] == true);
    CHECK(comparison["cases"][1]["slower"] == false);

    const std::string tight = dir.write("tight.play.toml", slurp(play) + "\n[frame]\nbudget = 100000\n").string();
    const std::string tightBaseline = dir.file("tight.baseline.json").string();
    REQUIRE(runTileprof({"baseline", "--play", tight, "--out", tightBaseline}).exitCode == 0);
    const CommandResult broken = runTileprof({"check", "--baseline", tightBaseline});
    CHECK(broken.exitCode == 1);
    CHECK(contains(broken.out, "broken: frames: at most 100,000 master clocks busy (all but waiting): OVER in 9 frames: 1 ("));
}

TEST_CASE("play: CSV has a row a call, Markdown the tables, JUnit a failing test case a broken budget")
{
    const std::string rom = callsRom();
    const CommandResult csv = runTileprof({"play", rom, "--profile", "Leaf", "--profile", "CopyByDma", "--frames", "3", "--format", "csv"});
    REQUIRE(csv.exitCode == 0);
    const std::vector<std::string> rows = splitLines(csv.out);
    REQUIRE(rows.size() == 1 + 15 + 2); // five Leaf calls a frame, a CopyByDma in the two whole frames after the first
    CHECK(rows[0] == "routine,case,frame,line,start_clock,call_site,depth,cycles,total,own,dma,hdma,refresh,interrupts,"
                     "waiting,interrupts_taken,finished,entity,x_before,y_before,x_after,y_after,state_after,tiles_read,invariant_broken\r");
    CHECK(rows[1].starts_with("Leaf,,0,"));
    CHECK(rows[1].ends_with(",25,182,182,0,0,0,0,0,0,true,,,,,,,,\r")); // no manifest: no entity, no map

    const CommandResult markdown = runTileprof({"play", rom, "--profile", "Leaf", "--frames", "3", "--format", "markdown"});
    CHECK(contains(markdown.out, "| Leaf | 15 | 25.0 | 25 | 25 | 0.13 | 0.13 | 182.0 | 0.0 | 0.0 | 0.0 | 0.0 | 0.0 | 0 |"));
    // For a pull request: the verdict and each routine's longest call first, the tables folded.
    CHECK(markdown.out.starts_with("### tileprof play: " + rom + ": passed\n\n3 frames from power-on, input none"));
    CHECK(markdown.out.find("\n- Leaf: 15 calls, the longest 25 cycles, in frame 0\n") < markdown.out.find("<details>"));

    const TempDir dir;
    const std::string play = dir.write("over.play.toml", "rom = \"" + rom + "\"\nframes = 3\n[[routine]]\nname = \"Leaf\"\nbudget = 181\n").string();
    const CommandResult junit = runTileprof({"play", play, "--format", "junit"});
    CHECK(junit.exitCode == 1);
    CHECK(contains(junit.out, "<testsuites name=\"tileprof play\" tests=\"1\" failures=\"1\" errors=\"0\">"));
    CHECK(contains(junit.out, "name=\"Leaf budget\""));
    CHECK(contains(junit.out, "<failure message=\"Leaf: at most 181 master clocks a call, interrupts and waiting left out: OVER in 15 calls of 15"));
    const CommandResult broken = runTileprof({"play", play, "--format", "markdown"});
    CHECK(broken.exitCode == 1);
    CHECK(broken.out.starts_with("### tileprof play: " + rom + ": FAILED\n"));
    CHECK(broken.out.find("**Broken:**\n\n- Leaf: at most 181 master clocks a call, interrupts and waiting left out: OVER in 15 calls of 15") <
          broken.out.find("<details>"));
}

TEST_CASE("play: the demo's walk, from its script or its BizHawk movie, and its baseline catching the slowed routine")
{
    const std::filesystem::path demo = std::filesystem::path(TILEPROF_SOURCE_DIR) / "roms" / "demo";
    const std::string walk = (demo / "walk.play.toml").string();
    const CommandResult played = runTileprof({"play", walk});
    REQUIRE(played.exitCode == 0);
    CHECK(played.out.starts_with("play demo: 1,917 frames from power-on, input "));
    CHECK(contains(played.out, "(input script, 1,917 frames)"));
    CHECK(contains(played.out, "lag frames: 0 of 1,917"));
    CHECK(contains(played.out, "MoveEntityAndProcessTileCollisions: at most 5,000 master clocks a call, interrupts and waiting left out: kept"));
    // Every case of the routine's manifest, in the game: standing most, and gravity both ways.
    for (const char* kase : {"    falling  ", "    standing  ", "    rising  ", "    ceiling-standing  "}) {
        CHECK(contains(played.out, kase));
    }

    const CommandResult movie = runTileprof({"play", bundledRomPath("demo").string(), "--profile",
                                             "MoveEntityAndProcessTileCollisions", "--manifest",
                                             (demo / ".." / "tile-collision" / "manifest.toml").string(), "--input",
                                             (demo / "walk.bk2").string()});
    REQUIRE(movie.exitCode == 0);
    CHECK(contains(movie.out, "(BizHawk bk2, 1,917 frames)"));
    // The same calls and frames: the reports differ in their first line and the budgets only.
    const auto body = [](const std::string& report) {
        std::string text = withoutTitle(report);
        const std::size_t budgets = text.find("\nverdict\n");
        if (budgets != std::string::npos) {
            text.erase(budgets, text.find("\n\n", budgets + 1) + 1 - budgets); // and the blank line before it
        }
        return text;
    };
    CHECK(body(movie.out) == body(played.out));

    const TempDir dir;
    const std::string baseline = dir.file("walk.baseline.json").string();
    REQUIRE(runTileprof({"baseline", "--play", walk, "--out", baseline}).exitCode == 0);
    CHECK(runTileprof({"check", "--baseline", baseline}).exitCode == 0);
    const CommandResult slowed = runTileprof({"check", "--baseline", baseline, "--rom", bundledRomPath("demo-slowed").string()});
    CHECK(slowed.exitCode == 1);
    CHECK(contains(slowed.out, "MoveEntityAndProcessTileCollisions: standing "));
    CHECK(contains(slowed.out, "SLOWER (its longest call: frame "));
    CHECK(contains(slowed.out, "FAILED: 5 cases slower")); // the routine and each of its four cases
}

TEST_CASE("play: with a manifest, each call has its entity before and after, the map cells it read, the invariants checked")
{
    const std::filesystem::path demo = std::filesystem::path(TILEPROF_SOURCE_DIR) / "roms" / "demo";
    const CommandResult played = runTileprof({"play", (demo / "walk.play.toml").string(), "--format", "json"});
    REQUIRE(played.exitCode == 0);
    const nlohmann::json report = nlohmann::json::parse(played.out);
    CHECK(report["invariants_broken"].empty());
    const auto& calls = report["routines"][0]["calls"];
    REQUIRE(calls.size() == 7668);
    // The demo moves its four entities in slot order, once a frame each.
    std::map<int, int> perEntity;
    std::size_t tiles = 0;
    for (std::size_t i = 0; i < calls.size(); ++i) {
        const auto& call = calls[i];
        CHECK(call["entity"] == static_cast<int>(i % 4));
        ++perEntity[call["entity"].get<int>()];
        tiles += call["tiles_read"].size();
        CHECK(call["invariant_broken"].is_null());
    }
    CHECK(perEntity.size() == 4);
    CHECK(perEntity[3] == 1917);
    CHECK(tiles > calls.size() * 3); // each call reads the tiles below and around its hitbox
    // The player's first call: it starts in the air at (168, 40), falling; the routine moves it by
    // its velocity.
    const auto& first = calls[0];
    CHECK(first["case"] == "falling");
    CHECK(first["before"]["x"] == 168.0);
    CHECK(first["before"]["y"] == 40.0);
    CHECK(first["after"]["y"].get<double>() == first["before"]["y"].get<double>() + first["before"]["y_velocity"].get<double>());
    CHECK(first["before"]["hitbox"]["height"] == 24);

    // CSV: the entity, its position before and after, the tiles read, on the call's row.
    const CommandResult csv = runTileprof({"play", (demo / "walk.play.toml").string(), "--format", "csv"});
    CHECK(splitLines(csv.out)[1].ends_with(",true,0,168.0,40.0,168.0,40.25,0,5,\r"));

    // The table says it entity by entity.
    const CommandResult table = runTileprof({"play", (demo / "walk.play.toml").string()});
    CHECK(contains(table.out, "    entity 3                           1,917 "));
    CHECK(contains(table.out, "  kept by every call\n"));

    // The same game read with the map's origin 8 pixels off: every standing entity now hangs in
    // the air, and the play fails naming the frame, the entity and the invariant.
    const TempDir dir;
    const std::filesystem::path manifest =
        dir.write("manifest.toml", replaced(slurp(demo / ".." / "tile-collision" / "manifest.toml"), "origin = [0x1000, 0x1000]",
                                            "origin = [0x1000, 0x1008]"));
    const CommandResult shifted = runTileprof({"play", bundledRomPath("demo").string(), "--profile",
                                               "MoveEntityAndProcessTileCollisions", "--manifest", manifest.string(),
                                               "--input", (demo / "walk.toml").string()});
    CHECK(shifted.exitCode == 1);
    CHECK(contains(shifted.out, "  frame 10, entity 2: standing, but the hitbox (columns 215..226, rows 119..134) does not rest 1 px above a floor\n"));
}

TEST_CASE("play: callgrind, speedscope and folded stacks of the routines' calls, or with --whole-frame of every frame")
{
    const std::string demo = bundledRomPath("demo").string();
    const std::vector<std::string> play{"play", demo, "--profile", "MoveEntityAndProcessTileCollisions", "--frames", "120"};
    const auto with = [&](std::vector<std::string> more) {
        std::vector<std::string> arguments = play;
        arguments.insert(arguments.end(), more.begin(), more.end());
        const CommandResult result = runTileprof(arguments);
        REQUIRE(result.exitCode == 0);
        return result.out;
    };
    const nlohmann::json report = nlohmann::json::parse(with({"--format", "json"}));
    std::uint64_t cycles = 0;
    std::uint64_t clocks = 0; // interrupts left out, as the flame graph of the calls leaves them
    for (const auto& call : report["routines"][0]["calls"]) {
        cycles += call["cycles"].get<std::uint64_t>();
        clocks += call["clocks"]["total"].get<std::uint64_t>() - call["clocks"]["interrupts"].get<std::uint64_t>();
    }
    std::uint64_t frameClocks = 0;
    for (const auto& frame : report["frames"]) {
        frameClocks += frame["clocks"].get<std::uint64_t>();
    }

    // The calls: every cycle of them, under the routine and the scopes inside it.
    const auto foldedCycles = [](const std::string& folded) {
        std::uint64_t sum = 0;
        for (const std::string& line : splitLines(folded)) {
            sum += std::stoull(line.substr(line.rfind(' ') + 1));
        }
        return sum;
    };
    const std::string folded = with({"--format", "folded"});
    CHECK(foldedCycles(folded) == cycles);
    CHECK(contains(folded, "MoveEntityAndProcessTileCollisions;MoveEntityAndProcessTileCollisions::XAxis "));
    const std::string callgrind = with({"--format", "callgrind"});
    CHECK(contains(callgrind, "cmd: tileprof play (" + demo + ": the calls of MoveEntityAndProcessTileCollisions, 480 calls)\n"));
    CHECK(contains(callgrind, "\nsummary: " + std::to_string(cycles) + " " + std::to_string(clocks) + "\n"));

    // Every frame: the master clocks of all the frames, the main loop's (its wait for V-blank
    // included) and the NMI handler's, the routine under the main loop that calls it; and those of
    // the last step, which ran a few clocks into the frame after the last.
    const std::string frames = with({"--format", "callgrind", "--whole-frame"});
    const std::string summary = frames.substr(frames.find("\nsummary: ") + 10);
    const std::uint64_t profiled = std::stoull(summary.substr(summary.find(' ') + 1));
    CHECK(profiled >= frameClocks);
    CHECK(profiled < frameClocks + 100);
    CHECK(contains(frames, "cmd: tileprof play (" + demo + ": every frame, the main loop and each interrupt a call, 121 calls)\n"));
    const std::string wholeFolded = with({"--format", "folded", "--whole-frame"});
    CHECK(contains(wholeFolded, "\nReset;MainLoop;MoveEntities;MoveEntityAndProcessTileCollisions "));
    CHECK(contains(wholeFolded, "\nNmi;CopyOam "));
    const nlohmann::json speedscope = nlohmann::json::parse(with({"--format", "speedscope", "--whole-frame"}));
    REQUIRE(speedscope["profiles"].size() == 2);
    CHECK(speedscope["profiles"][1]["endValue"] == profiled);

    const CommandResult table = runTileprof({"play", demo, "--profile", "Nmi", "--whole-frame"});
    CHECK(table.exitCode == 2);
    CHECK(contains(table.err, "--whole-frame takes the code of every frame for the callgrind, speedscope and folded formats and --coverage"));
}

TEST_CASE("play: --coverage writes the line and branch coverage of the calls' code, or with --whole-frame of all the game's")
{
    const TempDir dir;
    const std::string demo = bundledRomPath("demo").string();
    const std::string calls = dir.file("calls.info").string();
    REQUIRE(runTileprof({"play", demo, "--profile", "MoveEntityAndProcessTileCollisions", "--frames", "120", "--coverage", calls})
                .exitCode == 0);
    const std::string routine = slurp(calls);
    CHECK(contains(routine, "tile_collision.s\n"));
    CHECK(contains(routine, "\nFNDA:480,MoveEntityAndProcessTileCollisions\n")); // four entities, 120 frames
    CHECK(!contains(routine, "main.s")); // the calls' code only

    const std::string all = dir.file("all.info").string();
    REQUIRE(runTileprof({"play", demo, "--profile", "MoveEntityAndProcessTileCollisions", "--frames", "120", "--coverage", all,
                         "--whole-frame"})
                .exitCode == 0);
    const std::string game = slurp(all);
    CHECK(contains(game, "\nFNDA:1,Reset\n"));
    CHECK(contains(game, "\nFNDA:120,Nmi\n"));
    CHECK(contains(game, "\nFNDA:480,MoveEntityAndProcessTileCollisions\n"));
}
