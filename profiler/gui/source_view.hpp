#pragma once

#include "profiler/debugger/debugger_session.hpp"

#include <map>
#include <string>
#include <vector>

namespace tileprof::gui {

// The routine's source with each line's exclusive cycles as heat (the selected call's or all
// calls'), the instructions each line assembled to as executed, and the line of the step on show.
class SourceView {
public:
    void draw(DebuggerSession& session);

private:
    // The text of a file the debug file names, read once, found where the session finds sources.
    const std::vector<std::string>& linesOf(const DebuggerSession& session, const std::string& file);

    std::string file_;
    bool allCalls_ = false;
    bool disassembly_ = true;
    std::string followed_;   // the line last scrolled to
    std::string hottestShown_; // the file and view whose hottest line was last scrolled to
    std::map<std::string, std::vector<std::string>> text_;
};

} // namespace tileprof::gui
