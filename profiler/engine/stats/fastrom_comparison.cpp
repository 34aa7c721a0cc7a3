#include "profiler/engine/stats/fastrom_comparison.hpp"

#include "profiler/engine/stats/case_statistics.hpp"

#include <algorithm>

namespace tileprof {

std::vector<FastRomCase> compareFastRom(std::span<const ScenarioResult> slow, std::span<const ScenarioResult> fast)
{
    std::vector<FastRomCase> cases;
    const auto caseNamed = [&](const std::string& name) -> FastRomCase& {
        const auto found = std::find_if(cases.begin(), cases.end(), [&](const FastRomCase& fastRomCase) { return fastRomCase.name == name; });
        if (found != cases.end()) {
            return *found;
        }
        return cases.emplace_back(FastRomCase{name});
    };
    for (std::size_t s = 0; s < std::min(slow.size(), fast.size()); ++s) {
        for (std::size_t i = 0; i < std::min(slow[s].calls.size(), fast[s].calls.size()); ++i) {
            // Keyed by the slow run's case: FastROM changes timing, not what the routine decides.
            FastRomCase& c = caseNamed(caseNameOf(slow[s], slow[s].calls[i]));
            ++c.calls;
            c.slowMeanMasterClocks += slow[s].calls[i].masterClocks;
            c.fastMeanMasterClocks += fast[s].calls[i].masterClocks;
            c.slowRomReadsPerCall += fast[s].calls[i].slowRomReads;
        }
    }
    for (FastRomCase& c : cases) {
        const auto calls = static_cast<double>(c.calls);
        c.slowMeanMasterClocks /= calls;
        c.fastMeanMasterClocks /= calls;
        c.slowRomReadsPerCall /= calls;
    }
    return cases;
}

} // namespace tileprof
