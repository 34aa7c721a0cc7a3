#pragma once

#include "profiler/debugger/debugger_session.hpp"
#include "profiler/gui/ui_geometry.hpp"

namespace tileprof::gui {

// Cycles of every call, frame by frame, coloured by case, against the budget line; the frame on
// show as a vertical line. A click selects the nearest call's frame and entity.
void drawTimeline(DebuggerSession& session, UiGeometry::Timeline& geometry);

} // namespace tileprof::gui
