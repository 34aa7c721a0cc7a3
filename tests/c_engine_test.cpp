// Other toolchains' habits, on roms/c-engine (a game written as PVSnesLib's C compiler and library
// write code, profiled from the WLA-DX .sym tools/wla_symbols writes): routines as the C's authors
// think of them, calls by RTL dispatch, an NMI handler labelled in bank $C0 that runs in bank $00,
// a busy wait inside a profiled call, and frames that line up when the boot's DMAs span frame starts.

#include "base/bundled_files.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/system/snes.hpp"
#include "profiler/debugger/play_session.hpp"
#include "profiler/formats/symbols/symbol_file.hpp"
#include "tests/support/command.hpp"
#include "tests/support/command_json.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

using namespace tileprof;
using namespace tileprof::test;
namespace fs = std::filesystem;

namespace {

const std::filesystem::path kRom = bundledRomPath("c-engine");
const std::filesystem::path kLd65 = kRom.parent_path() / "c-engine" / "c-engine.dbg";
const std::filesystem::path kSections = kRom.parent_path() / "c-engine" / "c-engine-sections.sym";

// Right held from frame 100 for 200 frames: the player walks to the wall at column 26, the
// screen scrolling from x = 128.
constexpr const char* kWalkRight = "[[frame]]\nframes = 100\n\n[[frame]]\nframes = 200\npad1 = [\"Right\"]\n";
constexpr int kRightFrom = 100;

DebugInfo symbolsOf(const std::filesystem::path& file)
{
    const emu::RomImage image = emu::loadRomFile(kRom);
    return loadSymbolFile(file, cartridgePlaces(image));
}

std::string scopeAt(const DebugInfo& symbols, std::uint32_t address)
{
    const DebugScope* scope = symbols.scopeAt(address);
    return scope == nullptr ? "none" : scope->qualifiedName;
}

std::uint32_t addressOf(const DebugInfo& symbols, const char* name)
{
    return symbols.symbol(name, "test").value;
}

// The folded stacks of a whole-frame profile, stack by cycles.
std::map<std::string, long> foldedStacks(const std::vector<std::string>& extra)
{
    const TempDir dir;
    std::vector<std::string> args{"play", kRom.string(), "--whole-frame", "--format", "folded", "--input",
                                  dir.write("right.toml", kWalkRight).string(), "--frames", "250"};
    args.insert(args.end(), extra.begin(), extra.end());
    const CommandResult played = runTileprof(args);
    REQUIRE(played.exitCode == 0);
    std::map<std::string, long> stacks;
    for (const std::string& line : splitLines(played.out)) {
        const std::size_t space = line.rfind(' ');
        stacks[line.substr(0, space)] = std::stol(line.substr(space + 1));
    }
    return stacks;
}


std::vector<std::uint64_t> callFrames(const nlohmann::json& report, const std::string& routine)
{
    std::vector<std::uint64_t> frames;
    for (const nlohmann::json& r : report["routines"]) {
        if (r["name"] == routine) {
            for (const nlohmann::json& call : r["calls"]) {
                frames.push_back(call["frame"]);
            }
        }
    }
    return frames;
}

} // namespace

TEST_CASE("c engine: PVSnesLib's .sym is WLA-DX's: dots are no scopes, __local_N and _private labels are flow, "
          "section labels name no code")
{
    const DebugInfo symbols = symbolsOf(kRom.parent_path() / "c-engine.sym");
    const std::uint32_t main = addressOf(symbols, "main");
    CHECK(symbols.labelAt(main)->qualifiedName == "main"); // SECTIONSTART_.text_main and __endsection.crt0 share the byte
    CHECK(symbols.findSymbol("__endsection.crt0") != nullptr);
    CHECK(scopeAt(symbols, main) == "main");
    CHECK(scopeAt(symbols, addressOf(symbols, "__local_0")) == "main");
    CHECK(scopeAt(symbols, addressOf(symbols, "_wfv_wait")) == "WaitForVBlank");
    CHECK(scopeAt(symbols, addressOf(symbols, "_oua_back")) == "objUpdateAll");
    CHECK(scopeAt(symbols, addressOf(symbols, "__local_15")) == "moveMario"); // its epilogue
    const std::vector<std::string> scopes = [&] {
        std::vector<std::string> names;
        for (const DebugScope& scope : symbols.scopes()) {
            names.push_back(scope.qualifiedName);
        }
        return names;
    }();
    CHECK(std::ranges::find(scopes, "__endsection") == scopes.end());
    CHECK(std::ranges::none_of(scopes, [](const std::string& name) { return name.starts_with("SECTION") || name.starts_with("_"); }));

    // The sectioned form says the same.
    const DebugInfo sectioned = symbolsOf(kSections);
    CHECK(scopeAt(sectioned, addressOf(sectioned, "__local_15")) == "moveMario");
    CHECK(sectioned.romCrc32().has_value());
}

TEST_CASE("c engine: a routine labelled in bank $C0 is found where it runs, in bank $00")
{
    const DebugInfo symbols = symbolsOf(kRom.parent_path() / "c-engine.sym");
    const std::uint32_t vblank = addressOf(symbols, "VBlank");
    REQUIRE((vblank >> 16) == 0xC0u);
    CHECK(scopeAt(symbols, vblank & 0xFFFF) == "VBlank");           // $00:xxxx, where the NMI vector leads
    CHECK(scopeAt(symbols, 0x800000 | (vblank & 0xFFFF)) == "VBlank"); // and $80:xxxx
    CHECK(scopeAt(symbols, 0x400000 | (vblank & 0xFFFF)) == "VBlank"); // and $40:xxxx
    CHECK(symbols.labelAt(vblank & 0xFFFF)->qualifiedName == "VBlank");

    const TempDir dir;
    const nlohmann::json report = tileprofJson({"play", kRom.string(), "--profile", "VBlank", "--profile", "InitVram", "--frames", "60",
                                            "--format", "json"});
    CHECK(callFrames(report, "VBlank").size() >= 55); // an NMI a frame once the boot's DMAs are done
    CHECK(callFrames(report, "InitVram").size() == 1); // by JSR from the reset, in bank $00 too
}

TEST_CASE("c engine: the flame graph reads as the C's authors think of it, from the .sym or the ld65 debug file")
{
    const std::map<std::string, long> stacks = foldedStacks({});
    for (const char* stack : {"Reset;main;WaitForVBlank", "Reset;main;objUpdateAll;marioupdate;moveMario;getCollisionTile",
                              "Reset;main;objUpdateAll;marioupdate;moveMario;WaitForVBlank",
                              "Reset;main;objUpdateAll;enemyupdate;getCollisionTile", "Reset;InitVram", "VBlank"}) {
        CHECK_MESSAGE(stacks.contains(stack), stack);
    }
    for (const auto& [stack, cycles] : stacks) {
        CHECK_MESSAGE(stack.find("__local") == std::string::npos, stack);
        CHECK_MESSAGE(stack.find(";_") == std::string::npos, stack);
        CHECK_MESSAGE(stack.find("SECTION") == std::string::npos, stack);
    }
    // ld65's file knows no such names: the user says which labels are places inside routines.
    CHECK(foldedStacks({"--symbols", kLd65.string(), "--local-labels", "^_"}) == stacks);
    CHECK(foldedStacks({"--symbols", kSections.string()}) == stacks);
    CHECK(foldedStacks({"--symbols", kLd65.string()}) != stacks);
}

TEST_CASE("c engine: objects updated by pushing their address minus one and an RTL are called")
{
    const nlohmann::json report = tileprofJson({"play", kRom.string(), "--profile", "objUpdateAll", "--profile", "marioupdate",
                                            "--profile", "enemyupdate", "--frames", "60", "--format", "json"});
    const std::vector<std::uint64_t> updates = callFrames(report, "objUpdateAll");
    REQUIRE(updates.size() > 50);
    CHECK(callFrames(report, "marioupdate") == updates);
    CHECK(callFrames(report, "enemyupdate") == updates);
    for (const nlohmann::json& r : report["routines"]) {
        if (r["name"] == "marioupdate") {
            CHECK(r["calls"][0]["depth"] == 1); // inside objUpdateAll's call
            CHECK(r["calls"][0]["finished"] == true);
        }
    }
}

TEST_CASE("c engine: a busy wait inside a call is its waiting, out of its own time and its budget")
{
    const TempDir dir;
    const std::string input = dir.write("right.toml", kWalkRight).string();
    const auto play = [&](const std::string& idle) {
        const std::string file = dir.write("move.play.toml", "rom = \"" + kRom.string() + "\"\ninput = \"right.toml\"\nframes = 250\n" +
                                                                  idle + "[[routine]]\nname = \"moveMario\"\nbudget = 5000\n")
                                     .string();
        return runTileprof({"play", file, "--format", "json"});
    };
    const CommandResult waiting = play("");
    CHECK(waiting.exitCode == 1); // the scroll's wait for V-blank breaks the budget
    const CommandResult idle = play("idle = [\"WaitForVBlank\"]\n");
    REQUIRE(idle.exitCode == 0);
    const nlohmann::json report = nlohmann::json::parse(idle.out);
    int waits = 0;
    for (const nlohmann::json& call : report["routines"][0]["calls"]) {
        const nlohmann::json& clocks = call["clocks"];
        CHECK(clocks["total"] == clocks["own"].get<std::uint64_t>() + clocks["dma"].get<std::uint64_t>() +
                                     clocks["hdma"].get<std::uint64_t>() + clocks["refresh"].get<std::uint64_t>() +
                                     clocks["interrupts"].get<std::uint64_t>() + clocks["waiting"].get<std::uint64_t>());
        CHECK(clocks["own"] < 2000);
        waits += clocks["waiting"].get<std::uint64_t>() > 100000 ? 1 : 0;
    }
    CHECK(waits > 25); // the calls from x = 128 on wait for a V-blank, most of a frame each
}

TEST_CASE("c engine: the boot's DMAs span frame starts, and the play's frame n is boot's and the input's")
{
    // The machine: each runFrame ends at the first instruction boundary of a frame the CPU has
    // not been in; a DMA that spans a frame start ends that frame's runFrame where it ends.
    emu::Snes snes(emu::loadRomFile(kRom));
    std::uint64_t frame = 0;
    bool spanned = false;
    for (int i = 0; i < 8; ++i) {
        snes.runFrame();
        const emu::VideoPosition at = snes.bus().position(snes.cpu().time.masterClocks);
        CHECK(snes.frame() > frame);
        spanned = spanned || at.line > 0 || snes.frame() > frame + 1;
        frame = snes.frame();
    }
    CHECK(spanned);

    const TempDir dir;
    const std::string input = dir.write("right.toml", kWalkRight).string();
    const nlohmann::json report = tileprofJson({"play", kRom.string(), "--profile", "moveMario", "--input", input, "--frames", "250",
                                            "--format", "json"});
    const std::vector<std::uint64_t> moves = callFrames(report, "moveMario");
    REQUIRE(!moves.empty());
    CHECK(moves.front() == kRightFrom); // the game reads the pads in frame 100's V-blank and moves then
    CHECK(moves.back() == 249);         // no call past the frames run
    CHECK(report["frames"].size() == 250);
    CHECK(report["frames"].back()["frame"] == 249);
    const auto marioX = [&](int frames) {
        return runTileprof({"boot", kRom.string(), "--input", input, "--frames", std::to_string(frames), "--print", "marioX"}).out;
    };
    CHECK(contains(marioX(kRightFrom), "= $0028"));     // at its start, x = 40, after frames 0-99
    CHECK(contains(marioX(kRightFrom + 1), "= $0029")); // moved in frame 100
}

TEST_CASE("c engine: the play debugger opens on the busiest frame with calls, and finds sources under the source directories")
{
    // The boot's frames are the busiest (DMA): the debugger opens on the busiest frame with calls.
    const TempDir dir;
    dir.write("right.toml", kWalkRight);
    const std::string linked = (kRom.parent_path().parent_path().parent_path() / "roms" / "c-engine").string() + "/";
    // The debug file as if the sources had been given to ca65 by relative paths, from elsewhere.
    const std::string dbg = slurp(kLd65);
    std::string relative = dbg;
    for (std::size_t at = relative.find(linked); at != std::string::npos; at = relative.find(linked, at)) {
        relative.erase(at, linked.size());
    }
    REQUIRE(relative != dbg);
    fs::create_directories(dir.file("build"));
    fs::copy_file(kRom, dir.file("build") / "c-engine.sfc");
    dir.write("build/c-engine.dbg", replaced(relative, '"' + kRom.string() + '"', "\"c-engine.sfc\""));
    const fs::path play = dir.write("move.play.toml", "rom = \"build/c-engine.sfc\"\ninput = \"right.toml\"\nframes = 250\n"
                                                       "idle = [\"WaitForVBlank\"]\n[[routine]]\nname = \"moveMario\"\n");
    PlaySession session;
    REQUIRE_MESSAGE(session.open(play), session.error());
    CHECK(session.frame() >= kRightFrom);
    CHECK(!session.callsOfFrame().empty());
    CHECK(!session.sourceFile("mario.s"));
    session.setSourceDirectories({TILEPROF_SOURCE_DIR "/roms/c-engine"});
    CHECK(session.sourceFile("mario.s") == fs::path(TILEPROF_SOURCE_DIR "/roms/c-engine") / "mario.s");
}
