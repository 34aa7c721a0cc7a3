#pragma once

#include "profiler/model/play/play_file.hpp"
#include "profiler/reports/play/play_report.hpp"

namespace tileprof {

// Runs what a play asks for: the ROM from power-on under its input, its routines profiled, its
// budgets kept with the report. Throws InputError for a file or a name it cannot use.
PlayReport runPlay(const PlayRequest& request);

} // namespace tileprof
