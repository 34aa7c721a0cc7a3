// The command line as a user meets it: exit codes 0 (ok), 1 (a check failed), 2 (bad input),
// and for bad input a message on stderr that names the file and the problem.

#include "base/bundled_files.hpp"
#include "base/sanitizers.hpp"
#include "tests/support/command.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/rom_copy.hpp"

#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace tileprof::test {
namespace {

std::vector<std::uint8_t> benchRom()
{
    std::ifstream in(bundledRomPath("bench-w8"), std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST_CASE("cli: rom describes the HiROM and FastROM builds, and run, profile and trace take them")
{
    const std::string hiRom = bundledRomPath("tile-collision-hirom").string();
    const std::string fastRom = bundledRomPath("tile-collision-fastrom").string();
    const CommandResult hi = runTileprof({"rom", hiRom});
    CHECK(hi.exitCode == 0);
    CHECK(contains(hi.out, "  mapping        HiROM, SlowROM (map mode $21)\n"));
    CHECK(contains(hi.out, "  ROM            65536 bytes, 1 bank of 64 KiB; the header declares 65536\n"));
    CHECK(contains(hi.out, "  ROM at         $40-$7D/$C0-$FF:0000-FFFF, upper halves also at $00-$3F/$80-$BF:8000-FFFF; "
                           "header at $FFC0\n"));
    CHECK(contains(hi.out, "(matches)"));
    CHECK(hi.err.empty());
    const CommandResult fast = runTileprof({"rom", fastRom});
    CHECK(fast.exitCode == 0);
    CHECK(contains(fast.out, "  mapping        LoROM, FastROM (map mode $30); tileprof sets MEMSEL as its boot would: "
                             "ROM at $80-$FF costs 6 clocks\n"));

    const std::string scenario = (bundledScenarioDirectory() / "walkthrough-12x24.toml").string();
    const CommandResult ours = runTileprof({"run", scenario});
    const CommandResult onHiRom = runTileprof({"run", "--rom", hiRom, scenario});
    CHECK(onHiRom.exitCode == 0);
    CHECK(onHiRom.out == ours.out); // the same cycles and, bank $C0 costing what bank $00 does, the same clocks
    const CommandResult onFastRom = runTileprof({"run", "--rom", fastRom, scenario});
    CHECK(onFastRom.exitCode == 0);
    CHECK(contains(onFastRom.out, "falling               107     413   467.6    508    513    2.02   2.27"));

    const CommandResult profile = runTileprof({"profile", "--rom", hiRom, scenario});
    CHECK(profile.exitCode == 0);
    CHECK(contains(profile.out, "MoveEntityAndProcessTileCollisions::XAxis"));
    const CommandResult trace =
        runTileprof({"trace", "--rom", hiRom, scenario, "--frame", "252", "--entity", "player"});
    CHECK(trace.exitCode == 0);
    const int entryLine = lineWith(slurp(std::filesystem::path(TILEPROF_SOURCE_DIR) / "roms/tile-collision/tile_collision.s"),
                                   "lda z:Entity::collisionState - 1");
    CHECK(contains(trace.out, "$C0:800B tile_collision.s:" + std::to_string(entryLine) + "   LDA $0F"));

    const CommandResult twice = runTileprof({"run", "--fastrom", "--rom", fastRom, scenario});
    CHECK(twice.exitCode == 2);
    CHECK(contains(twice.err, fastRom + ": its header already says FastROM (map mode $30): there is no SlowROM run to compare"));
}

TEST_CASE("cli: sst passes good vectors, fails failing ones, rejects bad files")
{
    const std::string good = (testdataDir() / "oracle-65816" / "a9.n.json.gz").string();
    const CommandResult pass = runTileprof({"sst", good});
    CHECK(pass.exitCode == 0);
    CHECK(pass.out == "100 passed, 0 failed\n");

    const std::string wdm = (testdataDir() / "ssts-65816" / "42.e.json.gz").string();
    const CommandResult fail = runTileprof({"sst", good, wdm});
    CHECK(fail.exitCode == 1);
    CHECK(contains(fail.out, wdm + ": test \"42 e 1\": cycle 2: expected internal"));
    CHECK(contains(fail.out, "\n100 passed, 100 failed\n"));

    TempDir dir;
    const std::string notGzip = dir.write("broken.json.gz", {'h', 'e', 'l', 'l', 'o'});
    const CommandResult bad = runTileprof({"sst", notGzip});
    CHECK(bad.exitCode == 2);
    CHECK(contains(bad.err, notGzip + ": not gzip data"));
    CHECK(bad.out.empty());

    const auto text = [](const std::string& s) { return std::vector<std::uint8_t>(s.begin(), s.end()); };
    const std::string notJson = dir.write("text.json", text("[{\"name\": "));
    const CommandResult badJson = runTileprof({"sst", notJson});
    CHECK(badJson.exitCode == 2);
    CHECK(contains(badJson.err, notJson + ": not JSON"));

    const std::string noFinal = dir.write("nofinal.json", text(R"([{"name": "t", "initial": {}, "cycles": []}])"));
    const CommandResult badFields = runTileprof({"sst", noFinal});
    CHECK(badFields.exitCode == 2);
    CHECK(contains(badFields.err, noFinal + ": test 1 (\"t\"): missing field"));

    const CommandResult missing = runTileprof({"sst", "/nonexistent/x.json"});
    CHECK(missing.exitCode == 2);
    CHECK(contains(missing.err, "/nonexistent/x.json: cannot open"));
}

TEST_CASE("cli: boot --screen reads a test ROM's verdict off its tilemap")
{
    const std::string rom = bundledRomPath("machine-dma").string();
    const CommandResult done = runTileprof({"boot", rom, "--until", "TestDone", "--screen"});
    CHECK(done.exitCode == 0);
    CHECK(contains(done.out, "  screen    BG1 (tilemap at word $7C00, 32x32, scroll 0,1023)\n  |\n  |  TILEPROF DMA TEST\n  |  PASS  STATUS $0001\n"));

    const CommandResult shifted = runTileprof({"boot", rom, "--until", "TestDone", "--screen", "--space-tile", "0"});
    CHECK(contains(shifted.out, "  |  tileprof@dma@test\n")); // tile n read as character n + 32

    const CommandResult early = runTileprof({"boot", rom, "--frames", "1", "--screen"});
    CHECK(contains(early.out, "  screen    no background layer on the main screen\n"));
}

TEST_CASE("cli: boot runs a ROM from power-on, prints memory, and --expect decides the exit")
{
    const std::string rom = bundledRomPath("machine-dma").string();
    const CommandResult passed = runTileprof({"boot", rom, "--until", "TestDone", "--expect", "TestStatus=1",
                                              "--print", "Copy:4", "--print", "$7E:0100:1"});
    CHECK(passed.exitCode == 0);
    CHECK(contains(passed.out, "stopped   at TestDone ($00:"));
    CHECK(contains(passed.out, "faults    none"));
    CHECK(contains(passed.out, "Copy                     $00:0100 = $06061D00"));
    CHECK(contains(passed.out, "$7E:0100                 $7E:0100 = $00")); // bank $7E is not the low mirror's view
    CHECK(contains(passed.out, "expect TestStatus        $00:000A = $0001"));

    const CommandResult failed = runTileprof({"boot", rom, "--frames", "4", "--expect", "TestStatus=$8001"});
    CHECK(failed.exitCode == 1);
    CHECK(contains(failed.out, "stopped   after 4 frames"));
    CHECK(contains(failed.out, "= $0001, not $8001"));

    const CommandResult unknown = runTileprof({"boot", rom, "--print", "NoSuchLabel"});
    CHECK(unknown.exitCode == 2);
    CHECK(contains(unknown.err, "no symbol NoSuchLabel"));
    const CommandResult badValue = runTileprof({"boot", rom, "--expect", "TestStatus"});
    CHECK(badValue.exitCode == 2);
    CHECK(contains(badValue.err, "--expect TestStatus: write PLACE=VALUE"));
    const CommandResult badAddress = runTileprof({"boot", rom, "--print", "$ZZ"});
    CHECK(badAddress.exitCode == 2);
    CHECK(contains(badAddress.err, "not an address"));
    const CommandResult noRom = runTileprof({"boot", "/nonexistent.sfc"});
    CHECK(noRom.exitCode == 2);
}

TEST_CASE("cli: rom prints a header and rejects what cannot be a LoROM or HiROM image")
{
    const std::vector<std::uint8_t> rom = benchRom();
    REQUIRE(rom.size() == 0x8000);
    TempDir dir;

    const std::string valid = dir.write("valid.sfc", rom);
    const CommandResult ok = runTileprof({"rom", valid});
    CHECK(ok.exitCode == 0);
    CHECK(contains(ok.out, "title          TILEPROF BENCH W8"));
    CHECK(contains(ok.out, "(matches)"));
    CHECK(ok.err.empty());

    std::vector<std::uint8_t> badChecksum = rom;
    badChecksum[0x100] ^= 0xFF;
    const CommandResult warned = runTileprof({"rom", dir.write("checksum.sfc", badChecksum)});
    CHECK(warned.exitCode == 0);
    CHECK(contains(warned.err, "warning:"));
    CHECK(contains(warned.err, "differs from the computed"));

    std::vector<std::uint8_t> sa1 = rom;
    sa1[0x7FD5] = 0x23;
    std::vector<std::uint8_t> padded = rom;
    padded.resize(rom.size() + 1000);
    struct Case {
        const char* name;
        std::vector<std::uint8_t> bytes;
        const char* problem;
    };
    const Case cases[] = {
        {"empty.sfc", {}, "empty file"},
        {"truncated.sfc", std::vector<std::uint8_t>(rom.begin(), rom.begin() + 20000), "truncated"},
        {"padded.sfc", padded, "not a multiple of 32768 bytes"},
        {"huge.sfc", std::vector<std::uint8_t>(0x500000, 0xFF),
         "5 MiB; a ROM image, with a copier header, is at most 4 MiB + 512 bytes"},
        {"sa1.sfc", sa1, "is the SA-1's"},
    };
    for (const Case& c : cases) {
        const std::string path = dir.write(c.name, c.bytes);
        const CommandResult r = runTileprof({"rom", path});
        INFO(c.name << ": " << r.err);
        CHECK(r.exitCode == 2);
        CHECK(contains(r.err, path + ": "));
        CHECK(contains(r.err, c.problem));
    }
    CHECK(runTileprof({"rom", (dir.write("x", rom), "/nonexistent.sfc")}).exitCode == 2);
}

// Every command that reads JSON, given `json` as the file it reads: each exits 2 with the file
// named and `problem` in the message. `run` reports the scenario as not run; the others print
// nothing on stdout.
void checkJsonRefused(const std::string& json, const std::string& problem)
{
    TempDir dir;
    const std::string map = dir.write("x.tmj", json).string();
    const std::string vectors = dir.write("x.json", json).string();
    const std::string scenario = dir.write("s.toml", "name = \"s\"\nframes = 1\n[map]\nfile = \"x.tmj\"\n").string();
    const std::vector<std::pair<std::vector<std::string>, std::string>> commands{
        {{"validate", map}, map},
        {{"run", scenario}, map},
        {{"sst", vectors}, vectors},
        {{"check", "--baseline", vectors}, vectors},
        {{"diff", vectors, vectors}, vectors},
    };
    for (const auto& [args, file] : commands) {
        const CommandResult r = runTileprof(args);
        INFO(args.front() << ": " << r.err);
        CHECK(r.exitCode == 2);
        CHECK(contains(r.err, "tileprof " + args.front() + ": " + file + problem));
        if (args.front() == "run") {
            CHECK(contains(r.out, "0 scenarios, 0 calls, 1 scenario not run"));
            CHECK(contains(r.out, "not run: " + file + problem));
        } else {
            CHECK(r.out.empty());
        }
    }
}

TEST_CASE("cli: a JSON number beyond the range of a double is bad input, not a crash")
{
    // A regression test: nlohmann::json throws out_of_range for it, which the loaders let escape
    // (exit 134).
    checkJsonRefused("1e400", ": a JSON number out of range: [json.exception.out_of_range.406] number overflow "
                              "parsing '1e400'");
    checkJsonRefused("[{\"width\": -1e999}]", ": a JSON number out of range:");
}

TEST_CASE("cli: JSON nested 100,000 deep is bad input, not a crash")
{
    // A regression test: a Tiled map's bad width printed in the message recursed once per level
    // until the stack ran out (exit 139).
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    checkJsonRefused("{\"width\": " + deep + "}", ":1:74: JSON nested deeper than 64 levels");
    checkJsonRefused(deep, ":1:65: JSON nested deeper than 64 levels");
}

TEST_CASE("cli: bench runs the workloads and reports rates")
{
    const CommandResult r = runTileprof({"bench", "--instructions", "200000", "--repeat", "1", "--oracle-frames", "5",
                                         "--machine-frames", "20", "--memory-frames", "20000"});
    CHECK(r.exitCode == 0);
    CHECK(contains(r.out, "whole machine (demo, 20 frames): "));
    CHECK(contains(r.out, "picture (demo, 20 frames drawn): "));
    CHECK(contains(r.out, "oracle (bsnes-mercury v094 (Accuracy), demo, 5 frames): "));
    CHECK(contains(r.out, "x it (target: 20x)"));
    CHECK(contains(r.out, "W8   flat   none"));
    CHECK(contains(r.out, "W16  LoROM  none"));
    CHECK(contains(r.out, "the unobserved time"));
    // A play's memory does not grow with its frames, in any format: the same at 2,000 frames and at
    // 20,000 (keeping every call, it grew by about 2 KB a frame: 40 MB more).
    REQUIRE(contains(r.out, "peak resident set at 2,000 and 20,000 frames"));
    // AddressSanitizer keeps freed memory in quarantine and maps shadow memory: its figures measure it.
    if (TILEPROF_ADDRESS_SANITIZED) {
        return;
    }
    for (const char* format : {"table", "json", "csv", "junit", "folded"}) {
        CAPTURE(format);
        const std::size_t at = r.out.find(std::string("\n  ") + format + " ");
        REQUIRE(at != std::string::npos);
        std::istringstream line(r.out.substr(at + 3 + std::string(format).size()));
        double few = 0;
        double many = 0;
        std::string unit;
        line >> few >> unit >> many;
        CHECK(few > 1.0);
        CHECK(many < 64.0);
        CHECK(many - few < 4.0);
    }
}

TEST_CASE("cli: --rom, --symbols and --manifest run the scenarios on a ROM kept elsewhere, from its Mesen labels")
{
    const TempDir dir;
    copyBuiltRomWithMesenLabels(dir.path());
    std::filesystem::create_directories(dir.file("elsewhere"));
    std::filesystem::rename(dir.file("tile-collision.mlb"), dir.file("elsewhere/symbols.mlb"));
    std::filesystem::rename(dir.file("tile-collision.manifest.toml"), dir.file("elsewhere/calls.toml"));
    std::filesystem::rename(dir.file("tile-collision.sfc"), dir.file("game.sfc"));
    const std::string scenario = (bundledScenarioDirectory() / "walkthrough-12x24.toml").string();
    const std::vector<std::string> rom = {"--rom", dir.file("game.sfc").string(), "--symbols",
                                          dir.file("elsewhere/symbols.mlb").string(), "--manifest",
                                          dir.file("elsewhere/calls.toml").string()};

    const CommandResult own = runTileprof({"run", "--format", "csv", scenario});
    std::vector<std::string> args = {"run", "--format", "csv", scenario};
    args.insert(args.end(), rom.begin(), rom.end());
    const CommandResult moved = runTileprof(args);
    CHECK(own.exitCode == 0);
    CHECK(moved.exitCode == 0);
    CHECK(moved.err.empty());
    CHECK(moved.out == own.out);

    args = {"trace", scenario, "--frame", "40", "--entity", "player"};
    const CommandResult ownTrace = runTileprof(args);
    args.insert(args.end(), rom.begin(), rom.end());
    const CommandResult movedTrace = runTileprof(args);
    CHECK(ownTrace.exitCode == 0);
    CHECK(movedTrace.exitCode == 0);
    CHECK(contains(movedTrace.out, "MoveEntityAndProcessTileCollisions"));

    args = {"validate", scenario};
    const CommandResult ownValidate = runTileprof(args);
    args.insert(args.end(), rom.begin(), rom.end());
    const CommandResult movedValidate = runTileprof(args);
    CHECK(movedValidate.exitCode == 0);
    CHECK(movedValidate.out == ownValidate.out);

    // The debugger takes them too.
    std::vector<std::string> gui = {"--headless", scenario, "--frame", "40", "--screenshot", dir.file("shot.png").string()};
    gui.insert(gui.end(), rom.begin(), rom.end());
    const CommandResult shown = runTileprofGui(gui);
    CHECK(shown.exitCode == 0);
    CHECK(std::filesystem::file_size(dir.file("shot.png")) > 10000);

    const CommandResult noRom = runTileprof({"run", scenario, "--symbols", dir.file("elsewhere/symbols.mlb").string()});
    CHECK(noRom.exitCode == 2);
    CHECK(contains(noRom.err, "--symbols requires --rom"));
    const CommandResult noSymbols = runTileprof({"run", scenario, "--rom", dir.file("game.sfc").string()});
    CHECK(noSymbols.exitCode == 2);
    CHECK(contains(noSymbols.err, "game.sfc: no symbol file: looked for game.dbg, game.sym, game.mlb, game.lbl"));
}

TEST_CASE("cli: usage errors exit with 2")
{
    CHECK(runTileprof({}).exitCode == 2);
    CHECK(runTileprof({"frobnicate"}).exitCode == 2);
    CHECK(runTileprof({"sst"}).exitCode == 2);
    CHECK(runTileprof({"bench", "--repeat", "0"}).exitCode == 2);
    const CommandResult help = runTileprof({"--help"});
    CHECK(help.exitCode == 0);
    CHECK(contains(help.out, "sst"));
}

TEST_CASE("cli: --version names the release and the commit the programs were built from")
{
    // The tests do not link the version (a commit would relink them): they read the programs'.
    const std::regex line("(tileprof|tileprof-gui) ([0-9]+\\.[0-9]+\\.[0-9]+) \\(commit ([0-9a-f]{12}(-modified)?|unknown)\\)\n");
    const CommandResult head = runProgram("/usr/bin/git", {"-C", TILEPROF_SOURCE_DIR, "rev-parse", "--short=12", "HEAD"});
    for (const auto& [program, name] : {std::pair{tileprofBinary(), "tileprof"}, std::pair{tileprofGuiBinary(), "tileprof-gui"}}) {
        CAPTURE(name);
        const CommandResult r = runProgram(program, {"--version"});
        CHECK(r.exitCode == 0);
        std::smatch parts;
        REQUIRE(std::regex_match(r.out, parts, line));
        CHECK(parts[1] == name);
        CHECK(parts[2] == TILEPROF_VERSION);
        // In a clone the commit is git's HEAD (a source archive says "unknown" or the one it was given).
        if (head.exitCode == 0) {
            CHECK(parts[3].str().substr(0, 12) == head.out.substr(0, 12));
        }
    }
    CHECK(runTileprof({"run", "--version"}).exitCode == 2);
}

} // namespace
} // namespace tileprof::test
