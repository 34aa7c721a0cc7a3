#pragma once

#include "profiler/gui/gui_screen.hpp"

namespace tileprof::gui {

// Shows the debugger in a window (GLFW + OpenGL 3) until it is closed. Returns a process exit
// code: 0, or 1 when no window can be made (the reason on stderr).
int runWindow(GuiScreen& ui, int width, int height);

} // namespace tileprof::gui
