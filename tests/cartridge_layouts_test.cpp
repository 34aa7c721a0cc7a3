// The routine built three ways by the project: LoROM SlowROM (tile-collision), HiROM with its code
// and tables in bank $C0 (tile-collision-hirom) and LoROM FastROM linked at $80:8000
// (tile-collision-fastrom). The same instructions must do the same thing on each, and the bus must
// charge each exactly what its banks cost.

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/formats/symbols/symbol_file.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "profiler/reports/labels/mesen_labels.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

// Loaded once each; a map's elements stay where they are as others join them.
const ProfiledRom& built(const std::string& name)
{
    static std::map<std::string, ProfiledRom> roms;
    const auto found = roms.find(name);
    if (found != roms.end()) {
        return found->second;
    }
    return roms.emplace(name, loadProfiledRom(bundledRomPath(name))).first->second;
}

std::vector<Scenario> bundledScenarios()
{
    std::vector<Scenario> scenarios;
    for (const fs::path& path : bundledScenarioPaths()) {
        scenarios.push_back(loadScenario(path));
    }
    return scenarios;
}

const std::vector<Scenario>& scenarios()
{
    static const std::vector<Scenario> loaded = bundledScenarios();
    return loaded;
}

// Every call leaves the entity as on the LoROM build, in the same case and cycle count; returns
// how many calls there were.
std::size_t checkSameCalls(const ScenarioResult& other, const ScenarioResult& loRom)
{
    REQUIRE(other.calls.size() == loRom.calls.size());
    CHECK(other.failures.empty());
    CHECK(other.cases == loRom.cases);
    std::size_t differing = 0;
    for (std::size_t i = 0; i < loRom.calls.size(); ++i) {
        const CallRecord& a = other.calls[i];
        const CallRecord& b = loRom.calls[i];
        if (!(a.after == b.after) || a.caseIndex != b.caseIndex || a.cycles != b.cycles) {
            ++differing;
        }
    }
    CHECK(differing == 0);
    return loRom.calls.size();
}

TEST_CASE("cartridge layouts: the HiROM build runs from bank $C0 and reads its tables where only HiROM shows them")
{
    const ProfiledRom& hiRom = built("tile-collision-hirom");
    REQUIRE(hiRom.image.layout == emu::RomLayout::HiRom);
    CHECK(hiRom.image.header.mapMode == 0x21);
    CHECK(hiRom.image.bytes.size() == 0x10000);
    CHECK((hiRom.addresses.entry >> 16) == 0xC0);
    const DebugSymbol* top = hiRom.debug.findSymbol("TopHeightTable");
    REQUIRE(top != nullptr);
    CHECK(top->value >= 0xC00000);
    CHECK(top->value < 0xC08000); // the lower half: no system bank mirrors it
    CHECK(hiRom.design.tiles == built("tile-collision").design.tiles); // the shapes read from its height tables
}

TEST_CASE("cartridge layouts: on HiROM every call does what it does on LoROM, clock for clock")
{
    std::size_t calls = 0;
    for (const Scenario& scenario : scenarios()) {
        INFO(scenario.path.string());
        const ScenarioResult loRom = runScenario(scenario, built("tile-collision"));
        const ScenarioResult hiRom = runScenario(scenario, built("tile-collision-hirom"));
        calls += checkSameCalls(hiRom, loRom);
        // Banks $00 and $C0 both cost 8 clocks without MEMSEL: not one clock may differ.
        for (std::size_t i = 0; i < loRom.calls.size(); ++i) {
            CHECK(hiRom.calls[i].masterClocks == loRom.calls[i].masterClocks);
        }
    }
    CHECK(calls > 5000);
}

TEST_CASE("cartridge layouts: the FastROM build gains every ROM access that --fastrom leaves at SlowROM speed")
{
    const ProfiledRom& fastRom = built("tile-collision-fastrom");
    REQUIRE(fastRom.image.header.fastRom());
    CHECK((fastRom.addresses.entry >> 16) == 0x80);
    CHECK((fastRom.debug.findSymbol("TopHeightTable")->value >> 16) == 0x80);

    std::size_t calls = 0;
    std::uint64_t gained = 0;
    for (const Scenario& scenario : scenarios()) {
        INFO(scenario.path.string());
        const ScenarioResult loRom = runScenario(scenario, built("tile-collision"));
        const ScenarioResult build = runScenario(scenario, fastRom);
        const ScenarioResult mirrored = runScenario(scenario, built("tile-collision"), RunOptions{.fastRom = true});
        calls += checkSameCalls(build, loRom);
        // A frame's calls run back to back from its start, so a call's own clocks depend on where
        // the previous one left the refresh; the frame's total cannot grow when no access costs more.
        std::map<int, std::int64_t> frameSaving;
        std::map<int, std::uint32_t> frameSlowReads;
        for (std::size_t i = 0; i < loRom.calls.size(); ++i) {
            CHECK(build.calls[i].slowRomReads == 0);
            const int frame = loRom.calls[i].frame;
            frameSaving[frame] += std::int64_t{mirrored.calls[i].masterClocks} - build.calls[i].masterClocks;
            frameSlowReads[frame] += mirrored.calls[i].slowRomReads;
        }
        for (const auto& [frame, saving] : frameSaving) {
            INFO("frame " << frame);
            // The mirror run still reads the long-addressed tables in bank $00, 2 clocks slower each.
            if (frameSlowReads[frame] > 0) {
                CHECK(saving > 0);
            } else {
                CHECK(saving == 0);
            }
            gained += static_cast<std::uint64_t>(saving);
        }
    }
    CHECK(calls > 5000);
    CHECK(gained > 0);
}

TEST_CASE("cartridge layouts: comparing FastROM with itself is refused")
{
    const Scenario& scenario = scenarios().front();
    try {
        runScenario(scenario, built("tile-collision-fastrom"), RunOptions{.fastRom = true});
        FAIL("a FastROM image ran as its own FastROM twin");
    } catch (const tileprof::InputError& e) {
        checkMessage(e.what(), bundledRomPath("tile-collision-fastrom").string(),
                     {"its header already says FastROM (map mode $30): there is no SlowROM run to compare"});
    }
}

TEST_CASE("cartridge layouts: Mesen labels of the HiROM build come back at the addresses the code runs at")
{
    const ProfiledRom& hiRom = built("tile-collision-hirom");
    const std::string labels = mesenLabels(hiRom);
    CHECK(contains(labels, "SnesPrgRom:"));
    const DebugInfo back = parseSymbolFile("tile-collision-hirom.mlb", labels, cartridgePlaces(hiRom.image));
    std::size_t romLabels = 0;
    for (const DebugSymbol& s : back.symbols()) {
        if (!hiRom.image.offsetOf(s.value)) {
            continue; // work RAM
        }
        INFO(s.qualifiedName);
        CHECK((s.value >> 16) == 0xC0);
        CHECK(hiRom.debug.labelAt(s.value) != nullptr);
        ++romLabels;
    }
    CHECK(romLabels > 20);
    const DebugSymbol* entry = back.findSymbol("MoveEntityAndProcessTileCollisions");
    REQUIRE(entry != nullptr);
    CHECK(entry->value == hiRom.addresses.entry);
}

} // namespace
} // namespace tileprof::test
