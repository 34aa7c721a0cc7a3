#pragma once

#include "profiler/debugger/debugger_session.hpp"

namespace tileprof::gui {

// The case table of `tileprof run` for this scenario, each case with a button that shows its
// costliest call.
void drawCaseTable(DebuggerSession& session);

} // namespace tileprof::gui
