#include "profiler/engine/ingame/frame_replay.hpp"

#include "emu/cpu/observer.hpp"
#include "profiler/engine/ingame/play_frames.hpp"

#include <limits>
#include <memory>

namespace tileprof {

std::optional<ReplayedFrame> replayFrame(const emu::RomImage& image, const PlaySetup& setup, std::uint64_t frame,
                                         emu::LayersLeftOut leftOut, const SeekPoints* points)
{
    if (frame < setup.firstFrame()) {
        return std::nullopt;
    }
    // Drawn from the frame before: a point before that.
    const SeekPoints::Point* point = points != nullptr && frame > 0 ? points->before(frame - 1, std::numeric_limits<std::size_t>::max()) : nullptr;
    const auto snes = startMachine(image, setup, point);
    emu::Ppu& ppu = snes->bus().ppu();
    emu::NoObserver observer;
    PlaySetup toFrame = setup;
    toFrame.frames = frame - snes->frame();
    bool drawing = false;
    const auto drawFromFrameBefore = [&] {
        if (!drawing && snes->frame() + 1 >= frame) {
            ppu.drawPictures(true, leftOut);
            drawing = true;
        }
        return false;
    };
    drawFromFrameBefore();
    const FramesRun run = runFrames(*snes, toFrame, observer, drawFromFrameBefore);
    if (run.stop || snes->frame() != frame) {
        return std::nullopt;
    }
    const emu::VideoTiming& video = snes->bus().video();
    const std::uint64_t vblank = video.frameStart() + std::uint64_t{ppu.frameVblankLine()} * emu::VideoTiming::kLineClocks;
    if (snes->runUntil(vblank + 1, observer, setup.until.value_or(emu::kNoBreakAddress)) != emu::StopReason::ClockLimit) {
        return std::nullopt;
    }
    const emu::Picture* picture = ppu.picture();
    if (picture == nullptr || picture->frame() != frame) {
        return std::nullopt;
    }
    return ReplayedFrame{*picture, {ppu.lineRegisters().begin(), ppu.lineRegisters().end()}, ppu.vram(), ppu.cgram(), ppu.oam()};
}

} // namespace tileprof
