#include "profiler/report/run_report.hpp"

#include <algorithm>

namespace tileprof {

std::size_t totalCalls(const RunReport& r)
{
    std::size_t calls = 0;
    for (const ScenarioResult& s : r.scenarios) {
        calls += s.calls.size();
    }
    return calls;
}

std::size_t totalFailures(const RunReport& r)
{
    std::size_t failures = 0;
    for (const ScenarioResult& s : r.scenarios) {
        failures += s.failures.size();
    }
    return failures;
}

bool runFailed(const RunReport& r)
{
    return totalFailures(r) > 0 ||
           std::any_of(r.cases.begin(), r.cases.end(), [](const CaseStatistics& c) { return c.overBudget(); });
}

} // namespace tileprof
