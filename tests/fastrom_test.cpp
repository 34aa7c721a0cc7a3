// --fastrom: the same calls run with MEMSEL set from the banks $80+ mirror. They take the same
// cycles and decide the same cases, cost fewer master clocks, and the ROM reads that still go
// through banks below $80 (the routine's long reads of its height tables) are counted.

#include "base/bundled_files.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/engine/stats/fastrom_comparison.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "tests/support/command.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <string>

namespace tileprof::test {
namespace {

const std::string kScenario = (bundledScenarioDirectory() / "hill-45-right.toml").string();

TEST_CASE("fastrom: same cycles and cases, fewer master clocks, slow long reads counted")
{
    const Scenario scenario = loadScenario(kScenario);
    const ProfiledRom rom = loadProfiledRom(bundledRomPath("tile-collision"));
    RunOptions fastOptions;
    fastOptions.fastRom = true;
    const ScenarioResult slow = runScenario(scenario, rom);
    const ScenarioResult fast = runScenario(scenario, rom, fastOptions);
    REQUIRE(slow.calls.size() == fast.calls.size());
    REQUIRE(!slow.calls.empty());
    CHECK(fast.failures.empty());
    std::uint32_t slowReads = 0;
    for (std::size_t i = 0; i < slow.calls.size(); ++i) {
        CAPTURE(i);
        CHECK(fast.calls[i].cycles == slow.calls[i].cycles);
        CHECK(fast.calls[i].caseIndex == slow.calls[i].caseIndex);
        CHECK(fast.calls[i].tilesRead.size() == slow.calls[i].tilesRead.size());
        CHECK(fast.calls[i].masterClocks < slow.calls[i].masterClocks);
        CHECK(slow.calls[i].slowRomReads == 0); // counted only when asked for
        slowReads += fast.calls[i].slowRomReads;
    }
    CHECK(slowReads > 0); // the slope's height-table reads use `f:` addresses in bank $00

    const std::vector<FastRomCase> cases = compareFastRom(std::span(&slow, 1), std::span(&fast, 1));
    REQUIRE(!cases.empty());
    std::size_t calls = 0;
    for (const FastRomCase& c : cases) {
        CHECK(c.savingMasterClocks() > 0);
        calls += c.calls;
    }
    CHECK(calls == slow.calls.size());
}

TEST_CASE("fastrom: run --fastrom reports the saving per case in the table and the JSON")
{
    const CommandResult table = runTileprof({"run", "--fastrom", kScenario});
    REQUIRE(table.exitCode == 0);
    CHECK(contains(table.out, "FastROM (MEMSEL set, code run from banks $80+)"));
    CHECK(contains(table.out, "Some ROM reads still go through banks $00-$7D"));

    const CommandResult json = runTileprof({"run", "--fastrom", "--format", "json", kScenario});
    REQUIRE(json.exitCode == 0);
    const nlohmann::json report = nlohmann::json::parse(json.out);
    REQUIRE(report["fastrom"].is_array());
    REQUIRE(report["fastrom"].size() == report["cases"].size());
    for (const nlohmann::json& c : report["fastrom"]) {
        CHECK(c["fastrom_mean_master_clocks"].get<double>() < c["slowrom_mean_master_clocks"].get<double>());
        CHECK(c["saving_master_clocks"].get<double>() > 0);
    }
}

} // namespace
} // namespace tileprof::test
