// `tileprof labels --mlb`: a Mesen label file whose every line Mesen can read, with the routine's
// labels at their ROM offsets, RAM at its WRAM offsets and the cases commented.

#include "emu/rom_image.hpp"
#include "profiler/bundled_roms.hpp"
#include "profiler/rom/profiled_rom.hpp"
#include "tests/support/command.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <regex>
#include <sstream>
#include <string>

namespace tileprof::test {
namespace {

std::string hex(std::uint64_t value)
{
    char text[16];
    std::snprintf(text, sizeof text, "%llX", static_cast<unsigned long long>(value));
    return text;
}

TEST_CASE("labels: every line is MemoryType:ADDR[-END]:Label[:Comment] and names real addresses")
{
    const CommandResult r = runTileprof({"labels", "--mlb"});
    REQUIRE(r.exitCode == 0);
    CHECK(r.err.empty());
    const std::regex line("(SnesPrgRom|SnesWorkRam|SnesRegister):[0-9A-F]+(-[0-9A-F]+)?:[A-Za-z_@][A-Za-z0-9_@]*(:.*)?");
    std::istringstream lines(r.out);
    int count = 0;
    for (std::string l; std::getline(lines, l); ++count) {
        INFO(l);
        CHECK(std::regex_match(l, line));
    }
    CHECK(count > 20);

    const ProfiledRom rom = loadProfiledRom(bundledRomPath("tile-collision"));
    const auto entry = emu::loRomOffset(rom.addresses.entry, rom.image.bytes.size());
    REQUIRE(entry.has_value());
    const std::uint32_t end = static_cast<std::uint32_t>(*entry) +
                              *rom.debug.symbol("MoveEntityAndProcessTileCollisions", "test").size - 1;
    CHECK(contains(r.out, "SnesPrgRom:" + hex(*entry) + "-" + hex(end) + ":MoveEntityAndProcessTileCollisions\n"));
    CHECK(contains(r.out, ":MoveEntityAndProcessTileCollisions_XAxis\n"));
    CHECK(contains(r.out, "SnesWorkRam:" + hex(rom.addresses.entitySlots & 0x1FFFF) + "-"));
    for (const CaseLabel& c : rom.manifest.cases) {
        CHECK(contains(r.out, ":tileprof case \"" + c.name + "\"\n"));
    }
}

TEST_CASE("labels: --out writes the same file; a ROM that cannot be loaded is an input error")
{
    const TempDir dir;
    const CommandResult toFile = runTileprof({"labels", "--mlb", "--out", dir.file("x.mlb").string()});
    CHECK(toFile.exitCode == 0);
    CHECK(toFile.out.empty());
    CHECK(slurp(dir.file("x.mlb")) == runTileprof({"labels", "--mlb"}).out);

    const CommandResult missing = runTileprof({"labels", "--mlb", "/nonexistent/rom.sfc"});
    CHECK(missing.exitCode == 2);
    CHECK(contains(missing.err, "/nonexistent/rom"));
    CHECK(runTileprof({"labels"}).exitCode == 2); // --mlb is the only format, and it must be asked for
}

} // namespace
} // namespace tileprof::test
