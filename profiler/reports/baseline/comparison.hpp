#pragma once

#include "profiler/reports/baseline/baseline.hpp"
#include "profiler/reports/markup/report_format.hpp"

#include <optional>
#include <string>
#include <vector>

namespace tileprof {

struct CaseDelta {
    std::string name;
    std::optional<BaselineCase> old; // nothing when the case ran only in the new figures
    std::optional<BaselineCase> now; // nothing when it no longer runs
    bool slower = false;     // its mean or max grew by more than the tolerance
    bool faster = false;     // not slower, and its mean or max shrank
    bool overBudget = false; // over budget now, and the budget counts
};

struct FunctionDelta {
    std::string name;
    std::optional<BaselineFunction> old;
    std::optional<BaselineFunction> now;
};

// Two sets of figures aligned by case and by function (scope) name.
struct Comparison {
    std::string oldSource;
    std::string newSource;
    double tolerance = 0; // cycles
    bool checking = false;
    std::vector<CaseDelta> cases;         // the old order, then cases new to the new figures
    std::vector<FunctionDelta> functions; // those whose cycles per call differ
    std::vector<std::string> broken; // a play's budgets and invariants the new run broke, one line each

    std::size_t slower() const;
    std::size_t faster() const;
    std::size_t overBudget() const;
    std::size_t gone() const; // cases of the old figures the new ones do not have
    // A case fails when it got slower, is over budget, or (checking) no longer runs.
    bool fails(const CaseDelta& delta) const { return delta.slower || delta.overBudget || (checking && delta.old && !delta.now); }
    bool failed() const { return slower() > 0 || overBudget() > 0 || (checking && gone() > 0) || !broken.empty(); }
};

// `checking` (check, not diff): a case the new figures put over budget fails too, and so does a
// case of the baseline that no longer runs (renamed or lost: a baseline that checks nothing must
// be written again).
Comparison compare(const Baseline& old, const Baseline& now, double tolerance, bool checking);

// `command` heads the report: "check" or "diff". Formats: table, markdown, json, junit.
std::string formatComparison(const Comparison& comparison, const std::string& command, ReportFormat format);

} // namespace tileprof
