#include "profiler/engine/ingame/play_verdict.hpp"

#include <algorithm>

namespace tileprof {

bool PlayVerdict::failed() const
{
    const bool routineFailed = std::ranges::any_of(routines, &RoutineVerdict::failed);
    return routineFailed || (frames && frames->failed()) || brokenCalls > 0 || (untilMissed && untilRequired);
}

std::vector<const FrameUse*> wholeFrames(const PlayRun& run)
{
    std::vector<const FrameUse*> frames;
    for (std::size_t i = 1; i < run.frames.size(); ++i) {
        if (i + 1 < run.frames.size() || !run.ran.stop) {
            frames.push_back(&run.frames[i]);
        }
    }
    return frames;
}

PlayVerdict judgePlay(const PlayTally& tally, const std::vector<RoutineRule>& routines, bool untilAsked, bool untilRequired,
                      const std::vector<EntryTouches>& touches)
{
    PlayVerdict verdict;
    for (std::size_t r = 0; r < routines.size(); ++r) {
        const CallFigures& calls = tally.routines()[r];
        verdict.routines.push_back({routines[r], calls.calls, calls.over, calls.budgeted.max, calls.budgeted.maxAt,
                                    r < touches.size() ? touches[r] : EntryTouches{}});
    }
    verdict.frames = tally.frameVerdict();
    verdict.brokenCalls = tally.brokenCalls();
    verdict.untilMissed = untilAsked && tally.ran().stop != emu::StopReason::BreakAddress;
    verdict.untilRequired = untilRequired;
    return verdict;
}

} // namespace tileprof
