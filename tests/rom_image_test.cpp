#include "base/input_error.hpp"
#include "emu/cartridge/rom_image.hpp"

#include "tests/support/temp_dir.hpp"

#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <optional>
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

void setTitle(std::vector<std::uint8_t>& rom, const std::string& title, char padding = ' ',
              emu::RomLayout layout = emu::RomLayout::LoRom)
{
    for (std::size_t i = 0; i < 21; ++i) {
        rom[emu::headerOffset(layout) + i] = static_cast<std::uint8_t>(i < title.size() ? title[i] : padding);
    }
}

// The header fields the tests set, LoROM's by default.
struct Header {
    std::string title = "TEST ROM";
    std::uint8_t mapMode = 0x20;
    std::uint8_t cartridgeType = 0x00;
    std::uint8_t sramSizeCode = 0x00;
    std::uint8_t region = 0x01;
    std::uint8_t developer = 0x00;
    std::uint8_t version = 0x00;
    std::uint16_t resetVector = 0x8000;
};

// Writes `h` where `layout` keeps its header, the size code the image's, and a consistent checksum.
void writeHeader(std::vector<std::uint8_t>& rom, emu::RomLayout layout, const Header& h)
{
    const std::size_t at = emu::headerOffset(layout);
    setTitle(rom, h.title, ' ', layout);
    rom[at + 0x15] = h.mapMode;
    rom[at + 0x16] = h.cartridgeType;
    rom[at + 0x17] = static_cast<std::uint8_t>(std::bit_width(std::bit_ceil(rom.size()) / 1024) - 1);
    rom[at + 0x18] = h.sramSizeCode;
    rom[at + 0x19] = h.region;
    rom[at + 0x1A] = h.developer;
    rom[at + 0x1B] = h.version;
    putWord(rom, at + 0x3C, h.resetVector);
    emu::writeChecksum(rom, layout);
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
    writeHeader(rom, emu::RomLayout::LoRom, {});
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
    } catch (const tileprof::InputError& error) {
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
    } catch (const tileprof::InputError& error) {
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
    CHECK(message.find("not a multiple of 32768 bytes (32 KiB)") != npos);
    CHECK(message.find("truncated or padded") != npos);

    std::vector<std::uint8_t> cut = makeRom(2);
    cut.resize(40000);
    CHECK(parseError(cut).find("40000 bytes is not a multiple") != npos);
}

TEST_CASE("rom image: less than one bank is truncated")
{
    CHECK(parseError(std::vector<std::uint8_t>(1000)) ==
          kName + ": truncated: 1000 bytes, a cartridge image holds at least 32768 (one LoROM bank)");
    CHECK(parseError(std::vector<std::uint8_t>(512 + 1024)) ==
          kName + ": truncated: 1024 bytes after its 512-byte copier header, a cartridge image holds at least 32768 "
                  "(one LoROM bank)");
}

TEST_CASE("rom image: more than 4 MiB is oversized")
{
    CHECK(parseError(std::vector<std::uint8_t>(emu::kMaxRomBytes + kBank)) ==
          kName + ": oversized: 4227072 bytes, LoROM and HiROM map at most 4194304");
}

// The one warning of an image that loads, "" if none.
std::string warningOf(const emu::RomImage& image)
{
    CHECK(image.warnings.size() <= 1);
    return image.warnings.empty() ? "" : image.warnings[0];
}

TEST_CASE("rom image: a map mode of a chip tileprof does not map is refused and named")
{
    const auto withMapMode = [](std::uint8_t mode) {
        std::vector<std::uint8_t> rom = makeRom(2);
        rom[0x7FD5] = 0x00;
        rom[0xFFD5] = mode;
        return parseError(rom);
    };
    CHECK(withMapMode(0x25) == kName + ": map mode $25 at $FFD5 is ExHiROM's; tileprof maps LoROM ($20 SlowROM, $30 "
                                       "FastROM) and HiROM ($21, $31)");
    CHECK(startsWith(withMapMode(0x35), kName + ": map mode $35 at $FFD5 is ExHiROM's;"));
    CHECK(startsWith(withMapMode(0x23), kName + ": map mode $23 at $FFD5 is the SA-1's;"));
    CHECK(startsWith(withMapMode(0x3A), kName + ": map mode $3A at $FFD5 is the SPC7110's;"));
    CHECK(startsWith(withMapMode(0x22), kName + ": map mode $22 at $FFD5 is ExLoROM or the S-DD1's;"));
}

TEST_CASE("rom image: with no map mode of its layout, the place that looks most like a header is mapped, with a warning")
{
    // One bank: only LoROM's place is in the file.
    for (const std::uint8_t mode : {0x00, 0x21, 0x31, 0xFF}) {
        std::vector<std::uint8_t> rom = makeRom(1);
        rom[0x7FD5] = mode;
        emu::writeChecksum(rom, emu::RomLayout::LoRom);
        const emu::RomImage image = emu::parseRom(rom, kName);
        CHECK(image.layout == emu::RomLayout::LoRom);
        CHECK(warningOf(image) == kName + ": map mode " + (mode == 0 ? "$00"s : mode == 0x21 ? "$21"s : mode == 0x31 ? "$31"s : "$FF"s) +
                                      " at $7FD5 names no layout in its place; mapped as LoROM, whose header looks most "
                                      "like one (reset vector, first instruction, checksum)");
    }

    // Two places: the reset vector that starts on SEI wins over one that starts on BRK.
    std::vector<std::uint8_t> rom = makeRom(4);
    writeHeader(rom, emu::RomLayout::HiRom, {.mapMode = 0x42, .resetVector = 0x8100});
    rom[0x7FD5] = 0x00;
    rom[0x8100] = 0x78; // SEI, where HiROM's reset vector leads
    rom[0x0000] = 0x00; // BRK, where LoROM's leads
    const emu::RomImage hi = emu::parseRom(rom, kName);
    CHECK(hi.layout == emu::RomLayout::HiRom);
    CHECK(hi.header.resetVector == 0x8100);
    CHECK(startsWith(hi.warnings.at(0), kName + ": map mode $00 at $7FD5 and $42 at $FFD5 name no layout in their place; "
                                              "mapped as HiROM"));

    // No place that could start the machine.
    std::vector<std::uint8_t> none = makeRom(2);
    none[0x7FD5] = 0x00;
    none[0xFFD5] = 0x00;
    putWord(none, 0x7FFC, 0x1234);
    putWord(none, 0xFFFC, 0x0000);
    CHECK(parseError(none) == kName + ": no header could start the machine: the reset vector at $7FFC and at $FFFC points "
                                      "below $8000, and no map mode names LoROM or HiROM");
}

// A valid HiROM image of `banks` 64 KiB banks, its header at $FFC0.
std::vector<std::uint8_t> makeHiRom(std::size_t banks, std::uint8_t mapMode = 0x21)
{
    std::vector<std::uint8_t> rom = makeRom(banks * 2);
    rom[0x7FD5] = 0x00; // no LoROM header
    writeHeader(rom, emu::RomLayout::HiRom, {"HIROM TEST", mapMode, 0x02, 0x03, 0x00, 0x33, 0x02, 0x8123});
    return rom;
}

TEST_CASE("rom image: a HiROM image loads with its header read at $FFC0")
{
    for (const std::uint8_t mode : {0x21, 0x31}) {
        const emu::RomImage image = emu::parseRom(makeHiRom(2, mode), kName);
        CHECK(image.layout == emu::RomLayout::HiRom);
        CHECK(image.header.title == "HIROM TEST");
        CHECK(image.header.mapMode == mode);
        CHECK(image.header.fastRom() == (mode == 0x31));
        CHECK(image.header.cartridgeType == 0x02);
        CHECK(image.header.declaredRomBytes() == 0x20000);
        CHECK(image.header.sramBytes() == 0x2000);
        CHECK(image.header.region == 0x00);
        CHECK(image.header.developer == 0x33);
        CHECK(image.header.version == 0x02);
        CHECK(image.header.resetVector == 0x8123);
        CHECK(image.header.checksum == image.computedChecksum);
        CHECK(image.warnings.empty());
    }
    // 192 KiB: the header declares the 256 KiB chip it mirrors up to.
    const emu::RomImage odd = emu::parseRom(makeHiRom(3), kName);
    CHECK(odd.warnings.empty());
}

TEST_CASE("rom image: HiROM checksum warnings name the HiROM header's place")
{
    std::vector<std::uint8_t> rom = makeHiRom(1);
    rom[0xFFDC] ^= 0x01;
    const emu::RomImage image = emu::parseRom(rom, kName);
    CHECK(hasWarning(image, "do not XOR to $FFFF"));
    CHECK(hasWarning(image, "at $FFDC"));
}

TEST_CASE("rom image: with a map mode in both places, the header whose checksum words agree wins")
{
    std::vector<std::uint8_t> rom = makeHiRom(1);
    rom[0x7FD5] = 0x20; // a LoROM map mode where HiROM keeps code
    rom[0x7FDC] ^= 0x01; // and LoROM checksum words that disagree
    emu::writeChecksum(rom, emu::RomLayout::HiRom);
    CHECK(emu::parseRom(rom, kName).layout == emu::RomLayout::HiRom);

    std::vector<std::uint8_t> lo = makeRom(2);
    lo[0xFFD5] = 0x21;
    CHECK(emu::parseRom(lo, kName).layout == emu::RomLayout::LoRom);
}

TEST_CASE("rom image: romOffset follows each layout's banks and mirrors")
{
    using emu::RomLayout;
    constexpr std::size_t kFull = emu::kMaxRomBytes;
    constexpr std::size_t kNone = ~std::size_t{0};
    struct Case {
        RomLayout layout;
        std::uint32_t address;
        std::size_t romBytes;
        std::size_t offset; // kNone: not ROM
    };
    const Case cases[] = {
        {RomLayout::LoRom, 0x008000, kFull, 0x0000},    {RomLayout::LoRom, 0x01FFFF, kFull, 0xFFFF},
        {RomLayout::LoRom, 0x808000, kFull, 0x0000},    {RomLayout::LoRom, 0xC08000, kFull, 0x200000},
        {RomLayout::LoRom, 0xFE8000, kFull, 0x3F0000},  {RomLayout::LoRom, 0x007FFF, kFull, kNone},
        {RomLayout::LoRom, 0x400000, kFull, kNone},     {RomLayout::LoRom, 0x7E8000, kFull, kNone},
        {RomLayout::HiRom, 0xC00000, kFull, 0x0000},    {RomLayout::HiRom, 0x400000, kFull, 0x0000},
        {RomLayout::HiRom, 0xC12345, kFull, 0x12345},   {RomLayout::HiRom, 0x7D0000, kFull, 0x3D0000},
        {RomLayout::HiRom, 0xFFFFFF, kFull, 0x3FFFFF},  {RomLayout::HiRom, 0x008000, kFull, 0x8000},
        {RomLayout::HiRom, 0x81FFFF, kFull, 0x1FFFF},   {RomLayout::HiRom, 0x3F8000, kFull, 0x3F8000},
        {RomLayout::HiRom, 0x007FFF, kFull, kNone},     {RomLayout::HiRom, 0xBF6000, kFull, kNone},
        {RomLayout::HiRom, 0x7E0000, kFull, kNone},     {RomLayout::HiRom, 0x7FFFFF, kFull, kNone},
        {RomLayout::HiRom, 0xC50000, 0x30000, 0x20000}, // bank 5 of a 3-bank image: 5 mod 3 = 2
        {RomLayout::HiRom, 0x058000, 0x30000, 0x28000},
    };
    for (const Case& c : cases) {
        CAPTURE(c.address);
        const std::optional<std::size_t> offset = emu::romOffset(c.address, c.layout, c.romBytes);
        CHECK(offset.value_or(kNone) == c.offset);
    }
}

TEST_CASE("rom image: a FastROM map mode loads")
{
    std::vector<std::uint8_t> rom = makeRom(1);
    rom[0x7FD5] = 0x30;
    emu::writeChecksum(rom, emu::RomLayout::LoRom);
    const emu::RomImage image = emu::parseRom(rom, kName);
    CHECK(image.header.fastRom());
    CHECK(image.warnings.empty());
}

TEST_CASE("rom image: a ROM size code outside 5..13 is a warning, and the size is the file's")
{
    for (const std::uint8_t code : {0x00, 0x01, 0x04, 0x0E, 0xFF}) {
        std::vector<std::uint8_t> rom = makeRom(1);
        rom[0x7FD7] = code;
        emu::writeChecksum(rom, emu::RomLayout::LoRom);
        const emu::RomImage image = emu::parseRom(rom, kName);
        CHECK(image.bytes.size() == kBank);
        CHECK(image.header.declaredRomBytes() == 0);
        CHECK(startsWith(warningOf(image), kName + ": ROM size code $"));
        CHECK(warningOf(image).ends_with(" at $7FD7 is outside 5..13 (32 KiB to 8 MiB); the size is the file's, 32768 bytes"));
    }
    std::vector<std::uint8_t> hirom = makeRom(2);
    writeHeader(hirom, emu::RomLayout::HiRom, {.mapMode = 0x21});
    hirom[0x7FD5] = 0x00;
    hirom[0xFFD7] = 0x01;
    emu::writeChecksum(hirom, emu::RomLayout::HiRom);
    CHECK(warningOf(emu::parseRom(hirom, kName)) ==
          kName + ": ROM size code $01 at $FFD7 is outside 5..13 (32 KiB to 8 MiB); the size is the file's, 65536 bytes");
}

TEST_CASE("rom image: a declared ROM size that does not describe the file is a warning")
{
    std::vector<std::uint8_t> tooSmall = makeRom(2);
    tooSmall[0x7FD7] = 5;
    emu::writeChecksum(tooSmall, emu::RomLayout::LoRom);
    const emu::RomImage larger = emu::parseRom(tooSmall, kName);
    CHECK(larger.bytes.size() == 2 * kBank);
    CHECK(warningOf(larger) == kName + ": header declares 32768 bytes (ROM size code 5 at $7FD7) but the file has " +
                                   "65536 bytes; the size is the file's");

    std::vector<std::uint8_t> halfMissing = makeRom(1);
    halfMissing[0x7FD7] = 6;
    emu::writeChecksum(halfMissing, emu::RomLayout::LoRom);
    CHECK(warningOf(emu::parseRom(halfMissing, kName)) ==
          kName + ": header declares 65536 bytes (ROM size code 6 at $7FD7) but the file has only 32768 bytes: "
                  "truncated? The file is mapped as it is");

    // Three banks under a 128 KiB declaration are a mirrored cartridge, not a truncated one.
    const emu::RomImage mirrored = emu::parseRom(makeRom(3), kName);
    CHECK(mirrored.header.romSizeCode == 7);
    CHECK(mirrored.warnings.empty());
}

TEST_CASE("rom image: SRAM above 128 KiB is a warning, and none is mapped")
{
    std::vector<std::uint8_t> rom = makeRom(1);
    rom[0x7FD8] = 7;
    emu::writeChecksum(rom, emu::RomLayout::LoRom);
    CHECK(emu::parseRom(rom, kName).header.sramBytes() == 128 * 1024);

    rom[0x7FD8] = 8;
    emu::writeChecksum(rom, emu::RomLayout::LoRom);
    const emu::RomImage image = emu::parseRom(rom, kName);
    CHECK(image.header.sramBytes() == 0);
    CHECK(warningOf(image) == kName + ": SRAM size code $08 at $7FD8 declares more than 128 KiB (the largest code is 7); "
                                      "mapped without SRAM");
}

TEST_CASE("rom image: a PAL console's region is refused, while NTSC regions and unknown codes load")
{
    for (const std::uint8_t region : {0x02, 0x06, 0x09, 0x0C, 0x11}) {
        std::vector<std::uint8_t> rom = makeRom(1);
        writeHeader(rom, emu::RomLayout::LoRom, {.region = region});
        CAPTURE(int{region});
        CHECK(parseError(rom).find(" at $7FD9 is a PAL console's (312 lines, 50 frames a second); tileprof emulates the "
                                   "NTSC console only") != npos);
    }
    for (const std::uint8_t region : {0x00, 0x01, 0x0D, 0x0F, 0x10, 0x14, 0xFF}) {
        std::vector<std::uint8_t> rom = makeRom(1);
        writeHeader(rom, emu::RomLayout::LoRom, {.region = region});
        CHECK(emu::parseRom(rom, kName).header.region == region);
    }
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

TEST_CASE("rom image: writeChecksum makes the header consistent")
{
    for (std::size_t banks = 1; banks <= 7; ++banks) {
        CAPTURE(banks);
        std::vector<std::uint8_t> rom = makeRom(banks);
        const auto stored = static_cast<std::uint16_t>(rom[0x7FDE] | rom[0x7FDF] << 8);
        const auto complement = static_cast<std::uint16_t>(rom[0x7FDC] | rom[0x7FDD] << 8);
        CHECK(emu::snesChecksum(rom) == stored);
        CHECK((stored ^ complement) == 0xFFFF);

        const std::vector<std::uint8_t> once = rom;
        emu::writeChecksum(rom, emu::RomLayout::LoRom);
        CHECK(rom == once);
        CHECK(emu::parseRom(rom, kName).warnings.empty());
    }
    std::vector<std::uint8_t> partial(kBank - 1);
    CHECK_THROWS_AS(emu::writeChecksum(partial, emu::RomLayout::LoRom), std::invalid_argument);
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
    CHECK(hasWarning(zeroed, "checksum $0000 and complement $0000 at $7FDC do not XOR to $FFFF"));
    CHECK(hasWarning(zeroed, "header checksum $0000 differs from the computed $"));
}

TEST_CASE("rom image: a title with bytes outside printable ASCII is a warning")
{
    std::vector<std::uint8_t> rom = makeRom(1);
    setTitle(rom, "BAD\x01TITLE");
    emu::writeChecksum(rom, emu::RomLayout::LoRom);
    const emu::RomImage image = emu::parseRom(rom, kName);
    REQUIRE(image.warnings.size() == 1);
    CHECK(image.warnings[0] == kName + ": title byte $01 at $7FC3 is outside printable ASCII $20-$7E");

    setTitle(rom, "KANA \xB1\xB2");
    emu::writeChecksum(rom, emu::RomLayout::LoRom);
    CHECK(hasWarning(emu::parseRom(rom, kName), "title byte $B1 at $7FC5"));
}
