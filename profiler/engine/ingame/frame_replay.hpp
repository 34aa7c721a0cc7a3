#pragma once

#include "emu/cartridge/rom_image.hpp"
#include "emu/ppu/line_renderer.hpp"
#include "emu/ppu/picture.hpp"
#include "emu/ppu/cgram.hpp"
#include "emu/ppu/oam.hpp"
#include "emu/ppu/ppu_registers.hpp"
#include "emu/ppu/vram.hpp"
#include "profiler/engine/ingame/game_play.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace tileprof {

// One frame of a play as the PPU drew it, for the debugger's picture and viewers.
struct ReplayedFrame {
    emu::Picture picture;
    // The registers each line was drawn with: line n's at n - 1 (lines 1-239).
    std::vector<emu::PpuRegisters> lineRegisters;
    // VRAM, CGRAM and OAM as the picture was finished, at the start of V-blank.
    emu::Vram vram;
    emu::Cgram cgram;
    emu::Oam oam;
};

// Runs the play of `setup` from its start, or from the last of `points` before, until frame
// `frame`'s picture is finished (as its V-blank begins), drawing from the frame before it (an
// interlaced frame shows that one's field too) with `leftOut`'s layers left out. Nothing when the
// play stops before.
std::optional<ReplayedFrame> replayFrame(const emu::RomImage& image, const PlaySetup& setup, std::uint64_t frame,
                                         emu::LayersLeftOut leftOut, const SeekPoints* points = nullptr);

} // namespace tileprof
