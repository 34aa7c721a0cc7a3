#pragma once

#include "base/file_contents.hpp"
#include "profiler/reports/run/run_report.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tileprof {

// What a regression check compares: the figures of a run per case and per function, over a set of
// scenarios, as a baseline file keeps them (or as a JSON report of `run` or `profile` gives them).
struct BaselineCase {
    std::string name;
    std::uint64_t calls = 0;
    double meanCycles = 0; // to 2 decimals, as written
    std::uint64_t maxCycles = 0;
    double meanBudgetShare = 0;
    bool overBudget = false;
    std::string longest; // where its longest call was ("frame 536"), when the figures say
};

struct BaselineFunction {
    std::string name;
    double exclusivePerCall = 0;  // cycles per call of the routine, to 2 decimals
    double inclusivePerCall = 0;
};

struct Baseline {
    std::string source;                 // what they came from, for messages and headings
    std::vector<std::string> scenarios; // as the run named them
    // A baseline's ROM when its scenarios ran on one (--rom) instead of their own: a bundled ROM's
    // name, or a path relative to the baseline's directory, as a scenario's `rom` names one.
    std::optional<std::string> rom;
    // A baseline of a play (`tileprof play`) instead: its play file, relative to the baseline's
    // directory; its cases are the play's routines.
    std::optional<std::string> play;
    std::uint64_t calls = 0;
    std::vector<BaselineCase> cases;
    std::vector<BaselineFunction> functions; // empty when the source had no attribution
};

// Of a run with attribution over all calls.
Baseline baselineOf(const RunReport& report, std::string source);

inline constexpr FileLimit kBaselineFileLimit{64u << 20, "a baseline or JSON report"};

// A baseline (`tileprof baseline`) or a JSON report of `run`/`profile` (schema 2). Throws
// InputError ("FILE: problem", naming the value at fault by its path: "cases[2].calls must
// be an integer 0..1000000000000000, not -1") for a file that is none of those.
Baseline loadBaseline(const std::filesystem::path& path);

// The same for the text of such a file read elsewhere; `name` names it in messages.
Baseline parseBaseline(std::string_view text, const std::string& name);

// The baseline file: the figures as JSON, the scenarios relative to the file's directory.
std::string baselineJson(const Baseline& figures, const std::filesystem::path& baselineFile);

// The play file a play's baseline names, as a path usable from the working directory.
std::string baselinePlay(const Baseline& baseline, const std::filesystem::path& baselineFile);

// The scenarios a baseline names, as paths usable from the working directory.
std::vector<std::string> baselineScenarios(const Baseline& baseline, const std::filesystem::path& baselineFile);

} // namespace tileprof
