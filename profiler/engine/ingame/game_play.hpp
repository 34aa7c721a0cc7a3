#pragma once

#include "emu/cpu/cpu_state.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/ppu/picture.hpp"
#include "emu/system/snes.hpp"
#include "profiler/engine/ingame/call_state_recorder.hpp"
#include "profiler/engine/ingame/call_tracker.hpp"
#include "profiler/engine/ingame/play_listener.hpp"
#include "profiler/engine/ingame/seek_points.hpp"
#include "profiler/formats/input/input_movie.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace tileprof {

// What to play: the routines to profile, the pads frame by frame, and when to stop.
struct PlaySetup {
    std::vector<std::uint32_t> entries; // the profiled routines' first instructions
    std::vector<std::pair<std::uint32_t, std::uint32_t>> idleRanges; // code that counts as waiting
    // The machine the play starts from, a state of the game (a play file's `start`): power-on when
    // none. Shared, never changed: each run starts from a copy.
    std::shared_ptr<const emu::Snes> start;
    emu::PadSchedule input;             // from the start; nothing is held after its last frame
    std::uint64_t frames = 0;           // frames to run from the start
    std::optional<std::uint32_t> until; // or stop when the CPU is about to run this address
    // One routine's manifest: its case markers give its calls their cases (CallTracker::setCases),
    // and its entity and map, their state (CallStateRecorder).
    struct Target {
        std::size_t routine = 0;
        const ProfiledRom* rom = nullptr;
    };
    std::optional<Target> target;
    StepWatcher* steps = nullptr; // told every step (a PlayProfiler)
    // When given, the PPU draws, and every `picturesEvery`-th frame's picture (frames 0, K, 2K, ...)
    // is handed to it as it is finished.
    std::function<void(const emu::Picture&)> pictures;
    std::uint64_t picturesEvery = 1;
    // When given, kept points to run the play again from (the debugger's seeking).
    SeekPoints* seekPoints = nullptr;

    // The frame the play starts in: 0 from power-on.
    std::uint64_t firstFrame() const { return start ? start->frame() : 0; }
};

// The machine a run of the play starts on: a copy of its start, or the ROM at power-on; or the
// machine at `point` (SeekPoints) when given.
std::unique_ptr<emu::Snes> startMachine(const emu::RomImage& image, const PlaySetup& setup,
                                        const SeekPoints::Point* point = nullptr);
// The play's setup to run from `point` on (its frames less those before it); `setup` without one.
PlaySetup fromPoint(const PlaySetup& setup, const SeekPoints::Point* point);

// How far a play's frames got.
struct FramesRun {
    std::uint64_t firstFrame = 0; // the machine's frame it started in
    std::uint64_t frames = 0;     // whole frames run (the last may be cut short by `until` or a stop)
    // Why it ended before its frames ran: the `until` address reached, STP, or a WAI that nothing
    // can end. Nothing when it ran them all.
    std::optional<emu::StopReason> stop;
};

// A play's results kept whole: every call, every frame's use of its time, and how the play ended.
struct PlayRun {
    std::vector<GameCall> calls;
    std::vector<FrameUse> frames;
    std::vector<CallState> states; // of the target routine's calls, in order
    FramesRun ran;

    // What the manifest let the play read of call `call` (an index into `calls`): nothing for a
    // routine it does not describe.
    const CallState* stateOf(std::size_t call) const
    {
        const auto found = std::ranges::lower_bound(states, call, {}, &CallState::call);
        return found != states.end() && found->call == call ? &*found : nullptr;
    }
};

// Keeps every call and frame it is told of in `run` (not how the run ended).
class PlayCollector final : public PlayListener {
public:
    explicit PlayCollector(PlayRun& run) : run_(run) {}

    void call(std::size_t index, const GameCall& call, const CallState* state) override;
    void frame(const FrameUse& use) override { run_.frames.push_back(use); }

private:
    PlayRun& run_;
};

// Runs the ROM on the whole machine from power-on, headless, frame by frame, each frame's pads
// set as the frame begins (the auto-joypad read in its V-blank sees them), profiling as
// CallTracker does, and tells `listener` of the calls and frames as they end.
FramesRun playGame(const emu::RomImage& image, const PlaySetup& setup, PlayListener& listener);

// The same, every call and frame kept.
PlayRun playGame(const emu::RomImage& image, const PlaySetup& setup);

} // namespace tileprof
