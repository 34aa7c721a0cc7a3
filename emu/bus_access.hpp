#pragma once

#include <cstdint>

namespace emu {

// What one CPU bus cycle did, in the terms of the 65816's VDA/VPA/RWB pins.
enum class AccessKind : std::uint8_t {
    Opcode,  // opcode fetch (VDA and VPA)
    Operand, // program read (VPA)
    Read,    // data read (VDA)
    Write,   // data write
    Idle,    // internal operation: no memory is touched
};

struct BusAccess {
    std::uint32_t address; // 24-bit; for Idle, the PB:PC the CPU holds at that moment
    std::uint8_t value;    // 0 for Idle
    AccessKind kind;
    std::uint8_t masterClocks; // this cycle's own cost, 6, 8 or 12 (refresh is not part of it)
    std::uint64_t cycle;       // index of this cycle in the machine's life
};

} // namespace emu
