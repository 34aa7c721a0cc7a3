// The command line as a user meets it: exit codes 0 (ok), 1 (a check failed), 2 (bad input),
// and for bad input a message on stderr that names the file and the problem.

#include "profiler/bundled_roms.hpp"
#include "tests/support/command.hpp"
#include "tests/support/paths.hpp"

#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

namespace tileprof::test {
namespace {

std::vector<std::uint8_t> benchRom()
{
    std::ifstream in(bundledRomPath("bench-w8"), std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
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

TEST_CASE("cli: rom prints a header and rejects what cannot be a LoROM image")
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

    std::vector<std::uint8_t> hirom = rom;
    hirom[0x7FD5] = 0x21;
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
        {"padded.sfc", padded, "not a multiple of the 32768-byte LoROM bank"},
        {"huge.sfc", std::vector<std::uint8_t>(0x500000, 0xFF), "oversized"},
        {"hirom.sfc", hirom, "HiROM"},
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

TEST_CASE("cli: bench runs the workloads and reports rates")
{
    const CommandResult r = runTileprof({"bench", "--instructions", "200000", "--repeat", "1"});
    CHECK(r.exitCode == 0);
    CHECK(contains(r.out, "W8   flat   none"));
    CHECK(contains(r.out, "W16  LoROM  none"));
    CHECK(contains(r.out, "the unobserved time"));
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

} // namespace
} // namespace tileprof::test
