// A play told as it runs (PlayListener): calls in the order they began, each once, while the play
// runs; frames as they end; and what the reports keep of them (PlayTally, TextSpool) the same as
// what every call and frame kept whole gives, in memory that does not grow with the play.

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "base/text_spool.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/timing/video_timing.hpp"
#include "profiler/engine/ingame/game_play.hpp"
#include "profiler/engine/ingame/play_tally.hpp"
#include "profiler/engine/ingame/play_verdict.hpp"
#include "profiler/engine/stats/distribution.hpp"
#include "profiler/formats/symbols/debug_info.hpp"
#include "tests/support/command.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/temp_dir.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

namespace tileprof::test {
namespace {

constexpr std::uint64_t kFrames = 40;
const std::vector<std::string> kRoutines = {"Leaf", "LeafLong", "Outer", "Spin", "CopyByDma"};

struct CallsPlay {
    emu::RomImage image = emu::loadRomFile(bundledRomPath("play-calls").string());
    PlaySetup setup;

    CallsPlay()
    {
        const DebugInfo symbols = DebugInfo::load(bundledRomPath("play-calls").replace_extension(".dbg"));
        for (const std::string& name : kRoutines) {
            setup.entries.push_back(symbols.symbol(name, "test").value);
        }
        setup.frames = kFrames;
    }
};

// What a listener was told, and when: the frames told before each call.
struct Told final : PlayListener {
    std::vector<std::size_t> indices;
    std::vector<GameCall> calls;
    std::vector<std::uint64_t> framesBefore;
    std::vector<FrameUse> frames;

    void call(std::size_t index, const GameCall& call, const CallState*) override
    {
        indices.push_back(index);
        calls.push_back(call);
        framesBefore.push_back(frames.size());
    }
    void frame(const FrameUse& use) override { frames.push_back(use); }
};

bool sameCall(const GameCall& a, const GameCall& b)
{
    return a.routine == b.routine && a.frame == b.frame && a.startClock == b.startClock && a.cycles == b.cycles &&
           a.clocks.total() == b.clocks.total() && a.depth == b.depth && a.finished == b.finished;
}

} // namespace

TEST_CASE("play stream: each call is told once, in the order the calls began, soon after it ends, and each frame as it ends")
{
    const CallsPlay play;
    Told told;
    const FramesRun ran = playGame(play.image, play.setup, told);
    const PlayRun whole = playGame(play.image, play.setup);
    REQUIRE(ran.frames == kFrames);
    REQUIRE(told.calls.size() == whole.calls.size());
    REQUIRE(told.calls.size() > kFrames);
    for (std::size_t i = 0; i < told.calls.size(); ++i) {
        CHECK(told.indices[i] == i);
        CHECK(sameCall(told.calls[i], whole.calls[i]));
        // Told within a frame or two of its own, never held to the end of the play.
        CHECK(told.framesBefore[i] <= told.calls[i].frame + 2);
    }
    // Outer calls Leaf: Leaf ends first, yet Outer, begun first, is told first.
    const auto outer = static_cast<std::size_t>(std::ranges::find(kRoutines, "Outer") - kRoutines.begin());
    const auto nested = std::ranges::find_if(told.calls, [&](const GameCall& call) { return call.routine == outer; });
    REQUIRE(nested != told.calls.end());
    CHECK((nested + 1)->depth == nested->depth + 1);
    REQUIRE(told.frames.size() == kFrames);
    for (std::size_t i = 0; i < told.frames.size(); ++i) {
        CHECK(told.frames[i].frame == i);
        CHECK(told.frames[i].clocks == whole.frames[i].clocks);
    }
}

TEST_CASE("play tally: its figures are those of every call and frame kept whole")
{
    const CallsPlay play;
    PlayTally tally({std::nullopt, 200, std::nullopt, std::nullopt, 3000}, FrameRule{300000, 2, true}, std::nullopt, 0);
    tally.finish(playGame(play.image, play.setup, tally));
    const PlayRun whole = playGame(play.image, play.setup);
    for (std::size_t r = 0; r < kRoutines.size(); ++r) {
        CAPTURE(kRoutines[r]);
        std::vector<double> cycles;
        std::vector<double> scanlines;
        std::uint64_t most = 0;
        std::uint64_t over = 0;
        for (const GameCall& call : whole.calls) {
            if (call.routine == r) {
                cycles.push_back(static_cast<double>(call.cycles));
                scanlines.push_back(static_cast<double>(call.clocks.total()) / emu::VideoTiming::kLineClocks);
                most = std::max(most, call.clocks.budgeted());
                over += r == 1 && call.clocks.budgeted() > 200 ? 1 : 0;
            }
        }
        const CallFigures& figures = tally.routines()[r];
        REQUIRE(figures.calls == cycles.size());
        REQUIRE(!cycles.empty());
        const Distribution expected = distributionOf(cycles);
        const Distribution got = figures.cycles.distribution();
        CHECK(got.min == expected.min);
        CHECK(got.mean == expected.mean);
        CHECK(got.p95 == expected.p95);
        CHECK(got.max == expected.max);
        CHECK(figures.clocks.distribution(emu::VideoTiming::kLineClocks).mean == distributionOf(scanlines).mean);
        CHECK(figures.budgeted.max == most);
        CHECK(figures.over == over);
    }
    const std::vector<const FrameUse*> frames = wholeFrames(whole);
    REQUIRE(tally.wholeFrames() == frames.size());
    CHECK(tally.firstWholeFrame() == frames.front()->frame);
    CHECK(tally.lastWholeFrame() == frames.back()->frame);
    std::vector<const FrameUse*> busiest = frames;
    std::ranges::stable_sort(busiest, [](const FrameUse* a, const FrameUse* b) { return a->busy() > b->busy(); });
    REQUIRE(tally.busiestFrames().size() == PlayTally::kBusiest);
    for (std::size_t i = 0; i < PlayTally::kBusiest; ++i) {
        CHECK(tally.busiestFrames()[i].frame == busiest[i]->frame);
    }
    const auto lag = static_cast<std::uint64_t>(std::ranges::count_if(whole.frames, [](const FrameUse& use) { return !use.padsRead; }));
    CHECK(tally.lagFrames() == lag);
    CHECK(tally.frames() == whole.frames.size());
    std::uint64_t held = 0;
    for (const FrameUse* use : frames) {
        held += use->frame >= 2 && use->padsRead ? 1 : 0;
    }
    REQUIRE(tally.frameVerdict());
    CHECK(tally.frameVerdict()->frames == held);
}

TEST_CASE("value counts: the distribution of many values, to the bit, from their distinct values")
{
    std::mt19937_64 random(7);
    for (const std::size_t count : {1, 2, 19, 20, 21, 1000}) {
        ValueCounts counts;
        std::vector<double> values;
        std::vector<double> scaled;
        for (std::size_t i = 0; i < count; ++i) {
            const std::uint64_t value = 300 + random() % 4000;
            counts.add(value);
            values.push_back(static_cast<double>(value));
            scaled.push_back(static_cast<double>(value) / 1364);
        }
        CAPTURE(count);
        for (const auto& [expected, got] : {std::pair{distributionOf(values), counts.distribution()},
                                            std::pair{distributionOf(scaled), counts.distribution(1364)}}) {
            CHECK(got.min == expected.min);
            CHECK(got.mean == expected.mean);
            CHECK(got.p95 == expected.p95);
            CHECK(got.max == expected.max);
        }
    }
}

TEST_CASE("text spool: text given back whole, kept in TMPDIR under no name, and a TMPDIR that is not there is said")
{
    const TempDir dir;
    const char* before = std::getenv("TMPDIR");
    const std::string saved = before == nullptr ? "" : before;
    ::setenv("TMPDIR", dir.path().c_str(), 1);
    std::string written;
    {
        TextSpool spool;
        for (int i = 0; i < 30000; ++i) {
            const std::string line = "line " + std::to_string(i) + std::string(static_cast<std::size_t>(i % 97), 'x') + "\n";
            spool.write(line);
            written += line;
        }
        CHECK(std::filesystem::is_empty(dir.path()));
        std::string given;
        std::size_t pieces = 0;
        spool.giveTo([&](std::string_view piece) {
            given += piece;
            ++pieces;
        });
        CHECK(given == written);
        CHECK(pieces > 1);
    }
    ::setenv("TMPDIR", (dir.path() / "missing").c_str(), 1);
    const std::string missing = (dir.path() / "missing").string() + " (TMPDIR)";
    CHECK_THROWS_WITH_AS(TextSpool(), doctest::Contains(missing.c_str()), InputError);
    if (before == nullptr) {
        ::unsetenv("TMPDIR");
    } else {
        ::setenv("TMPDIR", saved.c_str(), 1);
    }
    // A JSON report that cannot be written for want of its temporary files leaves nothing behind.
    const CommandResult play = runProgram("/usr/bin/env", {"TMPDIR=" + (dir.path() / "missing").string(), tileprofBinary().string(), "play",
                                                           bundledRomPath("play-calls").string(), "--profile", "Leaf", "--frames", "3",
                                                           "--format", "json", "--out", dir.file("out.json").string()});
    CHECK(play.exitCode == 2);
    CHECK(play.err.find(missing) != std::string::npos);
    CHECK(!std::filesystem::exists(dir.file("out.json")));
}

} // namespace tileprof::test
