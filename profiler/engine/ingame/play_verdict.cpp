#include "profiler/engine/ingame/play_verdict.hpp"

#include <algorithm>

namespace tileprof {

bool PlayVerdict::failed() const
{
    const bool routineFailed = std::ranges::any_of(routines, &RoutineVerdict::failed);
    return routineFailed || (frames && frames->failed()) || !brokenInvariants.empty() || (untilMissed && untilRequired);
}

std::vector<const FrameUse*> wholeFrames(const PlayRun& run)
{
    std::vector<const FrameUse*> frames;
    for (std::size_t i = 1; i < run.frames.size(); ++i) {
        if (i + 1 < run.frames.size() || !run.stop) {
            frames.push_back(&run.frames[i]);
        }
    }
    return frames;
}

PlayVerdict judgePlay(const PlayRun& run, const std::vector<RoutineRule>& routines, const std::optional<FrameRule>& frames,
                      bool untilAsked, bool untilRequired, const std::vector<EntryTouches>& touches)
{
    PlayVerdict verdict;
    for (std::size_t r = 0; r < routines.size(); ++r) {
        verdict.routines.push_back({routines[r], 0, 0, 0, 0, r < touches.size() ? touches[r] : EntryTouches{}});
    }
    for (const GameCall& call : run.calls) {
        RoutineVerdict& routine = verdict.routines[call.routine];
        const std::uint64_t clocks = call.clocks.budgeted();
        if (routine.calls == 0 || clocks > routine.most) {
            routine.most = clocks;
            routine.mostFrame = call.frame;
        }
        ++routine.calls;
        routine.over += routine.rule.budget && clocks > *routine.rule.budget ? 1 : 0;
    }
    if (frames) {
        FrameVerdict& held = verdict.frames.emplace();
        held.rule = *frames;
        for (const FrameUse* use : wholeFrames(run)) {
            if (use->frame < frames->from || (frames->skipLag && !use->padsRead)) {
                continue;
            }
            if (held.frames == 0 || use->busy() > held.most) {
                held.most = use->busy();
                held.mostFrame = use->frame;
            }
            ++held.frames;
            if (use->busy() > frames->budget) {
                if (held.firstOver.size() < FrameVerdict::kFramesListed) {
                    held.firstOver.emplace_back(use->frame, use->busy());
                }
                ++held.overCount;
            }
        }
    }
    for (const CallState& state : run.states) {
        if (state.broken) {
            verdict.brokenInvariants.push_back(state.call);
        }
    }
    verdict.untilMissed = untilAsked && run.stop != emu::StopReason::BreakAddress;
    verdict.untilRequired = untilRequired;
    return verdict;
}

} // namespace tileprof
