#pragma once

#include "profiler/gui/palette.hpp"

#include <imgui.h>

namespace tileprof::gui {

inline ImU32 colour(Rgb c, int alpha = 255)
{
    return IM_COL32(c.r, c.g, c.b, alpha);
}

inline ImVec4 colourVec(Rgb c)
{
    return ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1.0f);
}

} // namespace tileprof::gui
