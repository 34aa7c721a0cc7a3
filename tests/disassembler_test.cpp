// The 65816 disassembler: lengths checked against the CPU core, text against WDC/ca65 syntax.

#include "emu/cpu/cpu.hpp"
#include "emu/cpu/disassembler.hpp"
#include "emu/cpu/flat_bus.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <set>
#include <string>

namespace tileprof::test {
namespace {

using Bytes = std::array<std::uint8_t, 4>;

std::string describe(unsigned opcode, bool m8, bool x8)
{
    char text[64];
    std::snprintf(text, sizeof text, "opcode $%02X, M %s, X %s", opcode, m8 ? "8-bit" : "16-bit",
        x8 ? "8-bit" : "16-bit");
    return text;
}

TEST_CASE("disassembler: lengths agree with the CPU for every instruction that falls through")
{
    // These leave PC wherever the jump, return or interrupt goes; STP and WAI never finish; MVN and
    // MVP stay on their own address until the count runs out.
    const std::set<std::string> elsewhere{"BPL", "BMI", "BVC", "BVS", "BCC", "BCS", "BNE", "BEQ", "BRA",
        "BRL", "JMP", "JML", "JSR", "JSL", "RTS", "RTL", "RTI", "BRK", "COP", "STP", "WAI", "MVN", "MVP"};
    constexpr std::uint32_t kAt = 0x014000;

    // One bus for all: each is 16 MiB, and what earlier instructions stored cannot change a length.
    emu::FlatBus bus;
    emu::Cpu<emu::FlatBus> cpu(bus);
    unsigned checked = 0;
    for (unsigned opcode = 0; opcode < 256; ++opcode) {
        // On a flat bus every address is memory, so any operand is safe.
        const Bytes bytes{static_cast<std::uint8_t>(opcode), 0x10, 0x20, 0x30};
        for (std::size_t i = 0; i < bytes.size(); ++i) {
            bus.poke(kAt + static_cast<std::uint32_t>(i), bytes[i]);
        }
        for (const bool m8 : {true, false}) {
            for (const bool x8 : {true, false}) {
                const emu::Disassembly d = emu::disassemble(kAt, bytes, m8, x8);
                if (elsewhere.contains(d.mnemonic)) {
                    continue;
                }
                cpu.state = emu::CpuState{};
                emu::Registers& r = cpu.state.regs;
                r.e = false;
                r.p = static_cast<std::uint8_t>((m8 ? emu::flag::memory8 : 0) | (x8 ? emu::flag::index8 : 0));
                r.pbr = static_cast<std::uint8_t>(kAt >> 16);
                r.pc = static_cast<std::uint16_t>(kAt);
                r.s = 0x01F0;
                cpu.run(emu::RunLimits{.instructions = 1});
                CHECK_MESSAGE(cpu.state.regs.programAddress() - kAt == d.length,
                    describe(opcode, m8, x8) << ": " << d.text());
                ++checked;
            }
        }
    }
    // The 27 opcodes of the mnemonics above are the only ones skipped.
    CHECK(checked == (256 - 27) * 4);
}

struct Example {
    std::uint32_t address;
    Bytes bytes;
    bool m8;
    bool x8;
    const char* text;
    unsigned length;
    std::optional<std::uint32_t> target;
};

TEST_CASE("disassembler: every addressing mode in WDC syntax")
{
    const Example examples[] = {
        // Immediates: M sizes the accumulator's, X the index registers', the rest are always one byte.
        {0x008000, {0xA9, 0x12, 0x34}, true, false, "LDA #$12", 2, {}},
        {0x008000, {0xA9, 0x34, 0x12}, false, true, "LDA #$1234", 3, {}},
        {0x008000, {0x89, 0x34, 0x12}, false, true, "BIT #$1234", 3, {}},
        {0x008000, {0xA2, 0x12, 0x34}, false, true, "LDX #$12", 2, {}},
        {0x008000, {0xA0, 0x34, 0x12}, true, false, "LDY #$1234", 3, {}},
        {0x008000, {0xE0, 0x34, 0x12}, true, false, "CPX #$1234", 3, {}},
        {0x008000, {0xC0, 0xFF, 0x12}, false, true, "CPY #$FF", 2, {}},
        {0x008000, {0xC2, 0x30, 0x12}, false, false, "REP #$30", 2, {}},
        {0x008000, {0xE2, 0x30, 0x12}, false, false, "SEP #$30", 2, {}},
        {0x008000, {0x00, 0x12, 0x34}, false, false, "BRK #$12", 2, {}},
        {0x008000, {0x02, 0xAB, 0x34}, false, false, "COP #$AB", 2, {}},
        {0x008000, {0x42, 0x42, 0x34}, false, false, "WDM #$42", 2, {}},
        // Direct page and stack relative.
        {0x008000, {0xA5, 0x12}, true, true, "LDA $12", 2, {}},
        {0x008000, {0xB5, 0x12}, true, true, "LDA $12,X", 2, {}},
        {0x008000, {0xB6, 0x12}, true, true, "LDX $12,Y", 2, {}},
        {0x008000, {0xB2, 0x12}, true, true, "LDA ($12)", 2, {}},
        {0x008000, {0xA1, 0x12}, true, true, "LDA ($12,X)", 2, {}},
        {0x008000, {0xB1, 0x12}, true, true, "LDA ($12),Y", 2, {}},
        {0x008000, {0xA7, 0x12}, true, true, "LDA [$12]", 2, {}},
        {0x008000, {0xB7, 0x12}, true, true, "LDA [$12],Y", 2, {}},
        {0x008000, {0xA3, 0x12}, true, true, "LDA $12,S", 2, {}},
        {0x008000, {0xB3, 0x12}, true, true, "LDA ($12,S),Y", 2, {}},
        {0x008000, {0x64, 0x0A}, false, false, "STZ $0A", 2, {}},
        // Absolute and long.
        {0x008000, {0xAD, 0x34, 0x12}, false, false, "LDA $1234", 3, {}},
        {0x008000, {0xBD, 0x34, 0x12}, false, false, "LDA $1234,X", 3, {}},
        {0x008000, {0xB9, 0x34, 0x12}, false, false, "LDA $1234,Y", 3, {}},
        {0x008000, {0x9C, 0x00, 0x21}, false, false, "STZ $2100", 3, {}},
        {0x008000, {0xAF, 0x56, 0x34, 0x12}, false, false, "LDA $123456", 4, {}},
        {0x008000, {0x9F, 0x00, 0x20, 0x7E}, false, false, "STA $7E2000,X", 4, {}},
        // Accumulator.
        {0x008000, {0x0A}, true, true, "ASL A", 1, {}},
        {0x008000, {0x4A}, true, true, "LSR A", 1, {}},
        {0x008000, {0x2A}, true, true, "ROL A", 1, {}},
        {0x008000, {0x6A}, true, true, "ROR A", 1, {}},
        {0x008000, {0x1A}, true, true, "INC A", 1, {}},
        {0x008000, {0x3A}, true, true, "DEC A", 1, {}},
        // Jumps and calls: absolute ones stay in the instruction's bank, indirect ones have no fixed target.
        {0x058000, {0x4C, 0x34, 0x12}, true, true, "JMP $1234", 3, 0x051234},
        {0x058000, {0x20, 0x34, 0x12}, true, true, "JSR $1234", 3, 0x051234},
        {0x058000, {0x5C, 0x56, 0x34, 0x12}, true, true, "JML $123456", 4, 0x123456},
        {0x058000, {0x22, 0x56, 0x34, 0x12}, true, true, "JSL $123456", 4, 0x123456},
        {0x058000, {0x6C, 0x34, 0x12}, true, true, "JMP ($1234)", 3, {}},
        {0x058000, {0x7C, 0x34, 0x12}, true, true, "JMP ($1234,X)", 3, {}},
        {0x058000, {0xFC, 0x34, 0x12}, true, true, "JSR ($1234,X)", 3, {}},
        {0x058000, {0xDC, 0x34, 0x12}, true, true, "JML [$1234]", 3, {}},
        // Branches count from the next instruction and wrap within the bank.
        {0x00FFFE, {0x80, 0x05}, true, true, "BRA $0005", 2, 0x000005},
        {0x7E1234, {0xD0, 0xFE}, true, true, "BNE $1234", 2, 0x7E1234},
        {0x018000, {0xF0, 0x80}, true, true, "BEQ $7F82", 2, 0x017F82},
        {0x018000, {0x10, 0x7F}, true, true, "BPL $8081", 2, 0x018081},
        {0x030010, {0x90, 0xE0}, true, true, "BCC $FFF2", 2, 0x03FFF2},
        {0x028000, {0x82, 0xFD, 0xFF}, true, true, "BRL $8000", 3, 0x028000},
        {0x02C000, {0x82, 0x00, 0x80}, true, true, "BRL $4003", 3, 0x024003},
        // PER shows the value it pushes.
        {0x039000, {0x62, 0x10, 0x00}, true, true, "PER $9013", 3, 0x039013},
        {0x039000, {0x62, 0xFF, 0x7F}, true, true, "PER $1002", 3, 0x031002},
        // Block moves: the encoding has the destination bank first, the syntax the source first.
        {0x008000, {0x54, 0x7E, 0x7F}, false, false, "MVN $7F,$7E", 3, {}},
        {0x008000, {0x44, 0x00, 0x7E}, false, false, "MVP $7E,$00", 3, {}},
        // Pushes of effective addresses.
        {0x008000, {0xF4, 0x34, 0x12}, true, true, "PEA $1234", 3, {}},
        {0x008000, {0xD4, 0x12}, true, true, "PEI ($12)", 2, {}},
        // Implied.
        {0x008000, {0xEA}, true, true, "NOP", 1, {}},
        {0x008000, {0xFB}, true, true, "XCE", 1, {}},
        {0x008000, {0x5B}, true, true, "TCD", 1, {}},
        {0x008000, {0x60}, true, true, "RTS", 1, {}},
        {0x008000, {0x6B}, true, true, "RTL", 1, {}},
        {0x008000, {0x40}, true, true, "RTI", 1, {}},
        {0x008000, {0xDB}, true, true, "STP", 1, {}},
        {0x008000, {0xCB}, true, true, "WAI", 1, {}},
    };
    for (const Example& example : examples) {
        INFO(example.text);
        const emu::Disassembly d = emu::disassemble(example.address, example.bytes, example.m8, example.x8);
        CHECK(d.text() == example.text);
        CHECK(d.length == example.length);
        CHECK(d.target == example.target);
    }
}

TEST_CASE("disassembler: the mnemonic and the operand are apart")
{
    const emu::Disassembly lda = emu::disassemble(0x008000, {0xBF, 0x00, 0x20, 0x7E}, true, true);
    CHECK(lda.mnemonic == "LDA");
    CHECK(lda.operand == "$7E2000,X");
    const emu::Disassembly nop = emu::disassemble(0x008000, {0xEA}, true, true);
    CHECK(nop.mnemonic == "NOP");
    CHECK(nop.operand.empty());
}

TEST_CASE("disassembler: the 256 opcodes have 92 mnemonics")
{
    std::set<std::string> mnemonics;
    for (unsigned opcode = 0; opcode < 256; ++opcode) {
        mnemonics.insert(emu::disassemble(0, {static_cast<std::uint8_t>(opcode)}, true, true).mnemonic);
    }
    CHECK(mnemonics.size() == 92);
}

} // namespace
} // namespace tileprof::test
