#include "tests/support/lorom_builder.hpp"

#include <algorithm>
#include <string>

namespace tileprof::test {

emu::RomImage makeLoRom(const std::vector<std::uint8_t>& code, std::uint16_t vector, std::uint8_t sramSizeCode)
{
    std::vector<std::uint8_t> rom(emu::kLoRomBankBytes, 0xFF);
    std::copy(code.begin(), code.end(), rom.begin());
    const std::string title = "TILEPROF TEST";
    std::fill(rom.begin() + 0x7FC0, rom.begin() + 0x7FC0 + 21, ' ');
    std::copy(title.begin(), title.end(), rom.begin() + 0x7FC0);
    rom[0x7FD5] = 0x20; // LoROM, SlowROM
    rom[0x7FD6] = sramSizeCode == 0 ? 0x00 : 0x02;
    rom[0x7FD7] = 0x05; // 32 KiB
    rom[0x7FD8] = sramSizeCode;
    rom[0x7FD9] = 0x01;
    for (std::size_t at = 0x7FE4; at < 0x8000; at += 2) {
        rom[at] = static_cast<std::uint8_t>(vector);
        rom[at + 1] = static_cast<std::uint8_t>(vector >> 8);
    }
    emu::writeLoRomChecksum(rom);
    return emu::parseRom(std::move(rom), "test.sfc");
}

} // namespace tileprof::test
