#include "profiler/engine/ingame/frame_ledger.hpp"

#include <utility>

namespace tileprof {

FrameLedger::FrameLedger(const emu::SnesBus& bus, std::size_t routines, std::uint64_t now)
    : bus_(bus), routines_(routines), video_(bus.video()), frameEnd_(video_.nextFrameStart())
{
    open(video_.frame(), now);
}

void FrameLedger::open(std::uint64_t frame, std::uint64_t start)
{
    padReadsAtOpen_ = bus_.padReads();
    current_ = FrameUse{};
    current_.frame = frame;
    current_.start = start;
    current_.routines.assign(routines_, 0);
}

// The span passes the end of the frame being charged: the bus has begun a later one. Each frame
// start in the span comes from the bus's timing, the last exactly as the bus reached it.
std::uint64_t FrameLedger::crossFrames(FrameColumn column, std::uint64_t from, std::uint64_t to)
{
    while (to > frameEnd_) {
        const std::uint64_t next = current_.frame + 1;
        if (next == bus_.frame()) {
            video_ = bus_.video();
        } else {
            video_.nextFrame();
        }
        const std::uint64_t boundary = video_.frameStart();
        if (from < boundary) {
            add(column, boundary - from);
            from = boundary;
        }
        settle(); // a pad read in the span after the boundary counts to the frame before it
        settled_.push_back(std::move(current_));
        open(next, boundary);
        frameEnd_ = video_.nextFrameStart();
    }
    return from;
}

} // namespace tileprof
