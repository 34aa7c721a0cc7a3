#include "profiler/reports/run/case_json.hpp"

#include "base/rounding.hpp"

namespace tileprof {

Json caseJson(const CaseStatistics& statistics, const std::string* scenario)
{
    const auto whole = [](double cycles) { return static_cast<std::uint64_t>(cycles); };
    Json entry;
    if (scenario != nullptr) {
        entry["scenario"] = *scenario;
    }
    entry.update(Json{
        {"case", statistics.name},
        {"calls", statistics.calls},
        {"min_cycles", whole(statistics.cycles.min)},
        {"mean_cycles", rounded(statistics.cycles.mean, 2)},
        {"p95_cycles", whole(statistics.cycles.p95)},
        {"max_cycles", whole(statistics.cycles.max)},
        {"min_scanlines", rounded(statistics.scanlines.min, 4)},
        {"mean_scanlines", rounded(statistics.scanlines.mean, 4)},
        {"p95_scanlines", rounded(statistics.scanlines.p95, 4)},
        {"max_scanlines", rounded(statistics.scanlines.max, 4)},
        {"mean_budget_share", rounded(statistics.meanBudgetShare, 4)},
        {"max_budget_share", rounded(statistics.maxBudgetShare, 4)},
        {"calls_over_budget", statistics.callsOverBudget},
        {"over_budget", statistics.overBudget()},
        {"worst", {{"scenario", statistics.worst.scenario}, {"frame", statistics.worst.frame}, {"entity", statistics.worst.entity},
                   {"cycles", statistics.worst.cycles}}},
    });
    return entry;
}

Json tileReadJson(const TileRead& tile, const std::vector<std::string>& tileTypes)
{
    return {{"column", tile.column}, {"row", tile.row}, {"type", tileTypes[tile.type]}, {"cycle", tile.cycle}};
}

} // namespace tileprof
