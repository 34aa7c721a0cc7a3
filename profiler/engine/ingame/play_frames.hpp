#pragma once

#include "emu/snes.hpp"
#include "profiler/engine/ingame/game_play.hpp"

#include <cstdint>
#include <optional>

namespace tileprof {

// How far a play's frames got.
struct FramesRun {
    std::uint64_t frames = 0;            // whole frames run
    std::optional<emu::StopReason> stop; // why it ended before its frames ran (the `until` address, STP, ...)
};

// Runs the play's frames on `snes` from power-on, watched by `observer`, each frame's pads set as
// the frame begins (the auto-joypad read in its V-blank sees them), until they have all run, the
// machine stops, or `done()` says so as a frame ends.
template <class Observer, class Done>
FramesRun runFrames(emu::Snes& snes, const PlaySetup& setup, Observer& observer, Done done)
{
    const std::uint32_t breakAddress = setup.until.value_or(emu::kNoBreakAddress);
    FramesRun run;
    for (std::uint64_t frame = 0; frame < setup.frames && !done(); ++frame) {
        const PadFrame pads = frame < setup.input.size() ? setup.input[frame] : PadFrame{};
        snes.setPads(pads.pad1, pads.pad2);
        const emu::StopReason why = snes.runUntil(snes.bus().nextFrameStart(), observer, breakAddress);
        if (why != emu::StopReason::ClockLimit) {
            run.stop = why;
            break;
        }
        run.frames = frame + 1;
    }
    return run;
}

} // namespace tileprof
