#pragma once

#include "profiler/debugger/debugger_session.hpp"

namespace tileprof::gui {

// What the keyboard and gamepad asked for this frame, read by the window's platform layer.
struct DebuggerInput {
    bool playPause = false;
    bool stepFrame = false;
    bool stepBack = false;
    bool stepInstruction = false;
    bool stepInstructionBack = false;
    LiveControls live;
};

} // namespace tileprof::gui
