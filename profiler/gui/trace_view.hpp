#pragma once

#include "profiler/debugger/debugger_session.hpp"

namespace tileprof::gui {

// The selected call instruction by instruction, as `tileprof trace` prints it; a click on a row
// steps to that instruction.
class TraceView {
public:
    void draw(DebuggerSession& session);

private:
    int followed_ = -2; // the instruction last scrolled to
};

} // namespace tileprof::gui
