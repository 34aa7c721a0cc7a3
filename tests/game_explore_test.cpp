// Exploring a whole game from a play file (tileprof explore GAME.play.toml): random play breaks the
// play's budgets where the play's own input does not, the same seed finds the same whatever the
// jobs, each finding is shrunk to an input that ends where it breaks the rule, and the play file
// written for it fails on it.

#include "base/bundled_files.hpp"
#include "base/output_file.hpp"
#include "profiler/engine/explore/game_explorer.hpp"
#include "profiler/model/play/play_file.hpp"
#include "tests/support/command.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>

namespace tileprof::test {
namespace {

namespace fs = std::filesystem;


// The demo under the walk's first 300 frames, its routine held to 4,200 master clocks a call (the
// walk's own calls keep it; a fall from higher than the walk's does not) and its frames to 42,000
// (the map view that START opens does not keep it).
fs::path tightPlay(const TempDir& dir)
{
    const std::string manifest = (bundledSourceDirectory() / "tile-collision" / "manifest.toml").string();
    const std::string walk = (bundledSourceDirectory() / "demo" / "walk.toml").string();
    return dir.write("tight.play.toml", "rom = \"demo\"\nmanifest = \"" + manifest + "\"\ninput = \"" + walk +
                                            "\"\nframes = 300\n\n[[routine]]\nname = \"MoveEntityAndProcessTileCollisions\"\n"
                                            "budget = 4200\n\n[frame]\nbudget = 42000\n");
}

TEST_CASE("game explore: the same seed finds the same whatever the jobs, each finding shrunk to where it breaks the rule")
{
    const TempDir dir;
    const fs::path path = tightPlay(dir);
    CHECK(runTileprof({"play", path.string()}).exitCode == 0); // its own input keeps the rules
    const std::unique_ptr<PreparedPlay> play = preparePlay(loadPlayFile(path));
    GameExploreOptions options;
    options.frames = 9600;
    options.sessionFrames = 300;
    options.jobs = 1;
    const GameExploreResult one = exploreGame(*play, options);
    options.jobs = 3;
    const GameExploreResult three = exploreGame(*play, options);

    CHECK(one.sessions == three.sessions);
    CHECK(one.frames == three.frames);
    CHECK(one.frames >= 9600);
    CHECK(one.corpus == three.corpus);
    CHECK(one.features == three.features);
    CHECK(one.busiestClocks == three.busiestClocks);
    REQUIRE(one.findings.size() == three.findings.size());
    REQUIRE(one.findings.size() >= 2);
    bool callOver = false;
    bool frameOver = false;
    for (std::size_t i = 0; i < one.findings.size(); ++i) {
        const GameFinding& finding = one.findings[i];
        CAPTURE(finding.kind);
        CHECK(finding.kind == three.findings[i].kind);
        CHECK(finding.input == three.findings[i].input);
        CHECK(finding.sessions == three.findings[i].sessions);
        // Shrunk: cut after the frame it breaks the rule in (the play starts at frame 0).
        CHECK(finding.input.size() == finding.frame + 1);
        CHECK(finding.input.size() < options.sessionFrames);
        callOver |= finding.kind.starts_with("MoveEntityAndProcessTileCollisions over its budget of 4,200 master clocks (");
        frameOver |= finding.kind == "frames over their budget of 42,000 master clocks busy";
    }
    CHECK(callOver);
    CHECK(frameOver);
    REQUIRE(one.worst.size() >= 3);
    CHECK(one.worst.front().clocks > 0);

    // Its kept sessions, given to another exploration, reach at once all it reached.
    CHECK(one.keptInputs.size() == one.corpus);
    GameExploreOptions again = options;
    again.seed = 77;
    again.corpus = one.keptInputs;
    again.frames = (one.keptInputs.size() + 1) * options.sessionFrames;
    const GameExploreResult resumed = exploreGame(*play, again);
    CHECK(std::ranges::includes(resumed.reached, one.reached));
}

TEST_CASE("game explore: the command writes each finding as an input script and a play file that fails on it")
{
    const TempDir dir;
    const fs::path path = tightPlay(dir);
    const fs::path out = dir.path() / "found";
    const CommandResult explored =
        runTileprof({"explore", path.string(), "--frames", "4800", "--jobs", "2", "--out", out.string()});
    CHECK(explored.exitCode == 1);
    CHECK(explored.out.starts_with("tileprof explore --seed 1 " + path.string() + ": "));
    CHECK(contains(explored.out, "findings:\n  1. "));
    REQUIRE(fs::exists(out / "found-1.play.toml"));
    for (int i = 1; fs::exists(out / ("found-" + std::to_string(i) + ".play.toml")); ++i) {
        const fs::path found = out / ("found-" + std::to_string(i) + ".play.toml");
        CAPTURE(found);
        CHECK(contains(explored.out, "tileprof play " + found.string() + "\n"));
        const CommandResult replayed = runTileprof({"play", found.string()});
        CHECK(replayed.exitCode == 1);
        CHECK(contains(replayed.out, "OVER in "));
    }
    // The same with one job: the same report.
    const CommandResult again = runTileprof({"explore", path.string(), "--frames", "4800", "--jobs", "1", "--out", out.string()});
    CHECK(again.out == explored.out);
    const CommandResult refused = runTileprof({"explore", path.string(), "--calls", "5"});
    CHECK(refused.exitCode == 2);
}

TEST_CASE("game explore: shards of a campaign explore with seeds of their own, and merge finds what each found")
{
    const TempDir dir;
    const fs::path path = tightPlay(dir);
    std::vector<std::string> outs;
    std::vector<std::string> reports;
    for (const char* shard : {"1/2", "2/2"}) {
        outs.push_back((dir.path() / ("shard-" + std::string(1, shard[0]))).string());
        const CommandResult ran =
            runTileprof({"explore", path.string(), "--frames", "2400", "--shard", shard, "--out", outs.back()});
        CHECK(ran.exitCode == 1);
        CHECK(ran.out.starts_with("tileprof explore --seed 1 --shard " + std::string(shard) + " " + path.string() + ": "));
        reports.push_back(ran.out);
    }
    CHECK(reports[0].substr(reports[0].find(':')) != reports[1].substr(reports[1].find(':'))); // seeds of their own
    // The first shard is the campaign's own seed: the run without shards.
    const CommandResult alone = runTileprof({"explore", path.string(), "--frames", "2400", "--out", (dir.path() / "alone").string()});
    const auto figures = [](const std::string& report) {
        const std::size_t from = report.find(": ");
        return report.substr(from, report.find("findings:") - from);
    };
    CHECK(figures(alone.out) == figures(reports[0]));

    const fs::path merged = dir.path() / "merged";
    const CommandResult merge = runTileprof({"explore", "merge", outs[0], outs[1], "--out", merged.string()});
    CHECK(merge.exitCode == 1);
    CHECK(merge.out.starts_with("tileprof explore merge of 2 explorations (seed 1, 2 shards) of " + path.string() + ": " +
                                "16 sessions, "));
    // Every kind either shard found, once, each replayed by the play file written for it.
    for (const std::string& report : reports) {
        for (std::size_t at = report.find("\n  1. "); at != std::string::npos; at = report.find("\n  ", at + 1)) {
            const std::size_t dot = report.find(". ", at);
            const std::string kind = report.substr(dot + 2, report.find(": in ", dot) - dot - 2);
            if (report.compare(at, 4, "\n   ") != 0 && std::isdigit(static_cast<unsigned char>(report[at + 3])) != 0) {
                CAPTURE(kind);
                CHECK(contains(merge.out, ". " + kind + ": in "));
            }
        }
    }
    CHECK(fs::exists(merged / "exploration.toml"));
    CHECK(fs::exists(merged / "corpus" / "kept-1.input.toml"));
    // A later campaign starts from the merged corpus.
    CHECK(runTileprof({"explore", path.string(), "--frames", "600", "--corpus", merged.string(), "--out",
                       (dir.path() / "later").string()})
              .exitCode == 1);
    CHECK(runTileprof({"play", (merged / "found-1.play.toml").string()}).exitCode == 1);
    // Explorations of another campaign are not merged.
    const CommandResult other = runTileprof({"explore", path.string(), "--frames", "800", "--seed", "9", "--out",
                                             (dir.path() / "other").string()});
    const CommandResult refused = runTileprof({"explore", "merge", outs[0], (dir.path() / "other").string()});
    CHECK(refused.exitCode == 2);
    CHECK(contains(refused.err, ": another campaign"));
}

// The issue's own test: a routine slowed on purpose in one rare situation, which the play's own
// input never meets. This is the slowest test of the suite (about 10 s on two cores): it explores
// the default 120,000 frames.
TEST_CASE("game explore: the demo slowed in one rare jump: explore finds it, shrinks it to a movie, and its play fails on it")
{
    const TempDir dir;
    const fs::path path = dir.write("rare.play.toml", "rom = \"demo-rare-slowdown\"\ninput = \"" +
                                                          (bundledSourceDirectory() / "demo" / "walk.toml").string() +
                                                          "\"\nframes = 1917\n\n[[routine]]\nname = "
                                                          "\"MoveEntityAndProcessTileCollisions\"\nbudget = 5000\n");
    CHECK(runTileprof({"play", path.string()}).exitCode == 0); // the walk never meets it
    const fs::path out = dir.path() / "found";
    const CommandResult explored = runTileprof({"explore", path.string(), "--jobs", "2", "--out", out.string()});
    CHECK(explored.exitCode == 1);
    CHECK(contains(explored.out, "  1. MoveEntityAndProcessTileCollisions over its budget of 5,000 master clocks: in "));
    const std::string play = slurp(out / "found-1.play.toml");
    CHECK(contains(play, "input = \"" + (out / "found-1.bk2").string() + "\"\n"));
    const CommandResult replayed = runTileprof({"play", (out / "found-1.play.toml").string()});
    CHECK(replayed.exitCode == 1);
    CHECK(contains(replayed.out, "MoveEntityAndProcessTileCollisions: at most 5,000 master clocks a call, interrupts and waiting "
                                 "left out: OVER in 1 call"));
}

} // namespace
} // namespace tileprof::test
