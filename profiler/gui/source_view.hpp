#pragma once

#include "profiler/debugger/debugger_session.hpp"
#include "profiler/gui/source_texts.hpp"

#include <string>

namespace tileprof::gui {

// The routine's source with each line's exclusive cycles as heat (the selected call's or all
// calls'), the instructions each line assembled to as executed, and the line of the step on show.
class SourceView {
public:
    void draw(DebuggerSession& session);

private:
    std::string file_;
    bool allCalls_ = false;
    bool disassembly_ = true;
    std::string followed_;   // the line last scrolled to
    std::string hottestShown_; // the file and view whose hottest line was last scrolled to
    SourceTexts texts_; // found where the session finds sources
};

} // namespace tileprof::gui
