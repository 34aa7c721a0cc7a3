#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace emu {

// How the cartridge wires its ROM (and SRAM) into the CPU's address space.
enum class RomLayout : std::uint8_t {
    LoRom, // 32 KiB a bank at $8000-$FFFF; the header at ROM offset $7FC0
    HiRom, // 64 KiB a bank at $40-$7D/$C0-$FF, upper halves mirrored at $00-$3F/$80-$BF:8000; header at $FFC0
};

// The cartridge header, at CPU $00:FFC0: ROM offset $7FC0 (LoROM) or $FFC0 (HiROM). Offsets below
// are LoROM's; HiROM's are $8000 higher.
struct RomHeader {
    std::string title;                // 21 bytes at $7FC0, trailing spaces and NULs trimmed
    std::uint8_t mapMode;             // $7FD5: $20/$30 LoROM, $21/$31 HiROM; $10 set = FastROM
    std::uint8_t cartridgeType;       // $7FD6
    std::uint8_t romSizeCode;         // $7FD7: declared size = 1 KiB << code
    std::uint8_t sramSizeCode;        // $7FD8: SRAM size = 1 KiB << code, 0 = none
    std::uint8_t region;              // $7FD9
    std::uint8_t developer;           // $7FDA
    std::uint8_t version;             // $7FDB
    std::uint16_t checksumComplement; // $7FDC
    std::uint16_t checksum;           // $7FDE
    std::uint16_t resetVector;        // $7FFC (emulation-mode RESET)

    static constexpr std::uint8_t kMinRomSizeCode = 5;  // 32 KiB, one bank
    static constexpr std::uint8_t kMaxRomSizeCode = 13; // 8 MiB, the largest code any cartridge uses
    static constexpr std::uint8_t kMaxSramSizeCode = 7; // 128 KiB

    // $30 or $31: a map mode that names no layout says nothing of speed either.
    bool fastRom() const { return mapMode == 0x30 || mapMode == 0x31; }
    // What the ROM size code declares: 0 for a code outside 5..13 (32 KiB to 8 MiB).
    std::size_t declaredRomBytes() const
    {
        return romSizeCode >= kMinRomSizeCode && romSizeCode <= kMaxRomSizeCode ? std::size_t{1024} << romSizeCode : 0;
    }
    // None for code 0, and for a code over 7 (128 KiB), which no cartridge has.
    std::size_t sramBytes() const
    {
        return sramSizeCode == 0 || sramSizeCode > kMaxSramSizeCode ? 0 : std::size_t{1024} << sramSizeCode;
    }
    // The destination codes of PAL consoles: Europe and its countries $02-$0C, Australia $11.
    bool pal() const { return (region >= 0x02 && region <= 0x0C) || region == 0x11; }
};

struct RomImage {
    std::string name;                  // the file path as given, used in every message
    std::vector<std::uint8_t> bytes;   // the ROM, copier header removed
    RomLayout layout = RomLayout::LoRom;
    RomHeader header;
    bool copierHeaderRemoved = false;
    std::uint16_t computedChecksum = 0;
    std::vector<std::string> warnings; // non-fatal problems, each "NAME: problem"

    // Where in `bytes` the byte the CPU sees at `address` lies, or nothing (see romOffset below).
    std::optional<std::size_t> offsetOf(std::uint32_t address) const;
    // The home of the ROM byte at `address` among its mirrors (see homeAddress below).
    std::uint32_t homeOf(std::uint32_t address) const;
};

inline constexpr std::size_t kLoRomBankBytes = 0x8000;
inline constexpr std::size_t kHiRomBankBytes = 0x10000;
inline constexpr std::size_t kMaxRomBytes = 0x400000; // 4 MiB: 128 LoROM banks or 64 HiROM banks, without ExHiROM

// The ROM offset of the header (title first) and of its checksum words (complement, then checksum).
constexpr std::size_t headerOffset(RomLayout layout)
{
    return layout == RomLayout::LoRom ? 0x7FC0 : 0xFFC0;
}
constexpr std::size_t checksumOffset(RomLayout layout)
{
    return headerOffset(layout) + 0x1C;
}

// Both throw InputError ("NAME: problem") for a file that cannot be mapped or started as a LoROM or
// HiROM image of the NTSC console; a header field that cannot be right is a warning (RomImage::
// warnings), and the ROM's size is always the file's. The layout is the one whose header holds a
// map mode of that layout ($20/$30 at $7FD5, $21/$31 at $FFD5); when both do, the one whose
// checksum words agree, LoROM if both or neither; when neither does, the place that looks most
// like a header (its reset vector and the instruction there, its checksum words).
RomImage loadRomFile(const std::filesystem::path& path);
RomImage parseRom(std::vector<std::uint8_t> fileBytes, const std::string& name);

// Where the byte a cartridge of `layout` shows at `address` lies in its ROM image, or nothing when
// the address is not in a ROM area. LoROM: $8000-$FFFF of any bank but $7E/$7F. HiROM: all of
// $40-$7D and $C0-$FF, and $8000-$FFFF of $00-$3F/$80-$BF. Banks mirror the image when it is
// smaller than the address space.
std::optional<std::size_t> romOffset(std::uint32_t address, RomLayout layout, std::size_t romBytes);

// One address for every mirror of a ROM byte, so that code labelled in one bank is known where it
// runs in another: the address that shows ROM offset o first, LoROM's $BB:8000 + o % $8000 in
// banks $00-$7D (then $FE-$FF), HiROM's $C0 + o / $10000. Any address that is not ROM is its own.
std::uint32_t homeAddress(std::uint32_t address, RomLayout layout, std::size_t romBytes);
// The 16-bit sum of all bytes, with an image whose size is not a power of two counted as if
// mirrored up to the next one, the way the console maps it.
std::uint16_t snesChecksum(std::span<const std::uint8_t> rom);

// Sets the header's complement and checksum words so that snesChecksum(rom) equals the stored
// checksum. Throws std::invalid_argument for an image too small to hold that header.
void writeChecksum(std::vector<std::uint8_t>& rom, RomLayout layout);

} // namespace emu
