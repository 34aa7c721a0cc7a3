#include "profiler/reports/run/case_json.hpp"

#include "base/rounding.hpp"

namespace tileprof {

Json caseJson(const CaseStatistics& c, const std::string* scenario)
{
    const auto whole = [](double cycles) { return static_cast<std::uint64_t>(cycles); };
    Json entry;
    if (scenario != nullptr) {
        entry["scenario"] = *scenario;
    }
    entry.update(Json{
        {"case", c.name},
        {"calls", c.calls},
        {"min_cycles", whole(c.cycles.min)},
        {"mean_cycles", rounded(c.cycles.mean, 2)},
        {"p95_cycles", whole(c.cycles.p95)},
        {"max_cycles", whole(c.cycles.max)},
        {"min_scanlines", rounded(c.scanlines.min, 4)},
        {"mean_scanlines", rounded(c.scanlines.mean, 4)},
        {"p95_scanlines", rounded(c.scanlines.p95, 4)},
        {"max_scanlines", rounded(c.scanlines.max, 4)},
        {"mean_budget_share", rounded(c.meanBudgetShare, 4)},
        {"max_budget_share", rounded(c.maxBudgetShare, 4)},
        {"calls_over_budget", c.callsOverBudget},
        {"over_budget", c.overBudget()},
        {"worst", {{"scenario", c.worst.scenario}, {"frame", c.worst.frame}, {"entity", c.worst.entity},
                   {"cycles", c.worst.cycles}}},
    });
    return entry;
}

} // namespace tileprof
