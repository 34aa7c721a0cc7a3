#pragma once

#include "profiler/engine/ingame/play_profiler.hpp"
#include "profiler/model/play/play_file.hpp"
#include "profiler/reports/play/play_report.hpp"

#include <string>

namespace tileprof {

// Runs what a play asks for: the ROM from power-on under its input, its routines profiled, its
// What to find out of the code a play ran, besides its calls and frames.
struct PlayCodeOptions {
    bool attribute = false; // where its cycles went, for the callgrind and flame-graph formats
    std::string coverage;   // not empty: its line and branch coverage, for an lcov tracefile to be written there
    PlayProfileScope scope = PlayProfileScope::Routines;
};

// budgets kept with the report, and what `code` asks of the code it ran. Throws InputError for a
// file or a name it cannot use.
PlayReport runPlay(const PlayRequest& request, const PlayCodeOptions& code = {});

} // namespace tileprof
