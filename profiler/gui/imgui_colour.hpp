#pragma once

#include "profiler/gui/palette.hpp"

#include <imgui.h>

namespace tileprof::gui {

inline ImU32 colour(Rgb rgb, int alpha = 255)
{
    return IM_COL32(rgb.r, rgb.g, rgb.b, alpha);
}

inline ImVec4 colourVec(Rgb rgb)
{
    return ImVec4(rgb.r / 255.0f, rgb.g / 255.0f, rgb.b / 255.0f, 1.0f);
}

} // namespace tileprof::gui
