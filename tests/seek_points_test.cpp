// The debugger's seeking: a play keeps points to run again from as it first runs (SeekPoints), and
// a call or a frame replayed from the last point before it is the one replayed from the play's
// start: every step, write, mark, the entities and the map; the picture and each line's registers.

#include "base/bundled_files.hpp"
#include "profiler/engine/ingame/call_replay.hpp"
#include "profiler/engine/ingame/frame_replay.hpp"
#include "profiler/engine/ingame/play_run.hpp"
#include "profiler/model/play/play_file.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <memory>

namespace tileprof::test {
namespace {

bool sameSteps(const std::vector<TracedStep>& a, const std::vector<TracedStep>& b)
{
    return std::ranges::equal(a, b, [](const TracedStep& x, const TracedStep& y) {
        return x.before == y.before && x.bytes == y.bytes && x.address == y.address && x.kind == y.kind && x.cycles == y.cycles &&
               x.masterClocks == y.masterClocks;
    });
}

TEST_CASE("seek points: the walk's calls and frames replayed from the last point before them are those replayed from its start")
{
    auto play = preparePlay(loadPlayFile(bundledSourceDirectory() / "demo" / "walk.play.toml"));
    PlayRun run;
    PlayCollector collector(run);
    SeekPoints points(300);
    play->setup.seekPoints = &points;
    runPrepared(*play, {}, &collector);
    play->setup.seekPoints = nullptr;
    // A point every 300 frames or so of the 1,917, where no call was under way.
    CHECK(points.size() >= 5);
    const SeekPoints::Point* last = points.before(1916, run.calls.size());
    REQUIRE(last != nullptr);
    CHECK(last->frame >= 1500);
    CHECK(points.before(299, run.calls.size()) == nullptr);

    for (const std::size_t call : {std::size_t{0}, std::size_t{1203}, std::size_t{1204}, std::size_t{4001}, run.calls.size() - 1}) {
        CAPTURE(call);
        const std::optional<ReplayedCall> fromStart = replayCall(play->image, play->setup, run.calls[call].routine, call);
        const std::optional<ReplayedCall> fromPoint =
            replayCall(play->image, play->setup, run.calls[call].routine, call, &points);
        REQUIRE(fromStart);
        REQUIRE(fromPoint);
        CHECK_FALSE(fromStart->steps.empty());
        CHECK(sameSteps(fromPoint->steps, fromStart->steps));
        CHECK(fromPoint->wramBefore == fromStart->wramBefore);
        CHECK(std::ranges::equal(fromPoint->writes, fromStart->writes, [](const auto& x, const auto& y) {
            return x.step == y.step && x.index == y.index && x.value == y.value;
        }));
        CHECK(std::ranges::equal(fromPoint->marks, fromStart->marks, [](const auto& x, const auto& y) {
            return x.kind == y.kind && x.clock == y.clock && x.clocks == y.clocks;
        }));
        CHECK(fromPoint->entities.size() == fromStart->entities.size());
        CHECK(fromPoint->map.has_value() == fromStart->map.has_value());
    }
    for (const std::uint64_t frame : {std::uint64_t{299}, std::uint64_t{924}, std::uint64_t{1916}}) {
        CAPTURE(frame);
        const std::optional<ReplayedFrame> fromStart = replayFrame(play->image, play->setup, frame, {});
        const std::optional<ReplayedFrame> fromPoint = replayFrame(play->image, play->setup, frame, {}, &points);
        REQUIRE(fromStart);
        REQUIRE(fromPoint);
        CHECK(fromPoint->picture.frame() == frame);
        CHECK(std::ranges::equal(fromPoint->picture.pixels(), fromStart->picture.pixels()));
        CHECK(fromPoint->lineRegisters.size() == fromStart->lineRegisters.size());
        CHECK(std::ranges::equal(fromPoint->vram.bytes(), fromStart->vram.bytes()));
        CHECK(std::ranges::equal(fromPoint->oam.bytes(), fromStart->oam.bytes()));
        CHECK(std::ranges::equal(fromPoint->cgram.bytes(), fromStart->cgram.bytes()));
    }
}

} // namespace
} // namespace tileprof::test
