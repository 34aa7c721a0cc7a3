#include "tests/support/bundled_calls.hpp"

#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "tests/support/paths.hpp"

#include <doctest/doctest.h>

#include <algorithm>

namespace tileprof::test {

std::size_t compareCalls(const ProfiledRom& other, const ProfiledRom& reference,
                         const std::vector<std::filesystem::path>& scenarios, const CallsAgree& agree)
{
    std::size_t calls = 0;
    for (const std::filesystem::path& path : scenarios) {
        INFO(path.filename().string());
        const Scenario scenario = loadScenario(path, reference.design);
        const ScenarioResult theirs = runScenario(scenario, other);
        const ScenarioResult mine = runScenario(scenario, reference);
        CHECK(theirs.failures.empty());
        CHECK(theirs.cases == mine.cases);
        REQUIRE(theirs.calls.size() == mine.calls.size());
        std::size_t differing = 0;
        for (std::size_t i = 0; i < mine.calls.size(); ++i) {
            differing += !agree(theirs.calls[i], mine.calls[i]);
        }
        CHECK(differing == 0);
        calls += mine.calls.size();
    }
    return calls;
}

std::size_t compareBundledCalls(const ProfiledRom& other, const ProfiledRom& reference, const CallsAgree& agree)
{
    return compareCalls(other, reference, bundledScenarioPaths(), agree);
}

bool sameTileReads(const CallRecord& a, const CallRecord& b, bool atSameCycles)
{
    return std::equal(a.tilesRead.begin(), a.tilesRead.end(), b.tilesRead.begin(), b.tilesRead.end(),
                      [&](const TileRead& x, const TileRead& y) {
                          return x.column == y.column && x.row == y.row && x.type == y.type &&
                                 (!atSameCycles || x.cycle == y.cycle);
                      });
}

} // namespace tileprof::test
