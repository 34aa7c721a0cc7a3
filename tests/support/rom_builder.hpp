#pragma once

#include "emu/cartridge/rom_image.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tileprof::test {

// Builds a valid one-bank LoROM image in memory: `code` at $00:8000, every vector pointing to
// `vector` ($8000 unless given), a consistent header and checksum.
emu::RomImage makeLoRom(const std::vector<std::uint8_t>& code, std::uint16_t vector = 0x8000,
                        std::uint8_t sramSizeCode = 0);

// Builds a valid HiROM image of `banks` 64 KiB banks: `code` at offset $8000 ($00:8000 and
// $C0:8000), every bank's first byte its own number, every vector pointing to $8000, the header
// at $FFC0 with `mapMode` ($21 SlowROM, $31 FastROM) and a consistent checksum.
emu::RomImage makeHiRom(const std::vector<std::uint8_t>& code, std::size_t banks = 1, std::uint8_t sramSizeCode = 0,
                        std::uint8_t mapMode = 0x21);

} // namespace tileprof::test
