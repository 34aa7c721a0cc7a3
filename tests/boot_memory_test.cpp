// What `tileprof boot` reads of the machine's memory as the user writes it: bus addresses as
// $BB:AAAA or $BBAAAA, the named memories (vram:, cgram:, oam:, aram:, ...), --dump of them all,
// --wram-fill, faults past the first 64, and counts that are decimal and bounded.

#include "base/bundled_files.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/system/snes.hpp"
#include "emu/system/snes_memories.hpp"
#include "tests/support/command.hpp"
#include "tests/support/rom_builder.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace tileprof::test {
namespace {

namespace fs = std::filesystem;

const std::string kDmaRom = bundledRomPath("machine-dma").string();

// A ROM that stores A to ROM at $8000 `count` times (X counts down in emulation mode), then stops.
std::vector<std::uint8_t> romWritingRom(std::uint8_t count)
{
    return makeLoRom({
                         0xA2, count,      // LDX #count
                         0x8D, 0x00, 0x80, // loop: STA $8000, a fault each time
                         0xCA,             // DEX
                         0xD0, 0xFA,       // BNE loop
                         0xDB,             // STP
                     })
        .bytes;
}

// A --print line (an --expect's with "expect " before its name).
std::string printed(const std::string& name, const std::string& place, const std::string& value)
{
    const bool expect = name.starts_with("expect ");
    char text[160];
    std::snprintf(text, sizeof text, expect ? "  expect %-17s %s = %s\n" : "  %-24s %s = %s\n",
                  (expect ? name.substr(7) : name).c_str(), place.c_str(), value.c_str());
    return text;
}

TEST_CASE("boot memory: $BB:AAAA is a bank and an address, and a count follows the last colon")
{
    const CommandResult r = runTileprof({"boot", kDmaRom, "--until", "TestDone", "--print", "$7E:000A", "--print", "$7E000A:1",
                                         "--print", "$7E:000A:1", "--print", "$7E:1241", "--print", "$00:0000:4",
                                         "--expect", "$7E:000A=1", "--expect", "$00:000A:1=$01"});
    CHECK(r.exitCode == 0);
    CHECK(contains(r.out, printed("$7E:000A", "$7E:000A", "$0001")));
    CHECK(contains(r.out, printed("$7E000A", "$7E:000A", "$01")));
    CHECK(contains(r.out, printed("$7E:000A", "$7E:000A", "$01")));
    CHECK(contains(r.out, "$7E:1241 = $"));
    CHECK(contains(r.out, "$00:0000 = $"));
    CHECK(contains(r.out, printed("expect $7E:000A", "$7E:000A", "$0001")));
    CHECK(contains(r.out, printed("expect $00:000A", "$00:000A", "$01")));

    const auto refused = [](const std::string& option, const std::string& text) {
        const CommandResult bad = runTileprof({"boot", kDmaRom, "--frames", "1", option, text});
        CHECK(bad.exitCode == 2);
        return bad.err;
    };
    CHECK(contains(refused("--print", "$7E:00010"), "--print $7E:00010: not an address ($BB:AAAA, $BBAAAA, or MEMORY:$OFFSET)"));
    CHECK(contains(refused("--print", "$1000000"), "not an address"));
    CHECK(contains(refused("--print", "Copy:10"), "--print Copy:10: a watch is 1 to 4 bytes"));
    CHECK(contains(refused("--print", "$7E:0000:0"), "a watch is 1 to 4 bytes"));
    CHECK(contains(refused("--print", "rom:$0000"), "--print rom:$0000: no memory 'rom' (this machine has wram, vram, cgram, "
                                                    "oam, aram, dsp)"));
    CHECK(contains(refused("--print", "cgram:$01FF:2"), "not an offset in cgram: $0 to $1FE for 2 bytes"));
    CHECK(contains(refused("--expect", "TestStatus=$10000"), "--expect TestStatus=$10000: $10000 does not fit in 2 bytes"));
}

TEST_CASE("boot memory: the named memories read and dump what the machine holds")
{
    const TempDir dir;
    const CommandResult r = runTileprof({"boot", kDmaRom, "--until", "TestDone", "--dump", dir.file("out").string(),
                                         "--print", "vram:$F802:2", "--print", "wram:$0000A", "--print", "oam:$0200:1"});
    REQUIRE(r.exitCode == 0);

    emu::Snes snes(emu::loadRomFile(kDmaRom));
    const std::vector<emu::NamedMemory> memories = emu::namedMemories(snes);
    std::vector<std::string> expected;
    for (const emu::NamedMemory& memory : memories) {
        const fs::path file = dir.file("out") / (std::string(memory.name) + ".bin");
        CHECK(fs::file_size(file) == memory.bytes.size());
        expected.push_back(std::string(memory.name) + ".bin");
    }
    CHECK(expected == std::vector<std::string>{"wram.bin", "vram.bin", "cgram.bin", "oam.bin", "aram.bin", "dsp.bin"});
    CHECK(fs::file_size(dir.file("out") / "wram.bin") == 128 * 1024);
    CHECK(fs::file_size(dir.file("out") / "vram.bin") == 64 * 1024);
    CHECK(fs::file_size(dir.file("out") / "cgram.bin") == 512);
    CHECK(fs::file_size(dir.file("out") / "oam.bin") == 544);
    CHECK(fs::file_size(dir.file("out") / "aram.bin") == 64 * 1024);
    CHECK(fs::file_size(dir.file("out") / "dsp.bin") == 128);

    // The dump is the machine at the stop: the print of the same place agrees with its bytes.
    const std::string vram = slurp(dir.file("out") / "vram.bin");
    const std::string wram = slurp(dir.file("out") / "wram.bin");
    char text[64];
    std::snprintf(text, sizeof text, "vram:$F802 = $%02X%02X\n", static_cast<unsigned char>(vram[0xF803]),
                  static_cast<unsigned char>(vram[0xF802]));
    CHECK(contains(r.out, text));
    std::snprintf(text, sizeof text, "wram:$000A = $%02X%02X\n", static_cast<unsigned char>(wram[0x0B]),
                  static_cast<unsigned char>(wram[0x0A]));
    CHECK(contains(r.out, text));
    CHECK(wram[0x0A] == 1); // TestStatus
    // The screen's title row, "TILEPROF DMA TEST" from column 1 of row 1 of the tilemap at word $7C00.
    CHECK(vram[(0x7C00 + 32 + 1) * 2] == 'T');
}

TEST_CASE("boot memory: --wram-fill sets work RAM at power-on, and SRAM is dumped where the cartridge has it")
{
    const TempDir dir;
    const std::string rom = dir.write("stop.sfc", makeLoRom({0xDB}, 0x8000, 1).bytes).string(); // STP, 2 KiB of SRAM
    const CommandResult fill = runTileprof({"boot", rom, "--wram-fill", "0", "--print", "$7E:1234:1", "--dump", dir.file("a").string()});
    CHECK(fill.exitCode == 0);
    CHECK(contains(fill.out, "$7E:1234 = $00\n"));
    CHECK(slurp(dir.file("a") / "wram.bin") == std::string(128 * 1024, '\0'));
    CHECK(fs::file_size(dir.file("a") / "sram.bin") == 2048);
    const CommandResult usual = runTileprof({"boot", rom, "--print", "$7E:1234:1"});
    CHECK(contains(usual.out, "$7E:1234 = $55\n"));
    CHECK(runTileprof({"boot", rom, "--wram-fill", "256"}).exitCode == 2);
    CHECK(runTileprof({"boot", rom, "--wram-fill", "$FF"}).exitCode == 2);
}

TEST_CASE("boot memory: faults past the first 64 are counted")
{
    const TempDir dir;
    const CommandResult many = runTileprof({"boot", dir.write("writes.sfc", romWritingRom(100)).string()});
    CHECK(many.exitCode == 0);
    CHECK(contains(many.out, "  fault     a write to ROM at $00:8000"));
    CHECK(contains(many.out, "  fault     and 36 more\n"));
    const CommandResult few = runTileprof({"boot", dir.write("few.sfc", romWritingRom(64)).string()});
    CHECK(!contains(few.out, "more"));
}

TEST_CASE("boot memory: counts are decimal and bounded on every command")
{
    const CommandResult twelve = runTileprof({"boot", kDmaRom, "--frames", "00012"});
    CHECK(twelve.exitCode == 0);
    CHECK(contains(twelve.out, "stopped   after 12 frames"));
    struct Case {
        std::vector<std::string> args;
        std::string message;
    };
    const Case cases[] = {
        {{"boot", kDmaRom, "--frames", "-1"}, "--frames: '-1' is not a whole number from 0 to 1000000"},
        {{"boot", kDmaRom, "--frames", ""}, "--frames: '' is not a whole number from 0 to 1000000"},
        {{"boot", kDmaRom, "--frames", "2147483648"}, "--frames: 2147483648 is not a whole number from 0 to 1000000"},
        {{"boot", kDmaRom, "--frames", "18446744073709551616"}, "is not a whole number from 0 to 1000000"},
        {{"boot", kDmaRom, "--frames", "0x10"}, "--frames: '0x10' is not a whole number"},
        {{"boot", kDmaRom, "--frames", "1e3"}, "--frames: '1e3' is not a whole number"},
        {{"play", kDmaRom, "--profile", "Copy", "--frames", "0"}, "--frames: 0 is not a whole number from 1 to 1000000"},
        {{"profile", "--frame", "010x"}, "--frame: '010x' is not a whole number from 1 to 1073741824"},
        {{"explore", "x.toml", "--jobs", "300"}, "--jobs: 300 is not a whole number from 1 to 256"},
        {{"bench", "--repeat", "+3"}, "--repeat: '+3' is not a whole number from 1 to 100"},
    };
    for (const Case& c : cases) {
        const CommandResult r = runTileprof(c.args);
        INFO(c.args[0] << " " << c.args.back() << ": " << r.err);
        CHECK(r.exitCode != 0);
        CHECK(contains(r.err, c.message));
    }
}

} // namespace
} // namespace tileprof::test
