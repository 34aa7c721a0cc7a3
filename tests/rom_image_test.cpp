#include "emu/input_error.hpp"
#include "emu/rom_image.hpp"

#include "tests/support/temp_dir.hpp"

#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

namespace {

using tileprof::test::TempDir;

namespace fs = std::filesystem;
using namespace std::string_literals;

constexpr auto npos = std::string::npos;
constexpr std::size_t kBank = emu::kLoRomBankBytes;
const std::string kName = "roms/x.sfc";

void putWord(std::vector<std::uint8_t>& rom, std::size_t offset, std::uint16_t value)
{
    rom[offset] = static_cast<std::uint8_t>(value);
    rom[offset + 1] = static_cast<std::uint8_t>(value >> 8);
}

void setTitle(std::vector<std::uint8_t>& rom, const std::string& title, char padding = ' ')
{
    for (std::size_t i = 0; i < 21; ++i) {
        rom[0x7FC0 + i] = static_cast<std::uint8_t>(i < title.size() ? title[i] : padding);
    }
}

// A valid LoROM image of `banks` banks with a consistent checksum. The filler is pseudo-random:
// with a regular pattern every bank sums to the same value and a checksum weighting a bank wrongly
// can still come out right.
std::vector<std::uint8_t> makeRom(std::size_t banks)
{
    std::vector<std::uint8_t> rom(banks * kBank);
    std::minstd_rand filler(static_cast<std::uint_fast32_t>(banks));
    for (std::uint8_t& byte : rom) {
        byte = static_cast<std::uint8_t>(filler() >> 8);
    }
    setTitle(rom, "TEST ROM");
    rom[0x7FD5] = 0x20;
    rom[0x7FD6] = 0x00;
    rom[0x7FD7] = static_cast<std::uint8_t>(std::bit_width(std::bit_ceil(rom.size()) / 1024) - 1);
    rom[0x7FD8] = 0x00;
    rom[0x7FD9] = 0x01;
    rom[0x7FDA] = 0x00;
    rom[0x7FDB] = 0x00;
    putWord(rom, 0x7FFC, 0x8000);
    emu::writeLoRomChecksum(rom);
    return rom;
}

// The plain byte sum of banks [first, end).
unsigned bankSum(const std::vector<std::uint8_t>& rom, std::size_t first, std::size_t end)
{
    return std::accumulate(rom.begin() + static_cast<std::ptrdiff_t>(first * kBank),
                           rom.begin() + static_cast<std::ptrdiff_t>(end * kBank), 0u);
}

std::string parseError(std::vector<std::uint8_t> bytes)
{
    try {
        emu::parseRom(std::move(bytes), kName);
    } catch (const emu::InputError& error) {
        return error.what();
    }
    FAIL("parseRom accepted the image");
    return {};
}

bool startsWith(const std::string& text, const std::string& prefix)
{
    return text.compare(0, prefix.size(), prefix) == 0;
}

bool hasWarning(const emu::RomImage& image, const std::string& part)
{
    for (const std::string& warning : image.warnings) {
        if (startsWith(warning, image.name + ": ") && warning.find(part) != npos) {
            return true;
        }
    }
    return false;
}

std::string loadError(const fs::path& path)
{
    try {
        emu::loadRomFile(path);
    } catch (const emu::InputError& error) {
        return error.what();
    }
    FAIL("loadRomFile accepted the file");
    return {};
}

} // namespace

TEST_CASE("rom image: a valid file loads with its header and no warnings")
{
    const TempDir dir;
    const std::vector<std::uint8_t> rom = makeRom(2);
    const fs::path file = dir.write("valid.sfc", rom);

    const emu::RomImage image = emu::loadRomFile(file);
    CHECK(image.name == file.string());
    CHECK(image.bytes == rom);
    CHECK_FALSE(image.copierHeaderRemoved);
    CHECK(image.warnings.empty());
    CHECK(image.header.title == "TEST ROM");
    CHECK(image.header.mapMode == 0x20);
    CHECK_FALSE(image.header.fastRom());
    CHECK(image.header.romSizeCode == 6);
    CHECK(image.header.declaredRomBytes() == 2 * kBank);
    CHECK(image.header.sramBytes() == 0);
    CHECK(image.header.region == 0x01);
    CHECK(image.header.resetVector == 0x8000);
    CHECK(image.header.checksum == image.computedChecksum);
    CHECK(image.header.checksumComplement == static_cast<std::uint16_t>(~image.header.checksum));
}

TEST_CASE("rom image: a file that cannot be opened or read names the file and the reason")
{
    const TempDir dir;
    const fs::path missing = dir.path() / "missing.sfc";
    const std::string openError = loadError(missing);
    CHECK(startsWith(openError, missing.string() + ": cannot open: "));
    CHECK(openError.find("No such file") != npos);

    const std::string readError = loadError(dir.path());
    CHECK(startsWith(readError, dir.path().string() + ": cannot "));
    CHECK(readError.find("directory") != npos);
}

TEST_CASE("rom image: an empty file is rejected")
{
    const TempDir dir;
    const fs::path file = dir.write("empty.sfc", std::vector<std::uint8_t>{});
    CHECK(loadError(file) == file.string() + ": empty file");
}

TEST_CASE("rom image: a 512-byte copier header is removed")
{
    const std::vector<std::uint8_t> rom = makeRom(1);
    std::vector<std::uint8_t> file(512, 0xAA);
    file.insert(file.end(), rom.begin(), rom.end());

    const emu::RomImage image = emu::parseRom(file, kName);
    CHECK(image.copierHeaderRemoved);
    CHECK(image.bytes == rom);
    CHECK(image.header.title == "TEST ROM");
    CHECK(image.warnings.empty());
}

TEST_CASE("rom image: a size that is not whole banks looks truncated or padded")
{
    std::vector<std::uint8_t> padded = makeRom(1);
    padded.resize(padded.size() + 1024);
    const std::string message = parseError(padded);
    CHECK(startsWith(message, kName + ": 33792 bytes "));
    CHECK(message.find("32768-byte LoROM bank") != npos);
    CHECK(message.find("truncated or padded") != npos);

    std::vector<std::uint8_t> cut = makeRom(2);
    cut.resize(40000);
    CHECK(parseError(cut).find("40000 bytes is not a multiple") != npos);
}

TEST_CASE("rom image: less than one bank is truncated")
{
    CHECK(parseError(std::vector<std::uint8_t>(1000)) ==
          kName + ": truncated: 1000 bytes, a LoROM image holds at least 32768");
    CHECK(parseError(std::vector<std::uint8_t>(512 + 1024)) ==
          kName + ": truncated: 1024 bytes after its 512-byte copier header, a LoROM image holds at least 32768");
}

TEST_CASE("rom image: more than 4 MiB is oversized")
{
    CHECK(parseError(std::vector<std::uint8_t>(emu::kMaxLoRomBytes + kBank)) ==
          kName + ": oversized: 4227072 bytes, LoROM maps at most 4194304");
}

TEST_CASE("rom image: a map mode other than LoROM is rejected and named")
{
    const auto withMapMode = [](std::uint8_t mode) {
        std::vector<std::uint8_t> rom = makeRom(1);
        rom[0x7FD5] = mode;
        return parseError(rom);
    };
    for (const std::uint8_t hiRom : {0x21, 0x31}) {
        const std::string message = withMapMode(hiRom);
        CHECK(startsWith(message, kName + ": map mode $"));
        CHECK(message.find("is HiROM") != npos);
    }
    for (const std::uint8_t exHiRom : {0x25, 0x35}) {
        CHECK(withMapMode(exHiRom).find("is ExHiROM") != npos);
    }
    CHECK(withMapMode(0x31).find("$31") != npos);
    const std::string unknown = withMapMode(0x00);
    CHECK(startsWith(unknown, kName + ": map mode $00 at $7FD5 is not LoROM"));
}

TEST_CASE("rom image: a FastROM map mode loads")
{
    std::vector<std::uint8_t> rom = makeRom(1);
    rom[0x7FD5] = 0x30;
    emu::writeLoRomChecksum(rom);
    const emu::RomImage image = emu::parseRom(rom, kName);
    CHECK(image.header.fastRom());
    CHECK(image.warnings.empty());
}

TEST_CASE("rom image: a ROM size code outside 5..13 is rejected")
{
    for (const std::uint8_t code : {0x04, 0x0E, 0xFF}) {
        std::vector<std::uint8_t> rom = makeRom(1);
        rom[0x7FD7] = code;
        const std::string message = parseError(rom);
        CHECK(startsWith(message, kName + ": ROM size code $"));
        CHECK(message.find("outside 5..13") != npos);
    }
}

TEST_CASE("rom image: the declared ROM size must describe the file")
{
    std::vector<std::uint8_t> tooSmall = makeRom(2);
    tooSmall[0x7FD7] = 5;
    CHECK(parseError(tooSmall) == kName + ": header declares 32768 bytes (ROM size code 5) but the file has " +
                                      "65536 bytes; the header cannot describe this file");

    std::vector<std::uint8_t> halfMissing = makeRom(1);
    halfMissing[0x7FD7] = 6;
    CHECK(parseError(halfMissing) ==
          kName + ": truncated: header declares 65536 bytes (ROM size code 6), file has 32768 bytes");

    // Three banks under a 128 KiB declaration are a mirrored cartridge, not a truncated one.
    const emu::RomImage mirrored = emu::parseRom(makeRom(3), kName);
    CHECK(mirrored.header.romSizeCode == 7);
    CHECK(mirrored.warnings.empty());
}

TEST_CASE("rom image: SRAM above 128 KiB is rejected")
{
    std::vector<std::uint8_t> rom = makeRom(1);
    rom[0x7FD8] = 7;
    emu::writeLoRomChecksum(rom);
    CHECK(emu::parseRom(rom, kName).header.sramBytes() == 128 * 1024);

    rom[0x7FD8] = 8;
    const std::string message = parseError(rom);
    CHECK(startsWith(message, kName + ": SRAM size code $08"));
    CHECK(message.find("more than 128 KiB") != npos);
}

TEST_CASE("rom image: a reset vector below $8000 is rejected")
{
    std::vector<std::uint8_t> rom = makeRom(1);
    putWord(rom, 0x7FFC, 0x7FFF);
    const std::string message = parseError(rom);
    CHECK(startsWith(message, kName + ": reset vector $7FFF at $7FFC is below $8000"));
    CHECK(message.find("RAM or I/O") != npos);
}

TEST_CASE("rom image: the header sizes follow their codes")
{
    emu::RomHeader header{};
    header.romSizeCode = 5;
    CHECK(header.declaredRomBytes() == 32 * 1024);
    header.romSizeCode = 12;
    CHECK(header.declaredRomBytes() == 4 * 1024 * 1024);
    header.sramSizeCode = 0;
    CHECK(header.sramBytes() == 0);
    header.sramSizeCode = 3;
    CHECK(header.sramBytes() == 8 * 1024);
    header.mapMode = 0x20;
    CHECK_FALSE(header.fastRom());
    header.mapMode = 0x30;
    CHECK(header.fastRom());
}

TEST_CASE("rom image: the title is trimmed of trailing spaces and NULs only")
{
    std::vector<std::uint8_t> rom = makeRom(1);
    setTitle(rom, "A B", ' ');
    CHECK(emu::parseRom(rom, kName).header.title == "A B");
    setTitle(rom, "  LEADING", '\0');
    CHECK(emu::parseRom(rom, kName).header.title == "  LEADING");
    setTitle(rom, "MIXED \0 "s, '\0');
    CHECK(emu::parseRom(rom, kName).header.title == "MIXED");
    setTitle(rom, "TWENTY-ONE CHARACTERS");
    CHECK(emu::parseRom(rom, kName).header.title == "TWENTY-ONE CHARACTERS");
}

TEST_CASE("rom image: the checksum mirrors a size that is not a power of two")
{
    CHECK(emu::snesChecksum({}) == 0);
    for (const std::size_t banks : {1, 2, 4}) {
        const std::vector<std::uint8_t> rom = makeRom(banks);
        CHECK(emu::snesChecksum(rom) == static_cast<std::uint16_t>(bankSum(rom, 0, banks)));
    }
    const std::vector<std::uint8_t> three = makeRom(3);
    CHECK(emu::snesChecksum(three) == static_cast<std::uint16_t>(bankSum(three, 0, 2) + 2 * bankSum(three, 2, 3)));
    const std::vector<std::uint8_t> five = makeRom(5);
    CHECK(emu::snesChecksum(five) == static_cast<std::uint16_t>(bankSum(five, 0, 4) + 4 * bankSum(five, 4, 5)));
    // 7 banks: 4, then 2, then the last one twice, fill 8 banks.
    const std::vector<std::uint8_t> seven = makeRom(7);
    CHECK(emu::snesChecksum(seven) == static_cast<std::uint16_t>(bankSum(seven, 0, 6) + 2 * bankSum(seven, 6, 7)));
    // 19 banks: 16, then 3 banks mirrored to 4 as above, repeated 4 times.
    const std::vector<std::uint8_t> nineteen = makeRom(19);
    const unsigned mirroredRest = bankSum(nineteen, 16, 18) + 2 * bankSum(nineteen, 18, 19);
    CHECK(emu::snesChecksum(nineteen) == static_cast<std::uint16_t>(bankSum(nineteen, 0, 16) + 4 * mirroredRest));
}

TEST_CASE("rom image: writeLoRomChecksum makes the header consistent")
{
    for (std::size_t banks = 1; banks <= 7; ++banks) {
        CAPTURE(banks);
        std::vector<std::uint8_t> rom = makeRom(banks);
        const auto stored = static_cast<std::uint16_t>(rom[0x7FDE] | rom[0x7FDF] << 8);
        const auto complement = static_cast<std::uint16_t>(rom[0x7FDC] | rom[0x7FDD] << 8);
        CHECK(emu::snesChecksum(rom) == stored);
        CHECK((stored ^ complement) == 0xFFFF);

        const std::vector<std::uint8_t> once = rom;
        emu::writeLoRomChecksum(rom);
        CHECK(rom == once);
        CHECK(emu::parseRom(rom, kName).warnings.empty());
    }
    std::vector<std::uint8_t> partial(kBank - 1);
    CHECK_THROWS_AS(emu::writeLoRomChecksum(partial), std::invalid_argument);
}

TEST_CASE("rom image: checksum problems are warnings")
{
    std::vector<std::uint8_t> rom = makeRom(1);
    putWord(rom, 0x7FDC, 0xEDCB);
    putWord(rom, 0x7FDE, 0x1234);
    const emu::RomImage image = emu::parseRom(rom, kName);
    REQUIRE(image.computedChecksum != 0x1234);
    REQUIRE(image.warnings.size() == 1);
    char computed[6];
    std::snprintf(computed, sizeof computed, "$%04X", image.computedChecksum);
    CHECK(image.warnings[0] == kName + ": header checksum $1234 differs from the computed " + computed);

    putWord(rom, 0x7FDC, 0x0000);
    putWord(rom, 0x7FDE, 0x0000);
    const emu::RomImage zeroed = emu::parseRom(rom, kName);
    CHECK(zeroed.warnings.size() == 2);
    CHECK(hasWarning(zeroed, "checksum $0000 and complement $0000 do not XOR to $FFFF"));
    CHECK(hasWarning(zeroed, "header checksum $0000 differs from the computed $"));
}

TEST_CASE("rom image: a title with bytes outside printable ASCII is a warning")
{
    std::vector<std::uint8_t> rom = makeRom(1);
    setTitle(rom, "BAD\x01TITLE");
    emu::writeLoRomChecksum(rom);
    const emu::RomImage image = emu::parseRom(rom, kName);
    REQUIRE(image.warnings.size() == 1);
    CHECK(image.warnings[0] == kName + ": title byte $01 at $7FC3 is outside printable ASCII $20-$7E");

    setTitle(rom, "KANA \xB1\xB2");
    emu::writeLoRomChecksum(rom);
    CHECK(hasWarning(emu::parseRom(rom, kName), "title byte $B1 at $7FC5"));
}
