#include "tests/support/rom_builder.hpp"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <string>

namespace tileprof::test {

namespace {

void writeHeader(std::vector<std::uint8_t>& rom, emu::RomLayout layout, std::uint8_t mapMode, std::uint8_t sramSizeCode,
                 std::uint16_t vector)
{
    const auto header = rom.begin() + static_cast<std::ptrdiff_t>(emu::headerOffset(layout));
    const std::string title = "TILEPROF TEST";
    std::fill(header, header + 21, ' ');
    std::copy(title.begin(), title.end(), header);
    header[0x15] = mapMode;
    header[0x16] = sramSizeCode == 0 ? 0x00 : 0x02;
    header[0x17] = static_cast<std::uint8_t>(std::bit_width(std::bit_ceil(rom.size() / 1024)) - 1);
    header[0x18] = sramSizeCode;
    header[0x19] = 0x01;
    for (std::ptrdiff_t at = 0x24; at < 0x40; at += 2) {
        header[at] = static_cast<std::uint8_t>(vector);
        header[at + 1] = static_cast<std::uint8_t>(vector >> 8);
    }
    emu::writeChecksum(rom, layout);
}

} // namespace

emu::RomImage makeLoRom(const std::vector<std::uint8_t>& code, std::uint16_t vector, std::uint8_t sramSizeCode)
{
    std::vector<std::uint8_t> rom(emu::kLoRomBankBytes, 0xFF);
    std::copy(code.begin(), code.end(), rom.begin());
    writeHeader(rom, emu::RomLayout::LoRom, 0x20, sramSizeCode, vector);
    return emu::parseRom(std::move(rom), "test.sfc");
}

emu::RomImage makeHiRom(const std::vector<std::uint8_t>& code, std::size_t banks, std::uint8_t sramSizeCode,
                        std::uint8_t mapMode)
{
    std::vector<std::uint8_t> rom(banks * emu::kHiRomBankBytes, 0xFF);
    for (std::size_t bank = 0; bank < banks; ++bank) {
        rom[bank * emu::kHiRomBankBytes] = static_cast<std::uint8_t>(bank);
    }
    std::copy(code.begin(), code.end(), rom.begin() + 0x8000);
    writeHeader(rom, emu::RomLayout::HiRom, mapMode, sramSizeCode, 0x8000);
    return emu::parseRom(std::move(rom), "test.sfc");
}

} // namespace tileprof::test
