#include "profiler/model/scenario/script_frames.hpp"

#include <algorithm>

namespace tileprof {

std::vector<ScriptStep> scriptFrames(const std::vector<ScriptStep>& script, int first, int last)
{
    std::vector<ScriptStep> kept;
    for (int start = 1; const ScriptStep& step : script) {
        const int end = start + step.frames - 1;
        if (end >= first && start <= last) {
            ScriptStep cut = step;
            cut.frames = std::min(end, last) - std::max(start, first) + 1;
            if (start < first) {
                cut.jump.reset();
                cut.gravity.reset();
                cut.hitbox.reset();
            }
            kept.push_back(cut);
        }
        start = end + 1;
    }
    return kept;
}

} // namespace tileprof
