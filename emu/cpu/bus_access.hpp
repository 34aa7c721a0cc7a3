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

// One bus cycle. Its cost in master clocks is the bus's accessClocks(address), or idleClocks.
struct BusAccess {
    std::uint32_t address; // 24-bit; for Idle, the PB:PC the CPU holds at that moment
    std::uint8_t value;    // 0 for Idle
    AccessKind kind;
    std::uint64_t cycle; // index of this cycle in the machine's life
};

} // namespace emu
