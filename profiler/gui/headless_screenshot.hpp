#pragma once

#include "profiler/gui/gui_screen.hpp"

#include <filesystem>

namespace tileprof::gui {

// Renders the debugger's windows through SDL2's software renderer, with no display and no GPU,
// and writes the picture as a PNG. Throws std::runtime_error when SDL or the PNG writer fails.
void renderScreenshot(GuiScreen& ui, int width, int height, const std::filesystem::path& png);

} // namespace tileprof::gui
