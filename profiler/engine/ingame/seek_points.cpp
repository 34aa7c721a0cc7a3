#include "profiler/engine/ingame/seek_points.hpp"

#include "emu/system/machine_state.hpp"

#include <algorithm>

namespace tileprof {

void SeekPoints::offer(const emu::Snes& snes, const CallTracker& tracker)
{
    const std::uint64_t frame = snes.frame();
    if (!due_) {
        due_ = frame + every_; // the play's start: it runs from there anyway
        return;
    }
    if (frame < *due_ || !tracker.resumableBefore(snes.cpu().regs.programAddress())) {
        return;
    }
    points_.push_back({frame, tracker.callsBegun(), emu::saveState(snes, "", "")});
    due_ = frame + every_;
}

const SeekPoints::Point* SeekPoints::before(std::uint64_t frame, std::size_t calls) const
{
    const auto after = std::ranges::find_if(points_, [&](const Point& point) { return point.frame > frame || point.callsBegun > calls; });
    return after == points_.begin() ? nullptr : &*std::prev(after);
}

void SeekPoints::restore(emu::Snes& snes, const Point& point)
{
    emu::restoreState(snes, point.state, "a seek point");
}

} // namespace tileprof
