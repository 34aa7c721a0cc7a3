#include "profiler/report/run_report.hpp"

#include <nlohmann/json.hpp>

#include <cmath>

namespace tileprof {

namespace {

constexpr int kSchemaVersion = 1;

double rounded(double value, int decimals)
{
    const double scale = std::pow(10.0, decimals);
    return std::round(value * scale) / scale;
}

// Per case; `scenario` leads the entry when the statistics are one scenario's.
nlohmann::ordered_json caseJson(const CaseStatistics& c, const std::string* scenario = nullptr)
{
    const auto whole = [](double cycles) { return static_cast<std::uint64_t>(cycles); };
    nlohmann::ordered_json entry;
    if (scenario != nullptr) {
        entry["scenario"] = *scenario;
    }
    entry.update(nlohmann::ordered_json{
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

} // namespace

std::string formatRunJson(const RunReport& r)
{
    nlohmann::ordered_json scenarios = nlohmann::ordered_json::array();
    for (const ScenarioResult& s : r.scenarios) {
        nlohmann::ordered_json cases = nlohmann::ordered_json::array();
        for (const CaseStatistics& c : caseStatistics(std::span(&s, 1))) {
            cases.push_back(caseJson(c, &s.scenario));
        }
        scenarios.push_back({{"scenario", s.scenario},
                             {"budget_cycles", s.budgetCycles},
                             {"calls", s.calls.size()},
                             {"failures", s.failures},
                             {"cases", std::move(cases)}});
    }
    nlohmann::ordered_json cases = nlohmann::ordered_json::array();
    for (const CaseStatistics& c : r.cases) {
        cases.push_back(caseJson(c));
    }
    const nlohmann::ordered_json root = {
        {"tileprof", "run"},
        {"schema", kSchemaVersion},
        {"scenarios", std::move(scenarios)},
        {"cases", std::move(cases)},
    };
    return root.dump(2) + "\n";
}

} // namespace tileprof
