#include "profiler/engine/ingame/game_play.hpp"

#include "profiler/engine/ingame/play_frames.hpp"

#include <limits>
#include <memory>
#include <optional>
#include <utility>

namespace tileprof {

void PlayCollector::call(std::size_t, const GameCall& call, const CallState* state)
{
    run_.calls.push_back(call);
    if (state != nullptr) {
        run_.states.push_back(*state);
    }
}

std::unique_ptr<emu::Snes> startMachine(const emu::RomImage& image, const PlaySetup& setup, const SeekPoints::Point* point)
{
    if (point != nullptr) {
        auto snes = std::make_unique<emu::Snes>(image);
        SeekPoints::restore(*snes, *point);
        return snes;
    }
    return setup.start ? std::make_unique<emu::Snes>(*setup.start) : std::make_unique<emu::Snes>(image);
}

PlaySetup fromPoint(const PlaySetup& setup, const SeekPoints::Point* point)
{
    PlaySetup from = setup;
    if (point != nullptr) {
        from.frames -= std::min(from.frames, point->frame - setup.firstFrame());
    }
    return from;
}

FramesRun playGame(const emu::RomImage& image, const PlaySetup& setup, PlayListener& listener)
{
    const auto snes = startMachine(image, setup);
    snes->bus().ppu().drawPictures(static_cast<bool>(setup.pictures));
    std::optional<std::uint64_t> pictureHanded;
    const auto handPicture = [&] {
        const emu::Picture* picture = setup.pictures ? snes->bus().ppu().picture() : nullptr;
        if (picture != nullptr && picture->frame() != pictureHanded && picture->frame() % setup.picturesEvery == 0) {
            setup.pictures(*picture);
            pictureHanded = picture->frame();
        }
    };
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
    // Told a frame at a time, so that what is kept is a frame's worth. A run that ran all its
    // frames has begun the next: not one of its frames.
    const auto release = [&](std::uint64_t framesBefore) {
        tracker.releaseEnded([&](std::size_t index, const GameCall& call) {
            const std::optional<CallState> state = recorder ? recorder->take(index) : std::nullopt;
            listener.call(index, call, state ? &*state : nullptr);
        });
        tracker.releaseSettled([&](const FrameUse& use) {
            if (use.frame < framesBefore) {
                listener.frame(use);
            }
        });
    };
    const FramesRun ran = runFrames(*snes, setup, tracker, [&] {
        release(std::numeric_limits<std::uint64_t>::max());
        handPicture();
        if (setup.seekPoints != nullptr) {
            setup.seekPoints->offer(*snes, tracker);
        }
        return false;
    });
    handPicture();
    tracker.finish();
    const std::uint64_t framesBefore = ran.stop ? std::numeric_limits<std::uint64_t>::max() : ran.firstFrame + ran.frames;
    release(framesBefore);
    if (tracker.currentFrame().frame < framesBefore) {
        listener.frame(tracker.currentFrame());
    }
    return ran;
}

PlayRun playGame(const emu::RomImage& image, const PlaySetup& setup)
{
    PlayRun run;
    PlayCollector collector(run);
    run.ran = playGame(image, setup, collector);
    return run;
}

} // namespace tileprof
