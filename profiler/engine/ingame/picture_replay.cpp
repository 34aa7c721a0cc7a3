#include "profiler/engine/ingame/picture_replay.hpp"

#include "emu/cpu/observer.hpp"
#include "profiler/engine/ingame/play_frames.hpp"

#include <memory>

namespace tileprof {

std::optional<emu::Picture> replayPicture(const emu::RomImage& image, const PlaySetup& setup, std::uint64_t frame,
                                          emu::LayersLeftOut leftOut)
{
    const auto snes = std::make_unique<emu::Snes>(image);
    emu::NoObserver observer;
    PlaySetup untilPicture = setup;
    untilPicture.frames = frame + 1;
    bool drawing = false;
    const auto finished = [&] {
        if (!drawing && snes->frame() + 1 >= frame) {
            snes->bus().ppu().drawPictures(true, leftOut);
            drawing = true;
        }
        const emu::Picture* picture = snes->bus().ppu().picture();
        return picture != nullptr && picture->frame() == frame;
    };
    runFrames(*snes, untilPicture, observer, finished);
    const emu::Picture* picture = snes->bus().ppu().picture();
    if (picture == nullptr || picture->frame() != frame) {
        return std::nullopt;
    }
    return *picture;
}

} // namespace tileprof
