#pragma once

#include <cstdint>

namespace emu {

inline constexpr unsigned kFastClocks = 6;  // internal cycles, B-bus and CPU registers, FastROM
inline constexpr unsigned kSlowClocks = 8;  // WRAM, SlowROM, expansion
inline constexpr unsigned kXSlowClocks = 12; // the old joypad ports $4000-$41FF

// Master clocks one CPU bus cycle costs at a 24-bit address (fullsnes/Anomie memory-speed map).
// FastROM (MEMSEL bit 0) only speeds up addresses with A23 set.
constexpr unsigned accessClocks(std::uint32_t address, bool fastRom)
{
    const std::uint32_t bank = address >> 16;
    const std::uint32_t offset = address & 0xFFFF;
    const bool fastRomArea = fastRom && bank >= 0x80;
    if ((bank & 0x40) != 0) { // $40-$7F and $C0-$FF: cartridge and WRAM only
        return bank >= 0xC0 && fastRomArea ? kFastClocks : kSlowClocks;
    }
    if (offset >= 0x8000) {
        return fastRomArea ? kFastClocks : kSlowClocks;
    }
    if (offset < 0x2000 || offset >= 0x6000) {
        return kSlowClocks;
    }
    if (offset >= 0x4000 && offset < 0x4200) {
        return kXSlowClocks;
    }
    return kFastClocks;
}

} // namespace emu
