#pragma once

#include "profiler/model/scenario/scenario.hpp"

#include <vector>

namespace tileprof {

// The steps of `script` that fall in frames first..last (1-based, inclusive), each cut to those
// frames. A step begun before `first` keeps its walks and loses what it does on its first frame
// only (jump, gravity, hitbox): that frame is not among them.
std::vector<ScriptStep> scriptFrames(const std::vector<ScriptStep>& script, int first, int last);

} // namespace tileprof
