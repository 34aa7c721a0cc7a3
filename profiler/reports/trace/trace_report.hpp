#pragma once

#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/formats/symbols/debug_info.hpp"
#include "profiler/reports/markup/report_format.hpp"

#include <string>

namespace tileprof {

// One call, instruction by instruction: address, source line, disassembly, the registers it began
// with, its cycles and master clocks and the running totals, and the map tiles read during it.
// `format`: table, json or csv. `scenario.trace` must hold the call.
std::string formatTrace(const ScenarioResult& scenario, const DebugInfo& debug, ReportFormat format);

} // namespace tileprof
