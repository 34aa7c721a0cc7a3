#pragma once

#include <array>
#include <cstdint>

namespace emu::apu {

// The S-SMP's 64-byte boot ROM (IPL), at $FFC0-$FFFF while CONTROL bit 7 is set. It sets SP to
// $EF, clears $0000-$00EF, shows $AA/$BB on ports 0/1 and then loads blocks from the S-CPU through
// the ports ($CC handshake) until it is told to jump. Its reset vector ($FFFE) is $FFC0.
// The bytes are the ones fullsnes ("SNES APU SPC700 Boot ROM") and the SnesLab wiki ("SPC700/IPL
// ROM", after anomie's disassembly) document. This table was checked byte for byte against two
// independent published listings of the 64 bytes, and instruction by instruction against a third
// source, MathOnNapkins' disassembly of the ROM (acmlm board, 2005): MOV X,#$EF; MOV SP,X;
// MOV A,#0; clear loop; MOV $F4,#$AA; MOV $F5,#$BB; ... JMP [$0000+X]; vector $FFC0.
inline constexpr std::array<std::uint8_t, 64> kIplRom = {
    0xCD, 0xEF, 0xBD, 0xE8, 0x00, 0xC6, 0x1D, 0xD0, 0xFC, 0x8F, 0xAA, 0xF4, 0x8F, 0xBB, 0xF5, 0x78, // $FFC0
    0xCC, 0xF4, 0xD0, 0xFB, 0x2F, 0x19, 0xEB, 0xF4, 0xD0, 0xFC, 0x7E, 0xF4, 0xD0, 0x0B, 0xE4, 0xF5, // $FFD0
    0xCB, 0xF4, 0xD7, 0x00, 0xFC, 0xD0, 0xF3, 0xAB, 0x01, 0x10, 0xEF, 0x7E, 0xF4, 0x10, 0xEB, 0xBA, // $FFE0
    0xF6, 0xDA, 0x00, 0xBA, 0xF4, 0xC4, 0xF4, 0xDD, 0x5D, 0xD0, 0xDB, 0x1F, 0x00, 0x00, 0xC0, 0xFF, // $FFF0
};

inline constexpr std::uint16_t kIplRomStart = 0xFFC0;

} // namespace emu::apu
