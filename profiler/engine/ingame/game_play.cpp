#include "profiler/engine/ingame/game_play.hpp"

#include "profiler/engine/ingame/play_frames.hpp"

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
    const FramesRun ran = runFrames(*snes, setup, tracker, [] { return false; });
    PlayRun run;
    run.framesRun = ran.frames;
    run.stop = ran.stop;
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
