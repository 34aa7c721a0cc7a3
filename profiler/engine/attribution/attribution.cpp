#include "profiler/engine/attribution/attribution.hpp"

#include "profiler/engine/attribution/profile_builder.hpp"
#include "profiler/engine/stats/case_statistics.hpp"

#include <algorithm>

namespace tileprof {

bool Selection::selects(const ScenarioResult& scenario, const CallRecord& call) const
{
    return (!caseName || caseNameOf(scenario, call) == *caseName) && (!frame || call.frame == *frame) &&
           (!entity || scenario.entities[static_cast<std::size_t>(call.entity)] == *entity);
}

std::string Selection::describe() const
{
    std::string text;
    const auto add = [&](const std::string& part) { text += (text.empty() ? "" : ", ") + part; };
    if (caseName) {
        add("case \"" + *caseName + "\"");
    }
    if (frame) {
        add("frame " + std::to_string(*frame));
    }
    if (entity) {
        add("entity \"" + *entity + "\"");
    }
    return text.empty() ? "all calls" : text;
}

Attribution attribute(std::span<const ScenarioResult> scenarios, std::span<const ProfiledRom* const> roms,
                      const Selection& selection, std::span<const std::string> romNames)
{
    ProfileBuilder selected;
    std::vector<std::string> caseNames;
    std::vector<ProfileBuilder> perCase;
    for (std::size_t i = 0; i < scenarios.size(); ++i) {
        const std::string_view romName = romNames.empty() ? std::string_view() : romNames[i];
        for (const CallRecord& call : scenarios[i].calls) {
            if (selection.selects(scenarios[i], call)) {
                selected.add(call, roms[i]->debug, roms[i]->image, romName);
            }
            const std::string name = caseNameOf(scenarios[i], call);
            auto found = std::find(caseNames.begin(), caseNames.end(), name);
            if (found == caseNames.end()) {
                caseNames.push_back(name);
                perCase.emplace_back();
                found = caseNames.end() - 1;
            }
            perCase[static_cast<std::size_t>(found - caseNames.begin())].add(call, roms[i]->debug, roms[i]->image, romName);
        }
    }
    Attribution a{selection, selected.build(), {}};
    for (std::size_t c = 0; c < caseNames.size(); ++c) {
        a.cases.push_back({caseNames[c], perCase[c].build()});
    }
    return a;
}

} // namespace tileprof
