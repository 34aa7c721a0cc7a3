// A play that cannot pass by accident: routines never called, listed twice or not code, an `until`
// never reached, frame budgets that leave the boot out, and the same figures in every format.

#include "base/bundled_files.hpp"
#include "tests/support/command.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

using namespace tileprof;
using namespace tileprof::test;
namespace fs = std::filesystem;

namespace {

const fs::path kEngine = bundledRomPath("c-engine");

std::string engineSymbols()
{
    return slurp(kEngine.parent_path() / "c-engine.sym");
}

// A play file of the C-style engine (roms/c-engine) running `frames` frames, with `rest` after.
fs::path enginePlay(const TempDir& dir, const std::string& rest, int frames = 60)
{
    return dir.write("engine.play.toml", "rom = \"" + kEngine.string() + "\"\nframes = " + std::to_string(frames) + "\n" + rest);
}

} // namespace

TEST_CASE("play verdict: a routine never called fails the play, saying what the CPU did with its first byte")
{
    const TempDir dir;
    // Labels of the engine's symbol file, and three more: the middle of main's first instruction
    // (JSL objInitAll), a byte of the level map the enemy reads, and a label no code reaches.
    const std::string text = engineSymbols();
    const auto at = [&](const std::string& name) {
        const std::size_t line = text.find(" " + name + "\n");
        REQUIRE(line != std::string::npos);
        return std::stoul(text.substr(line - 8, 8), nullptr, 16);
    };
    const auto label = [](unsigned long address, const char* name) {
        char line[64];
        std::snprintf(line, sizeof line, "%08lx %s\n", address, name);
        return std::string(line);
    };
    dir.write("c-engine.sym", text + label(at("main") + 1, "insideMain") + label(at("LevelMap") + 22 * 32 + 13, "mapRow22") +
                                  label(at("EmptyHandler"), "unused"));
    fs::copy_file(kEngine, dir.file("c-engine.sfc"));
    const auto play = [&](const std::string& routine, const std::string& rule = "") {
        const fs::path file = dir.write("one.play.toml", "rom = \"c-engine.sfc\"\nframes = 60\n[[routine]]\nname = \"" + routine +
                                                             "\"\n" + rule);
        return runTileprof({"play", file.string()});
    };
    const CommandResult inside = play("insideMain");
    CHECK(inside.exitCode == 1);
    CHECK(contains(inside.out, "insideMain: never called: its first byte was fetched 1 time as an instruction's operand, "
                               "the label is inside an instruction (is the symbol file this ROM's?)"));
    const CommandResult data = play("mapRow22");
    CHECK(data.exitCode == 1);
    CHECK(contains(data.out, "mapRow22: never called: its first byte was read "));
    CHECK(contains(data.out, " as data and never run: not code"));
    const CommandResult branch = play("__local_2"); // getCollisionTile's, reached by a BCC
    CHECK(branch.exitCode == 1);
    CHECK(contains(branch.out, "__local_2: never called: its first instruction ran "));
    CHECK(contains(branch.out, ", reached by a branch or by running into it, never by a call"));
    const CommandResult unused = play("unused");
    CHECK(unused.exitCode == 1);
    CHECK(contains(unused.out, "unused: never called (a routine a play profiles must be called; optional = true if it may not be)"));

    const CommandResult optional = play("unused", "optional = true\n");
    CHECK(optional.exitCode == 0);
    CHECK(contains(optional.out, "unused: never called (optional)"));
    const CommandResult junit = runTileprof({"play", dir.file("one.play.toml").string(), "--format", "junit"});
    CHECK(contains(junit.out, "name=\"unused called\""));
    CHECK(!contains(junit.out, "<failure"));

    // On the command line too.
    CHECK(runTileprof({"play", dir.file("c-engine.sfc").string(), "--profile", "main", "--profile", "unused", "--frames", "10"}).exitCode == 1);
}

TEST_CASE("play verdict: a routine listed twice, two labels of one routine, a variable or a constant is refused")
{
    const TempDir dir;
    const fs::path twice = enginePlay(dir, "[[routine]]\nname = \"main\"\n\n[[routine]]\nname = \"moveMario\"\n\n[[routine]]\nname = \"main\"\nbudget = 1\n");
    const CommandResult listed = runTileprof({"play", twice.string()});
    CHECK(listed.exitCode == 2);
    CHECK(contains(listed.err, twice.string() + ":10: 'routine.name' main is profiled already (" + twice.string() +
                                   ":4): give each routine once, with its budget"));
    CHECK(runTileprof({"play", kEngine.string(), "--profile", "main", "--profile", "main"}).err ==
          "tileprof play: --profile main: given twice\n");

    // SECTIONSTART_.text_main is main's byte under another name.
    const CommandResult alias = runTileprof({"play", kEngine.string(), "--profile", "main", "--profile", "SECTIONSTART_.text_main"});
    CHECK(alias.exitCode == 2);
    CHECK(contains(alias.err, "--profile SECTIONSTART_.text_main: routine SECTIONSTART_.text_main is the code of main (--profile main), at $C0:"));

    const CommandResult variable = runTileprof({"play", kEngine.string(), "--profile", "marioX"});
    CHECK(variable.exitCode == 2);
    CHECK(contains(variable.err, "--profile marioX: routine marioX is at $00:0"));
    CHECK(contains(variable.err, ", which is not ROM nor code the symbol file places in RAM: a variable, not a routine"));
}

TEST_CASE("play verdict: an until never reached is said, and fails a play file")
{
    const TempDir dir;
    const CommandResult file = runTileprof({"play", enginePlay(dir, "until = \"EmptyHandler\"\n[[routine]]\nname = \"main\"\n").string()});
    CHECK(file.exitCode == 1);
    CHECK(contains(file.out, "until EmptyHandler: never reached in 60 frames"));
    const CommandResult line = runTileprof({"play", kEngine.string(), "--profile", "main", "--until", "EmptyHandler", "--frames", "60"});
    CHECK(line.exitCode == 0);
    CHECK(contains(line.out, "until EmptyHandler: never reached in 60 frames"));
    const CommandResult reached = runTileprof({"play", enginePlay(dir, "until = \"objUpdateAll\"\n[[routine]]\nname = \"main\"\n").string()});
    CHECK(reached.exitCode == 0);
    CHECK(contains(reached.out, "stopped at objUpdateAll, after 3 frames"));
}

TEST_CASE("play verdict: a frame budget from a frame on, or without the lag frames, leaves the boot out")
{
    const TempDir dir;
    const std::string routine = "idle = [\"WaitForVBlank\"]\n[[routine]]\nname = \"objUpdateAll\"\n";
    // Frames 1 and 2 are the boot's DMAs, the CPU stalled all through, and lag frames.
    const CommandResult all = runTileprof({"play", enginePlay(dir, routine + "[frame]\nbudget = 100000\n").string()});
    CHECK(all.exitCode == 1);
    CHECK(contains(all.out, "frames: at most 100,000 master clocks busy (all but waiting): OVER in 2 frames: 1 (357,364) 2 (357,368)"));
    const CommandResult from = runTileprof({"play", enginePlay(dir, routine + "[frame]\nbudget = 100000\nfrom = 3\n").string()});
    CHECK(from.exitCode == 0);
    CHECK(contains(from.out, "frames: at most 100,000 master clocks busy (all but waiting), from frame 3: kept"));
    const CommandResult lag = runTileprof({"play", enginePlay(dir, routine + "[frame]\nbudget = 100000\nskip_lag = true\n").string()});
    CHECK(lag.exitCode == 0);
    CHECK(contains(lag.out, "frames: at most 100,000 master clocks busy (all but waiting), from frame 1, lag frames left out: kept"));
}

TEST_CASE("play verdict: the call the play ends inside counts alike in the table, JSON and the flame graphs")
{
    // moveMario waits for V-blank inside its calls from frame 188 on: the play ends inside one.
    const TempDir dir;
    const fs::path input = dir.write("right.toml", "[[frame]]\nframes = 100\n\n[[frame]]\nframes = 200\npad1 = [\"Right\"]\n");
    const std::vector<std::string> args{"play", kEngine.string(), "--profile", "moveMario", "--input", input.string(), "--frames", "250"};
    const CommandResult table = runTileprof(args);
    REQUIRE(table.exitCode == 0);
    CHECK(contains(table.out, "(1 call still running when the play ended: counted with its cost so far, as in the flame graphs)"));
    std::vector<std::string> json = args;
    json.insert(json.end(), {"--format", "json"});
    const nlohmann::json report = nlohmann::json::parse(runTileprof(json).out);
    std::uint64_t cycles = 0;
    std::size_t unfinished = 0;
    for (const nlohmann::json& call : report["routines"][0]["calls"]) {
        cycles += call["cycles"].get<std::uint64_t>();
        unfinished += call["finished"] ? 0 : 1;
    }
    CHECK(unfinished == 1);
    std::vector<std::string> folded = args;
    folded.insert(folded.end(), {"--format", "folded"});
    std::uint64_t flame = 0;
    for (const std::string& line : splitLines(runTileprof(folded).out)) {
        flame += std::stoull(line.substr(line.rfind(' ') + 1));
    }
    CHECK(flame == cycles);
    CHECK(contains(table.out, "  moveMario     " + std::to_string(report["routines"][0]["calls"].size()) + " "));
}

TEST_CASE("play verdict: a play's baseline keeps each case's budget share and its play's path, wherever it is written")
{
    const TempDir dir;
    fs::create_directories(dir.file("sub"));
    const fs::path walk = bundledSourceDirectory() / "demo" / "walk.play.toml";
    const fs::path out = dir.file("sub") / ".." / "walk.baseline.json";
    REQUIRE(runTileprof({"baseline", "--play", walk.string(), "--out", out.string()}).exitCode == 0);
    const nlohmann::json baseline = nlohmann::json::parse(slurp(dir.file("walk.baseline.json")));
    CHECK(baseline["play"].get<std::string>().ends_with("roms/demo/walk.play.toml"));
    CHECK(fs::exists(dir.path() / baseline["play"].get<std::string>()));
    for (const nlohmann::json& c : baseline["cases"]) {
        INFO(c.dump());
        CHECK(c["mean_budget_share"].get<double>() > 0.5);
        CHECK(c["mean_budget_share"].get<double>() < 1.0);
    }
    CHECK(runTileprof({"check", "--baseline", dir.file("walk.baseline.json").string()}).exitCode == 0);
    const CommandResult tolerant = runTileprof({"check", "--baseline", dir.file("walk.baseline.json").string(), "--tolerance", "1.5"});
    CHECK(contains(tolerant.out, "(tolerance 1.5 cycles)"));
}

// A play one frame long has no whole frame to tabulate: it still says why it fails (explore shrinks
// findings to such plays).
TEST_CASE("play verdict: a play without a whole frame still prints the verdict it exits on")
{
    const TempDir dir;
    const fs::path play = dir.write("one.play.toml", "rom = \"demo\"\nframes = 1\n\n[[routine]]\nname = "
                                                     "\"MoveEntityAndProcessTileCollisions\"\nbudget = 1000\n");
    const CommandResult ran = runTileprof({"play", play.string()});
    CHECK(ran.exitCode == 1);
    CHECK(contains(ran.out, "\nverdict\n  MoveEntityAndProcessTileCollisions: at most 1,000 master clocks a call, interrupts and "
                            "waiting left out: OVER in 4 calls of 4"));
    CHECK_FALSE(contains(ran.out, "the busiest frames"));
}
