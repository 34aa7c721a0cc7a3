#pragma once

#include "emu/cartridge/rom_image.hpp"
#include "emu/ppu/line_renderer.hpp"
#include "emu/ppu/picture.hpp"
#include "profiler/engine/ingame/game_play.hpp"

#include <cstdint>
#include <optional>

namespace tileprof {

// Runs the play of `setup` from power-on until frame `frame`'s picture is finished (as its V-blank
// begins), drawing from the frame before it (an interlaced frame shows that one's field too) with
// `leftOut`'s layers left out. Nothing when the play stops before.
std::optional<emu::Picture> replayPicture(const emu::RomImage& image, const PlaySetup& setup, std::uint64_t frame,
                                          emu::LayersLeftOut leftOut);

} // namespace tileprof
