#pragma once

#include "base/printf_string.hpp"

#include <cstdint>
#include <string>

namespace tileprof {

// A 24-bit CPU address as SNES documentation writes it: "$BB:AAAA".
inline std::string cpuAddressText(std::uint32_t address)
{
    return printfString("$%02X:%04X", address >> 16, address & 0xFFFF);
}

} // namespace tileprof
