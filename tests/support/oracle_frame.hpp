#pragma once

#include "emu/timing/video_timing.hpp"

#include <cstdint>

namespace tileprof::test {

// Where a frame of bsnes-mercury's libretro core ends (its retro_run returns and the next takes
// the pads' buttons), as the comparisons with it found it: just after the NMI reaches the CPU at
// V-blank's start when the game enables it, else at line 241, where its PPU ends the frame.
constexpr std::uint32_t kVblankLine = 225;
constexpr std::uint32_t kPpuFrameLine = 241;
constexpr std::uint64_t kNmiReachesCpu = 6; // clocks into line 225: RDNMI's flag at 2, 4 more (docs/machine.md)

inline std::uint64_t oracleFrameEnd(std::uint64_t frameStart, bool nmiEnabled)
{
    return nmiEnabled ? frameStart + std::uint64_t{kVblankLine} * emu::VideoTiming::kLineClocks + kNmiReachesCpu
                      : frameStart + std::uint64_t{kPpuFrameLine} * emu::VideoTiming::kLineClocks;
}

} // namespace tileprof::test
