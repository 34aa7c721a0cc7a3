// Attribution of a call's cycles to functions (ca65 scopes), source lines, stacks and call edges.
// On real runs of the bundled scenarios every way of slicing the cost adds up exactly to what the
// calls cost; on hand-made step lists over tests/data/dbg/game.dbg the builder follows JSR/JSL
// frames, ignores returns that do not land on a pushed return address, and charges code reached by
// a jump into a nested scope to that scope. The addresses below are those game.dbg gives game.s
// and math.inc (CODE is linked at $00:8000):
//
//   $8000 asl / $8001 rts           Double (math.inc:9, 10)
//   $8002 inc Frame / $8005 rts     Util (game.s:26, 27)
//   $8008 ... $801C                 Reset (game.s:33 clc; 40 jsr MoveEntity at $800F; 41 inx at
//                                   $8012; 42 cpx at $8013; 45 jsr Util::Tick at $8018)
//   $801D lda, $8020 clc, $8021 adc (game.s:50, 51, 51: the ADD_SPEED macro), $8024 sta (52)
//   $8027 cmp, $802A bcc, $802C lda, $802F rts    MoveEntity::Clamp (game.s:54, 55, 56, 58)
//   $8030 jsr Clamp (60), $8033 jsr Double (63), $8036 rts (64)    MoveEntity

#include "profiler/engine/attribution/attribution.hpp"
#include "profiler/engine/attribution/profile_builder.hpp"
#include "profiler/model/opening/scenario_opener.hpp"

#include "base/bundled_files.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/engine/stats/case_statistics.hpp"
#include "profiler/formats/symbols/debug_info.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "tests/support/loaded_rom.hpp"
#include "tests/support/text.hpp"

#include "profiler/reports/flame/profile_view.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

constexpr const char* kRoot = "MoveEntityAndProcessTileCollisions";

// ---- Real runs --------------------------------------------------------------------------------

const ProfiledRom& bundledRom()
{
    return loadedBundledRom("tile-collision");
}

ScenarioResult runBundled(const std::string& name)
{
    const Scenario scenario = loadScenario(bundledScenarioDirectory() / (name + ".toml"));
    RunOptions options;
    options.recordSteps = true;
    return runScenario(scenario, bundledRom(), options);
}

// Several scenarios that between them run every case and both gravities, run once per test binary.
const std::vector<ScenarioResult>& realRuns()
{
    static const std::vector<ScenarioResult> runs = [] {
        std::vector<ScenarioResult> r;
        for (const char* name : {"walkthrough-12x24", "eight-hitboxes", "fast-fall-slope", "ceiling-slopes", "up-platform"}) {
            r.push_back(runBundled(name));
        }
        return r;
    }();
    return runs;
}

Profile profileOf(const std::vector<const ScenarioResult*>& scenarios)
{
    ProfileBuilder builder;
    for (const ScenarioResult* s : scenarios) {
        for (const CallRecord& call : s->calls) {
            builder.add(call, bundledRom().debug, bundledRom().image);
        }
    }
    return builder.build();
}

Cost callsCost(const std::vector<const ScenarioResult*>& scenarios)
{
    Cost sum;
    for (const ScenarioResult* s : scenarios) {
        for (const CallRecord& call : s->calls) {
            sum += Cost{call.cycles, call.masterClocks};
        }
    }
    return sum;
}

const FunctionProfile* function(const Profile& p, const std::string& name)
{
    const auto found = std::find_if(p.functions.begin(), p.functions.end(),
                                    [&](const FunctionProfile& f) { return f.name == name; });
    return found == p.functions.end() ? nullptr : &*found;
}

const LineProfile* line(const Profile& p, const std::string& file, int number)
{
    const auto found = std::find_if(p.lines.begin(), p.lines.end(),
                                    [&](const LineProfile& l) { return l.file == file && l.line == number; });
    return found == p.lines.end() ? nullptr : &*found;
}

const StackProfile* stack(const Profile& p, const std::vector<std::string>& functions)
{
    const auto found = std::find_if(p.stacks.begin(), p.stacks.end(),
                                    [&](const StackProfile& s) { return s.functions == functions; });
    return found == p.stacks.end() ? nullptr : &*found;
}

const CallEdgeProfile* edge(const Profile& p, const std::string& caller, const std::string& callee)
{
    const auto found = std::find_if(p.edges.begin(), p.edges.end(), [&](const CallEdgeProfile& e) {
        return e.caller == caller && e.callee == callee;
    });
    return found == p.edges.end() ? nullptr : &*found;
}

// Everything in a profile, one item a line, so that two profiles compare as text.
std::string dump(const Profile& p)
{
    const auto cost = [](const Cost& c) { return std::to_string(c.cycles) + "/" + std::to_string(c.masterClocks); };
    std::string out = "calls " + std::to_string(p.calls) + " total " + cost(p.total) + "\n";
    for (const FunctionProfile& f : p.functions) {
        out += "function " + f.name + " " + f.file + ":" + std::to_string(f.line) + " " + cost(f.exclusive) + " " +
               cost(f.inclusive) + " " + std::to_string(f.calls) + "\n";
    }
    for (const LineProfile& l : p.lines) {
        out += "line " + l.file + ":" + std::to_string(l.line) + " " + l.function + " " + cost(l.exclusive) + " " +
               cost(l.inclusive) + " " + std::to_string(l.executions) + "\n";
    }
    for (const StackProfile& s : p.stacks) {
        out += "stack";
        for (const std::string& f : s.functions) {
            out += " " + f;
        }
        out += " " + cost(s.cost) + "\n";
    }
    for (const CallEdgeProfile& e : p.edges) {
        out += "edge " + e.caller + " -> " + e.callee + " " + e.file + ":" + std::to_string(e.line) + " " +
               std::to_string(e.count) + " " + cost(e.inclusive) + "\n";
    }
    return out;
}

// The sums every profile must satisfy, whatever calls it covers.
void checkAddsUp(const Profile& p, const Cost& callsTotal, std::size_t calls)
{
    CHECK(p.total == callsTotal);
    CHECK(p.calls == calls);

    Cost functions;
    for (const FunctionProfile& f : p.functions) {
        INFO(f.name);
        functions += f.exclusive;
        CHECK(f.inclusive.cycles >= f.exclusive.cycles);
        CHECK(f.inclusive.masterClocks >= f.exclusive.masterClocks);
        CHECK(f.inclusive.cycles <= p.total.cycles);
        CHECK(f.inclusive.masterClocks <= p.total.masterClocks);
        CHECK(f.calls >= 1);
        CHECK(f.calls <= calls);
        // Every scope of the routine is nested in it.
        CHECK(f.name.starts_with(kRoot));
    }
    CHECK(functions == p.total);

    Cost lines;
    for (const LineProfile& l : p.lines) {
        INFO(l.file << ":" << l.line);
        lines += l.exclusive;
        CHECK(l.inclusive.cycles >= l.exclusive.cycles);
        CHECK(l.line > 0);
        CHECK(fs::path(l.file).filename() == "tile_collision.s");
    }
    CHECK(lines == p.total);

    Cost stacks;
    for (const StackProfile& s : p.stacks) {
        stacks += s.cost;
        REQUIRE_FALSE(s.functions.empty());
        CHECK(s.functions.front() == kRoot);
    }
    CHECK(stacks == p.total);

    const FunctionProfile* root = function(p, kRoot);
    REQUIRE(root != nullptr);
    CHECK(root->inclusive == p.total);
    CHECK(root->calls == calls);
    // The routine's own code is not everything: its nested scopes got their share.
    CHECK(root->exclusive.cycles < p.total.cycles);
    CHECK(p.functions.size() >= 3); // the routine, its X axis and one Y path at least

    for (const CallEdgeProfile& e : p.edges) {
        INFO(e.caller << " -> " << e.callee << " at line " << e.line);
        const FunctionProfile* callee = function(p, e.callee);
        REQUIRE(callee != nullptr);
        REQUIRE(function(p, e.caller) != nullptr);
        CHECK(e.count >= 1);
        CHECK(e.inclusive.cycles <= callee->inclusive.cycles);
        // The edge is at the line that entered the callee: one of the caller's or of a scope
        // nested in it, never one of the callee's own.
        const LineProfile* at = line(p, e.file, e.line);
        REQUIRE(at != nullptr);
        CHECK((at->function == e.caller || at->function.starts_with(e.caller + "::")));
        CHECK(at->function != e.callee);
    }
}

TEST_CASE("attribution: functions, lines and stacks add up to exactly what the calls cost")
{
    std::vector<const ScenarioResult*> all;
    for (const ScenarioResult& s : realRuns()) {
        INFO(s.scenario);
        REQUIRE(s.failures.empty());
        REQUIRE_FALSE(s.calls.empty());
        REQUIRE_FALSE(s.calls.front().steps.empty());
        all.push_back(&s);
        checkAddsUp(profileOf({&s}), callsCost({&s}), s.calls.size());
    }
    std::size_t calls = 0;
    std::uint64_t instructions = 0;
    for (const ScenarioResult* s : all) {
        calls += s->calls.size();
        for (const CallRecord& call : s->calls) {
            instructions += static_cast<std::uint64_t>(std::count_if(call.steps.begin(), call.steps.end(), [](const StepCost& st) {
                return st.kind == emu::StepKind::Instruction;
            }));
        }
    }
    const Profile p = profileOf(all);
    checkAddsUp(p, callsCost(all), calls);

    std::uint64_t executions = 0;
    for (const LineProfile& l : p.lines) {
        executions += l.executions;
    }
    CHECK(executions == instructions);
    CHECK(p.functions.size() >= 10);

    // A case's label function runs in exactly the calls of that case (the four Y paths are
    // exclusive), and the X axis in every call.
    std::map<std::string, std::uint64_t> callsPerCase;
    for (const ScenarioResult* s : all) {
        for (const CallRecord& call : s->calls) {
            ++callsPerCase[caseNameOf(*s, call)];
        }
    }
    const std::map<std::string, std::string> labels{{"falling", "MovingDown"},
                                                    {"standing", "MovingDown_Standing"},
                                                    {"rising", "MovingUp"},
                                                    {"ceiling-standing", "MovingUp_Standing"}};
    for (const auto& entry : labels) {
        const std::string& caseName = entry.first;
        const std::string& label = entry.second;
        INFO(caseName);
        REQUIRE(callsPerCase[caseName] > 0);
        const FunctionProfile* f = function(p, std::string(kRoot) + "::" + label);
        REQUIRE(f != nullptr);
        CHECK(f->calls == callsPerCase[caseName]);
    }
    const FunctionProfile* xAxis = function(p, std::string(kRoot) + "::XAxis");
    REQUIRE(xAxis != nullptr);
    CHECK(xAxis->calls == calls);

    // The routine enters its nested scopes from its own lines: the X axis by falling through from
    // the line before it, each Y path by the branch or jump that picks it.
    const std::string source = slurp(function(p, kRoot)->file);
    const std::map<std::string, std::string> entries{
        {"XAxis", "    sta z:Entity::xPosition + 2\n\n    ; 4.1: the X axis"},
        {"MovingDown", "    bpl MovingDown\n"},
        {"MovingDown_Standing", "    jmp MovingDown_Standing\n"},
        {"MovingUp", "    jmp MovingUp\n"},
        {"MovingUp_Standing", "    jmp MovingUp_Standing\n"}};
    for (const auto& [callee, enteringLine] : entries) {
        INFO(callee);
        std::vector<const CallEdgeProfile*> found;
        for (const CallEdgeProfile& e : p.edges) {
            if (e.caller == kRoot && e.callee == std::string(kRoot) + "::" + callee) {
                found.push_back(&e);
            }
        }
        REQUIRE(found.size() == 1);
        CHECK(found[0]->line == lineWith(source, enteringLine));
        CHECK(found[0]->count == function(p, found[0]->callee)->calls);
    }

    // Functions come sorted by exclusive cycles, most first.
    CHECK(std::is_sorted(p.functions.begin(), p.functions.end(), [](const FunctionProfile& a, const FunctionProfile& b) {
        return a.exclusive.cycles > b.exclusive.cycles;
    }));
}

TEST_CASE("attribution: the profile of a single call is that call")
{
    const ScenarioResult& walk = realRuns().front();
    REQUIRE(walk.calls.size() == 840);
    for (std::size_t i = 0; i < walk.calls.size(); i += 37) {
        const CallRecord& call = walk.calls[i];
        INFO("frame " << call.frame);
        ProfileBuilder builder;
        builder.add(call, bundledRom().debug, bundledRom().image);
        const Profile p = builder.build();
        checkAddsUp(p, Cost{call.cycles, call.masterClocks}, 1);
        for (const FunctionProfile& f : p.functions) {
            CHECK(f.calls == 1);
        }
        // The case label the call ran is one of its functions; no other case's label is.
        const std::string caseName = caseNameOf(walk, call);
        CHECK((function(p, std::string(kRoot) + "::MovingDown") != nullptr) == (caseName == "falling"));
        CHECK((function(p, std::string(kRoot) + "::MovingUp") != nullptr) == (caseName == "rising"));
    }
}

// The row-table and fixed-height builds of one source, run on one scenario: unnamed, their
// functions (of the same names) and lines (of the same file) merge; named, each ROM keeps its own,
// and the two add up to the merged ones.
TEST_CASE("attribution: calls of two ROMs, named, keep their functions and lines apart")
{
    const ProfiledRom fixed = loadProfiledRom(bundledRomPath("tile-collision-fixed-height"));
    const Scenario scenario = loadScenario(bundledScenarioDirectory() / "walkthrough-12x24.toml");
    RunOptions options;
    options.recordSteps = true;
    const std::vector<ScenarioResult> runs{runScenario(scenario, bundledRom(), options),
                                           runScenario(scenario, fixed, options)};
    const std::vector<const ProfiledRom*> roms{&bundledRom(), &fixed};
    const std::vector<std::string> names{"tile-collision", "tile-collision-fixed-height"};
    const Profile merged = attribute(runs, roms, Selection{}).selected;
    const Profile apart = attribute(runs, roms, Selection{}, names).selected;
    REQUIRE(merged.total == apart.total);

    const std::uint64_t calls = runs[0].calls.size();
    const FunctionProfile* both = function(merged, kRoot);
    const FunctionProfile* rowTable = function(apart, std::string("tile-collision: ") + kRoot);
    const FunctionProfile* fixedHeight = function(apart, std::string("tile-collision-fixed-height: ") + kRoot);
    REQUIRE(both != nullptr);
    REQUIRE(rowTable != nullptr);
    REQUIRE(fixedHeight != nullptr);
    CHECK(function(apart, kRoot) == nullptr);
    CHECK(both->calls == 2 * calls);
    CHECK(rowTable->calls == calls);
    CHECK(fixedHeight->calls == calls);
    CHECK(rowTable->exclusive.cycles + fixedHeight->exclusive.cycles == both->exclusive.cycles);
    CHECK(rowTable->inclusive.cycles > fixedHeight->inclusive.cycles); // the fixed height is faster
    CHECK(merged.functions.size() * 2 == apart.functions.size());

    // A line of the shared source: once merged, twice apart, the two adding up.
    const LineProfile& first = merged.lines.front();
    std::uint64_t executions = 0;
    int copies = 0;
    for (const LineProfile& l : apart.lines) {
        if (l.file == first.file && l.line == first.line) {
            executions += l.executions;
            ++copies;
        }
    }
    CHECK(copies == 2);
    CHECK(executions == first.executions);
}

TEST_CASE("attribution: the per-case profiles of all calls add up to the whole")
{
    const std::vector<ScenarioResult>& runs = realRuns();
    std::vector<const ProfiledRom*> roms(runs.size(), &bundledRom());
    const Attribution a = attribute(runs, roms, Selection{});

    std::size_t calls = 0;
    Cost total;
    std::vector<std::string> firstRun; // case names in the order they first ran
    for (const ScenarioResult& s : runs) {
        for (const CallRecord& call : s.calls) {
            ++calls;
            total += Cost{call.cycles, call.masterClocks};
            const std::string name = caseNameOf(s, call);
            if (std::find(firstRun.begin(), firstRun.end(), name) == firstRun.end()) {
                firstRun.push_back(name);
            }
        }
    }
    CHECK(a.selection.describe() == "all calls");
    CHECK(a.selected.calls == calls);
    CHECK(a.selected.total == total);

    std::vector<std::string> names;
    std::uint64_t caseCalls = 0;
    Cost caseTotal;
    std::map<std::string, Cost> exclusive;
    std::map<std::string, Cost> stacks;
    for (const CaseProfile& c : a.cases) {
        names.push_back(c.name);
        caseCalls += c.profile.calls;
        caseTotal += c.profile.total;
        for (const FunctionProfile& f : c.profile.functions) {
            exclusive[f.name] += f.exclusive;
        }
        for (const StackProfile& s : c.profile.stacks) {
            std::string key;
            for (const std::string& f : s.functions) {
                key += f + ";";
            }
            stacks[key] += s.cost;
        }
    }
    CHECK(names == firstRun);
    CHECK(names.size() == 4);
    CHECK(caseCalls == a.selected.calls);
    CHECK(caseTotal == a.selected.total);
    REQUIRE(exclusive.size() == a.selected.functions.size());
    for (const FunctionProfile& f : a.selected.functions) {
        INFO(f.name);
        CHECK(exclusive[f.name] == f.exclusive);
    }
    REQUIRE(stacks.size() == a.selected.stacks.size());
    for (const StackProfile& s : a.selected.stacks) {
        std::string key;
        for (const std::string& f : s.functions) {
            key += f + ";";
        }
        CHECK(stacks[key] == s.cost);
    }
}

// The calls of `runs` that `pick` accepts, counted and costed.
template <class Pick>
std::pair<std::size_t, Cost> expected(const std::vector<ScenarioResult>& runs, Pick pick)
{
    std::size_t calls = 0;
    Cost cost;
    for (const ScenarioResult& s : runs) {
        for (const CallRecord& call : s.calls) {
            if (pick(s, call)) {
                ++calls;
                cost += Cost{call.cycles, call.masterClocks};
            }
        }
    }
    return {calls, cost};
}

TEST_CASE("attribution: a selection picks exactly the calls it names")
{
    const std::vector<ScenarioResult>& runs = realRuns();
    std::vector<const ProfiledRom*> roms(runs.size(), &bundledRom());
    const auto entityOf = [](const ScenarioResult& s, const CallRecord& c) {
        return s.entities[static_cast<std::size_t>(c.entity)];
    };

    SUBCASE("a case")
    {
        const Attribution a = attribute(runs, roms, Selection{"falling", std::nullopt, std::nullopt});
        const auto [calls, cost] = expected(runs, [](const ScenarioResult& s, const CallRecord& c) {
            return caseNameOf(s, c) == "falling";
        });
        REQUIRE(calls > 0);
        CHECK(a.selected.calls == calls);
        CHECK(a.selected.total == cost);
        CHECK(a.selection.describe() == "case \"falling\"");
        // The same calls as the case's own profile, and the per-case profiles still cover every call.
        const auto falling = std::find_if(a.cases.begin(), a.cases.end(), [](const CaseProfile& c) { return c.name == "falling"; });
        REQUIRE(falling != a.cases.end());
        CHECK(dump(falling->profile) == dump(a.selected));
        CHECK(a.cases.size() == 4);
        CHECK(function(a.selected, std::string(kRoot) + "::MovingUp") == nullptr);
    }
    SUBCASE("a frame and an entity: one call")
    {
        const Attribution a = attribute(std::span(&runs.front(), 1), std::span(roms.data(), 1), Selection{std::nullopt, 434, "player"});
        const CallRecord& call = runs.front().calls[433];
        REQUIRE(call.frame == 434);
        CHECK(a.selected.calls == 1);
        CHECK(a.selected.total == Cost{call.cycles, call.masterClocks});
        CHECK(a.selection.describe() == "frame 434, entity \"player\"");
    }
    SUBCASE("a frame: every entity's call of that frame, in every scenario")
    {
        const Attribution a = attribute(runs, roms, Selection{std::nullopt, 3, std::nullopt});
        const auto [calls, cost] = expected(runs, [](const ScenarioResult&, const CallRecord& c) { return c.frame == 3; });
        std::size_t entities = 0;
        for (const ScenarioResult& s : runs) {
            entities += s.entities.size();
        }
        CHECK(calls == entities);
        CHECK(a.selected.calls == calls);
        CHECK(a.selected.total == cost);
    }
    SUBCASE("an entity of eight, with a case")
    {
        const ScenarioResult& eight = runs[1];
        REQUIRE(eight.entities.size() == 8);
        const std::string name = eight.entities[5];
        const Attribution a = attribute(runs, roms, Selection{"standing", std::nullopt, name});
        const auto [calls, cost] = expected(runs, [&](const ScenarioResult& s, const CallRecord& c) {
            return entityOf(s, c) == name && caseNameOf(s, c) == "standing";
        });
        REQUIRE(calls > 0);
        CHECK(calls < eight.calls.size() / 8 + 1);
        CHECK(a.selected.calls == calls);
        CHECK(a.selected.total == cost);
        CHECK(a.selection.describe() == "case \"standing\", entity \"" + name + "\"");
    }
    SUBCASE("nothing")
    {
        const Attribution a = attribute(runs, roms, Selection{"no-such-case", std::nullopt, std::nullopt});
        CHECK(a.selected.calls == 0);
        CHECK(a.selected.total == Cost{});
        CHECK(a.selected.functions.empty());
        CHECK(a.cases.size() == 4); // the per-case profiles do not depend on the selection
    }
}

TEST_CASE("attribution: the same scenario run twice gives the same profile")
{
    const ScenarioResult first = runBundled("eight-hitboxes");
    const ScenarioResult second = runBundled("eight-hitboxes");
    const std::string a = dump(profileOf({&first}));
    CHECK(a == dump(profileOf({&second})));
    CHECK(a.size() > 1000);
    // And through attribute(), whose per-case profiles must be as stable.
    const ProfiledRom* rom = &bundledRom();
    const Attribution x = attribute(std::span(&first, 1), std::span(&rom, 1), Selection{});
    const Attribution y = attribute(std::span(&second, 1), std::span(&rom, 1), Selection{});
    CHECK(dump(x.selected) == dump(y.selected));
    REQUIRE(x.cases.size() == y.cases.size());
    for (std::size_t i = 0; i < x.cases.size(); ++i) {
        CHECK(x.cases[i].name == y.cases[i].name);
        CHECK(dump(x.cases[i].profile) == dump(y.cases[i].profile));
    }
}

// ---- Hand-made calls over game.dbg ------------------------------------------------------------

const DebugInfo& gameDebug()
{
    static const DebugInfo info = DebugInfo::load(fs::path(TILEPROF_TEST_DATA_DIR) / "dbg" / "game.dbg");
    return info;
}

// The steps below are made up, with no ROM behind them: code game.dbg has no line for reads as zeros.
const emu::RomImage kNoImage{};

constexpr std::uint8_t kJsr = 0x20;
constexpr std::uint8_t kJsl = 0x22;
constexpr std::uint8_t kRts = 0x60;
constexpr std::uint8_t kRtl = 0x6B;
constexpr std::uint8_t kRti = 0x40;
constexpr std::uint8_t kJmp = 0x4C;

// An instruction at `address` of `cycles` cycles. Its master clocks are 8 a cycle plus `extra`
// (refresh), so that a mix-up of the two units shows.
StepCost op(std::uint32_t address, std::uint8_t opcode, std::uint16_t cycles, std::uint16_t extra = 0)
{
    return {address, cycles, cycles * 8u + extra, opcode, emu::StepKind::Instruction, 0};
}

CallRecord callOf(std::vector<StepCost> steps)
{
    CallRecord call;
    call.frame = 1;
    for (const StepCost& s : steps) {
        call.cycles += s.cycles;
        call.masterClocks += s.masterClocks;
    }
    call.steps = std::move(steps);
    return call;
}

Profile profileOf(const std::vector<CallRecord>& calls)
{
    ProfileBuilder builder;
    for (const CallRecord& call : calls) {
        builder.add(call, gameDebug(), kNoImage);
    }
    return builder.build();
}

std::uint64_t cyclesOf(const FunctionProfile* f, bool inclusive)
{
    REQUIRE(f != nullptr);
    return inclusive ? f->inclusive.cycles : f->exclusive.cycles;
}

TEST_CASE("profile builder: a JSR's callee is charged to the callee, its caller, the JSR line and the edge")
{
    // Reset calls MoveEntity, which calls its nested Clamp and then Double (in math.inc), and
    // returns to the instruction after the JSR.
    const CallRecord call = callOf({
        op(0x800F, kJsr, 6),      // Reset: jsr MoveEntity                  game.s:40
        op(0x801D, 0xBD, 5),      // MoveEntity: lda Positions,x            game.s:50
        op(0x8020, 0x18, 2),      //   clc (ADD_SPEED)                      game.s:51
        op(0x8021, 0x6D, 5, 40),  //   adc Speeds (ADD_SPEED), with refresh game.s:51
        op(0x8024, 0x9D, 6),      //   sta Positions,x                      game.s:52
        op(0x8030, kJsr, 6),      //   jsr Clamp                            game.s:60
        op(0x8027, 0xC9, 3),      // Clamp: cmp #$0100                      game.s:54
        op(0x802A, 0x90, 3),      //   bcc @done (taken)                    game.s:55
        op(0x802F, kRts, 6),      //   rts -> $8033                         game.s:58
        op(0x8033, kJsr, 6),      // MoveEntity: jsr Double                 game.s:63
        op(0x8000, 0x0A, 2),      // Double: asl                            math.inc:9
        op(0x8001, kRts, 6),      //   rts -> $8036                         math.inc:10
        op(0x8036, kRts, 6),      // MoveEntity: rts -> $8012               game.s:64
        op(0x8012, 0xE8, 2),      // Reset: inx                             game.s:41
    });
    REQUIRE(call.cycles == 64);
    const Profile p = profileOf({call});

    CHECK(p.calls == 1);
    CHECK(p.total == Cost{64, 64 * 8 + 40});

    CHECK(cyclesOf(function(p, "Reset"), false) == 6 + 2);
    CHECK(cyclesOf(function(p, "Reset"), true) == 64);
    CHECK(cyclesOf(function(p, "MoveEntity"), false) == 5 + 2 + 5 + 6 + 6 + 6 + 6);
    CHECK(cyclesOf(function(p, "MoveEntity"), true) == 36 + 12 + 8);
    CHECK(function(p, "MoveEntity")->inclusive.masterClocks == 56 * 8 + 40);
    CHECK(cyclesOf(function(p, "MoveEntity::Clamp"), false) == 12);
    CHECK(cyclesOf(function(p, "MoveEntity::Clamp"), true) == 12);
    CHECK(cyclesOf(function(p, "Double"), false) == 8);
    CHECK(cyclesOf(function(p, "Double"), true) == 8);
    CHECK(p.functions.size() == 4);
    for (const FunctionProfile& f : p.functions) {
        CHECK(f.calls == 1);
    }
    // Functions are named where their code begins.
    CHECK(function(p, "Reset")->file == "game.s");
    CHECK(function(p, "Reset")->line == 33);
    CHECK(function(p, "MoveEntity::Clamp")->line == 54);
    CHECK(function(p, "Double")->file == "math.inc");
    CHECK(function(p, "Double")->line == 9);

    // The JSR lines carry what their call ran; other lines only their own instructions.
    const LineProfile* jsrMoveEntity = line(p, "game.s", 40);
    REQUIRE(jsrMoveEntity != nullptr);
    CHECK(jsrMoveEntity->exclusive.cycles == 6);
    CHECK(jsrMoveEntity->inclusive.cycles == 6 + 56);
    CHECK(jsrMoveEntity->function == "Reset");
    CHECK(jsrMoveEntity->executions == 1);
    REQUIRE(line(p, "game.s", 60) != nullptr);
    CHECK(line(p, "game.s", 60)->inclusive.cycles == 6 + 12);
    REQUIRE(line(p, "game.s", 63) != nullptr);
    CHECK(line(p, "game.s", 63)->inclusive.cycles == 6 + 8);
    const LineProfile* macro = line(p, "game.s", 51);
    REQUIRE(macro != nullptr);
    CHECK(macro->exclusive == Cost{7, 7 * 8 + 40});
    CHECK(macro->inclusive == macro->exclusive);
    CHECK(macro->executions == 2);
    REQUIRE(line(p, "game.s", 41) != nullptr);
    CHECK(line(p, "game.s", 41)->inclusive.cycles == 2);
    REQUIRE(line(p, "math.inc", 10) != nullptr);
    CHECK(line(p, "math.inc", 10)->function == "Double");
    CHECK(p.lines.size() == 13);

    REQUIRE(p.stacks.size() == 4);
    REQUIRE(stack(p, {"Reset"}) != nullptr);
    CHECK(stack(p, {"Reset"})->cost.cycles == 8);
    REQUIRE(stack(p, {"Reset", "MoveEntity"}) != nullptr);
    CHECK(stack(p, {"Reset", "MoveEntity"})->cost.cycles == 36);
    REQUIRE(stack(p, {"Reset", "MoveEntity", "MoveEntity::Clamp"}) != nullptr);
    CHECK(stack(p, {"Reset", "MoveEntity", "MoveEntity::Clamp"})->cost.cycles == 12);
    REQUIRE(stack(p, {"Reset", "MoveEntity", "Double"}) != nullptr);
    CHECK(stack(p, {"Reset", "MoveEntity", "Double"})->cost.cycles == 8);

    REQUIRE(p.edges.size() == 3);
    const CallEdgeProfile* toMoveEntity = edge(p, "Reset", "MoveEntity");
    REQUIRE(toMoveEntity != nullptr);
    CHECK(toMoveEntity->count == 1);
    CHECK(toMoveEntity->inclusive.cycles == 56);
    CHECK(toMoveEntity->file == "game.s");
    CHECK(toMoveEntity->line == 40);
    const CallEdgeProfile* toClamp = edge(p, "MoveEntity", "MoveEntity::Clamp");
    REQUIRE(toClamp != nullptr);
    CHECK(toClamp->count == 1);
    CHECK(toClamp->line == 60);
    CHECK(toClamp->inclusive.cycles == 12);
    const CallEdgeProfile* toDouble = edge(p, "MoveEntity", "Double");
    REQUIRE(toDouble != nullptr);
    CHECK(toDouble->count == 1);
    CHECK(toDouble->line == 63);
    CHECK(toDouble->inclusive.cycles == 8);

    // The same call twice: everything doubles, and the calls count per call of the routine.
    const Profile twice = profileOf({call, call});
    CHECK(twice.calls == 2);
    CHECK(twice.total.cycles == 128);
    CHECK(cyclesOf(function(twice, "MoveEntity"), true) == 112);
    CHECK(function(twice, "Double")->calls == 2);
    CHECK(edge(twice, "Reset", "MoveEntity")->count == 2);
    CHECK(line(twice, "game.s", 51)->executions == 4);
}

TEST_CASE("profile builder: a JSL returns with RTL to the byte after its four")
{
    const CallRecord call = callOf({
        op(0x800F, kJsl, 8),  // Reset: jsl Double (a 4-byte call)  game.s:40
        op(0x8000, 0x0A, 2),  // Double: asl                        math.inc:9
        op(0x8001, kRtl, 6),  //   rtl -> $8013
        op(0x8013, 0xE0, 3),  // Reset: cpx #EntityCount            game.s:42
        op(0x8016, 0xD0, 2),  //   bne (not taken)                  game.s:43
    });
    const Profile p = profileOf({call});
    CHECK(p.total.cycles == 21);
    CHECK(cyclesOf(function(p, "Double"), false) == 8);
    CHECK(cyclesOf(function(p, "Reset"), false) == 13);
    CHECK(cyclesOf(function(p, "Reset"), true) == 21);
    REQUIRE(stack(p, {"Reset", "Double"}) != nullptr);
    CHECK(stack(p, {"Reset", "Double"})->cost.cycles == 8);
    REQUIRE(stack(p, {"Reset"}) != nullptr);
    CHECK(stack(p, {"Reset"})->cost.cycles == 13);
    const CallEdgeProfile* e = edge(p, "Reset", "Double");
    REQUIRE(e != nullptr);
    CHECK(e->count == 1);
    CHECK(e->line == 40);
    CHECK(e->inclusive.cycles == 8);
    // The RTL closed the frame: the lines after it are not part of the call.
    CHECK(line(p, "game.s", 40)->inclusive.cycles == 8 + 8);
    CHECK(line(p, "game.s", 42)->inclusive.cycles == 3);
    CHECK(line(p, "game.s", 43)->inclusive.cycles == 2);
}

TEST_CASE("profile builder: recursion deeper than 64 calls is folded, so that memory is bounded")
{
    // MoveEntity and Double call each other 100,000 times and never return, as a runaway mutual
    // recursion does.
    constexpr std::uint64_t kCalls = 100'000;
    std::vector<StepCost> steps{op(0x800F, kJsr, 6)}; // Reset: jsr MoveEntity
    for (std::uint64_t i = 0; i < kCalls; ++i) {
        steps.push_back(op(i % 2 == 0 ? 0x801D : 0x8000, kJsr, 6)); // MoveEntity: jsr Double, Double: jsr MoveEntity
    }
    const Profile p = profileOf({callOf(std::move(steps))});
    CHECK(p.total.cycles == 6 * (kCalls + 1));
    // Reset's call and the first 63 of MoveEntity's open a context each, to depth 64; the rest fold.
    CHECK(p.foldedCalls == kCalls + 1 - Profile::kMaxCallDepth);
    std::size_t deepest = 0;
    for (const StackProfile& stack : p.stacks) {
        deepest = std::max(deepest, stack.functions.size());
    }
    CHECK(deepest == Profile::kMaxCallDepth + 1);
    CHECK(cyclesOf(function(p, "MoveEntity"), false) == 6 * kCalls / 2);
    CHECK(cyclesOf(function(p, "Double"), false) == 6 * kCalls / 2);
    CHECK(foldedCallsText(p) == "99,937 calls were made 64 or more calls deep (recursion): each is counted in the "
                                "context it was made in, not one of its own");
}

TEST_CASE("profile builder: an RTS that lands elsewhere than a return address is a dispatch, a call from the RTS")
{
    // MoveEntity "returns" into Double (RTS dispatch: it pushed Double's address - 1), and
    // Double's RTS is the one that lands after the JSR, for both.
    const CallRecord call = callOf({
        op(0x800F, kJsr, 6),  // Reset: jsr MoveEntity         game.s:40
        op(0x801D, 0xBD, 5),  // MoveEntity: lda                game.s:50
        op(0x8036, kRts, 6),  //   rts -> $8000 (dispatch)      game.s:64
        op(0x8000, 0x0A, 2),  // Double: asl                    math.inc:9
        op(0x8001, kRts, 6),  //   rts -> $8012, the JSR's return
        op(0x8012, 0xE8, 2),  // Reset: inx                     game.s:41
        op(0x8013, 0xE0, 3),  //   cpx                          game.s:42
    });
    const Profile p = profileOf({call});
    CHECK(p.total.cycles == 30);
    // Double ran as called by MoveEntity's RTS, inside the call Reset made at line 40.
    CHECK(stack(p, {"Double"}) == nullptr);
    CHECK(stack(p, {"Reset", "Double"}) == nullptr);
    REQUIRE(stack(p, {"Reset", "MoveEntity", "Double"}) != nullptr);
    CHECK(stack(p, {"Reset", "MoveEntity", "Double"})->cost.cycles == 8);
    REQUIRE(stack(p, {"Reset", "MoveEntity"}) != nullptr);
    CHECK(stack(p, {"Reset", "MoveEntity"})->cost.cycles == 11);
    CHECK(stack(p, {"Reset"})->cost.cycles == 11);
    CHECK(line(p, "game.s", 40)->inclusive.cycles == 6 + 11 + 8);
    CHECK(line(p, "game.s", 64)->inclusive.cycles == 6 + 8);
    const CallEdgeProfile* dispatched = edge(p, "MoveEntity", "Double");
    REQUIRE(dispatched != nullptr);
    CHECK(dispatched->count == 1);
    CHECK(dispatched->line == 64);
    CHECK(edge(p, "Reset", "MoveEntity")->count == 1);
    CHECK(cyclesOf(function(p, "Reset"), true) == 30);
    CHECK(cyclesOf(function(p, "MoveEntity"), true) == 19);
    // Double's RTS closed both frames: what follows is Reset's own again.
    CHECK(line(p, "game.s", 41)->inclusive.cycles == 2);
    CHECK(line(p, "game.s", 42)->inclusive.cycles == 3);
}

TEST_CASE("profile builder: a routine reached by an RTL returns to the continuation its dispatcher pushed")
{
    // Reset calls MoveEntity, which pushes its own continuation ($8030 - 1) and Double's address
    // - 1 and returns into Double, as an object engine does; Double returns to $8030, inside
    // MoveEntity, which returns to Reset.
    const CallRecord call = callOf({
        op(0x800F, kJsr, 6),  // Reset: jsr MoveEntity         game.s:40
        op(0x801D, 0xBD, 5),  // MoveEntity: lda                game.s:50
        op(0x8036, kRts, 6),  //   rts -> $8000 (dispatch)      game.s:64
        op(0x8000, 0x0A, 2),  // Double: asl                    math.inc:9
        op(0x8001, kRts, 6),  //   rts -> $8030, the continuation
        op(0x8030, 0xEA, 2),  // MoveEntity: nop                game.s:60
        op(0x8031, kRts, 6),  //   rts -> $8012, the JSR's return
        op(0x8012, 0xE8, 2),  // Reset: inx                     game.s:41
    });
    const Profile p = profileOf({call});
    REQUIRE(stack(p, {"Reset", "MoveEntity", "Double"}) != nullptr);
    CHECK(stack(p, {"Reset", "MoveEntity", "Double"})->cost.cycles == 8);
    CHECK(stack(p, {"Reset", "MoveEntity"})->cost.cycles == 5 + 6 + 2 + 6);
    CHECK(stack(p, {"Reset"})->cost.cycles == 6 + 2);
}

TEST_CASE("profile builder: a jump into a nested scope is charged to it, inside the outer scope")
{
    SUBCASE("falling through from the outer scope")
    {
        const CallRecord call = callOf({
            op(0x801D, 0xBD, 5),  // MoveEntity: lda     game.s:50
            op(0x8024, 0x9D, 6),  //   sta               game.s:52
            op(0x8027, 0xC9, 3),  // Clamp: cmp          game.s:54
            op(0x802A, 0x90, 2),  //   bcc (not taken)   game.s:55
            op(0x802C, 0xA9, 3),  //   lda #0            game.s:56
            op(0x802F, kRts, 6),  //   rts: leaves the call; no frame to close
        });
        const Profile p = profileOf({call});
        CHECK(cyclesOf(function(p, "MoveEntity"), false) == 11);
        CHECK(cyclesOf(function(p, "MoveEntity"), true) == 25);
        CHECK(cyclesOf(function(p, "MoveEntity::Clamp"), false) == 14);
        CHECK(cyclesOf(function(p, "MoveEntity::Clamp"), true) == 14);
        CHECK(stack(p, {"MoveEntity", "MoveEntity::Clamp"})->cost.cycles == 14);
        const CallEdgeProfile* e = edge(p, "MoveEntity", "MoveEntity::Clamp");
        REQUIRE(e != nullptr);
        CHECK(e->count == 1);
        CHECK(e->line == 52); // entered from the sta that falls through into it
        CHECK(e->inclusive.cycles == 14);
        CHECK(line(p, "game.s", 54)->inclusive.cycles == 3); // no call was made there
        CHECK(p.edges.size() == 1);
    }
    SUBCASE("a JMP into another routine: a tail call, in the jumper's inclusive figures")
    {
        const CallRecord call = callOf({
            op(0x8008, 0x18, 2),  // Reset: clc                  game.s:33
            op(0x8009, kJmp, 3),  //   (as if) jmp Clamp
            op(0x8027, 0xC9, 3),  // Clamp: cmp                  game.s:54
            op(0x802A, 0x90, 3),  //   bcc @done (taken)         game.s:55
            op(0x802F, kRts, 6),  //   rts: returns for Reset    game.s:58
        });
        const Profile p = profileOf({call});
        CHECK(cyclesOf(function(p, "Reset"), false) == 5);
        CHECK(cyclesOf(function(p, "Reset"), true) == 17);
        CHECK(cyclesOf(function(p, "MoveEntity"), false) == 0);
        CHECK(cyclesOf(function(p, "MoveEntity"), true) == 12);
        CHECK(cyclesOf(function(p, "MoveEntity::Clamp"), false) == 12);
        CHECK(stack(p, {"Reset"})->cost.cycles == 5);
        REQUIRE(stack(p, {"Reset", "MoveEntity", "MoveEntity::Clamp"}) != nullptr);
        CHECK(stack(p, {"Reset", "MoveEntity", "MoveEntity::Clamp"})->cost.cycles == 12);
        REQUIRE(edge(p, "Reset", "MoveEntity") != nullptr);
        CHECK(edge(p, "Reset", "MoveEntity")->count == 1);
        CHECK(edge(p, "Reset", "MoveEntity")->inclusive.cycles == 12);
        REQUIRE(edge(p, "MoveEntity", "MoveEntity::Clamp") != nullptr);
        CHECK(edge(p, "MoveEntity", "MoveEntity::Clamp")->count == 1);
        CHECK(function(p, "MoveEntity")->calls == 1);
    }
    SUBCASE("a tail call's RTS returns for its caller too")
    {
        const CallRecord call = callOf({
            op(0x800F, kJsr, 6),  // Reset: jsr MoveEntity      game.s:40
            op(0x8030, kJmp, 3),  // MoveEntity: (as if) jmp Util::Tick
            op(0x8002, 0xEE, 6),  // Util: inc Frame             game.s:26
            op(0x8005, kRts, 6),  //   rts: back to Reset        game.s:27
            op(0x8012, 0xE8, 2),  // Reset: inx                  game.s:41
        });
        const Profile p = profileOf({call});
        CHECK(cyclesOf(function(p, "MoveEntity"), true) == 15);
        CHECK(cyclesOf(function(p, "Reset"), false) == 8); // the inx is Reset's own again
        CHECK(stack(p, {"Reset"})->cost.cycles == 8);
    }
    SUBCASE("entering the nested scope twice in one call counts an entry at each line that entered it")
    {
        const CallRecord call = callOf({
            op(0x8024, 0x9D, 6),  // MoveEntity: sta                 game.s:52
            op(0x8027, 0xC9, 3),  // Clamp: cmp                      game.s:54
            op(0x8030, kJmp, 3),  // MoveEntity: (as if) jmp back    game.s:60
            op(0x8027, 0xC9, 3),  // Clamp: cmp
            op(0x802A, 0x90, 2),  //   bcc (not taken)               game.s:55
            op(0x8033, kJmp, 3),  // MoveEntity: (as if) jmp back    game.s:63
            op(0x8027, 0xC9, 3),  // Clamp: cmp
            op(0x802F, kRts, 6),
        });
        const Profile p = profileOf({call});
        REQUIRE(p.edges.size() == 3);
        const int lines[] = {52, 60, 63};
        const std::uint64_t inclusive[] = {3, 3 + 2, 3 + 6};
        for (std::size_t k = 0; k < 3; ++k) {
            const CallEdgeProfile& e = p.edges[k];
            INFO("from line " << e.line);
            CHECK(e.caller == "MoveEntity");
            CHECK(e.callee == "MoveEntity::Clamp");
            CHECK(e.line == lines[k]);
            CHECK(e.count == 1);
            CHECK(e.inclusive.cycles == inclusive[k]);
        }
        CHECK(function(p, "MoveEntity::Clamp")->calls == 1);
        CHECK(cyclesOf(function(p, "MoveEntity::Clamp"), false) == 3 + 5 + 9);
    }
}

TEST_CASE("profile builder: recursion counts a function's inclusive cost once")
{
    // Reset calls MoveEntity, which calls back into Reset, which returns.
    const CallRecord call = callOf({
        op(0x800F, kJsr, 6),  // Reset: jsr MoveEntity               game.s:40
        op(0x801D, 0xBD, 5),  // MoveEntity: lda                     game.s:50
        op(0x8033, kJsr, 6),  //   (as if) jsr Reset's inx, -> $8036 game.s:63
        op(0x8012, 0xE8, 2),  // Reset (again): inx                  game.s:41
        op(0x8013, 0xE0, 3),  //   cpx                               game.s:42
        op(0x801B, kRts, 6),  //   (as if) rts -> $8036              game.s:46
        op(0x8036, kRts, 6),  // MoveEntity: rts -> $8012            game.s:64
        op(0x8012, 0xE8, 2),  // Reset: inx                          game.s:41
    });
    const Profile p = profileOf({call});
    CHECK(p.total.cycles == 36);
    CHECK(cyclesOf(function(p, "Reset"), false) == 6 + 11 + 2);
    CHECK(cyclesOf(function(p, "Reset"), true) == 36); // not 36 + 11
    CHECK(cyclesOf(function(p, "MoveEntity"), false) == 17);
    CHECK(cyclesOf(function(p, "MoveEntity"), true) == 28);
    REQUIRE(p.stacks.size() == 3);
    REQUIRE(stack(p, {"Reset", "MoveEntity", "Reset"}) != nullptr);
    CHECK(stack(p, {"Reset", "MoveEntity", "Reset"})->cost.cycles == 11);
    CHECK(stack(p, {"Reset", "MoveEntity"})->cost.cycles == 17);
    CHECK(stack(p, {"Reset"})->cost.cycles == 8);
    CHECK(line(p, "game.s", 40)->inclusive.cycles == 6 + 17 + 11);
    CHECK(line(p, "game.s", 63)->inclusive.cycles == 6 + 11);
    const LineProfile* inx = line(p, "game.s", 41);
    REQUIRE(inx != nullptr);
    CHECK(inx->executions == 2);
    CHECK(inx->exclusive.cycles == 4);
    CHECK(inx->inclusive.cycles == 4);
    const CallEdgeProfile* back = edge(p, "MoveEntity", "Reset");
    REQUIRE(back != nullptr);
    CHECK(back->count == 1);
    CHECK(back->line == 63);
    CHECK(back->inclusive.cycles == 11);
    CHECK(edge(p, "Reset", "MoveEntity")->inclusive.cycles == 28);
}

TEST_CASE("profile builder: an interrupt opens a frame that RTI closes at the interrupted instruction")
{
    const CallRecord call = callOf({
        op(0x800F, kJsr, 6),  // Reset: jsr MoveEntity             game.s:40
        op(0x801D, 0xBD, 5),  // MoveEntity: lda                   game.s:50
        {0x8020, 8, 8 * 6, 0, emu::StepKind::Irq, 0}, // IRQ before clc
        op(0x8002, 0xEE, 8),  // Util: inc Frame                   game.s:26
        op(0x8005, kRti, 7),  //   (as if) rti -> $8020
        op(0x8020, 0x18, 2),  // MoveEntity: clc                   game.s:51
        op(0x8036, kRts, 6),  //   rts -> $8012
        op(0x8012, 0xE8, 2),  // Reset: inx                        game.s:41
    });
    const Profile p = profileOf({call});
    CHECK(p.total == Cost{44, 36 * 8 + 48});
    // The interrupt's entry is charged where it struck; its handler runs on top of that stack.
    REQUIRE(stack(p, {"Reset", "MoveEntity", "Util"}) != nullptr);
    CHECK(stack(p, {"Reset", "MoveEntity", "Util"})->cost.cycles == 15);
    CHECK(cyclesOf(function(p, "MoveEntity"), false) == 5 + 8 + 2 + 6);
    CHECK(cyclesOf(function(p, "MoveEntity"), true) == 5 + 8 + 2 + 6 + 15);
    const CallEdgeProfile* e = edge(p, "MoveEntity", "Util");
    REQUIRE(e != nullptr);
    CHECK(e->count == 1);
    CHECK(e->line == 51);
    // Line 51 holds the interrupt entry and clc (one instruction), and what the interrupt ran.
    const LineProfile* struck = line(p, "game.s", 51);
    REQUIRE(struck != nullptr);
    CHECK(struck->executions == 1);
    CHECK(struck->exclusive.cycles == 8 + 2);
    CHECK(struck->inclusive.cycles == 8 + 2 + 15);
    // RTI closed the interrupt frame only: the RTS still returns from MoveEntity.
    CHECK(stack(p, {"Reset"})->cost.cycles == 8);
    CHECK(line(p, "game.s", 41)->inclusive.cycles == 2);
}

} // namespace
} // namespace tileprof::test
