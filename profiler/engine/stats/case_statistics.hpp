#pragma once

#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/engine/stats/distribution.hpp"

#include <span>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

// Where a case's costliest call happened, so it can be replayed.
struct WorstCall {
    std::string scenario; // the scenario's file
    int frame = 0;
    std::string entity;
    std::uint32_t cycles = 0;
    double scanlines = 0;
};

struct CaseStatistics {
    std::string name;
    std::size_t calls = 0;
    Distribution cycles;
    Distribution scanlines;
    // A call's share of its scenario's budget is cycles / budget (1 = the whole budget). The budget
    // is a per-entity average, as the design's author states it: a case is over budget when its
    // mean share is over 1; single calls over it are counted, not failed.
    double meanBudgetShare = 0;
    double maxBudgetShare = 0;
    std::size_t callsOverBudget = 0;
    WorstCall worst;

    bool overBudget() const { return meanBudgetShare > 1.0; }
};

// The name of the case a call ran, "(no case label)" when it ran none.
std::string caseNameOf(const ScenarioResult& scenario, const CallRecord& call);

// Per case over all the given scenarios, in the order cases first appear.
std::vector<CaseStatistics> caseStatistics(std::span<const ScenarioResult> scenarios);

// Over every call of the given scenarios whatever its case, named `name`; nothing without calls.
std::optional<CaseStatistics> callStatistics(std::span<const ScenarioResult> scenarios, const std::string& name);

} // namespace tileprof
