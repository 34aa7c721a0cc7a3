#pragma once

#include "profiler/engine/ingame/play_profiler.hpp"
#include "profiler/model/play/play_file.hpp"
#include "profiler/reports/play/play_report.hpp"

#include <optional>

namespace tileprof {

// Runs what a play asks for: the ROM from power-on under its input, its routines profiled, its
// budgets kept with the report; with `profile`, the code it ran attributed to functions and lines.
// Throws InputError for a file or a name it cannot use.
PlayReport runPlay(const PlayRequest& request, std::optional<PlayProfileScope> profile = std::nullopt);

} // namespace tileprof
