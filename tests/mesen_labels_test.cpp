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
#include <sstream>
#include <string>

namespace tileprof::test {
namespace {

bool isHex(const std::string& text)
{
    return !text.empty() && text.find_first_not_of("0123456789ABCDEF") == std::string::npos;
}

bool isLabelName(const std::string& name)
{
    const std::string allowed = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_@0123456789";
    return !name.empty() && name.find_first_not_of(allowed) == std::string::npos &&
           !(name[0] >= '0' && name[0] <= '9');
}

// MemoryType:ADDR[-END]:Label[:Comment]
bool isMlbLine(const std::string& line)
{
    const std::size_t type = line.find(':');
    const std::size_t address = line.find(':', type + 1);
    if (type == std::string::npos || address == std::string::npos) {
        return false;
    }
    const std::string memory = line.substr(0, type);
    const std::string range = line.substr(type + 1, address - type - 1);
    const std::size_t dash = range.find('-');
    const bool rangeOk = dash == std::string::npos ? isHex(range) : isHex(range.substr(0, dash)) && isHex(range.substr(dash + 1));
    const std::string rest = line.substr(address + 1);
    return (memory == "SnesPrgRom" || memory == "SnesWorkRam" || memory == "SnesRegister") && rangeOk &&
           isLabelName(rest.substr(0, rest.find(':')));
}

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
    std::istringstream lines(r.out);
    int count = 0;
    for (std::string l; std::getline(lines, l); ++count) {
        INFO(l);
        CHECK(isMlbLine(l));
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
