// Running scenarios on the tile-collision ROM: expectations and invariants catch a routine that
// misbehaves, a call that goes wrong (runs away, stops, breaks, writes ROM, unbalances the stack)
// stops the run with a message that says where in the scenario and where in the code, and a ROM
// whose debug file or manifest does not fit is refused. The bad ROMs are copies of the built one
// with a few bytes patched, found through its debug file.

#include "profiler/engine/runner/scenario_runner.hpp"

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "profiler/formats/symbols/debug_info.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "tests/support/command.hpp"
#include "tests/support/rom_copy.hpp"

#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

const fs::path kRunnerData = fs::path(TILEPROF_TEST_DATA_DIR) / "runner";

fs::path builtRom()
{
    return bundledRomPath("tile-collision");
}

// The debug file of the ROM this test binary's build made.
const DebugInfo& builtDebugInfo()
{
    static const DebugInfo info = DebugInfo::load(fs::path(builtRom()).replace_extension(".dbg"));
    return info;
}

std::uint32_t symbolAddress(std::string_view name)
{
    return builtDebugInfo().symbol(name, "runner_test").value;
}

std::uint32_t entryAddress()
{
    return symbolAddress("MoveEntityAndProcessTileCollisions");
}

// "$00:800B (/path/to/tile_collision.s:N)": an address as the runner names code, with the source
// line the debug file gives it.
std::string codeAt(std::uint32_t address)
{
    char text[16];
    std::snprintf(text, sizeof text, "$%02X:%04X", address >> 16, address & 0xFFFF);
    const std::optional<SourceLine> line = builtDebugInfo().lineAt(address);
    REQUIRE(line.has_value());
    REQUIRE(fs::path(line->file).filename() == "tile_collision.s");
    return std::string(text) + " (" + line->file + ":" + std::to_string(line->line) + ")";
}

// A scenario of tests/data/runner, copied into `dir` (its `rom` is the copy there) with each
// `from` replaced by its `to`; returns its text.
std::string addScenario(const TempDir& dir, const std::string& name,
                        const std::vector<std::pair<std::string, std::string>>& edits = {})
{
    std::string text = slurp(kRunnerData / name);
    for (const auto& [from, to] : edits) {
        text = replaced(text, from, to);
    }
    dir.write(name, text);
    return text;
}

// Loads the scenario and the ROM its `rom` names, as `tileprof run` does, and runs it.
ScenarioResult run(const TempDir& dir, const std::string& name, const RunOptions& options = {})
{
    const Scenario scenario = loadScenario(dir.path() / name);
    const ProfiledRom rom = loadProfiledRom(scenario.romPath());
    return runScenario(scenario, rom, options);
}

// What running the scenario throws, with the directory cut out; "" if it runs.
std::string runError(const TempDir& dir, const std::string& name, const RunOptions& options = {})
{
    try {
        run(dir, name, options);
    } catch (const tileprof::InputError& e) {
        return dir.relative(e.what());
    }
    return "";
}

// What loading the copied ROM throws, with the directory cut out; "" if it loads.
std::string romError(const TempDir& dir)
{
    try {
        loadProfiledRom(dir.path() / "tile-collision.sfc");
    } catch (const tileprof::InputError& e) {
        return dir.relative(e.what());
    }
    return "";
}

std::vector<std::string> relativeFailures(const TempDir& dir, const ScenarioResult& result)
{
    std::vector<std::string> failures;
    for (const Failure& failure : result.failures) {
        failures.push_back(dir.relative(failure.text()));
    }
    return failures;
}

bool anyContains(const std::vector<std::string>& lines, std::string_view part)
{
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& line) { return contains(line, part); });
}

// "FILE:LINE: frame F, entity "player"", LINE being the [[entity]] table's: how the runner
// introduces what went wrong in a call or after it.
std::string callPlace(const std::string& scenario, const std::string& text, int frame)
{
    return scenario + ":" + std::to_string(lineWith(text, "[[entity]]")) + ": frame " + std::to_string(frame) +
           ", entity \"player\"";
}

// What running fall-and-land throws when the routine's entry is replaced by `code`.
std::string patchedEntryError(const std::vector<std::uint8_t>& code)
{
    const TempDir dir;
    copyBuiltRom(dir.path());
    patchRom(dir.path(), entryAddress(), code);
    addScenario(dir, "fall-and-land.toml");
    return runError(dir, "fall-and-land.toml");
}

std::string fallAndLandCallPlace(int frame)
{
    return callPlace("fall-and-land.toml", slurp(kRunnerData / "fall-and-land.toml"), frame);
}

TEST_CASE("runner: expectations that hold pass, and wrong ones fail naming what was expected and got")
{
    const TempDir dir;
    copyBuiltRom(dir.path());
    addScenario(dir, "fall-and-land.toml");
    const ScenarioResult pass = run(dir, "fall-and-land.toml");
    CHECK(pass.failures.empty());
    CHECK(pass.scenario == (dir.path() / "fall-and-land.toml").string());
    CHECK(pass.entities == std::vector<std::string>{"player"});
    CHECK(pass.cases == std::vector<std::string>{"falling", "standing", "rising", "ceiling-standing", "no-hitbox"});
    REQUIRE(pass.calls.size() == 40);
    CHECK(pass.calls.front().frame == 1);
    CHECK(pass.calls.back().frame == 40);
    CHECK(pass.calls.front().caseIndex == 0); // falling
    CHECK(pass.calls.back().caseIndex == 1);  // standing
    for (const CallRecord& call : pass.calls) {
        CHECK(call.cycles > 0);
        CHECK(call.cycles < 20000);
    }

    const std::string text = addScenario(dir, "fall-and-land.toml",
                                         {{"standing = true\npos = [80, 67]", "standing = false\npos = [80, 60]"}});
    const ScenarioResult fail = run(dir, "fall-and-land.toml");
    // The expectation's own line, not the entity's, and in the order the expectation lists them.
    const std::string place = "fall-and-land.toml:" + std::to_string(lineWith(text, "[[expect]]\nframe = 40")) +
                              ": frame 40, entity \"player\": ";
    CHECK(relativeFailures(dir, fail) == std::vector<std::string>{place + "expected pos [80, 60], got [80, 67]",
                                                                  place + "expected standing = false, got true"});
}

// Gravity is the host's: every frame by default, only while the entity stands on nothing when its
// gravity_when (or its manifest's) says "airborne". After landing, the always-host keeps adding
// 0.25 px/frame that the routine takes back; the airborne one leaves the velocity at 0.
TEST_CASE("runner: gravity_when airborne adds no gravity while the entity stands, always does")
{
    const TempDir dir;
    const auto velocitiesBefore = [&](const std::string& when) {
        const fs::path path = dir.write("g.toml", "name = \"g\"\nframes = 12\n[map]\ntiles = \"\"\"\n"
                                                  "#####\n#...#\n#...#\n#####\n\"\"\"\n[[entity]]\nname = \"e\"\n"
                                                  "hitbox = { left = 4, right = 4, top = 4, height = 8 }\n"
                                                  "pos = [40.0, 38.0]\n" + when + "\n");
        const ScenarioResult result = runScenario(loadScenario(path), loadProfiledRom(builtRom()));
        REQUIRE(result.failures.empty());
        std::vector<std::int32_t> velocities;
        for (const CallRecord& call : result.calls) {
            velocities.push_back(call.before.yVelocity);
        }
        return velocities;
    };
    // The box's rows y - 4 .. y + 3 fall from 38 towards the floor's first row 48 (resting with its
    // bottom row at 46, y = 43): 0.25, 0.5, ... px/frame, 5.25 px by frame 6 (y = 43.25, not yet
    // at the floor), 7 px at frame 7, which lands; standing from frame 8 on.
    const std::int32_t quarter = 0x4000;
    const std::vector<std::int32_t> falling = {quarter,     2 * quarter, 3 * quarter, 4 * quarter,
                                               5 * quarter, 6 * quarter, 7 * quarter};
    std::vector<std::int32_t> always = falling;
    std::vector<std::int32_t> airborne = falling;
    always.resize(12, quarter);
    airborne.resize(12, 0);
    CHECK(velocitiesBefore("") == always);
    CHECK(velocitiesBefore("gravity_when = \"always\"") == always);
    CHECK(velocitiesBefore("gravity_when = \"airborne\"") == airborne);
}

TEST_CASE("runner: a routine that loops forever is stopped at the manifest's cycle limit")
{
    // BRA to itself.
    checkMessage(patchedEntryError({0x80, 0xFE}), fallAndLandCallPlace(1),
                 {"cycle limit (20000 cycles)", "stopped at " + codeAt(entryAddress()), "loop forever"});
}

TEST_CASE("runner: BRK in the routine stops the run")
{
    checkMessage(patchedEntryError({0x00, 0x00}), fallAndLandCallPlace(1),
                 {"the routine executed BRK/COP at " + codeAt(entryAddress())});
}

TEST_CASE("runner: STP in the routine stops the run")
{
    // The STP's own address, not the one after it where the program counter was left.
    checkMessage(patchedEntryError({0xDB}), fallAndLandCallPlace(1),
                 {"the routine executed STP at " + codeAt(entryAddress())});
}

TEST_CASE("runner: WAI in the routine, with no interrupt to wake it, stops the run")
{
    checkMessage(patchedEntryError({0xCB}), fallAndLandCallPlace(1),
                 {"the routine waits (WAI) at " + codeAt(entryAddress()), "no interrupt to wake it"});
}

TEST_CASE("runner: a routine that writes ROM stops the run")
{
    // STA $00:8000 (long: the data bank is $7E, where $8000 is work RAM); RTS.
    const std::string message = patchedEntryError({0x8F, 0x00, 0x80, 0x00, 0x60});
    checkMessage(message, fallAndLandCallPlace(1), {"the routine wrote ROM at $00:8000"});
    // Where the store is, so the author can find it: the written address alone does not say.
    CHECK_MESSAGE(contains(message, codeAt(entryAddress())), message);
}

TEST_CASE("runner: a routine writing SRAM smaller than a bus page runs every frame")
{
    // A regression test: with the header declaring 2 KiB of SRAM, a store to $70:0800 went past
    // the end of SRAM and `tileprof run` died with "free(): invalid next size" (exit 134).
    const TempDir dir;
    copyBuiltRom(dir.path());
    patchRom(dir.path(), 0x00FFD8, {0x01});                                   // SRAM size code 1: 2 KiB
    patchRom(dir.path(), entryAddress(), {0x8F, 0x00, 0x08, 0x70, 0x60}); // STA $70:0800 (long); RTS
    addScenario(dir, "fall-and-land.toml");
    const CommandResult r = runTileprof({"run", (dir.path() / "fall-and-land.toml").string()});
    INFO(r.out << r.err);
    // The routine no longer moves the entity: the expectations fail, and that is all.
    CHECK(r.exitCode == 1);
    CHECK(contains(r.out, "expected pos [80, 43], got [80, 30]"));
    CHECK(contains(r.out, "expected pos [80, 67], got [80, 30]"));
}

TEST_CASE("runner: a routine that returns with the stack unbalanced stops the run")
{
    // PHA; PEA $FFFF; RTS: returns to the host's sentinel, $0000, with the accumulator still pushed.
    const std::string message = patchedEntryError({0x48, 0xF4, 0xFF, 0xFF, 0x60});
    checkMessage(message, fallAndLandCallPlace(1),
                 {"the routine returned (at $00:", "tile_collision.s:", ") with S = $1FFB, not $1FFF as it was called with"});
    // Which return it was, so the author can find it.
    CHECK_MESSAGE(contains(message, codeAt(entryAddress() + 4)), message);
}

TEST_CASE("runner: a routine whose slope heights are wrong fails the hill, and the real one passes it")
{
    const TempDir real;
    copyBuiltRom(real.path());
    addScenario(real, "hill.toml");
    CHECK(relativeFailures(real, run(real, "hill.toml")).empty());

    // The DOWN_RIGHT row (collision type $10) all 15: the slope's surface is its tile's bottom row,
    // so the entity sinks into the slope wherever it is higher.
    const TempDir sinking;
    copyBuiltRom(sinking.path());
    patchRom(sinking.path(), symbolAddress("TopHeightTable") + 0x10, std::vector<std::uint8_t>(16, 15));
    const std::string text = addScenario(sinking, "hill.toml");
    const std::vector<std::string> failures = relativeFailures(sinking, run(sinking, "hill.toml"));
    INFO(failures.size());
    CHECK(!failures.empty());
    // x = 94 is on the slope's lower half: the surface at 81 becomes 95.
    CHECK(anyContains(failures, "hill.toml:" + std::to_string(lineWith(text, "[[expect]]\nframe = 27")) +
                                    ": frame 27, entity \"player\": expected pos [94, 68], got [94, 82]"));
}

// The address of the branch that makes the X axis stop at a SOLID tile: the BEQ to XAxis::Collision
// inside XAxis (there is one; a $F0 byte elsewhere that happens to target it would be too much luck).
std::uint32_t xAxisSolidBranch()
{
    const std::uint32_t target = symbolAddress("MoveEntityAndProcessTileCollisions::XAxis::Collision");
    const std::string rom = slurp(builtRom());
    std::vector<std::uint32_t> found;
    for (const auto& [start, end] : builtDebugInfo().scopeRanges("MoveEntityAndProcessTileCollisions::XAxis")) {
        for (std::uint32_t at = start; at + 1 < end; ++at) {
            const std::size_t offset = *emu::romOffset(at, emu::RomLayout::LoRom, rom.size());
            const auto displacement = static_cast<std::int8_t>(rom[offset + 1]);
            if (static_cast<std::uint8_t>(rom[offset]) == 0xF0 && at + 2 + displacement == target) {
                found.push_back(at);
            }
        }
    }
    REQUIRE(found.size() == 1);
    return found.front();
}

TEST_CASE("runner: a routine that lets an entity walk into a wall fails an invariant, and the real one stops")
{
    const TempDir real;
    copyBuiltRom(real.path());
    addScenario(real, "wall.toml");
    CHECK(relativeFailures(real, run(real, "wall.toml")).empty());

    const TempDir leaky;
    copyBuiltRom(leaky.path());
    patchRom(leaky.path(), xAxisSolidBranch(), {0xEA, 0xEA}); // NOP; NOP: SOLID no longer stops the X axis
    const std::string text = addScenario(leaky, "wall.toml");
    const std::vector<std::string> failures = relativeFailures(leaky, run(leaky, "wall.toml"));
    REQUIRE(!failures.empty());
    // x = 140 after frame 10: the box's columns 134..145 reach the wall's first column, 144.
    CHECK(failures.front() == callPlace("wall.toml", text, 10) +
                                  ": the hitbox (columns 134..145, rows 55..78) clips 2 px into a wall on its right: "
                                  "the SOLID tile (column 9, row 3)");
}

TEST_CASE("runner: a manifest naming a symbol the debug file lacks is refused at its line")
{
    const TempDir dir;
    copyBuiltRom(dir.path());
    const std::string manifest = replaced(slurp(dir.path() / "tile-collision.manifest.toml"),
                                          "entry = \"MoveEntityAndProcessTileCollisions\"",
                                          "entry = \"NoSuchRoutine\"");
    dir.write("tile-collision.manifest.toml", manifest);
    // Reported at the manifest's line, naming the debug file that lacks it.
    const std::string message = romError(dir);
    checkMessage(message, "tile-collision.manifest.toml:" + std::to_string(lineWith(manifest, "NoSuchRoutine")),
                 {"symbol \"NoSuchRoutine\" is not in tile-collision.dbg"});
}

TEST_CASE("runner: a symbol whose size reaches past the end of the address space is not work RAM")
{
    // A regression test: Entities ($00:0200) with 4 GiB - $200 bytes ended at 2^32, which the
    // 32-bit sum took for 0, so the slots were accepted as lying in $0000-$1FFF.
    const TempDir dir;
    copyBuiltRom(dir.path());
    const fs::path dbg = dir.path() / "tile-collision.dbg";
    const std::string entities = "name=\"Entities\",addrsize=absolute,size=";
    dir.write("tile-collision.dbg", replaced(slurp(dbg), entities + "4096", entities + "4294966784"));
    const std::string manifest = slurp(dir.path() / "tile-collision.manifest.toml");
    checkMessage(romError(dir), "tile-collision.manifest.toml:" + std::to_string(lineWith(manifest, "slots = ")),
                 {"symbol \"Entities\" is at $00:0200: 4294966784 bytes there are not all work RAM"});
}

TEST_CASE("runner: a debug file of another build is refused")
{
    const TempDir dir;
    copyBuiltRom(dir.path());
    fs::copy_file(bundledRomPath("bench-w8").replace_extension(".dbg"), dir.path() / "tile-collision.dbg",
                  fs::copy_options::overwrite_existing);
    const std::string message = romError(dir);
    CHECK_MESSAGE(message.starts_with("tile-collision.dbg is not tile-collision.sfc's symbol file: it describes " +
                                      bundledRomPath("bench-w8").string() + ", whose bytes differ from it"),
                  message);
}

TEST_CASE("runner: a ROM without a manifest is refused")
{
    const TempDir dir;
    copyBuiltRom(dir.path());
    fs::remove(dir.path() / "tile-collision.manifest.toml");
    checkMessage(romError(dir), "tile-collision.sfc",
                 {"no manifest", "tile-collision.manifest.toml", "manifest.toml beside it"});
}

// A map of width x height tiles, SOLID around EMPTY, with a small entity in its top-left room.
std::string largeMapScenario(int width, int height)
{
    std::string text = "name = \"large\"\nrom = \"tile-collision.sfc\"\nframes = 1\n\n[map]\ntiles = \"\"\"\n";
    for (int row = 0; row < height; ++row) {
        const bool border = row == 0 || row == height - 1;
        text += border ? std::string(static_cast<std::size_t>(width), '#')
                       : "#" + std::string(static_cast<std::size_t>(width - 2), '.') + "#";
        text += "\n";
    }
    text += "\"\"\"\n\n[[entity]]\nname = \"player\"\nhitbox = { left = 4, right = 4, top = 8, height = 12 }\n"
            "pos = [40, 40]\n";
    return text;
}

TEST_CASE("runner: a map larger than the ROM's buffer is refused at the scenario's [map]")
{
    const TempDir dir;
    copyBuiltRom(dir.path());
    // 255 x 225 = 57375 tiles, 31 more than MapData's $E000 bytes; within the manifest's 255 x 255.
    const std::string text = largeMapScenario(255, 225);
    dir.write("large.toml", text);
    checkMessage(runError(dir, "large.toml"), "large.toml:" + std::to_string(lineWith(text, "[map]")),
                 {"the map takes 57375 bytes", "MapData holds 57344"});

    // The largest that fits runs.
    dir.write("fits.toml", largeMapScenario(255, 57344 / 255));
    CHECK(runError(dir, "fits.toml") == "");
}

TEST_CASE("runner: a map breaking the slope placement rules is refused unless allowed")
{
    const TempDir dir;
    copyBuiltRom(dir.path());
    const std::string text = addScenario(dir, "floating-slope.toml");
    const std::string message = runError(dir, "floating-slope.toml");
    INFO(message);
    CHECK(contains(message, "the map breaks the slope placement or clearance rules"));
    CHECK(contains(message, "--allow-invalid-map"));
    // The violation, at the line of the slope's row.
    CHECK(contains(message, "\n  floating-slope.toml:" + std::to_string(lineWith(text, "#.A....#")) +
                                ": row 2, column 2, tile 'A' DOWN_RIGHT_SLOPE: NO_FLOOR_BELOW_DOWN_SLOPE"));

    const ScenarioResult allowed = run(dir, "floating-slope.toml", {.allowInvalidMap = true});
    CHECK(relativeFailures(dir, allowed).empty());
    CHECK(allowed.calls.size() == 20);
}

nlohmann::json parsedJson(const std::string& text)
{
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        FAIL("not JSON: " << e.what() << "\n" << text);
    }
    return {};
}

TEST_CASE("runner: tileprof run exits 0 on a pass, 1 on a failed expectation, 2 on a runaway")
{
    const TempDir dir;
    copyBuiltRom(dir.path());
    const std::string scenario = (dir.path() / "fall-and-land.toml").string();

    addScenario(dir, "fall-and-land.toml");
    const CommandResult pass = runTileprof({"run", scenario});
    INFO(pass.out << pass.err);
    CHECK(pass.exitCode == 0);
    CHECK(pass.err.empty());
    CHECK(contains(pass.out, "tileprof run: 1 scenario, 40 calls"));
    CHECK(contains(pass.out, "\nfalling "));
    CHECK(contains(pass.out, "\nstanding "));
    CHECK(!contains(pass.out, "failure"));

    const std::string text = addScenario(dir, "fall-and-land.toml", {{"pos = [80, 67]", "pos = [80, 60]"}});
    const CommandResult fail = runTileprof({"run", scenario});
    INFO(fail.out << fail.err);
    CHECK(fail.exitCode == 1);
    const std::string expectLine = std::to_string(lineWith(text, "[[expect]]\nframe = 40"));
    CHECK(contains(fail.out, "1 failure\n  " + scenario + ":" + expectLine +
                                 ": frame 40, entity \"player\": expected pos [80, 60], got [80, 67]\n"));

    // A map breaking the placement rules is bad input, unless allowed.
    const std::string invalid = (dir.path() / "floating-slope.toml").string();
    addScenario(dir, "floating-slope.toml");
    const CommandResult refused = runTileprof({"run", invalid});
    CHECK(refused.exitCode == 2);
    CHECK(contains(refused.err, "tileprof run: " + invalid + ":"));
    CHECK(contains(refused.err, ": the map breaks the slope placement or clearance rules"));
    CHECK(contains(refused.out, "\n1 failure\n  not run: " + invalid + ":"));
    CHECK(contains(refused.err, "\n  " + invalid + ":"));
    CHECK(runTileprof({"run", "--allow-invalid-map", invalid}).exitCode == 0);

    const TempDir runaway;
    copyBuiltRom(runaway.path());
    patchRom(runaway.path(), entryAddress(), {0x80, 0xFE});
    const std::string runawayScenario = (runaway.path() / "fall-and-land.toml").string();
    addScenario(runaway, "fall-and-land.toml");
    const CommandResult bad = runTileprof({"run", runawayScenario});
    INFO(bad.out << bad.err);
    CHECK(bad.exitCode == 2);
    CHECK(contains(bad.err, "tileprof run: " + runaway.path().string() + "/" +
                                fallAndLandCallPlace(1) + ": the routine ran past the manifest's cycle limit"));
}

TEST_CASE("runner: tileprof run --format json reports every scenario and case, the same every time")
{
    const TempDir dir;
    copyBuiltRom(dir.path());
    addScenario(dir, "fall-and-land.toml");
    addScenario(dir, "hill.toml");
    const std::string fall = (dir.path() / "fall-and-land.toml").string();
    const std::string hill = (dir.path() / "hill.toml").string();
    const CommandResult r = runTileprof({"run", "--format", "json", fall, hill});
    INFO(r.out << r.err);
    CHECK(r.exitCode == 0);
    CHECK(r.err.empty());
    const nlohmann::json json = parsedJson(r.out);
    CHECK(json["tileprof"] == "run");
    CHECK(json["schema"] == 2);
    REQUIRE(json["scenarios"].size() == 2);
    const nlohmann::json& first = json["scenarios"][0];
    CHECK(first["scenario"] == fall);
    CHECK(first["calls"] == 40);
    CHECK(first["failures"].empty());
    CHECK(json["scenarios"][1]["scenario"] == hill);

    std::map<std::string, int> callsByCase;
    for (const nlohmann::json& scenario : json["scenarios"]) {
        int calls = 0;
        REQUIRE(!scenario["cases"].empty());
        for (const nlohmann::json& c : scenario["cases"]) {
            INFO(c.dump());
            CHECK(c["scenario"] == scenario["scenario"]);
            REQUIRE(c["case"].is_string());
            REQUIRE(c["calls"].is_number_integer());
            CHECK(c["mean_cycles"] > 0);
            CHECK(c["max_cycles"] >= c["mean_cycles"]);
            CHECK(c["mean_scanlines"] > 0);
            CHECK(c["max_scanlines"] >= c["mean_scanlines"]);
            // A scanline is 1364 master clocks, a cycle 6 to 12 of them.
            CHECK(c["max_scanlines"].get<double>() * 1364 >= c["max_cycles"].get<double>() * 6);
            calls += c["calls"].get<int>();
            callsByCase[c["case"]] += c["calls"].get<int>();
        }
        CHECK(calls == scenario["calls"]);
    }
    CHECK(first["cases"][0]["case"] == "falling");
    CHECK(first["cases"][1]["case"] == "standing");

    // The top-level cases cover both scenarios.
    std::map<std::string, int> overall;
    for (const nlohmann::json& c : json["cases"]) {
        overall[c["case"]] = c["calls"].get<int>();
        CHECK(c["max_cycles"] >= c["mean_cycles"]);
    }
    CHECK(overall == callsByCase);

    // Every cycle is emulated, nothing is sampled or timed: the output is the same byte for byte.
    const CommandResult again = runTileprof({"run", "--format", "json", fall, hill});
    CHECK(again.exitCode == r.exitCode);
    CHECK(again.out == r.out);
    CHECK(again.err == r.err);
}

} // namespace
} // namespace tileprof::test
