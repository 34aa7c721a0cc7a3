#pragma once

#include "base/printf_string.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace tileprof {

// A 24-bit CPU address as SNES documentation writes it: "$BB:AAAA".
inline std::string cpuAddressText(std::uint32_t address)
{
    return printfString("$%02X:%04X", address >> 16, address & 0xFFFF);
}

// The other CPU address of the same ROM byte: banks $80-$FF mirror $00-$7F wherever ROM is mapped.
// WRAM at $7E-$7F is not mirrored at $FE-$FF, nor is anything below $8000 in banks $00-$3F.
inline std::optional<std::uint32_t> fastRomMirror(std::uint32_t address)
{
    constexpr std::uint32_t kFastRomBit = 0x800000;
    const std::uint32_t bank = (address >> 16) & 0x7F;
    if (bank >= 0x7E || ((address & 0xFFFF) < 0x8000 && bank < 0x40)) {
        return std::nullopt;
    }
    return address ^ kFastRomBit;
}

} // namespace tileprof
