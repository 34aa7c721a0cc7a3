#pragma once

#include "emu/system/snes.hpp"

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace emu {

// One of the machine's memories, by the name tileprof gives it (boot --dump writes NAME.bin).
struct NamedMemory {
    std::string_view name;
    std::span<const std::uint8_t> bytes;
};

// Work RAM (128 KiB), VRAM (64 KiB, word n at bytes 2n and 2n+1), CGRAM (512 B), OAM (544 B), the
// APU's audio RAM (64 KiB) and DSP registers (128 B), and the cartridge's SRAM where it has one.
std::vector<NamedMemory> namedMemories(const Snes& snes);

} // namespace emu
