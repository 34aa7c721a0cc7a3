#include "profiler/engine/ingame/game_play.hpp"

#include "emu/snes.hpp"

#include <memory>
#include <optional>
#include <utility>

namespace tileprof {

PlayRun playGame(const emu::RomImage& image, const PlaySetup& setup)
{
    const auto snes = std::make_unique<emu::Snes>(image);
    CallTracker tracker(snes->bus(), setup.entries, snes->cpu().time);
    tracker.setIdleRanges(setup.idleRanges);
    if (setup.steps != nullptr) {
        tracker.watchSteps(*setup.steps);
    }
    std::optional<CallStateRecorder> recorder;
    if (setup.target) {
        const ProfiledRom& rom = *setup.target->rom;
        tracker.setCases(setup.target->routine, rom.addresses.caseLabels);
        recorder.emplace(snes->bus(), rom);
        tracker.watch(setup.target->routine, *recorder, recorder->mapStart(), recorder->mapBytes());
    }
    const std::uint32_t breakAddress = setup.until.value_or(emu::kNoBreakAddress);
    PlayRun run;
    for (std::uint64_t frame = 0; frame < setup.frames; ++frame) {
        const PadFrame pads = frame < setup.input.size() ? setup.input[frame] : PadFrame{};
        snes->setPads(pads.pad1, pads.pad2);
        const emu::StopReason why = snes->runUntil(snes->bus().nextFrameStart(), tracker, breakAddress);
        if (why != emu::StopReason::ClockLimit) {
            run.stop = why;
            break;
        }
        run.framesRun = frame + 1;
    }
    tracker.finish();
    run.calls = tracker.calls();
    run.frames = tracker.frames();
    if (recorder) {
        run.states = std::move(recorder->states());
    }
    if (!run.stop) {
        run.frames.resize(run.framesRun); // the next frame had just begun
    }
    return run;
}

} // namespace tileprof
