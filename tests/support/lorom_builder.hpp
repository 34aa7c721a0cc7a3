#pragma once

#include "emu/rom_image.hpp"

#include <cstdint>
#include <vector>

namespace tileprof::test {

// Builds a valid one-bank LoROM image in memory: `code` at $00:8000, every vector pointing to
// `vector` ($8000 unless given), a consistent header and checksum.
emu::RomImage makeLoRom(const std::vector<std::uint8_t>& code, std::uint16_t vector = 0x8000,
                        std::uint8_t sramSizeCode = 0);

} // namespace tileprof::test
