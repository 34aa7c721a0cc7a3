#include "profiler/engine/stats/case_statistics.hpp"

#include <algorithm>

namespace tileprof {

namespace {

constexpr const char* kNoCase = "(no case label)";

} // namespace

std::string caseNameOf(const ScenarioResult& scenario, const CallRecord& call)
{
    return call.caseIndex < 0 ? kNoCase : scenario.cases[static_cast<std::size_t>(call.caseIndex)];
}

namespace {

// Statistics per the name `group` gives each call, in the order names first appear.
template <class Group>
std::vector<CaseStatistics> groupedStatistics(std::span<const ScenarioResult> scenarios, const Group& group)
{
    struct Collected {
        CaseStatistics stats;
        std::vector<double> cycles;
        std::vector<double> scanlines;
    };
    std::vector<Collected> cases;
    for (const ScenarioResult& s : scenarios) {
        for (const CallRecord& call : s.calls) {
            const std::string name = group(s, call);
            auto found = std::find_if(cases.begin(), cases.end(), [&](const Collected& collected) { return collected.stats.name == name; });
            if (found == cases.end()) {
                found = cases.insert(cases.end(), Collected{});
                found->stats.name = name;
            }
            CaseStatistics& st = found->stats;
            found->cycles.push_back(call.cycles);
            found->scanlines.push_back(call.scanlines());
            const double share = static_cast<double>(call.cycles) / s.budgetCycles;
            st.meanBudgetShare += share;
            st.maxBudgetShare = std::max(st.maxBudgetShare, share);
            st.callsOverBudget += call.cycles > static_cast<std::uint32_t>(s.budgetCycles) ? 1 : 0;
            if (st.calls == 0 || call.cycles > st.worst.cycles) {
                st.worst = {s.scenario, call.frame, s.entities[static_cast<std::size_t>(call.entity)], call.cycles,
                            call.scanlines()};
            }
            ++st.calls;
        }
    }
    std::vector<CaseStatistics> out;
    for (Collected& c : cases) {
        c.stats.meanBudgetShare /= static_cast<double>(c.stats.calls);
        c.stats.cycles = distributionOf(std::move(c.cycles));
        c.stats.scanlines = distributionOf(std::move(c.scanlines));
        out.push_back(std::move(c.stats));
    }
    return out;
}

} // namespace

std::vector<CaseStatistics> caseStatistics(std::span<const ScenarioResult> scenarios)
{
    return groupedStatistics(scenarios, caseNameOf);
}

std::optional<CaseStatistics> callStatistics(std::span<const ScenarioResult> scenarios, const std::string& name)
{
    std::vector<CaseStatistics> all =
        groupedStatistics(scenarios, [&](const ScenarioResult&, const CallRecord&) { return name; });
    if (all.empty()) {
        return std::nullopt;
    }
    return std::move(all.front());
}

} // namespace tileprof
