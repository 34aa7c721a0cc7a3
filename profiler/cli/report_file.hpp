#pragma once

#include "profiler/engine/coverage/code_coverage.hpp"
#include "profiler/reports/coverage/lcov_report.hpp"
#include "profiler/reports/markup/text_sink.hpp"

#include <functional>

#include <string>
#include <vector>

namespace tileprof {

// Writes a report to stdout, or to `out` through a temporary file so a failed write leaves any
// previous file whole. Returns false, with a message on stderr, if it cannot.
bool writeReport(const std::string& text, const std::string& out, const char* command);

// The same for a report that `produce` gives to its sink a piece at a time, never whole.
bool writeReportPieces(const std::function<void(const TextSink&)>& produce, const std::string& out, const char* command);

// Writes the coverage as an lcov tracefile to `out`, and the disassembly listings of code without
// lines beside it, each as writeReport does.
bool writeLcov(const std::vector<RomCoverage>& coverage, const std::string& out, const char* command);
// The same for a tracefile already made with its listings beside `out` (formatLcov).
bool writeLcov(const LcovReport& lcov, const std::string& out, const char* command);

} // namespace tileprof
