#include "emu/rom_image.hpp"

#include "emu/file_contents.hpp"
#include "emu/input_error.hpp"

#include <algorithm>
#include <bit>
#include <numeric>
#include <stdexcept>

namespace emu {

namespace {

constexpr std::size_t kCopierHeaderBytes = 512;
constexpr std::size_t kTitleOffset = 0x7FC0;
constexpr std::size_t kTitleBytes = 21;
constexpr std::uint8_t kMinRomSizeCode = 5;  // 32 KiB, one bank
constexpr std::uint8_t kMaxRomSizeCode = 13; // 8 MiB, the largest code any cartridge uses
constexpr std::uint8_t kMaxSramSizeCode = 7; // 128 KiB

[[noreturn]] void fail(const std::string& name, const std::string& problem)
{
    throw InputError(name + ": " + problem);
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
        fail(image.name, "truncated: " + sizeText(image) + ", a LoROM image holds at least " +
                             std::to_string(kLoRomBankBytes));
    }
    if (size > kMaxLoRomBytes) {
        fail(image.name, "oversized: " + sizeText(image) + ", LoROM maps at most " + std::to_string(kMaxLoRomBytes));
    }
    if (size % kLoRomBankBytes != 0) {
        fail(image.name, sizeText(image) + " is not a multiple of the " + std::to_string(kLoRomBankBytes) +
                             "-byte LoROM bank; the file looks truncated or padded");
    }
}

RomHeader readHeader(const std::vector<std::uint8_t>& bytes)
{
    RomHeader header;
    const auto titleStart = bytes.begin() + kTitleOffset;
    auto titleEnd = titleStart + kTitleBytes;
    while (titleEnd != titleStart && (titleEnd[-1] == ' ' || titleEnd[-1] == '\0')) {
        --titleEnd;
    }
    header.title.assign(titleStart, titleEnd);
    header.mapMode = bytes[0x7FD5];
    header.cartridgeType = bytes[0x7FD6];
    header.romSizeCode = bytes[0x7FD7];
    header.sramSizeCode = bytes[0x7FD8];
    header.region = bytes[0x7FD9];
    header.developer = bytes[0x7FDA];
    header.version = bytes[0x7FDB];
    header.checksumComplement = wordAt(bytes, kLoRomChecksumOffset);
    header.checksum = wordAt(bytes, kLoRomChecksumOffset + 2);
    header.resetVector = wordAt(bytes, 0x7FFC);
    return header;
}

void checkMapMode(const RomImage& image)
{
    const std::uint8_t mode = image.header.mapMode;
    if (mode == 0x20 || mode == 0x30) {
        return;
    }
    const std::string found = "map mode " + hex(mode, 2) + " at $7FD5 ";
    const std::string supported = "tileprof loads LoROM images only ($20 SlowROM, $30 FastROM)";
    if (mode == 0x21 || mode == 0x31) {
        fail(image.name, found + "is HiROM; " + supported);
    }
    if (mode == 0x25 || mode == 0x35) {
        fail(image.name, found + "is ExHiROM; " + supported);
    }
    fail(image.name, found + "is not LoROM ($20 SlowROM or $30 FastROM): no LoROM header at $7FC0");
}

void checkDeclaredSize(const RomImage& image)
{
    const std::uint8_t code = image.header.romSizeCode;
    if (code < kMinRomSizeCode || code > kMaxRomSizeCode) {
        fail(image.name, "ROM size code " + hex(code, 2) + " at $7FD7 is outside 5..13 (32 KiB to 8 MiB)");
    }
    const std::size_t declared = image.header.declaredRomBytes();
    const std::string declares =
        "header declares " + std::to_string(declared) + " bytes (ROM size code " + std::to_string(code) + ")";
    // A ROM chip holds a power of two, so a file over half the declared size is a smaller
    // cartridge that mirrors the rest; at half or less, part of the image is missing.
    if (declared < image.bytes.size()) {
        fail(image.name, declares + " but the file has " + sizeText(image) + "; the header cannot describe this file");
    }
    if (image.bytes.size() * 2 <= declared) {
        fail(image.name, "truncated: " + declares + ", file has " + sizeText(image));
    }
}

void checkHeader(const RomImage& image)
{
    checkMapMode(image);
    checkDeclaredSize(image);
    const RomHeader& header = image.header;
    if (header.sramSizeCode > kMaxSramSizeCode) {
        fail(image.name, "SRAM size code " + hex(header.sramSizeCode, 2) +
                             " at $7FD8 declares more than 128 KiB (the largest code is 7)");
    }
    if (header.resetVector < 0x8000) {
        fail(image.name, "reset vector " + hex(header.resetVector, 4) +
                             " at $7FFC is below $8000: the CPU would start in RAM or I/O at power-on");
    }
}

std::vector<std::string> findWarnings(const RomImage& image)
{
    std::vector<std::string> warnings;
    const RomHeader& header = image.header;
    if ((header.checksum ^ header.checksumComplement) != 0xFFFF) {
        warnings.push_back(image.name + ": checksum " + hex(header.checksum, 4) + " and complement " +
                           hex(header.checksumComplement, 4) + " do not XOR to $FFFF");
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
        const auto offset = kTitleOffset + static_cast<std::size_t>(unprintable - header.title.begin());
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
        readFileContents(path, name, {kMaxLoRomBytes + kCopierHeaderBytes, "a ROM image, with a copier header,"});
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
    image.header = readHeader(image.bytes);
    checkHeader(image);
    image.computedChecksum = snesChecksum(image.bytes);
    image.warnings = findWarnings(image);
    return image;
}

std::optional<std::size_t> loRomOffset(std::uint32_t address, std::size_t romBytes)
{
    const std::uint32_t bank = (address >> 16) & 0xFF;
    if ((address & 0x8000) == 0 || bank == 0x7E || bank == 0x7F || romBytes == 0) {
        return std::nullopt;
    }
    return ((bank & 0x7F) * kLoRomBankBytes + (address & 0x7FFF)) % romBytes;
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

void writeLoRomChecksum(std::vector<std::uint8_t>& rom)
{
    if (rom.size() < kLoRomBankBytes) {
        throw std::invalid_argument("writeLoRomChecksum: image smaller than one LoROM bank");
    }
    // With the pair set to a consistent placeholder, the four bytes add up to $1FE, as they will
    // for the final pair: the sum taken here is the sum of the finished image.
    putWord(rom, kLoRomChecksumOffset, 0xFFFF);
    putWord(rom, kLoRomChecksumOffset + 2, 0x0000);
    const std::uint16_t sum = snesChecksum(rom);
    putWord(rom, kLoRomChecksumOffset, static_cast<std::uint16_t>(sum ^ 0xFFFF));
    putWord(rom, kLoRomChecksumOffset + 2, sum);
}

} // namespace emu
