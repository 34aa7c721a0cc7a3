#pragma once

#include <string>

namespace tileprof {

// Writes a report to stdout, or to `out` through a temporary file so a failed write leaves any
// previous file whole. Returns false, with a message on stderr, if it cannot.
bool writeReport(const std::string& text, const std::string& out, const char* command);

} // namespace tileprof
