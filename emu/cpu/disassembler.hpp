#pragma once

#include "emu/cartridge/rom_image.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace emu {

// One decoded instruction.
struct Disassembly {
    std::string mnemonic;                 // upper case, e.g. "LDA"
    std::string operand;                  // e.g. "#$12", "$1234,X", "[$12],Y", "$7E2000", "" for implied
    unsigned length;                      // bytes, 1..4
    std::optional<std::uint32_t> target;  // 24-bit address a branch/jump/call goes to when the encoding fixes it
                                          // (relative branches, BRL, JMP/JSR absolute in the instruction's bank, JML/JSL long, PER's value); nullopt otherwise
    std::string text() const;             // mnemonic, a space and the operand, or just the mnemonic
};

// Decodes the instruction at `address` (24-bit PB:PC) from `bytes` (the opcode and the three bytes after it;
// bytes past the instruction's length are ignored). `m8`/`x8` are the M and X flags in effect (true = 8-bit),
// which decide the size of immediate operands of accumulator and index instructions; in emulation mode the
// caller passes true for both.
Disassembly disassemble(std::uint32_t address, const std::array<std::uint8_t, 4>& bytes, bool m8, bool x8);

// The instruction a cartridge holds at `address`, decoded with the M and X widths of `flags` (the
// P register); bytes outside its ROM read as 0.
Disassembly disassembleRom(const RomImage& image, std::uint32_t address, std::uint8_t flags);

} // namespace emu
