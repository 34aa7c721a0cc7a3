// The block engine (roms/block-engine): a routine of an engine that is not untech, profiled from
// its manifests alone. A trace of one call of each routine agrees, step by step, with the cycles
// the 65816 datasheet gives each instruction (priced here by hand, not by the emulator); its cases
// name the paths, anonymous labels and a tail call included; a despawn and a misdescribed map are
// reported.

#include "base/bundled_files.hpp"
#include "profiler/debugger/debugger_session.hpp"
#include "tests/support/command.hpp"
#include "tests/support/command_json.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

const fs::path kEngine = fs::path(TILEPROF_SOURCE_DIR) / "roms" / "block-engine";

std::string scenario(const std::string& name)
{
    return (kEngine / "scenarios" / (name + ".toml")).string();
}


// The datasheet's cycles for an instruction as `tileprof trace` disassembles it, in native mode
// with D's low byte 0 (every routine here runs with D = 0): the base count, +1 for a 16-bit
// accumulator (or index register, for the X and Y instructions), +1 for abs,X with a 16-bit index,
// +1 for a branch taken. Forms the block engine does not use are not priced.
std::optional<int> datasheetCycles(const std::string& instruction, bool m16, bool x16, bool taken)
{
    const std::size_t space = instruction.find(' ');
    const std::string op = instruction.substr(0, space);
    const std::string operand = space == std::string::npos ? "" : instruction.substr(space + 1);
    // "$XX", "$XXXX", "$XXXXXX": the operand's hex digits after the dollar; 0 for anything else.
    const auto hexDigits = [](std::string_view text) {
        const bool hex = text.size() > 1 && text[0] == '$' &&
                         std::all_of(text.begin() + 1, text.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
        return hex ? text.size() - 1 : 0;
    };
    const std::string_view o = operand;
    const bool indexedX = o.ends_with(",X");
    const std::size_t digits = hexDigits(indexedX ? o.substr(0, o.size() - 2) : o);
    const bool immediate = o.starts_with("#$");
    const bool dp = !indexedX && digits == 2;
    const bool abs = !indexedX && digits == 4;
    const bool absX = indexedX && digits == 4;
    const bool longX = indexedX && digits == 6;
    const bool indirectLongY = o.starts_with("[$") && o.ends_with("],Y") && hexDigits(o.substr(1, o.size() - 4)) == 2;
    const int m = m16 ? 1 : 0;
    const int x = x16 ? 1 : 0;
    const bool indexOp = op == "LDX" || op == "LDY" || op == "CPX" || op == "CPY" || op == "STX" || op == "STY";
    const int w = indexOp ? x : m;
    static const std::map<std::string, int> implied{{"CLC", 2}, {"SEC", 2}, {"TAX", 2}, {"TAY", 2}, {"TYA", 2},
                                                     {"TXA", 2}, {"RTS", 6}, {"PHX", 3}, {"PLX", 4}};
    if (op == "PHX" || op == "PLX") {
        return implied.at(op) + x;
    }
    if (operand.empty()) {
        const auto found = implied.find(op);
        return found == implied.end() ? std::nullopt : std::optional(found->second);
    }
    if (operand == "A") { // LSR, ASL, INC, DEC on the accumulator
        return 2;
    }
    if (op == "BCC" || op == "BCS" || op == "BEQ" || op == "BNE" || op == "BMI" || op == "BPL" || op == "BVS" ||
        op == "BVC") {
        return 2 + (taken ? 1 : 0);
    }
    if (op == "BRA") {
        return 3;
    }
    if (op == "JSR" && abs) {
        return 6;
    }
    if (op == "JMP" && abs) {
        return 3;
    }
    if (op == "REP" || op == "SEP") {
        return 3;
    }
    if (immediate) {
        return 2 + w;
    }
    if (dp) {
        return 3 + w;
    }
    if (abs) {
        return 4 + w;
    }
    if (absX && x16) {
        return 5 + m; // 4, +1 for the 16-bit index (a store takes it whatever the index)
    }
    if (longX) {
        return 5 + m;
    }
    if (indirectLongY) {
        return 6 + m;
    }
    return std::nullopt;
}

TEST_CASE("block engine: a trace of one call of each routine agrees with the datasheet, step by step")
{
    struct Call {
        const char* scenario;
        int frame;
        const char* entity;
        const char* expectedCase;
    };
    for (const Call& c : {Call{"fall-and-land", 30, "goomba", "stands"}, Call{"walk-into-walls", 131, "rightward", "bumps-right"},
                          Call{"patrol", 40, "walker", "turns"}, Call{"run-and-jump", 61, "player", "jumps"}}) {
        CAPTURE(c.scenario);
        const nlohmann::json trace = tileprofJson({"trace", scenario(c.scenario), "--frame", std::to_string(c.frame), "--entity",
                                             c.entity, "--format", "json"});
        CHECK(trace["case"] == c.expectedCase);
        const nlohmann::json& steps = trace["steps"];
        REQUIRE(steps.size() > 20);
        int priced = 0;
        for (std::size_t i = 0; i < steps.size(); ++i) {
            const nlohmann::json& step = steps[i];
            const std::string instruction = step["instruction"];
            CAPTURE(instruction);
            CAPTURE(step["address"].get<std::uint32_t>());
            const auto p = step["registers"]["p"].get<int>();
            REQUIRE(step["registers"]["e"] == false);
            REQUIRE((step["registers"]["d"].get<int>() & 0xFF) == 0);
            const std::uint32_t address = step["address"];
            const bool taken = i + 1 < steps.size() && steps[i + 1]["address"].get<std::uint32_t>() != address + 2;
            const std::optional<int> cycles = datasheetCycles(instruction, (p & 0x20) == 0, (p & 0x10) == 0, taken);
            REQUIRE_MESSAGE(cycles.has_value(), "an instruction form the hand prices do not cover");
            CHECK(step["cycles"].get<int>() == *cycles);
            priced += *cycles;
        }
        CHECK(trace["cycles"].get<int>() == priced);
    }
}

// The case of each call in a scenario's run, by frame, for one entity.
std::map<int, std::string> casesOf(const std::string& name, const std::string& entity)
{
    const nlohmann::json run = tileprofJson({"run", "--format", "json", scenario(name)});
    std::map<int, std::string> cases;
    for (const nlohmann::json& call : run["scenarios"][0]["call_summaries"]) {
        if (call["entity"] == entity) {
            cases[call["frame"].get<int>()] = call["case"];
        }
    }
    return cases;
}

TEST_CASE("block engine: cases name the paths, by label, label + offset and a source line, in the manifest's order")
{
    // A shared prologue runs first on every path, and the stands and lands paths are anonymous.
    const std::map<int, std::string> fall = casesOf("fall-and-land", "goomba");
    CHECK(fall.at(1) == "falling");
    CHECK(fall.at(23) == "lands");
    CHECK(fall.at(24) == "stands");
    // EnemyFrame ends in ActorFall by a jmp: its cases are ActorFall's too.
    const std::map<int, std::string> patrol = casesOf("patrol", "walker");
    CHECK(patrol.at(1) == "lands");
    CHECK(patrol.at(2) == "stands");
    CHECK(patrol.at(40) == "turns");
    CHECK(casesOf("patrol", "faller").at(92) == "despawns");
    const std::map<int, std::string> walk = casesOf("walk-into-walls", "rightward");
    CHECK(walk.at(1) == "right");
    CHECK(walk.at(131) == "bumps-right");
    CHECK(casesOf("walk-into-walls", "leftward").at(1) == "left");
    const std::map<int, std::string> player = casesOf("run-and-jump", "player");
    CHECK(player.at(2) == "walks");
    CHECK(player.at(61) == "jumps");
    CHECK(player.at(150) == "stands");
}

TEST_CASE("block engine: an enemy that falls out of the level is despawned, called no more and reported")
{
    const nlohmann::json run = tileprofJson({"run", "--format", "json", scenario("patrol")});
    const nlohmann::json& result = run["scenarios"][0];
    REQUIRE(result["despawns"].size() == 1);
    CHECK(result["despawns"][0]["entity"] == "faller");
    CHECK(result["despawns"][0]["frame"] == 92);
    int fallerCalls = 0;
    for (const nlohmann::json& call : result["call_summaries"]) {
        fallerCalls += call["entity"] == "faller" ? 1 : 0;
    }
    CHECK(fallerCalls == 92);
    const CommandResult table = runTileprof({"run", scenario("patrol")});
    CHECK(table.exitCode == 0);
    CHECK(contains(table.out, "despawned\n  " + scenario("patrol") + ": entity \"faller\" despawned on frame 92\n"));
}

TEST_CASE("block engine: a tail call counts in its caller's inclusive figures")
{
    const nlohmann::json profile = tileprofJson({"profile", "--format", "json", scenario("patrol")});
    std::map<std::string, std::uint64_t> inclusive;
    for (const nlohmann::json& function : profile["functions"]) {
        inclusive[function["name"]] = function["inclusive_cycles"];
    }
    REQUIRE(inclusive.contains("EnemyFrame"));
    // Every call is EnemyFrame's, the ActorFall it jumps into included.
    CHECK(inclusive.at("EnemyFrame") == profile["selection"]["cycles"].get<std::uint64_t>());
    CHECK(inclusive.at("EnemyFrame") > inclusive.at("ActorFall") + inclusive.at("ActorWalk"));
}

TEST_CASE("block engine: a manifest whose cells are not the engine's is told so, in the run and the trace")
{
    // Cells of 1 byte: the engine's 16-bit reads of its word cells read a byte no cell holds.
    const TempDir dir;
    std::string manifest = slurp(kEngine / "actor-fall.toml");
    manifest = replaced(manifest, "cell = { bytes = 2, scale = 2 }", "cell = { bytes = 1, scale = 2 }");
    manifest = replaced(manifest, "design = \"blocks.toml\"", "design = \"" + (kEngine / "blocks.toml").string() + "\"");
    dir.write("wrong-cells.toml", manifest);
    std::string text = slurp(scenario("fall-and-land"));
    text = replaced(text, "manifest = \"../actor-fall.toml\"", "manifest = \"wrong-cells.toml\"");
    text = replaced(text, "\"../levels/", "\"" + (kEngine / "levels").string() + "/");
    const fs::path path = dir.write("fall.toml", text);

    const CommandResult run = runTileprof({"run", path.string()});
    CHECK(run.exitCode == 1);
    CHECK(contains(run.out, path.string() + ":" + std::to_string(lineWith(text, "[[entity]]")) +
                                ": frame 1, entity \"goomba\": read map memory that [map] ("));
    CHECK(contains(run.out, "wrong-cells.toml) does not describe: $7F:"));
    CHECK(contains(run.out, ", a byte no cell of the map's layout holds (and 1 more read)\n"));

    const CommandResult trace = runTileprof({"trace", path.string(), "--frame", "1", "--entity", "goomba"});
    CHECK(trace.exitCode == 0);
    const std::size_t read = trace.out.find("map read at cycle ");
    REQUIRE(read != std::string::npos);
    const std::string line = trace.out.substr(read, trace.out.find('\n', read) - read);
    CHECK(contains(line, ": $7F:"));
    CHECK(line.ends_with(", a byte no cell of the map's layout holds"));
}

TEST_CASE("block engine: the data bank may be an input, for an engine that sets DB per actor")
{
    const TempDir dir;
    std::string manifest = slurp(kEngine / "actor-fall.toml");
    manifest = replaced(manifest, "design = \"blocks.toml\"", "design = \"" + (kEngine / "blocks.toml").string() + "\"");
    manifest = replaced(manifest, "[inputs]\n", "[inputs]\nbank = { register = \"db\" }   # the [call]'s data_bank until set\n");
    dir.write("bank.toml", manifest);
    std::string text = slurp(scenario("fall-and-land"));
    text = replaced(text, "manifest = \"../actor-fall.toml\"", "manifest = \"bank.toml\"");
    text = replaced(text, "\"../levels/", "\"" + (kEngine / "levels").string() + "/");
    const auto firstBank = [&](const std::string& scenarioText) {
        const fs::path path = dir.write("s.toml", scenarioText);
        const nlohmann::json trace =
            tileprofJson({"trace", path.string(), "--frame", "1", "--entity", "goomba", "--format", "json"});
        return trace["steps"][0]["registers"]["dbr"].get<int>();
    };
    CHECK(firstBank(text) == 0x7E);
    CHECK(firstBank(replaced(text, "pos = [40, 30]", "pos = [40, 30]\ninputs = { bank = 0x7F }")) == 0x7F);
    const CommandResult wide = runTileprof(
        {"run", dir.write("s.toml", replaced(text, "pos = [40, 30]", "pos = [40, 30]\ninputs = { bank = 0x100 }")).string()});
    CHECK(wide.exitCode == 2);
    CHECK(contains(wide.err, "input \"bank\" is 256, which its 8 bits do not hold (0..255)"));
}

TEST_CASE("block engine: explore refuses a routine that moves the entity itself, saying why")
{
    const CommandResult r = runTileprof({"explore", scenario("patrol"), "--calls", "1000", "--out", TempDir().path().string()});
    CHECK(r.exitCode == 2);
    CHECK(contains(r.err, scenario("patrol") + ": explore plays an entity by the host's movement"));
    CHECK(contains(r.err, "enemy-frame.toml says the routine moves it itself (movement = \"routine\")"));
}

TEST_CASE("block engine: live mode drives a routine that reads the controller by its buttons")
{
    gui::DebuggerSession session;
    REQUIRE(session.open(scenario("run-and-jump")));
    session.setFrame(0);
    session.startLive(0);
    REQUIRE(session.live());
    gui::LiveControls right;
    right.right = true;
    for (int frame = 0; frame < 20; ++frame) {
        session.liveFrame(right);
    }
    const std::vector<ScriptStep>& script = session.scenario().entities[0].script;
    REQUIRE_FALSE(script.empty());
    CHECK(script.back().buttons == 0x0100); // Right, in the auto-joypad layout
    CHECK(script.back().walk == 0);         // the routine walks, not the host
    const CallRecord* last = session.selectedCall();
    REQUIRE(last != nullptr);
    CHECK(last->after.x > last->before.x);
    CHECK(session.error().empty());

    // A routine that moves itself and reads no controller has nothing live mode could drive.
    gui::DebuggerSession walker;
    REQUIRE(walker.open(scenario("walk-into-walls")));
    walker.startLive(0);
    CHECK_FALSE(walker.live());
    CHECK(contains(walker.error(), "movement = \"routine\") and names no [controller]"));
}

TEST_CASE("block engine: profile finds the sources a debug file names by relative paths")
{
    // The debug file as ca65 writes it when it runs in roms/: names relative to there.
    const TempDir dir;
    const fs::path built = bundledRomPath("block-engine");
    fs::copy_file(built, dir.file("block-engine.sfc"));
    std::string debug = slurp(fs::path(built).replace_extension(".dbg"));
    const std::string absolute = (fs::path(TILEPROF_SOURCE_DIR) / "roms").string() + "/";
    for (std::size_t at = debug.find("name=\"" + absolute); at != std::string::npos; at = debug.find("name=\"" + absolute, at)) {
        debug.erase(at + 6, absolute.size());
    }
    REQUIRE(contains(debug, "name=\"block-engine/actors.s\""));
    dir.write("block-engine.dbg", debug);
    const std::vector<std::string> profile{"profile", "--rom", dir.file("block-engine.sfc").string(), "--manifest",
                                           (kEngine / "enemy-frame.toml").string(), scenario("patrol")};
    const std::string annotated = "annotated source: block-engine/actors.s";
    const std::string listed = "|   361      sep #$20                        ; turns: a wall ahead";

    const CommandResult lost = runTileprof(profile);
    CHECK(lost.exitCode == 0);
    CHECK(contains(lost.out, annotated));
    CHECK(contains(lost.out, "(the source file cannot be read here; the costed lines are listed above)"));

    std::vector<std::string> withDir = profile;
    withDir.insert(withDir.end(), {"--source-dir", absolute});
    const CommandResult found = runTileprof(withDir);
    CHECK(found.exitCode == 0);
    CHECK(contains(found.out, listed));

    // Beside the debug file, as the names say: found without being told.
    fs::create_directories(dir.file("block-engine"));
    fs::copy_file(kEngine / "actors.s", dir.file("block-engine/actors.s"));
    const CommandResult beside = runTileprof(profile);
    CHECK(contains(beside.out, listed));

    // The debugger's source view looks in the same places.
    gui::DebuggerSession session(RomFiles{dir.file("block-engine.sfc"), std::nullopt, kEngine / "enemy-frame.toml"});
    REQUIRE(session.open(scenario("patrol")));
    CHECK(session.sourceFile("block-engine/actors.s") == dir.file("block-engine/actors.s"));
    CHECK(session.sourceFile("block-engine/player.s") == std::nullopt);
    session.setSourceDirectories({absolute});
    CHECK(session.sourceFile("block-engine/player.s") == fs::path(absolute) / "block-engine/player.s");
}

} // namespace
} // namespace tileprof::test
