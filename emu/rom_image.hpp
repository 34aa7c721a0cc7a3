#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace emu {

// The LoROM header at ROM offset $7FC0 (CPU $00:FFC0).
struct RomHeader {
    std::string title;                // 21 bytes at $7FC0, trailing spaces and NULs trimmed
    std::uint8_t mapMode;             // $7FD5: $20 LoROM SlowROM, $30 LoROM FastROM
    std::uint8_t cartridgeType;       // $7FD6
    std::uint8_t romSizeCode;         // $7FD7: declared size = 1 KiB << code
    std::uint8_t sramSizeCode;        // $7FD8: SRAM size = 1 KiB << code, 0 = none
    std::uint8_t region;              // $7FD9
    std::uint8_t developer;           // $7FDA
    std::uint8_t version;             // $7FDB
    std::uint16_t checksumComplement; // $7FDC
    std::uint16_t checksum;           // $7FDE
    std::uint16_t resetVector;        // $7FFC (emulation-mode RESET)

    bool fastRom() const { return (mapMode & 0x10) != 0; }
    // Both sizes assume a code parseRom accepted: a larger one would shift out of std::size_t.
    std::size_t declaredRomBytes() const { return std::size_t{1024} << romSizeCode; }
    std::size_t sramBytes() const { return sramSizeCode == 0 ? 0 : std::size_t{1024} << sramSizeCode; }
};

struct RomImage {
    std::string name;                  // the file path as given, used in every message
    std::vector<std::uint8_t> bytes;   // the ROM, copier header removed
    RomHeader header;
    bool copierHeaderRemoved = false;
    std::uint16_t computedChecksum = 0;
    std::vector<std::string> warnings; // non-fatal problems, each "NAME: problem"
};

inline constexpr std::size_t kLoRomBankBytes = 0x8000;
inline constexpr std::size_t kMaxLoRomBytes = 0x400000; // 4 MiB: banks $00-$7D/$80-$FF hold 128 banks of 32 KiB at most
inline constexpr std::size_t kLoRomChecksumOffset = 0x7FDC; // the complement word, then the checksum word

// Both throw InputError ("NAME: problem") for a file that is not a usable LoROM image.
RomImage loadRomFile(const std::filesystem::path& path);
RomImage parseRom(std::vector<std::uint8_t> fileBytes, const std::string& name);

// Where the byte a LoROM cartridge shows at `address` lies in its ROM image, or nothing when the
// address is not in a ROM area ($8000-$FFFF of any bank but $7E/$7F). Banks mirror the image
// when it is smaller than the address space.
std::optional<std::size_t> loRomOffset(std::uint32_t address, std::size_t romBytes);

// The 16-bit sum of all bytes, with an image whose size is not a power of two counted as if
// mirrored up to the next one, the way the console maps it.
std::uint16_t snesChecksum(std::span<const std::uint8_t> rom);

// Sets the complement and checksum at $7FDC-$7FDF so that snesChecksum(rom) equals the stored
// checksum. Throws std::invalid_argument for an image smaller than one bank.
void writeLoRomChecksum(std::vector<std::uint8_t>& rom);

} // namespace emu
