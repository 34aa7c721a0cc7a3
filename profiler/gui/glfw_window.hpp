#pragma once

#include "profiler/gui/debugger_ui.hpp"

namespace tileprof::gui {

// Shows the debugger in a window (GLFW + OpenGL 3) until it is closed. Returns a process exit
// code: 0, or 1 when no window can be made (the reason on stderr).
int runWindow(DebuggerUi& ui, int width, int height);

} // namespace tileprof::gui
