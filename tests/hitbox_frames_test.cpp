// tile-collision-frames and tile-collision-rom-frames: the bundled routine as an engine with
// animation frames keeps it (the hitbox in the record of the entity's current frame, in work RAM
// or in ROM; the room's right edge a map variable), profiled from a bass symbol file of labels only
// (written from ld65's debug file by roms/tools/bass_symbols.cpp). Every bundled scenario runs on
// it and every call leaves the entity as roms/tile-collision does; only the cost differs.

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "profiler/engine/attribution/attribution.hpp"
#include "profiler/engine/runner/call_observer.hpp"
#include "profiler/engine/runner/collision_machine.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "tests/support/bundled_calls.hpp"
#include "tests/support/command.hpp"
#include "tests/support/loaded_rom.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"
#include "tests/support/untech_design.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

const fs::path kManifests = fs::path(TILEPROF_SOURCE_DIR) / "roms" / "tile-collision-frames";

const ProfiledRom& frames()
{
    return loadedBundledRom("tile-collision-frames");
}

const ProfiledRom& romFrames()
{
    return loadedBundledRom("tile-collision-rom-frames");
}

const ProfiledRom& ours()
{
    return loadedBundledRom("tile-collision");
}

// The work-RAM build with its manifest rewritten in `dir`: `from` replaced by `to`.
ProfiledRom framesWith(const TempDir& dir, const std::string& from, const std::string& to)
{
    const fs::path manifest = dir.write("frames.toml", replaced(slurp(kManifests / "manifest.toml"), from, to));
    return loadProfiledRom(RomFiles{bundledRomPath("tile-collision-frames"), std::nullopt, manifest});
}

bool sameOutcome(const CallRecord& a, const CallRecord& b)
{
    return a.after == b.after && a.caseIndex == b.caseIndex && sameTileReads(a, b, false);
}

} // namespace

TEST_CASE("hitbox frames: the bass symbol file gives every label where ld65 put it, the manifest its sizes and records")
{
    const ProfiledRom& rom = frames();
    CHECK(rom.debug.path().extension() == ".sym");
    CHECK(rom.debug.scopeSeparator() == ".");
    const DebugInfo ld65 = DebugInfo::load(bundledRomPath("tile-collision-frames").parent_path() / "tile-collision-frames" /
                                           "tile-collision-frames.dbg");
    int compared = 0;
    for (const DebugSymbol& symbol : ld65.symbols()) {
        if (symbol.isLabel && !symbol.name.starts_with("LOCAL-MACRO_SYMBOL-")) {
            std::string dotted = symbol.qualifiedName;
            for (std::size_t at = dotted.find("::"); at != std::string::npos; at = dotted.find("::", at)) {
                dotted.replace(at, 2, ".");
            }
            CAPTURE(dotted);
            CHECK(rom.debug.symbol(dotted, "test").value == symbol.value);
            CHECK_FALSE(rom.debug.symbol(dotted, "test").size);
            ++compared;
        }
    }
    CHECK(compared > 50);
    CHECK(rom.addresses.entry == ld65.symbol("MoveEntityAndProcessTileCollisions", "test").value);
    CHECK(rom.addresses.entitySlotCount == 16);
    CHECK(rom.addresses.hitboxRecords == ld65.symbol("FrameRecords", "test").value);
    CHECK_FALSE(rom.addresses.hitboxRecordsInRom);
    CHECK(rom.addresses.caseLabels.size() == 5);
    CHECK(rom.design.tiles == ours().design.tiles);

    // The ROM build's records: the hitboxes of eight-hitboxes.toml in order, then a frame without one.
    CHECK(romFrames().addresses.hitboxRecordsInRom);
    std::vector<Hitbox> expected;
    for (const EntitySpec& entity : loadScenario(bundledScenarioDirectory() / "eight-hitboxes.toml").entities) {
        expected.push_back(entity.hitbox);
    }
    expected.push_back(Hitbox{0, 0, 0, 255});
    CHECK(romFrames().addresses.romHitboxes == expected);
}

TEST_CASE("hitbox frames: every bundled scenario passes, each call leaving the entity as ours does, in more cycles")
{
    std::size_t slower = 0;
    const std::size_t calls = compareBundledCalls(frames(), ours(), [&](const CallRecord& a, const CallRecord& b) {
        slower += a.cycles > b.cycles; // it copies the hitbox from the frame record first
        return sameOutcome(a, b);
    });
    CHECK(calls > 5000);
    CHECK(slower == calls);
}

TEST_CASE("hitbox frames: the ROM-records build runs the scenarios of its hitboxes, cycle for cycle as the work-RAM "
          "build, and refuses others")
{
    const std::vector<Hitbox>& held = romFrames().addresses.romHitboxes;
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
            const ScenarioResult inRom = runScenario(scenario, romFrames());
            CHECK(inRom.failures.empty());
            const ScenarioResult mine = runScenario(scenario, ours());
            const ScenarioResult inRam = runScenario(scenario, frames());
            REQUIRE(inRom.calls.size() == mine.calls.size());
            REQUIRE(inRom.calls.size() == inRam.calls.size());
            for (std::size_t i = 0; i < inRom.calls.size(); ++i) {
                CHECK(sameOutcome(inRom.calls[i], mine.calls[i]));
                // The same code reading the same bytes through long addresses, from ROM instead of work RAM.
                CHECK(inRom.calls[i].cycles == inRam.calls[i].cycles);
            }
            ++run;
            continue;
        }
        try {
            runScenario(scenario, romFrames());
            FAIL("a hitbox the ROM's records lack was accepted");
        } catch (const tileprof::InputError& e) {
            checkMessage(e.what(), path.string() + ":" + std::to_string(*refusedAt),
                         {"is in none of the 9 records", "tile-collision-rom-frames.manifest.toml",
                          "{ left = 1, right = 3, top = 16, height = 32 }", "{ left = 0, right = 0, top = 0, height = 255 }"});
        }
        ++refused;
    }
    CHECK(run >= 3);
    CHECK(refused >= 3);
}

TEST_CASE("hitbox frames: labels give functions, and each instruction that ran is a line with its disassembly")
{
    const fs::path walkthrough = bundledScenarioDirectory() / "walkthrough-12x24.toml";
    RunOptions options;
    options.recordSteps = true;
    const ScenarioResult run = runScenario(loadScenario(walkthrough), frames(), options);
    const ProfiledRom* rom = &frames();
    const Profile p = attribute(std::span(&run, 1), std::span(&rom, 1), Selection{}).selected;
    REQUIRE(p.lines.size() > 100);
    Cost sum;
    for (const LineProfile& l : p.lines) {
        CHECK(l.file.empty());
        REQUIRE(l.address.has_value());
        CHECK_FALSE(l.instruction.empty());
        sum += l.exclusive;
    }
    CHECK(sum == p.total);
    CHECK(std::ranges::is_sorted(p.lines, {}, [](const LineProfile& l) { return *l.address; }));
    const auto at = [&](std::uint32_t address) {
        const auto found = std::ranges::find(p.lines, std::optional(address), &LineProfile::address);
        REQUIRE(found != p.lines.end());
        return *found;
    };
    // The routine's first instruction, decoded with the 16-bit A it runs with, and the frame copy's first read.
    const LineProfile entry = at(frames().addresses.entry);
    CHECK(entry.instruction == "LDA $0F");
    CHECK(entry.executions == run.calls.size());
    CHECK(entry.function == "MoveEntityAndProcessTileCollisions");
    const std::uint32_t records = frames().addresses.hitboxRecords;
    char copy[24];
    std::snprintf(copy, sizeof copy, "LDA $%06X,X", records + 2);
    CHECK(at(frames().addresses.entry + 8).instruction == copy);
    const std::uint32_t xAxis = frames().debug.symbol("MoveEntityAndProcessTileCollisions.XAxis", "test").value;
    CHECK(at(xAxis).function == "MoveEntityAndProcessTileCollisions.XAxis");

    const CommandResult profile =
        runTileprof({"profile", "--rom", bundledRomPath("tile-collision-frames").string(), walkthrough.string()});
    CHECK(profile.exitCode == 0);
    CHECK(contains(profile.out, "\nannotated disassembly of what ran without line information"));
    CHECK(contains(profile.out, "                                        | MoveEntityAndProcessTileCollisions.XAxis:\n"));
    CHECK_FALSE(contains(profile.out, "(no line information)"));
}

TEST_CASE("hitbox frames: a u24 record pointer holds the record's address, a u16 one its offset from the records")
{
    const TempDir dir;
    const ProfiledRom longPointers = framesWith(dir, "pointer = { offset = 0x28, format = \"u16\" }",
                                                "pointer = { offset = 0x28, format = \"u24\" }");
    EntityState e;
    e.hitbox = {6, 6, 12, 24};
    for (const ProfiledRom* rom : {&frames(), &longPointers}) {
        CollisionMachine machine(*rom);
        machine.writeEntity(2, e);
        const std::uint32_t pointer = rom->addresses.entitySlots + 2 * rom->manifest.entityStride + 0x28;
        const auto byte = [&](std::uint32_t i) { return std::uint32_t{machine.bus().peek(pointer + i)}; };
        const std::uint32_t offset = 2 * 8; // slot 2's record, 8 bytes a record
        if (rom == &frames()) {
            CHECK((byte(0) | byte(1) << 8) == offset);
        } else {
            CHECK((byte(0) | byte(1) << 8 | byte(2) << 16) == rom->addresses.hitboxRecords + offset);
        }
        CHECK(machine.bus().peek(rom->addresses.hitboxRecords + offset + 2) == 6);    // left
        CHECK(machine.bus().peek(rom->addresses.hitboxRecords + offset + 4) == 0xF4); // -top
        CHECK(machine.bus().peek(rom->addresses.hitboxRecords + offset + 5) == 24);   // height
    }
}

TEST_CASE("hitbox frames: the host writes the room's right edge from the map's width, and the routine stops a box there")
{
    // Four columns with nothing solid beside the box: only the room's edge can stop it.
    const TileId empty = untechTile("EMPTY");
    const TileId solid = untechTile("SOLID");
    const TileMap map{4, 4, {empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty,
                             solid, solid, solid, solid}};
    EntityState before;
    before.x = (0x1000u + 56) << 16;       // the box's columns 50..61
    before.y = (0x1000u + 20) << 16;       // its rows 8..31, in the air
    before.xVelocity = 4 << 16;            // to 54..65: past the room's 64 columns
    before.hitbox = {6, 6, 12, 24};
    const auto moved = [&](const ProfiledRom& rom) {
        CollisionMachine machine(rom);
        machine.loadMap(map);
        machine.writeEntity(0, before);
        CallObserver observer(rom.addresses.caseLabels, machine.mapWindow(), false);
        CallRecord record;
        observer.begin(record, machine.cpuState().time.cycles);
        REQUIRE(machine.call(0, observer).stop == emu::StopReason::BreakAddress);
        if (rom.manifest.hitboxRecords) {
            const std::uint32_t right = rom.addresses.mapVariables.at(0);
            CHECK((machine.bus().peek(right) | machine.bus().peek(right + 1) << 8) == 0x1000 + 16 * 4);
        }
        return machine.readEntity(0, before);
    };
    const EntityState stopped = moved(frames());
    CHECK((stopped.x >> 16) == 0x1000 + 64 - 6);  // the box's last column is the room's last
    CHECK(stopped.xVelocity == 0);
    CHECK((stopped.state & frames().manifest.stateBits.right.mask) != 0);
    // The variable's place given as an address instead of a symbol.
    const TempDir dir;
    char address[16];
    std::snprintf(address, sizeof address, "at = 0x%06X", frames().addresses.mapVariables.at(0));
    const ProfiledRom byAddress = framesWith(dir, "at = \"MapRight\"", address);
    CHECK(byAddress.addresses.mapVariables == frames().addresses.mapVariables);
    CHECK(moved(byAddress) == stopped);
    // Without the edge the routine reads the next row's first tile as the column right of the room.
    CHECK((moved(ours()).x >> 16) == 0x1000 + 60);
}

TEST_CASE("hitbox frames: a map variable its format cannot hold for a scenario's map stops that scenario")
{
    const TempDir dir;
    const ProfiledRom rom = framesWith(dir, "at = \"MapRight\"\nformat = \"u16\"", "at = \"MapRight\"\nformat = \"u8\"");
    const Scenario scenario = loadScenario(bundledScenarioDirectory() / "walkthrough-12x24.toml");
    try {
        runScenario(scenario, rom);
        FAIL("a map variable past its format was written");
    } catch (const tileprof::InputError& e) {
        checkMessage(dir.relative(e.what()), "frames.toml:" + std::to_string(lineWith(slurp(dir.file("frames.toml")), "at = \"MapRight\"") - 1),
                     {"map variable \"origin_x + tile_size * width\" is 4608 for this map (32 x 14 tiles), which its "
                      "format does not hold (0..255)"});
    }
}

} // namespace tileprof::test
