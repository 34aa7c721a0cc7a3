#pragma once

#include "profiler/formats/input/input_movie.hpp"

#include <string>
#include <vector>

namespace tileprof {

// `frames` as an input script (docs/input.md) that reads back as the same frames: a [[frame]] step
// for each run of frames that hold the same buttons.
std::string inputScriptToml(const std::vector<PadFrame>& frames);

} // namespace tileprof
