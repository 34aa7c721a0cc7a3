#pragma once

#include "profiler/report/run_report.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace tileprof {

// The figures a regression check compares: per case and per function, over a set of scenarios.
struct CaseFigures {
    std::string name;
    std::uint64_t calls = 0;
    double meanCycles = 0; // to 2 decimals, as written
    std::uint64_t maxCycles = 0;
    double meanBudgetShare = 0;
    bool overBudget = false;
};

struct FunctionFigures {
    std::string name;
    double exclusivePerCall = 0;  // cycles per call of the routine, to 2 decimals
    double inclusivePerCall = 0;
};

struct Figures {
    std::string source;                 // what they came from, for messages and headings
    std::vector<std::string> scenarios; // as the run named them
    std::uint64_t calls = 0;
    std::vector<CaseFigures> cases;
    std::vector<FunctionFigures> functions; // empty when the source had no attribution
};

// Of a run with attribution over all calls.
Figures figuresOf(const RunReport& report, std::string source);

// A baseline (`tileprof baseline`) or a JSON report of `run`/`profile` (schema 2). Throws
// emu::InputError ("FILE: problem") for a file that is none of those.
Figures loadFigures(const std::filesystem::path& path);

// The baseline file: the figures as JSON, the scenarios relative to the file's directory.
std::string baselineJson(const Figures& figures, const std::filesystem::path& baselineFile);

// The scenarios a baseline names, as paths usable from the working directory.
std::vector<std::string> baselineScenarios(const Figures& baseline, const std::filesystem::path& baselineFile);

} // namespace tileprof
