#pragma once

#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/reports/run/run_report.hpp"

#include <optional>
#include <string>
#include <vector>

namespace tileprof {

// Scenarios run on their ROMs, the ROMs kept (by the opener) for their symbols and code.
struct ScenarioRuns {
    ScenarioOpener opener;
    std::vector<ScenarioResult> results;
    std::vector<const ProfiledRom*> romOf; // results[i]'s ROM
    std::vector<InputProblem> problems;  // scenarios that could not be run
};

// The name (the image's, without its extension) of the ROM that results[i] of `runs` ran on.
std::string romNameOf(const ScenarioRuns& runs, std::size_t result);

// The scenario files `paths` name: a directory stands for every .toml file under it.
std::vector<std::string> scenarioFiles(const std::vector<std::string>& paths);

// Every bundled scenario (bundledScenarioDirectory), as paths relative to the working directory when it holds them.
std::vector<std::string> bundledScenarios();

// Runs each scenario (all bundled ones when `paths` is empty) on its own ROM, or on `romOverride`
// when given (tileprof's --rom, --symbols, --manifest). What cannot be run is reported on stderr, prefixed by `command`, and listed in
// `problems`. On a terminal, a run that takes over a second shows its progress on stderr.
ScenarioRuns runScenarios(const std::vector<std::string>& paths, const RunOptions& options, const char* command,
                          const std::optional<RomFiles>& romOverride = std::nullopt);

// The report of the runs: their results, problems and case statistics and, with a selection,
// the attribution (the runs must then have recorded their steps).
RunReport reportOf(ScenarioRuns runs, const char* command, const std::optional<Selection>& selection);

} // namespace tileprof
