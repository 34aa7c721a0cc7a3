// The untech engine's own collision routine (../shared/testdata/untech-original), assembled by bass
// with a symbol file of labels only, driven through nothing but the manifests in
// roms/untech-original: every bundled scenario runs on it, every expectation passes, and every call
// leaves the entity exactly as roms/tile-collision does. Only the cost may differ.

#include "emu/input_error.hpp"
#include "profiler/attribution/attribution.hpp"
#include "profiler/bundled_roms.hpp"
#include "profiler/rom/profiled_rom.hpp"
#include "profiler/runner/collision_machine.hpp"
#include "profiler/runner/scenario_runner.hpp"
#include "profiler/scenario/scenario.hpp"
#include "tests/support/command.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

const fs::path kOriginal = fs::path(TILEPROF_SHARED_DIR) / "testdata" / "untech-original";
const fs::path kManifests = fs::path(TILEPROF_SCRIPTS_DIR).parent_path() / "roms" / "untech-original";

// The WRAM build, called as `manifest` says.
ProfiledRom loadOriginal(const fs::path& manifest)
{
    return loadProfiledRom(RomFiles{kOriginal / "collision-harness-wramframes.sfc", std::nullopt, manifest});
}

const ProfiledRom& original()
{
    static const ProfiledRom rom = loadOriginal(kManifests / "wram-frames.toml");
    return rom;
}

// wram-frames.toml with `from` replaced by `to`.
std::string wramFramesWith(const std::string& from, const std::string& to)
{
    return replaced(slurp(kManifests / "wram-frames.toml"), from, to);
}

const ProfiledRom& originalWithRomFrames()
{
    static const ProfiledRom rom =
        loadProfiledRom(RomFiles{kOriginal / "collision-harness.sfc", std::nullopt, kManifests / "rom-frames.toml"});
    return rom;
}

const ProfiledRom& ours()
{
    static const ProfiledRom rom = loadProfiledRom(bundledRomPath("tile-collision"));
    return rom;
}

// Every call leaves the entity as ours does, in the same case; returns how many calls it compared.
std::size_t checkSameOutcomes(const ScenarioResult& theirs, const ScenarioResult& mine)
{
    REQUIRE(theirs.calls.size() == mine.calls.size());
    CHECK(theirs.cases == mine.cases);
    std::size_t differing = 0;
    for (std::size_t i = 0; i < mine.calls.size(); ++i) {
        const CallRecord& a = theirs.calls[i];
        const CallRecord& b = mine.calls[i];
        if (!(a.after == b.after) || a.caseIndex != b.caseIndex) {
            if (++differing == 1) {
                FAIL_CHECK(mine.scenario << ": frame " << b.frame << ", entity " << b.entity
                                         << ": the original leaves (" << a.after.x << ", " << a.after.y << ", state "
                                         << int{a.after.state} << "), ours (" << b.after.x << ", " << b.after.y
                                         << ", state " << int{b.after.state} << ")");
            }
        }
    }
    CHECK(differing == 0);
    return mine.calls.size();
}

} // namespace

TEST_CASE("untech original: the manifest describes the bass build, its RAM and its records")
{
    const ProfiledRom& rom = original();
    CHECK(rom.debug.scopeSeparator() == ".");
    CHECK(rom.addresses.entry == 0x808011);
    CHECK(rom.addresses.entitySlots == 0x7E0100);
    CHECK(rom.addresses.entitySlotCount == 64);
    CHECK(rom.addresses.hitboxRecords == 0x7F0010);
    CHECK_FALSE(rom.addresses.hitboxRecordsInRom);
    CHECK(rom.addresses.caseLabels.size() == 5);
    CHECK(rom.design.tiles == ours().design.tiles); // the shapes read from its own height tables

    // The ROM build's 8 test hitboxes and its record without one, read through the manifest.
    const ProfiledRom& romFrames = originalWithRomFrames();
    CHECK(romFrames.addresses.hitboxRecordsInRom);
    REQUIRE(romFrames.addresses.romHitboxes.size() == 9);
    CHECK(romFrames.addresses.romHitboxes[0] == Hitbox{6, 6, 12, 24});
    CHECK(romFrames.addresses.romHitboxes[6] == Hitbox{1, 3, 16, 32});
    CHECK(romFrames.addresses.romHitboxes[7] == Hitbox{8, 8, 20, 24});
    CHECK(romFrames.addresses.romHitboxes[8] == Hitbox{255, 255, 1, 255});
}

TEST_CASE("untech original: every bundled scenario passes on it, each call leaving the entity as ours does")
{
    std::size_t calls = 0;
    for (const fs::path& path : bundledScenarioPaths()) {
        INFO(path.filename().string());
        const Scenario scenario = loadScenario(path);
        const ScenarioResult theirs = runScenario(scenario, original());
        CHECK(theirs.failures.empty());
        calls += checkSameOutcomes(theirs, runScenario(scenario, ours()));
    }
    CHECK(calls > 5000);
}

TEST_CASE("untech original: its ROM-records build runs the scenarios of the engine's test hitboxes, and refuses others")
{
    const std::vector<Hitbox>& held = originalWithRomFrames().addresses.romHitboxes;
    const auto isHeld = [&](const Hitbox& h) { return std::ranges::find(held, h) != held.end(); };
    int run = 0;
    int refused = 0;
    for (const fs::path& path : bundledScenarioPaths()) {
        INFO(path.filename().string());
        const Scenario scenario = loadScenario(path);
        // Where the runner refuses the scenario: the first hitbox, an entity's or a script step's, the records lack.
        std::optional<int> refusedAt;
        for (const EntitySpec& entity : scenario.entities) {
            if (!refusedAt && !isHeld(entity.hitbox)) {
                refusedAt = entity.line;
            }
            for (const ScriptStep& step : entity.script) {
                if (!refusedAt && step.hitbox && !isHeld(*step.hitbox)) {
                    refusedAt = step.line;
                }
            }
        }
        if (!refusedAt) {
            const ScenarioResult theirs = runScenario(scenario, originalWithRomFrames());
            CHECK(theirs.failures.empty());
            checkSameOutcomes(theirs, runScenario(scenario, ours()));
            // The same routine and data, read from ROM instead of WRAM: cycle for cycle the same.
            const ScenarioResult wram = runScenario(scenario, original());
            for (std::size_t i = 0; i < wram.calls.size(); ++i) {
                CHECK(wram.calls[i].cycles == theirs.calls[i].cycles);
            }
            ++run;
            continue;
        }
        try {
            runScenario(scenario, originalWithRomFrames());
            FAIL("a hitbox the ROM's records lack was accepted");
        } catch (const emu::InputError& e) {
            checkMessage(e.what(), path.string() + ":" + std::to_string(*refusedAt), {"is in none of the 9 records", "rom-frames.toml",
                                                          "{ left = 1, right = 3, top = 16, height = 32 }"});
        }
        ++refused;
    }
    CHECK(run > 0);
    CHECK(refused > 0);
}

TEST_CASE("untech original: its labels give functions, and each instruction that ran is a line with its disassembly")
{
    const Scenario scenario = loadScenario(fs::path(TILEPROF_SCRIPTS_DIR) / "scenarios" / "walkthrough-12x24.toml");
    RunOptions options;
    options.recordSteps = true;
    const ScenarioResult run = runScenario(scenario, original(), options);
    const ProfiledRom* rom = &original();
    const Profile p = attribute(std::span(&run, 1), std::span(&rom, 1), Selection{}).selected;
    REQUIRE(p.lines.size() > 100);
    Cost sum;
    std::uint64_t executions = 0;
    for (const LineProfile& l : p.lines) {
        CHECK(l.file.empty());
        REQUIRE(l.address.has_value());
        CHECK_FALSE(l.instruction.empty());
        sum += l.exclusive;
        executions += l.executions;
    }
    CHECK(sum == p.total);
    CHECK(std::ranges::is_sorted(p.lines, {}, [](const LineProfile& l) { return *l.address; }));
    // The routine's first instructions, decoded with the widths they ran with: 8-bit A, then 16.
    const auto at = [&](std::uint32_t address) {
        const auto found = std::ranges::find(p.lines, std::optional(address), &LineProfile::address);
        REQUIRE(found != p.lines.end());
        return *found;
    };
    const LineProfile entry = at(original().addresses.entry);
    CHECK(entry.instruction == "SEP #$20");
    CHECK(entry.executions == run.calls.size());
    CHECK(entry.function == "MetaTiles.MoveEntityAndProcessTileCollisions");
    CHECK(at(0x808033).instruction == "ORA #$FF00");
    CHECK(at(0x80805B).function == "MetaTiles.MoveEntityAndProcessTileCollisions.MovingRight");

    const CommandResult profile =
        runTileprof({"profile", "--rom", (kOriginal / "collision-harness-wramframes.sfc").string(), "--manifest",
                     (kManifests / "wram-frames.toml").string(), (fs::path(TILEPROF_SCRIPTS_DIR) / "scenarios" / "walkthrough-12x24.toml").string()});
    CHECK(profile.exitCode == 0);
    CHECK(contains(profile.out, "\nannotated disassembly of what ran without line information"));
    CHECK(contains(profile.out, "                                        | MetaTiles.MoveEntityAndProcessTileCollisions.MovingRight:\n"));
    CHECK(contains(profile.out, "       3.00   0.6%                  840 | $80:8011  SEP #$20\n"));
    CHECK_FALSE(contains(profile.out, "(no line information)"));
}

TEST_CASE("untech original: a u24 record pointer holds the record's address, a u16 one its offset from the records")
{
    const TempDir dir;
    const ProfiledRom longPointers = loadOriginal(dir.write(
        "long.toml", wramFramesWith("pointer = { offset = 0x0D, format = \"u16\" }", "pointer = { offset = 0x0D, format = \"u24\" }")));
    EntityState e;
    e.hitbox = {6, 6, 12, 24};
    for (const ProfiledRom* rom : {&original(), &longPointers}) {
        CollisionMachine machine(*rom);
        machine.writeEntity(2, e);
        const std::uint32_t pointer = rom->addresses.entitySlots + 2 * rom->manifest.entityStride + 0x0D;
        const auto byte = [&](std::uint32_t i) { return std::uint32_t{machine.bus().peek(pointer + i)}; };
        const std::uint32_t offset = 2 * 12; // slot 2's record, 12 bytes a record
        if (rom == &original()) {
            CHECK((byte(0) | byte(1) << 8) == offset);
        } else {
            CHECK((byte(0) | byte(1) << 8 | byte(2) << 16) == rom->addresses.hitboxRecords + offset);
        }
        CHECK(machine.bus().peek(rom->addresses.hitboxRecords + offset + 8) == 6); // the record's left
    }
}

TEST_CASE("untech original: a map variable its format cannot hold for a scenario's map stops that scenario")
{
    const TempDir dir;
    const std::string text = wramFramesWith("at = 0x7E6906             # map.right\nformat = \"u16\"",
                                            "at = 0x7E6906             # map.right\nformat = \"u8\"");
    const ProfiledRom rom = loadOriginal(dir.write("narrow.toml", text));
    const Scenario scenario = loadScenario(fs::path(TILEPROF_SCRIPTS_DIR) / "scenarios" / "walkthrough-12x24.toml");
    try {
        runScenario(scenario, rom);
        FAIL("a map variable past its format was written");
    } catch (const emu::InputError& e) {
        checkMessage(dir.relative(e.what()), "narrow.toml:" + std::to_string(lineWith(text, "at = 0x7E6906") - 1),
                     {"map variable \"origin_x + tile_size * width\" is 4608 for this map (32 x 14 tiles), which its "
                      "format does not hold (0..255)"});
    }
}

} // namespace tileprof::test
