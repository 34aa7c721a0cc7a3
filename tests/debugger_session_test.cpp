// The debugger's model on real scenarios: what it shows is what the runner measured, stepping and
// selecting land on the right calls, a trace re-run agrees with the run, live mode records a
// scenario that replays to the same costs, and map edits are validated, re-run and saved.

#include "profiler/debugger/debugger_session.hpp"

#include "base/bundled_files.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "tests/support/loaded_rom.hpp"
#include "tests/support/rom_copy.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"
#include "tests/support/untech_design.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <numeric>
#include <string>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

using gui::DebuggerSession;
using gui::LiveControls;

fs::path scenarioPath(const std::string& name)
{
    return bundledScenarioDirectory() / (name + ".toml");
}

const ProfiledRom& bundledRom()
{
    return loadedBundledRom("tile-collision");
}

ScenarioResult runDirectly(const Scenario& scenario)
{
    RunOptions options;
    options.allowInvalidMap = true;
    return runScenario(scenario, bundledRom(), options);
}

TEST_CASE("the session runs every scenario on the ROM it is given, as the command line does")
{
    const fs::path fixedHeight = bundledRomPath("tile-collision-fixed-height");
    DebuggerSession session(RomFiles{fixedHeight, std::nullopt, std::nullopt});
    REQUIRE(session.open(scenarioPath("fall-and-land")));
    CHECK(fs::path(session.rom().image.name) == fixedHeight);
    const ScenarioResult direct =
        runScenario(loadScenario(scenarioPath("fall-and-land")), loadedBundledRom("tile-collision-fixed-height"));
    REQUIRE(session.result().calls.size() == direct.calls.size());
    for (std::size_t i = 0; i < direct.calls.size(); ++i) {
        CHECK(session.result().calls[i].cycles == direct.calls[i].cycles);
    }
    CHECK(session.result().calls.front().cycles != runDirectly(loadScenario(scenarioPath("fall-and-land"))).calls.front().cycles);
}

TEST_CASE("the session shows what the runner measures, call for call")
{
    DebuggerSession session;
    REQUIRE(session.open(scenarioPath("walkthrough-12x24")));
    const ScenarioResult direct = runDirectly(loadScenario(scenarioPath("walkthrough-12x24")));
    CHECK(session.framesRun() == 840);
    CHECK(session.frame() == 1);
    REQUIRE(session.result().calls.size() == direct.calls.size());
    for (std::size_t i = 0; i < direct.calls.size(); ++i) {
        const CallRecord& a = session.result().calls[i];
        const CallRecord& b = direct.calls[i];
        REQUIRE(a.cycles == b.cycles);
        REQUIRE(a.masterClocks == b.masterClocks);
        REQUIRE(a.caseIndex == b.caseIndex);
        REQUIRE(a.tilesRead.size() == b.tilesRead.size());
        REQUIRE(a.after == b.after);
    }
    CHECK(session.runError().empty());
    CHECK(session.violations().empty());

    // Every cycle of every call lands on some source line of the aggregate profile.
    const std::uint64_t total = std::accumulate(direct.calls.begin(), direct.calls.end(), std::uint64_t{0},
                                                [](std::uint64_t sum, const CallRecord& c) { return sum + c.cycles; });
    CHECK(session.aggregateProfile().total.cycles == total);
    std::uint64_t lines = 0;
    for (const LineProfile& line : session.aggregateProfile().lines) {
        lines += line.exclusive.cycles;
    }
    CHECK(lines == total);
    CHECK_FALSE(session.disassembly().empty());
}

TEST_CASE("a session with nothing open answers every question a window asks without failing")
{
    DebuggerSession session;
    CHECK_FALSE(session.isOpen());
    CHECK(session.selectedCall() == nullptr);
    CHECK(session.trace() == nullptr);
    CHECK(session.traceRows().empty());
    CHECK(session.cyclesShown() == 0);
    session.stepFrame();
    session.stepBack();
    session.stepInstruction(1);
    session.setPlaying(true);
    session.advance(1.0);
    session.selectEntity(0);
    session.startLive(0);
    session.liveFrame(LiveControls{});
    session.paint(0, 0, test::untechTile("SOLID"));
    CHECK_FALSE(session.selectWorst(0));
    CHECK_FALSE(session.saveMap());
    CHECK(session.frame() == 0);
    CHECK_FALSE(session.playing());
    CHECK_FALSE(session.live());
    CHECK_FALSE(session.mapModified());
}

TEST_CASE("frames step forward and back, clamped to the run")
{
    DebuggerSession session;
    REQUIRE(session.open(scenarioPath("walk-right-flat")));
    const int last = session.framesRun();
    session.stepFrame();
    CHECK(session.frame() == 2);
    session.stepBack();
    session.stepBack();
    CHECK(session.frame() == 0);
    CHECK(session.selectedCall() == nullptr);
    session.stepBack();
    CHECK(session.frame() == 0);
    session.setFrame(last + 10);
    CHECK(session.frame() == last);
    session.setPlaying(true); // from the end, playback starts over
    CHECK(session.frame() == 0);
    session.advance(0.5);
    CHECK(session.frame() == 4); // at most four frames of catching up at a time
    session.advance(1.0 / 60.0);
    CHECK(session.frame() == 5);
}

TEST_CASE("the trace of the selected call is a faithful re-run of it")
{
    DebuggerSession session;
    REQUIRE(session.open(scenarioPath("hill-30-right")));
    session.select({36, 0});
    const CallRecord* call = session.selectedCall();
    REQUIRE(call != nullptr);
    REQUIRE(call->frame == 36);
    const CallTrace* trace = session.trace();
    REQUIRE(trace != nullptr);
    CHECK(trace->frame == 36);
    std::uint32_t cycles = 0;
    for (const TracedStep& step : trace->steps) {
        cycles += step.cycles;
    }
    CHECK(cycles == call->cycles);
    std::size_t tiles = 0;
    for (const TraceRow& row : session.traceRows()) {
        tiles += row.tiles.size();
    }
    CHECK(tiles == call->tilesRead.size());

    // Stepping instruction by instruction, the cycles on show grow to the whole call.
    CHECK(session.cyclesShown() == call->cycles);
    session.stepInstruction(1);
    CHECK(session.instruction() == 0);
    CHECK(session.cyclesShown() == trace->steps[0].cycles);
    session.setInstruction(1000000);
    CHECK(session.instruction() == static_cast<int>(trace->steps.size()) - 1);
    CHECK(session.cyclesShown() == call->cycles);
    session.stepInstruction(-1000000);
    CHECK(session.instruction() == -1);

    // The selected call's profile covers exactly that call.
    CHECK(session.selectedProfile().calls == 1);
    CHECK(session.selectedProfile().total.cycles == call->cycles);
}

TEST_CASE("jumping to the worst call of a case selects its costliest call")
{
    DebuggerSession session;
    REQUIRE(session.open(scenarioPath("walkthrough-12x24")));
    const ScenarioResult& result = session.result();
    for (std::size_t c = 0; c < result.cases.size(); ++c) {
        std::uint32_t most = 0;
        int frame = 0;
        for (const CallRecord& call : result.calls) {
            if (call.caseIndex == static_cast<int>(c) && call.cycles > most) {
                most = call.cycles;
                frame = call.frame;
            }
        }
        CAPTURE(result.cases[c]);
        if (frame == 0) {
            CHECK_FALSE(session.selectWorst(static_cast<int>(c)));
            continue;
        }
        REQUIRE(session.selectWorst(static_cast<int>(c)));
        CHECK(session.frame() == frame);
        CHECK(session.selectedCall()->cycles == most);
    }
}

TEST_CASE("a file that cannot be opened leaves the open scenario alone and says why")
{
    DebuggerSession session;
    REQUIRE(session.open(scenarioPath("walk-left-flat")));
    TempDir dir;
    const fs::path bad = dir.write("bad.toml", "name = \"bad\"\nframes = -3\n");
    CHECK_FALSE(session.open(bad));
    CHECK(contains(session.error(), bad.string()));
    CHECK(session.scenario().name == "walk-left-flat");
    CHECK_FALSE(session.open(dir.file("missing.toml")));
    CHECK(contains(session.error(), "missing.toml"));
    session.dismissError();
    CHECK(session.error().empty());
}

TEST_CASE("live mode drives an entity and records a scenario that replays to the same costs")
{
    DebuggerSession session;
    REQUIRE(session.open(scenarioPath("walk-right-flat")));
    session.setFrame(10);
    session.startLive(0);
    REQUIRE(session.live());
    CHECK(session.framesRun() == 10);
    const std::uint32_t x10 = session.call({10, 0})->after.x;
    LiveControls right;
    right.right = true;
    for (int i = 0; i < 20; ++i) {
        session.liveFrame(right);
    }
    CHECK(session.framesRun() == 30);
    CHECK(session.frame() == 30);
    const CallRecord* c30 = session.call({30, 0});
    REQUIRE(c30 != nullptr);
    CHECK(c30->after.x == x10 + 20 * (5u << 15)); // 2.5 px a frame on a flat floor, as explore walks
    REQUIRE((c30->after.state & session.rom().manifest.stateBits.down.mask) != 0);

    LiveControls jump;
    jump.jump = true;
    session.liveFrame(jump);
    CHECK(session.call({31, 0})->before.yVelocity == -5 * 65536);
    LiveControls cycle;
    cycle.cycleHitbox = true;
    session.liveFrame(cycle);
    CHECK(session.call({32, 0})->after.hitbox.height == gui::LiveTuning::hitboxes()[1].height);
    for (int i = 0; i < 10; ++i) {
        session.liveFrame(LiveControls{});
    }

    // The scripted 10 frames of walking right, then the 20 live ones as one step.
    const std::vector<ScriptStep>& script = session.scenario().entities[0].script;
    REQUIRE(script.size() >= 2);
    CHECK(script[0].walk == 2.0);
    CHECK(script[0].frames == 10);
    CHECK(script[1].walk == 2.5);
    CHECK(script[1].frames == 20);

    TempDir dir;
    const fs::path recording = dir.file("recorded.toml");
    REQUIRE(session.saveScenarioAs(recording));
    Scenario replay = loadScenario(recording);
    replay.rom = session.scenario().rom;
    CHECK(replay.frames == 42);
    const ScenarioResult replayed = runDirectly(replay);
    REQUIRE(replayed.calls.size() == session.result().calls.size());
    for (std::size_t i = 0; i < replayed.calls.size(); ++i) {
        CAPTURE(i);
        CHECK(replayed.calls[i].cycles == session.result().calls[i].cycles);
        CHECK(replayed.calls[i].after == session.result().calls[i].after);
    }
}

// seed001 is top-down (no gravity), walks at most 1 px a frame and takes one hitbox only: live
// mode walks all four ways at that speed, never cycles to a box the design refuses, and the
// recording loads and replays.
TEST_CASE("live mode on a top-down design walks up and down, within the design's limits")
{
    DebuggerSession session;
    const fs::path explorer =
        fs::path(TILEPROF_SOURCE_DIR) / "roms/seed001-metatile-walkability/scenarios/explorer-room.toml";
    REQUIRE(session.open(explorer));
    session.setFrame(5);
    session.startLive(0);
    REQUIRE(session.live());
    const EntityState at5 = session.call({5, 0})->after;
    LiveControls down;
    down.down = true;
    for (int i = 0; i < 3; ++i) {
        session.liveFrame(down);
    }
    LiveControls upAndCycle;
    upAndCycle.up = true;
    upAndCycle.jump = true;        // nothing to jump against
    upAndCycle.flipGravity = true; // nor a gravity to flip
    upAndCycle.cycleHitbox = true; // no live box fits the design's one hitbox
    session.liveFrame(upAndCycle);
    const EntityState at9 = session.call({9, 0})->after;
    CHECK(at9.x == at5.x);
    CHECK(at9.y == at5.y + (2u << 16)); // 3 px down, 1 up
    CHECK(at9.hitbox == at5.hitbox);
    CHECK(session.call({9, 0})->before.yVelocity == -65536);

    const std::vector<ScriptStep>& script = session.scenario().entities[0].script;
    REQUIRE(script.size() == 3);
    CHECK(script[1].walkY == 1.0);
    CHECK(script[1].frames == 3);
    CHECK(script[2].walkY == -1.0);
    CHECK_FALSE(script[2].gravity);
    CHECK_FALSE(script[2].jump);
    CHECK_FALSE(script[2].hitbox);

    TempDir dir;
    const fs::path recording = dir.file("recorded.toml");
    REQUIRE(session.saveScenarioAs(recording));
    const Scenario replay = loadScenario(recording);
    const ScenarioResult replayed = runScenario(replay, session.rom());
    REQUIRE(replayed.calls.size() == session.result().calls.size());
    for (std::size_t i = 0; i < replayed.calls.size(); ++i) {
        CAPTURE(i);
        CHECK(replayed.calls[i].cycles == session.result().calls[i].cycles);
        CHECK(replayed.calls[i].after == session.result().calls[i].after);
    }
}

// The source view's coverage: over every call, the code that could have run and did not, and how
// each branch went; the same numbers `run --coverage` writes.
TEST_CASE("the session's coverage marks code that never ran and branches that went one way")
{
    DebuggerSession session;
    REQUIRE(session.open(scenarioPath("fall-and-land")));
    const DebugInfo& debug = session.rom().debug;
    const std::optional<SourceLine> jump =
        debug.lineAt(debug.symbol("MoveEntityAndProcessTileCollisions::HasHitbox", "test").value - 3);
    REQUIRE(jump);
    const FileCoverage* coverage = session.coverage(jump->file);
    REQUIRE(coverage != nullptr);
    const std::size_t calls = session.result().calls.size();
    CHECK(coverage->lines.at(jump->line).executions == 0);                // jmp NoTileHitbox
    const LineCoverage& branch = coverage->lines.at(jump->line - 1);     // bpl HasHitbox
    REQUIRE(branch.branches.size() == 1);
    CHECK(branch.branches[0].taken == calls);
    CHECK(branch.branches[0].notTaken == 0);
    CHECK(session.coverage("no-such-file.s") == nullptr);
}

TEST_CASE("painting a tile re-runs the scenario and shows the validator's findings, and saving writes it back")
{
    TempDir dir;
    const fs::path copy = dir.file("hill.toml");
    fs::copy_file(scenarioPath("hill-30-right"), copy);
    DebuggerSession session;
    REQUIRE(session.open(copy));
    REQUIRE(session.violations().empty());
    const auto cycles = [&] {
        std::vector<std::uint32_t> all;
        for (const CallRecord& c : session.result().calls) {
            all.push_back(c.cycles);
        }
        return all;
    };
    const std::vector<std::uint32_t> before = cycles();

    // A 45-degree slope floating in the air has no floor below it.
    session.paint(3, 2, test::untechTile("DOWN_RIGHT_SLOPE"));
    CHECK(session.mapModified());
    REQUIRE_FALSE(session.violations().empty());
    CHECK(session.violations().front().column == 3);
    CHECK(session.violations().front().row == 2);
    session.paint(3, 2, test::untechTile("EMPTY"));
    CHECK(session.violations().empty());

    // Raising the floor under the walk changes what the calls cost; the run is redone.
    session.paint(8, 4, test::untechTile("SOLID"));
    CHECK(session.framesRun() == 140);
    CHECK(cycles() != before);
    REQUIRE(session.saveMap());
    CHECK_FALSE(session.mapModified());
    const Scenario saved = loadScenario(copy);
    CHECK(saved.map.at(8, 4) == test::untechTile("SOLID"));
    CHECK(saved.map.at(3, 2) == test::untechTile("EMPTY"));
}

TEST_CASE("a map that would start an entity inside SOLID is not saved")
{
    TempDir dir;
    const fs::path copy = dir.file("flat.toml");
    fs::copy_file(scenarioPath("walk-right-flat"), copy);
    const std::string before = slurp(copy);
    DebuggerSession session;
    REQUIRE(session.open(copy));
    const EntitySpec& player = session.scenario().entities[0];
    session.paint(static_cast<int>(player.x) / 16, static_cast<int>(player.y) / 16, test::untechTile("SOLID"));
    CHECK_FALSE(session.saveMap());
    CHECK(contains(session.error(), "entity \"player\" would start inside it"));
    CHECK(slurp(copy) == before);
}

TEST_CASE("a recording saved elsewhere still finds a ROM its scenario names by a relative path")
{
    TempDir dir;
    fs::create_directories(dir.file("roms"));
    fs::create_directories(dir.file("levels"));
    fs::create_directories(dir.file("recordings/today"));
    copyBuiltRom(dir.file("roms"));
    std::string text = slurp(scenarioPath("walk-right-flat"));
    text.replace(text.find("frames = 120"), 12, "rom = \"../roms/tile-collision.sfc\"\nframes = 120");
    const fs::path level = dir.write("levels/flat.toml", text);
    DebuggerSession session;
    REQUIRE_MESSAGE(session.open(level), session.error());
    const fs::path recording = dir.file("recordings/today/flat-live.toml");
    REQUIRE(session.saveScenarioAs(recording));
    CHECK(loadScenario(recording).rom == "../../roms/tile-collision.sfc");
    DebuggerSession replay;
    CHECK_MESSAGE(replay.open(recording), replay.error());
}

TEST_CASE("a call that does not return stops the run there, and can still be traced to the fault")
{
    TempDir dir;
    copyBuiltRom(dir.path());
    const ProfiledRom& rom = bundledRom();
    patchRom(dir.path(), rom.addresses.entry, {0xDB}); // STP at the routine's entry
    std::string text = slurp(scenarioPath("walk-right-flat"));
    text.replace(text.find("frames = 120"), 12, "rom = \"tile-collision.sfc\"\nframes = 120");
    const fs::path scenario = dir.write("stops.toml", text);

    DebuggerSession session;
    REQUIRE_MESSAGE(session.open(scenario), session.error());
    CHECK(contains(session.runError(), "executed STP"));
    CHECK(session.framesRun() == 1);
    const CallRecord* call = session.selectedCall();
    REQUIRE(call != nullptr);
    CHECK(call->cycles > 0);
    const CallTrace* trace = session.trace();
    REQUIRE(trace != nullptr);
    REQUIRE_FALSE(trace->steps.empty());
    CHECK(trace->steps.back().address == rom.addresses.entry);
    CHECK(session.traceRows().back().instruction == "STP");
}

} // namespace
} // namespace tileprof::test
