// The libretro oracle (oracle/): Debian's bsnes-mercury (accuracy) run through LibretroCore on
// ROMs the build assembles. The core is a test dependency: scripts/setup.sh --tests installs it,
// and without it these tests fail saying so.

#include "oracle/libretro_core.hpp"

#include "base/bundled_files.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using tileprof::oracle::LibretroCore;
using tileprof::oracle::OracleError;

namespace {

std::vector<std::uint8_t> romBytes(const std::string& name)
{
    const std::filesystem::path path = tileprof::bundledRomPath(name);
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in, path.string() << " is missing: build the roms target");
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

LibretroCore loadOracle(LibretroCore::Options options = {})
{
    const std::string path = tileprof::oracle::defaultCorePath();
    REQUIRE_MESSAGE(std::filesystem::exists(path),
                    path << " is missing: install libretro-bsnes-mercury-accuracy with scripts/setup.sh --tests");
    return LibretroCore::load(path, options);
}

unsigned word(std::span<const std::uint8_t> wram, std::size_t address)
{
    return static_cast<unsigned>(wram[address] | wram[address + 1] << 8);
}

// The counter ROM's WRAM (roms/oracle-counter/main.s).
constexpr std::size_t kNmiCount = 0x10;
constexpr std::size_t kPad1 = 0x12;
constexpr std::size_t kPad2 = 0x14;
constexpr std::size_t kReady = 0x16;
constexpr std::size_t kLastScanline = 0x18;

std::vector<std::uint8_t> wramAfter(const std::string& rom, int frames, LibretroCore::Options options = {})
{
    LibretroCore core = loadOracle(options);
    core.loadGame(romBytes(rom));
    for (int i = 0; i < frames; ++i) {
        core.runFrame();
    }
    CHECK(core.pinnedTimeCalls() > 0);
    const auto wram = core.wram();
    return {wram.begin(), wram.end()};
}

} // namespace

TEST_CASE("oracle: bsnes-mercury's accuracy core loads and exposes WRAM and VRAM")
{
    LibretroCore core = loadOracle();
    CHECK(core.name().starts_with("bsnes-mercury"));
    CHECK(core.wram().empty()); // no cartridge yet
    core.loadGame(romBytes("oracle-counter"));
    CHECK(core.wram().size() == 128 * 1024);
    CHECK(core.vram().size() == 64 * 1024);
    CHECK(core.saveRam().empty()); // the header declares no SRAM
    // Its memory map describes WRAM where the SNES sees it, behind the same bytes as wram().
    const auto& map = core.memoryMap();
    const bool wramMapped = std::any_of(map.begin(), map.end(), [&](const auto& region) {
        return region.start == 0x7E0000 && region.data == core.wram().data() && region.length == 0x20000;
    });
    CHECK(wramMapped);
}

TEST_CASE("oracle: a frame of bsnes-mercury ends as vertical blank starts, before its NMI")
{
    LibretroCore core = loadOracle();
    core.loadGame(romBytes("oracle-counter"));
    core.runFrame();
    CHECK(word(core.wram(), kReady) == 0x1234);
    // retro_run returns at the start of scanline 225: the main loop last saw line 224, and the
    // NMI of that vertical blank is taken at the start of the next retro_run. The first frame,
    // from power-on, holds none.
    CHECK(word(core.wram(), kLastScanline) == 224);
    CHECK(word(core.wram(), kNmiCount) == 0);
    core.runFrame();
    CHECK(word(core.wram(), kNmiCount) == 1);
    for (int i = 2; i < 30; ++i) {
        core.runFrame();
    }
    CHECK(core.frames() == 30);
    CHECK(word(core.wram(), kNmiCount) == 29); // after N frames, N - 1 NMIs
    CHECK(word(core.wram(), kLastScanline) == 224);
    CHECK(core.videoFrames() == 30);
}

TEST_CASE("oracle: the pads reach $4218 and $421A in the SNES's bit order")
{
    LibretroCore core = loadOracle();
    core.loadGame(romBytes("oracle-counter"));
    const std::uint16_t pad1 = 0x8000 | 0x0100 | 0x0010; // B, Right, R
    const std::uint16_t pad2 = 0x4000 | 0x1000 | 0x0800 | 0x0080 | 0x0020; // Y, Start, Up, A, L
    core.runFrame(); // power-on to the first vertical blank
    // The joypads are read automatically early in vertical blank, at the start of the next frame:
    // the buttons a frame is run with are what its NMI handler sees.
    core.runFrame(pad1, pad2);
    CHECK(word(core.wram(), kPad1) == pad1);
    CHECK(word(core.wram(), kPad2) == pad2);
    core.runFrame(0xFAF0, 0); // every button but Down and Right
    CHECK(word(core.wram(), kPad1) == 0xFAF0);
    CHECK(word(core.wram(), kPad2) == 0);
    // bsnes drops opposite directions held together (a pad cannot press both): Up with Down and
    // Left with Right read as neither. An input to compare with it must not hold both.
    core.runFrame(0xFFF0, 0x0C00);
    CHECK(word(core.wram(), kPad1) == 0xF0F0);
    CHECK(word(core.wram(), kPad2) == 0);
}

TEST_CASE("oracle: a project ROM runs: bench-w8's loop stores [$10] + [$0200+x] + carry at $0400")
{
    LibretroCore core = loadOracle();
    core.loadGame(romBytes("bench-w8"));
    const std::vector<std::uint8_t> before(core.wram().begin(), core.wram().end());
    for (int i = 0; i < 10; ++i) {
        core.runFrame();
    }
    const auto after = core.wram();
    // The workload writes $0400 alone (its data is the power-on contents: nothing sets it here).
    for (std::size_t a = 0; a < after.size(); ++a) {
        if (a != 0x400 && a < 0x1F00) { // the stack page is left to the CPU's own use
            REQUIRE_MESSAGE(after[a] == before[a], "WRAM $" << std::hex << a << " changed");
        }
    }
    bool computed = false;
    for (unsigned x = 0; x < 0x100 && !computed; ++x) {
        for (unsigned carry = 0; carry < 2; ++carry) {
            computed = computed || after[0x400] == ((before[0x10] + before[0x200 + x] + carry) & 0xFF);
        }
    }
    CHECK(computed);
}

TEST_CASE("oracle: runs are deterministic: the power-on seed is a pinned time()")
{
    // Two fresh loads of the same ROM give the same machine.
    const std::vector<std::uint8_t> first = wramAfter("oracle-counter", 60);
    const std::vector<std::uint8_t> second = wramAfter("oracle-counter", 60);
    CHECK(first == second);
    CHECK(word(first, kNmiCount) == 59);

    // The seed is time(): another pinned clock fills power-on WRAM otherwise. Unpinned, two runs
    // a second apart would differ the same way.
    LibretroCore::Options otherClock;
    otherClock.clock = 1;
    const std::vector<std::uint8_t> other = wramAfter("oracle-counter", 60, otherClock);
    CHECK(word(other, kNmiCount) == 59);
    CHECK(other != first);
    const auto differing = std::mismatch(first.begin() + 0x100, first.end(), other.begin() + 0x100);
    CHECK(differing.first != first.end()); // beyond the counter ROM's own variables
}

TEST_CASE("oracle: only one core may be live in a process, and another loads once it is gone")
{
    {
        LibretroCore core = loadOracle();
        CHECK_THROWS_WITH_AS(LibretroCore::load(tileprof::oracle::defaultCorePath()),
                             doctest::Contains("already loaded"), OracleError);
        LibretroCore moved = std::move(core);
        CHECK_THROWS_AS(LibretroCore::load(tileprof::oracle::defaultCorePath()), OracleError);
    }
    LibretroCore again = loadOracle();
    again.loadGame(romBytes("oracle-counter"));
    again.runFrame();
    CHECK(word(again.wram(), kReady) == 0x1234);
}

TEST_CASE("oracle: what it cannot use is a clear error")
{
    CHECK_THROWS_WITH_AS(LibretroCore::load("/nonexistent/core.so"),
                         doctest::Contains("cannot open the libretro core /nonexistent/core.so"), OracleError);
    CHECK_THROWS_WITH_AS(LibretroCore::load(tileprof::bundledRomPath("oracle-counter").string()),
                         doctest::Contains("cannot open the libretro core"), OracleError);

    LibretroCore core = loadOracle();
    CHECK_THROWS_WITH_AS(core.runFrame(), doctest::Contains("no game loaded"), OracleError);
    CHECK_THROWS_WITH_AS(core.loadGame(std::vector<std::uint8_t>(1000, 0xEA)),
                         doctest::Contains("at least 32 KiB"), OracleError);
    core.loadGame(romBytes("oracle-counter"));
    CHECK_THROWS_WITH_AS(core.loadGame(romBytes("oracle-counter")), doctest::Contains("already loaded"),
                         OracleError);
}

TEST_CASE("oracle: a ROM the core refuses is an error with the core's reason")
{
    // A DSP-1 cartridge: the core asks for the coprocessor's firmware, and the host gives no
    // system directory to find it in.
    std::vector<std::uint8_t> rom = romBytes("oracle-counter");
    rom[0x7FD6] = 0x03; // cartridge type: ROM and DSP
    {
        LibretroCore core = loadOracle();
        CHECK_THROWS_WITH_AS(core.loadGame(rom),
                             doctest::Contains("refused the ROM; Cannot find requested file: \"dsp1b.program.rom\""),
                             OracleError);
    }
    LibretroCore next = loadOracle();
    next.loadGame(romBytes("oracle-counter"));
    next.runFrame();
    CHECK(word(next.wram(), kReady) == 0x1234);
}
