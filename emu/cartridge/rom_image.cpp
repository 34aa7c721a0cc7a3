#include "emu/cartridge/rom_image.hpp"

#include "base/file_contents.hpp"
#include "base/input_error.hpp"

#include <algorithm>
#include <bit>
#include <numeric>
#include <stdexcept>

namespace emu {

namespace {

constexpr std::size_t kCopierHeaderBytes = 512;
constexpr std::size_t kTitleBytes = 21;
// Fields, from the header's start.
constexpr std::size_t kMapModeByte = 0x15;
constexpr std::size_t kRomSizeByte = 0x17;
constexpr std::size_t kSramSizeByte = 0x18;
constexpr std::size_t kRegionByte = 0x19;
constexpr std::size_t kResetVectorWord = 0x3C;
constexpr std::size_t kHeaderBytes = 0x40;  // the header and the vectors after it
constexpr std::uint8_t kFastRomBit = 0x10;

[[noreturn]] void fail(const std::string& name, const std::string& problem)
{
    throw tileprof::InputError(name + ": " + problem);
}

std::string hex(unsigned value, int digits)
{
    static constexpr char kDigits[] = "0123456789ABCDEF";
    std::string text(static_cast<std::size_t>(digits) + 1, '$');
    for (int i = digits; i > 0; --i) {
        text[static_cast<std::size_t>(i)] = kDigits[value & 0xF];
        value >>= 4;
    }
    return text;
}

std::uint16_t wordAt(const std::vector<std::uint8_t>& bytes, std::size_t offset)
{
    return static_cast<std::uint16_t>(bytes[offset] | bytes[offset + 1] << 8);
}

void putWord(std::vector<std::uint8_t>& bytes, std::size_t offset, std::uint16_t value)
{
    bytes[offset] = static_cast<std::uint8_t>(value);
    bytes[offset + 1] = static_cast<std::uint8_t>(value >> 8);
}

// Sizes in messages are those of the ROM proper; say so when the file was 512 bytes longer.
std::string sizeText(const RomImage& image)
{
    std::string text = std::to_string(image.bytes.size()) + " bytes";
    if (image.copierHeaderRemoved) {
        text += " after its 512-byte copier header";
    }
    return text;
}

void checkSize(const RomImage& image)
{
    const std::size_t size = image.bytes.size();
    if (size < kLoRomBankBytes) {
        fail(image.name, "truncated: " + sizeText(image) + ", a cartridge image holds at least " +
                             std::to_string(kLoRomBankBytes) + " (one LoROM bank)");
    }
    if (size > kMaxRomBytes) {
        fail(image.name, "oversized: " + sizeText(image) + ", LoROM and HiROM map at most " + std::to_string(kMaxRomBytes));
    }
    if (size % kLoRomBankBytes != 0) {
        fail(image.name, sizeText(image) + " is not a multiple of " + std::to_string(kLoRomBankBytes) +
                             " bytes (32 KiB); the file looks truncated or padded");
    }
}

std::optional<std::uint8_t> mapModeAt(const std::vector<std::uint8_t>& bytes, RomLayout layout)
{
    const std::size_t at = headerOffset(layout) + kMapModeByte;
    return at < bytes.size() ? std::optional<std::uint8_t>(bytes[at]) : std::nullopt;
}

bool isModeOf(std::optional<std::uint8_t> mode, RomLayout layout)
{
    return mode && (*mode & ~kFastRomBit) == (layout == RomLayout::LoRom ? 0x20 : 0x21);
}

bool checksumWordsAgree(const std::vector<std::uint8_t>& bytes, RomLayout layout)
{
    const std::size_t at = checksumOffset(layout);
    return (wordAt(bytes, at) ^ wordAt(bytes, at + 2)) == 0xFFFF;
}

// Where a header field lies in the ROM, as messages name it: "$7FD7", or HiROM's "$FFD7".
std::string fieldAt(RomLayout layout, std::size_t field)
{
    return hex(static_cast<unsigned>(headerOffset(layout) + field), 4);
}

// The cartridges whose map mode says they need a mapping tileprof does not have.
std::optional<std::string> unmappedChip(std::uint8_t mode)
{
    switch (mode & ~kFastRomBit) {
    case 0x22: return "ExLoROM or the S-DD1";
    case 0x23: return "the SA-1";
    case 0x25: return "ExHiROM";
    case 0x2A: return "the SPC7110";
    default: return std::nullopt;
    }
}

// How much a header at `layout`'s place looks like a real one, when no map mode settles it: a reset
// vector into ROM whose first instruction is one a boot begins with, and checksum words that agree.
int headerScore(const std::vector<std::uint8_t>& bytes, RomLayout layout)
{
    const std::size_t base = headerOffset(layout);
    if (base + kHeaderBytes > bytes.size()) {
        return -1;
    }
    const std::uint16_t reset = wordAt(bytes, base + kResetVectorWord);
    if (reset < 0x8000) {
        return -1;
    }
    const std::size_t bank = layout == RomLayout::LoRom ? 0 : kLoRomBankBytes;
    int score = 0;
    switch (bytes[bank + (reset & 0x7FFF)]) {
    case 0x78: case 0x18: case 0x38: case 0x9C: case 0x4C: case 0x5C: // SEI, CLC, SEC, STZ abs, JMP, JML
        score += 8;
        break;
    case 0xC2: case 0xE2: case 0xA9: case 0xA2: case 0xA0: case 0xAD: case 0xAF: case 0x20: case 0x22: // REP, SEP, loads, JSR, JSL
        score += 4;
        break;
    case 0x00: case 0x02: case 0xDB: case 0x42: case 0xFF: case 0x40: case 0x60: case 0x6B: // BRK, COP, STP, WDM, $FF fill, returns
        score -= 8;
        break;
    default:
        break;
    }
    if (checksumWordsAgree(bytes, layout)) {
        score += 4;
    }
    return score;
}

// Which header the image has: the one whose map mode names its own layout (with both, the one whose
// checksum words agree, LoROM if both or neither). With neither, the place that looks most like a
// header, with a warning; refused only when nothing there could start the machine, or when the map
// mode names a chip tileprof does not map.
RomLayout findLayout(RomImage& image)
{
    const std::optional<std::uint8_t> lo = mapModeAt(image.bytes, RomLayout::LoRom);
    const std::optional<std::uint8_t> hi = mapModeAt(image.bytes, RomLayout::HiRom);
    const bool isLo = isModeOf(lo, RomLayout::LoRom);
    const bool isHi = isModeOf(hi, RomLayout::HiRom);
    if (isLo && isHi) {
        const bool hiAgrees = checksumWordsAgree(image.bytes, RomLayout::HiRom);
        return hiAgrees && !checksumWordsAgree(image.bytes, RomLayout::LoRom) ? RomLayout::HiRom : RomLayout::LoRom;
    }
    if (isLo || isHi) {
        return isLo ? RomLayout::LoRom : RomLayout::HiRom;
    }
    for (const auto& [mode, layout] : {std::pair{hi, RomLayout::HiRom}, std::pair{lo, RomLayout::LoRom}}) {
        if (mode) {
            if (const std::optional<std::string> chip = unmappedChip(*mode)) {
                fail(image.name, "map mode " + hex(*mode, 2) + " at " + fieldAt(layout, kMapModeByte) + " is " + *chip +
                                     "'s; tileprof maps LoROM ($20 SlowROM, $30 FastROM) and HiROM ($21, $31)");
            }
        }
    }
    const int loScore = headerScore(image.bytes, RomLayout::LoRom);
    const int hiScore = headerScore(image.bytes, RomLayout::HiRom);
    if (loScore < 0 && hiScore < 0) {
        fail(image.name, "no header could start the machine: the reset vector at $7FFC" +
                             std::string(hi ? " and at $FFFC" : "") + " points below $8000, and no map mode names LoROM or HiROM");
    }
    const RomLayout chosen = hiScore > loScore ? RomLayout::HiRom : RomLayout::LoRom;
    std::string modes = "map mode " + hex(*lo, 2) + " at $7FD5";
    if (hi) {
        modes += " and " + hex(*hi, 2) + " at $FFD5";
    }
    image.warnings.push_back(image.name + ": " + modes + " name" + (hi ? "" : "s") + " no layout in " +
                             (hi ? "their" : "its") + " place; mapped as " +
                             (chosen == RomLayout::LoRom ? "LoROM" : "HiROM") +
                             ", whose header looks most like one (reset vector, first instruction, checksum)");
    return chosen;
}

RomHeader readHeader(const std::vector<std::uint8_t>& bytes, RomLayout layout)
{
    const std::size_t base = headerOffset(layout);
    RomHeader header;
    const auto titleStart = bytes.begin() + static_cast<std::ptrdiff_t>(base);
    auto titleEnd = titleStart + kTitleBytes;
    while (titleEnd != titleStart && (titleEnd[-1] == ' ' || titleEnd[-1] == '\0')) {
        --titleEnd;
    }
    header.title.assign(titleStart, titleEnd);
    header.mapMode = bytes[base + kMapModeByte];
    header.cartridgeType = bytes[base + 0x16];
    header.romSizeCode = bytes[base + kRomSizeByte];
    header.sramSizeCode = bytes[base + kSramSizeByte];
    header.region = bytes[base + kRegionByte];
    header.developer = bytes[base + 0x1A];
    header.version = bytes[base + 0x1B];
    header.checksumComplement = wordAt(bytes, checksumOffset(layout));
    header.checksum = wordAt(bytes, checksumOffset(layout) + 2);
    header.resetVector = wordAt(bytes, base + kResetVectorWord);
    return header;
}

// Header fields that cannot be right are warnings: the ROM's size is the file's, whatever the
// header declares. Only a reset vector that starts the CPU outside ROM is refused.
void checkHeader(RomImage& image)
{
    const RomHeader& header = image.header;
    const auto warn = [&image](const std::string& problem) { image.warnings.push_back(image.name + ": " + problem); };
    const std::uint8_t code = header.romSizeCode;
    if (header.declaredRomBytes() == 0) {
        warn("ROM size code " + hex(code, 2) + " at " + fieldAt(image.layout, kRomSizeByte) +
             " is outside 5..13 (32 KiB to 8 MiB); the size is the file's, " + sizeText(image));
    } else {
        const std::size_t declared = header.declaredRomBytes();
        const std::string declares = "header declares " + std::to_string(declared) + " bytes (ROM size code " +
                                     std::to_string(code) + " at " + fieldAt(image.layout, kRomSizeByte) + ")";
        // A ROM chip holds a power of two, so a file over half the declared size is a smaller
        // cartridge that mirrors the rest; at half or less, part of the image may be missing.
        if (declared < image.bytes.size()) {
            warn(declares + " but the file has " + sizeText(image) + "; the size is the file's");
        } else if (image.bytes.size() * 2 <= declared) {
            warn(declares + " but the file has only " + sizeText(image) + ": truncated? The file is mapped as it is");
        }
    }
    if (header.sramSizeCode > RomHeader::kMaxSramSizeCode) {
        warn("SRAM size code " + hex(header.sramSizeCode, 2) + " at " + fieldAt(image.layout, kSramSizeByte) +
             " declares more than 128 KiB (the largest code is 7); mapped without SRAM");
    }
    if (header.resetVector < 0x8000) {
        fail(image.name, "reset vector " + hex(header.resetVector, 4) + " at " + fieldAt(image.layout, kResetVectorWord) +
                             " is below $8000: the CPU would start in RAM or I/O at power-on");
    }
    if (header.pal()) {
        fail(image.name, "region " + hex(header.region, 2) + " at " + fieldAt(image.layout, kRegionByte) +
                             " is a PAL console's (312 lines, 50 frames a second); tileprof emulates the NTSC "
                             "console only (262 lines, 60 frames a second)");
    }
}

std::vector<std::string> findWarnings(const RomImage& image)
{
    std::vector<std::string> warnings;
    const RomHeader& header = image.header;
    const std::string at = hex(static_cast<unsigned>(checksumOffset(image.layout)), 4);
    if ((header.checksum ^ header.checksumComplement) != 0xFFFF) {
        warnings.push_back(image.name + ": checksum " + hex(header.checksum, 4) + " and complement " +
                           hex(header.checksumComplement, 4) + " at " + at + " do not XOR to $FFFF");
    }
    if (header.checksum != image.computedChecksum) {
        warnings.push_back(image.name + ": header checksum " + hex(header.checksum, 4) + " differs from the computed " +
                           hex(image.computedChecksum, 4));
    }
    const auto unprintable = std::find_if(header.title.begin(), header.title.end(), [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte < 0x20 || byte > 0x7E;
    });
    if (unprintable != header.title.end()) {
        const auto offset = headerOffset(image.layout) + static_cast<std::size_t>(unprintable - header.title.begin());
        warnings.push_back(image.name + ": title byte " + hex(static_cast<unsigned char>(*unprintable), 2) + " at " +
                           hex(static_cast<unsigned>(offset), 4) + " is outside printable ASCII $20-$7E");
    }
    return warnings;
}

} // namespace

RomImage loadRomFile(const std::filesystem::path& path)
{
    const std::string name = path.string();
    const std::string contents =
        tileprof::readFileContents(path, name, {kMaxRomBytes + kCopierHeaderBytes, "a ROM image, with a copier header,"});
    return parseRom(std::vector<std::uint8_t>(contents.begin(), contents.end()), name);
}

RomImage parseRom(std::vector<std::uint8_t> fileBytes, const std::string& name)
{
    RomImage image;
    image.name = name;
    if (fileBytes.empty()) {
        fail(name, "empty file");
    }
    image.bytes = std::move(fileBytes);
    // Copier devices prepended 512 bytes of their own to images made of whole kilobytes.
    if (image.bytes.size() % 1024 == kCopierHeaderBytes) {
        image.bytes.erase(image.bytes.begin(), image.bytes.begin() + kCopierHeaderBytes);
        image.copierHeaderRemoved = true;
    }
    checkSize(image);
    image.layout = findLayout(image);
    image.header = readHeader(image.bytes, image.layout);
    checkHeader(image);
    image.computedChecksum = snesChecksum(image.bytes);
    for (std::string& warning : findWarnings(image)) {
        image.warnings.push_back(std::move(warning));
    }
    return image;
}

std::optional<std::size_t> romOffset(std::uint32_t address, RomLayout layout, std::size_t romBytes)
{
    const std::uint32_t bank = (address >> 16) & 0xFF;
    const bool upperHalf = (address & 0x8000) != 0;
    if (bank == 0x7E || bank == 0x7F || romBytes == 0) {
        return std::nullopt;
    }
    if (layout == RomLayout::LoRom) {
        if (!upperHalf) {
            return std::nullopt;
        }
        return ((bank & 0x7F) * kLoRomBankBytes + (address & 0x7FFF)) % romBytes;
    }
    if ((bank & 0x40) == 0 && !upperHalf) {
        return std::nullopt;
    }
    return ((bank & 0x3F) * kHiRomBankBytes + (address & 0xFFFF)) % romBytes;
}

std::uint32_t homeAddress(std::uint32_t address, RomLayout layout, std::size_t romBytes)
{
    const std::optional<std::size_t> offset = romOffset(address, layout, romBytes);
    if (!offset) {
        return address;
    }
    if (layout == RomLayout::HiRom) {
        return static_cast<std::uint32_t>(0xC00000 + *offset);
    }
    std::uint32_t bank = static_cast<std::uint32_t>(*offset / kLoRomBankBytes);
    if (bank >= 0x7E) {
        bank |= 0x80; // $7E-$7F are work RAM: those banks' ROM shows at $FE-$FF
    }
    return (bank << 16) | 0x8000 | static_cast<std::uint32_t>(*offset % kLoRomBankBytes);
}

std::optional<std::size_t> RomImage::offsetOf(std::uint32_t address) const
{
    return romOffset(address, layout, bytes.size());
}

std::uint32_t RomImage::homeOf(std::uint32_t address) const
{
    return homeAddress(address, layout, bytes.size());
}

std::uint16_t snesChecksum(std::span<const std::uint8_t> rom)
{
    if (rom.empty()) {
        return 0;
    }
    const std::size_t head = std::bit_floor(rom.size());
    const auto headSum = std::accumulate(rom.begin(), rom.begin() + static_cast<std::ptrdiff_t>(head), 0u);
    if (head == rom.size()) {
        return static_cast<std::uint16_t>(headSum);
    }
    // The rest, itself mirrored up to a power of two, repeats until it fills another `head` bytes.
    const std::span<const std::uint8_t> rest = rom.subspan(head);
    const auto repeats = static_cast<unsigned>(head / std::bit_ceil(rest.size()));
    return static_cast<std::uint16_t>(headSum + snesChecksum(rest) * repeats);
}

void writeChecksum(std::vector<std::uint8_t>& rom, RomLayout layout)
{
    const std::size_t at = checksumOffset(layout);
    if (rom.size() < headerOffset(layout) + kHeaderBytes) {
        throw std::invalid_argument("writeChecksum: image too small to hold its header");
    }
    // With the pair set to a consistent placeholder, the four bytes add up to $1FE, as they will
    // for the final pair: the sum taken here is the sum of the finished image.
    putWord(rom, at, 0xFFFF);
    putWord(rom, at + 2, 0x0000);
    const std::uint16_t sum = snesChecksum(rom);
    putWord(rom, at, static_cast<std::uint16_t>(sum ^ 0xFFFF));
    putWord(rom, at + 2, sum);
}

} // namespace emu
