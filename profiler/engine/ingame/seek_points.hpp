#pragma once

#include "emu/system/snes.hpp"
#include "profiler/engine/ingame/call_tracker.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

// Where a play can be run again from without replaying it from its start: the machine's state (a
// state file's bytes, deflated: a long play keeps hundreds) at frame starts where no profiled call
// or interrupt was under way, one every `every` frames, and how many calls had begun by then.
// Kept as the play first runs (PlaySetup::seekPoints); the debugger's replays start from them.
class SeekPoints {
public:
    struct Point {
        std::uint64_t frame = 0;
        std::size_t callsBegun = 0;
        std::string state;
    };

    explicit SeekPoints(std::uint64_t every) : every_(every) {}

    // The play stands at the start of a frame: kept when the frame is due and the tracker could
    // resume here.
    void offer(const emu::Snes& snes, const CallTracker& tracker);

    // The last point the play can be run again from to reach `frame` (from its start), with no
    // more than `calls` calls begun; null when none is (the play's start itself).
    const Point* before(std::uint64_t frame, std::size_t calls) const;

    // The machine at `point`: `snes`, a machine of the play's ROM, put in its state.
    static void restore(emu::Snes& snes, const Point& point);

    std::size_t size() const { return points_.size(); }
    const std::vector<Point>& points() const { return points_; }

private:
    std::uint64_t every_;
    std::optional<std::uint64_t> due_; // the first frame the next point may be kept at
    std::vector<Point> points_;
};

} // namespace tileprof
