#pragma once

#include "profiler/debugger/debugger_session.hpp"

namespace tileprof::gui {

// The selected call: its case, cycles, master clocks and scanlines against the budget, the tiles
// it read in order with their cycle offsets, and the failures of its frame.
void drawCallSummary(DebuggerSession& session);

// The CPU registers as the step on show began (the whole call: as it was entered).
void drawRegisters(DebuggerSession& session);

// The selected entity decoded from its slot, before and after the call.
void drawEntity(DebuggerSession& session);

} // namespace tileprof::gui
