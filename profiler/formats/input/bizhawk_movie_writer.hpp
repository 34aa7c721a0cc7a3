#pragma once

#include "profiler/formats/input/input_movie.hpp"

#include <string>
#include <vector>

namespace tileprof {

// `frames` (frame 0 the first from power-on) as a BizHawk movie (.bk2) for its BSNES core, as
// BizHawk lays one out (TASVideos "BK2 Format"): from power-on, NTSC, a standard pad in each port,
// a line of "Input Log.txt" a frame; BizHawk polls the pads as each of its frames begins, so the
// movie's first frame holds nothing and frame n + 1 holds tileprof's frame n, which reads it back
// as `frames` (docs/input.md). `gameName` names the game in its header; the ROM's SHA1 there is
// left zero.
std::string bizhawkMovie(const std::vector<PadFrame>& frames, const std::string& gameName);

} // namespace tileprof
