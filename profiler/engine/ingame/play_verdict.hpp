#pragma once

#include "profiler/engine/ingame/entry_touches.hpp"
#include "profiler/engine/ingame/game_play.hpp"
#include "profiler/engine/ingame/play_tally.hpp"
#include "profiler/model/play/play_file.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace tileprof {

// How a routine's calls kept its rule.
struct RoutineVerdict {
    RoutineRule rule;
    std::uint64_t calls = 0;    // the play ended inside the last, maybe: its cost so far counts
    std::uint64_t over = 0;     // of them over the budget
    std::uint64_t most = 0;     // the longest, interrupts left out
    std::uint64_t mostFrame = 0;
    EntryTouches touches;       // how the CPU touched the routine's first byte: why it was never called

    bool neverCalled() const { return calls == 0; }
    bool failed() const { return over > 0 || (neverCalled() && !rule.optional); }
};

// How a play kept what it was asked: the reports write it, and a play's exit code is read from it.
struct PlayVerdict {
    std::vector<RoutineVerdict> routines; // parallel to the play's routines
    std::optional<FrameVerdict> frames;
    std::uint64_t brokenCalls = 0; // calls that broke the design's invariants
    bool untilMissed = false;   // the play was to stop at a label the CPU never reached
    bool untilRequired = false; // and that fails it (a play file's `until`)

    bool failed() const;
};

// The whole frames of a run, the frames a budget can hold: not frame 0 (the reset's clocks are
// not in it), nor a last frame that a stop cut short.
std::vector<const FrameUse*> wholeFrames(const PlayRun& run);

// Judges a play by its rules (parallel to its routines; the frame rule is the tally's); `touches`
// (parallel to the routines, or empty) say why those never called were not.
PlayVerdict judgePlay(const PlayTally& tally, const std::vector<RoutineRule>& routines, bool untilAsked, bool untilRequired,
                      const std::vector<EntryTouches>& touches);

} // namespace tileprof
