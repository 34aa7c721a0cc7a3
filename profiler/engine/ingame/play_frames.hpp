#pragma once

#include "emu/system/snes.hpp"
#include "profiler/engine/ingame/game_play.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>

namespace tileprof {

// Runs the play's frames on `snes` from its start (startMachine), watched by `observer`, the input
// played frame by frame (Snes::playPads), until the machine has run `setup.frames` frames, stops,
// or `done()` says so as a frame ends. A frame whose start a DMA spans ends with the DMA: the frames
// counted are the machine's, so the play's frame n is boot's, and the input's frame n - the start's.
template <class Observer, class Done>
FramesRun runFrames(emu::Snes& snes, const PlaySetup& setup, Observer& observer, Done done)
{
    const std::uint32_t breakAddress = setup.until.value_or(emu::kNoBreakAddress);
    snes.playPads(setup.input);
    FramesRun run;
    run.firstFrame = snes.frame();
    const std::uint64_t end = run.firstFrame + setup.frames;
    while (snes.frame() < end && !done()) {
        const emu::StopReason why = snes.runUntil(snes.bus().nextFrameStart(), observer, breakAddress);
        if (why != emu::StopReason::ClockLimit) {
            run.stop = why;
            break;
        }
    }
    run.frames = std::min(snes.frame(), end) - run.firstFrame;
    return run;
}

} // namespace tileprof
