#pragma once

#include "profiler/model/target/rom_files.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

inline const std::vector<std::string> kReportFormats{"table",     "json",   "csv",    "markdown",
                                                     "junit",     "callgrind", "folded", "speedscope"};

struct ReportCommandOptions {
    std::vector<std::string> scenarios; // empty: the bundled ones (bundledScenarioDirectory)
    std::string format = "table";
    std::string out;                    // empty: stdout
    bool allowInvalidMap = false;
    bool fastRom = false; // also run as FastROM and report what it would buy
    std::string coverage; // not empty: write the routines' line and branch coverage there (lcov)
    // `profile` only: which calls to attribute, and how many functions and lines to list.
    std::optional<std::string> caseName;
    std::optional<int> frame;
    std::optional<std::string> entity;
    std::size_t top = 20;
    std::optional<RomFiles> rom; // run every scenario on this ROM instead of its own
};

// `tileprof run`: runs the scenarios and reports per case. Returns 0, 1 when an expectation, an
// invariant or a budget fails, 2 when a scenario or its ROM cannot be used.
int runRunCommand(const ReportCommandOptions& options);

// `tileprof profile`: runs the scenarios and reports where the selected calls' cycles went, per
// function and per source line. Returns 0, or 2 for unusable input or a selection with no calls.
int runProfileCommand(const ReportCommandOptions& options);

} // namespace tileprof
