#include "emu/cpu/disassembler.hpp"

#include "emu/cpu/registers.hpp"

namespace emu {

namespace {

// How an opcode's operand is encoded and written (WDC/ca65 syntax).
enum class Mode : std::uint8_t {
    Imp,        // no operand
    Acc,        // A
    ImmM,       // #, 8 or 16 bits by M
    ImmX,       // #, 8 or 16 bits by X
    Imm8,       // #, always 8 bits (REP, SEP, and the signature byte of BRK, COP and WDM)
    Dp,         // $12
    DpX,        // $12,X
    DpY,        // $12,Y
    DpInd,      // ($12)
    DpXInd,     // ($12,X)
    DpIndY,     // ($12),Y
    DpLong,     // [$12]
    DpLongY,    // [$12],Y
    Sr,         // $12,S
    SrIndY,     // ($12,S),Y
    Abs,        // $1234
    AbsX,       // $1234,X
    AbsY,       // $1234,Y
    AbsInd,     // ($1234)
    AbsXInd,    // ($1234,X)
    AbsLongInd, // [$1234]
    Long,       // $123456
    LongX,      // $123456,X
    JumpAbs,    // $1234 in the instruction's bank
    JumpLong,   // $123456
    Rel8,       // branch, 8-bit offset
    Rel16,      // BRL and PER, 16-bit offset
    Block,      // MVN/MVP: source bank,destination bank
};

struct Instruction {
    const char* mnemonic;
    Mode mode;
};

using enum Mode;

// Indexed by opcode: every one of the 256 is defined on the 65816.
constexpr Instruction kInstructions[256] = {
    // $00
    {"BRK", Imm8}, {"ORA", DpXInd}, {"COP", Imm8}, {"ORA", Sr}, {"TSB", Dp}, {"ORA", Dp}, {"ASL", Dp}, {"ORA", DpLong},
    {"PHP", Imp}, {"ORA", ImmM}, {"ASL", Acc}, {"PHD", Imp}, {"TSB", Abs}, {"ORA", Abs}, {"ASL", Abs}, {"ORA", Long},
    // $10
    {"BPL", Rel8}, {"ORA", DpIndY}, {"ORA", DpInd}, {"ORA", SrIndY}, {"TRB", Dp}, {"ORA", DpX}, {"ASL", DpX},
    {"ORA", DpLongY}, {"CLC", Imp}, {"ORA", AbsY}, {"INC", Acc}, {"TCS", Imp}, {"TRB", Abs}, {"ORA", AbsX},
    {"ASL", AbsX}, {"ORA", LongX},
    // $20
    {"JSR", JumpAbs}, {"AND", DpXInd}, {"JSL", JumpLong}, {"AND", Sr}, {"BIT", Dp}, {"AND", Dp}, {"ROL", Dp},
    {"AND", DpLong}, {"PLP", Imp}, {"AND", ImmM}, {"ROL", Acc}, {"PLD", Imp}, {"BIT", Abs}, {"AND", Abs},
    {"ROL", Abs}, {"AND", Long},
    // $30
    {"BMI", Rel8}, {"AND", DpIndY}, {"AND", DpInd}, {"AND", SrIndY}, {"BIT", DpX}, {"AND", DpX}, {"ROL", DpX},
    {"AND", DpLongY}, {"SEC", Imp}, {"AND", AbsY}, {"DEC", Acc}, {"TSC", Imp}, {"BIT", AbsX}, {"AND", AbsX},
    {"ROL", AbsX}, {"AND", LongX},
    // $40
    {"RTI", Imp}, {"EOR", DpXInd}, {"WDM", Imm8}, {"EOR", Sr}, {"MVP", Block}, {"EOR", Dp}, {"LSR", Dp},
    {"EOR", DpLong}, {"PHA", Imp}, {"EOR", ImmM}, {"LSR", Acc}, {"PHK", Imp}, {"JMP", JumpAbs}, {"EOR", Abs},
    {"LSR", Abs}, {"EOR", Long},
    // $50
    {"BVC", Rel8}, {"EOR", DpIndY}, {"EOR", DpInd}, {"EOR", SrIndY}, {"MVN", Block}, {"EOR", DpX}, {"LSR", DpX},
    {"EOR", DpLongY}, {"CLI", Imp}, {"EOR", AbsY}, {"PHY", Imp}, {"TCD", Imp}, {"JML", JumpLong}, {"EOR", AbsX},
    {"LSR", AbsX}, {"EOR", LongX},
    // $60
    {"RTS", Imp}, {"ADC", DpXInd}, {"PER", Rel16}, {"ADC", Sr}, {"STZ", Dp}, {"ADC", Dp}, {"ROR", Dp},
    {"ADC", DpLong}, {"PLA", Imp}, {"ADC", ImmM}, {"ROR", Acc}, {"RTL", Imp}, {"JMP", AbsInd}, {"ADC", Abs},
    {"ROR", Abs}, {"ADC", Long},
    // $70
    {"BVS", Rel8}, {"ADC", DpIndY}, {"ADC", DpInd}, {"ADC", SrIndY}, {"STZ", DpX}, {"ADC", DpX}, {"ROR", DpX},
    {"ADC", DpLongY}, {"SEI", Imp}, {"ADC", AbsY}, {"PLY", Imp}, {"TDC", Imp}, {"JMP", AbsXInd}, {"ADC", AbsX},
    {"ROR", AbsX}, {"ADC", LongX},
    // $80
    {"BRA", Rel8}, {"STA", DpXInd}, {"BRL", Rel16}, {"STA", Sr}, {"STY", Dp}, {"STA", Dp}, {"STX", Dp},
    {"STA", DpLong}, {"DEY", Imp}, {"BIT", ImmM}, {"TXA", Imp}, {"PHB", Imp}, {"STY", Abs}, {"STA", Abs},
    {"STX", Abs}, {"STA", Long},
    // $90
    {"BCC", Rel8}, {"STA", DpIndY}, {"STA", DpInd}, {"STA", SrIndY}, {"STY", DpX}, {"STA", DpX}, {"STX", DpY},
    {"STA", DpLongY}, {"TYA", Imp}, {"STA", AbsY}, {"TXS", Imp}, {"TXY", Imp}, {"STZ", Abs}, {"STA", AbsX},
    {"STZ", AbsX}, {"STA", LongX},
    // $A0
    {"LDY", ImmX}, {"LDA", DpXInd}, {"LDX", ImmX}, {"LDA", Sr}, {"LDY", Dp}, {"LDA", Dp}, {"LDX", Dp},
    {"LDA", DpLong}, {"TAY", Imp}, {"LDA", ImmM}, {"TAX", Imp}, {"PLB", Imp}, {"LDY", Abs}, {"LDA", Abs},
    {"LDX", Abs}, {"LDA", Long},
    // $B0
    {"BCS", Rel8}, {"LDA", DpIndY}, {"LDA", DpInd}, {"LDA", SrIndY}, {"LDY", DpX}, {"LDA", DpX}, {"LDX", DpY},
    {"LDA", DpLongY}, {"CLV", Imp}, {"LDA", AbsY}, {"TSX", Imp}, {"TYX", Imp}, {"LDY", AbsX}, {"LDA", AbsX},
    {"LDX", AbsY}, {"LDA", LongX},
    // $C0
    {"CPY", ImmX}, {"CMP", DpXInd}, {"REP", Imm8}, {"CMP", Sr}, {"CPY", Dp}, {"CMP", Dp}, {"DEC", Dp},
    {"CMP", DpLong}, {"INY", Imp}, {"CMP", ImmM}, {"DEX", Imp}, {"WAI", Imp}, {"CPY", Abs}, {"CMP", Abs},
    {"DEC", Abs}, {"CMP", Long},
    // $D0
    {"BNE", Rel8}, {"CMP", DpIndY}, {"CMP", DpInd}, {"CMP", SrIndY}, {"PEI", DpInd}, {"CMP", DpX}, {"DEC", DpX},
    {"CMP", DpLongY}, {"CLD", Imp}, {"CMP", AbsY}, {"PHX", Imp}, {"STP", Imp}, {"JML", AbsLongInd}, {"CMP", AbsX},
    {"DEC", AbsX}, {"CMP", LongX},
    // $E0
    {"CPX", ImmX}, {"SBC", DpXInd}, {"SEP", Imm8}, {"SBC", Sr}, {"CPX", Dp}, {"SBC", Dp}, {"INC", Dp},
    {"SBC", DpLong}, {"INX", Imp}, {"SBC", ImmM}, {"NOP", Imp}, {"XBA", Imp}, {"CPX", Abs}, {"SBC", Abs},
    {"INC", Abs}, {"SBC", Long},
    // $F0
    {"BEQ", Rel8}, {"SBC", DpIndY}, {"SBC", DpInd}, {"SBC", SrIndY}, {"PEA", Abs}, {"SBC", DpX}, {"INC", DpX},
    {"SBC", DpLongY}, {"SED", Imp}, {"SBC", AbsY}, {"PLX", Imp}, {"XCE", Imp}, {"JSR", AbsXInd}, {"SBC", AbsX},
    {"INC", AbsX}, {"SBC", LongX},
};

// `$` and `size` bytes of `value` as upper-case hex digits.
std::string hex(std::uint32_t value, unsigned size)
{
    static constexpr char kDigits[] = "0123456789ABCDEF";
    std::string text(2 * size + 1, '$');
    for (unsigned i = 2 * size; i > 0; --i) {
        text[i] = kDigits[value & 0xF];
        value >>= 4;
    }
    return text;
}

} // namespace

std::string Disassembly::text() const
{
    return operand.empty() ? mnemonic : mnemonic + " " + operand;
}

Disassembly disassemble(std::uint32_t address, const std::array<std::uint8_t, 4>& bytes, bool m8, bool x8)
{
    const Instruction& instruction = kInstructions[bytes[0]];
    Disassembly d{instruction.mnemonic, "", 1, std::nullopt};
    const std::uint32_t bank = address & 0xFF0000;
    const std::uint32_t value = bytes[1] | bytes[2] << 8 | bytes[3] << 16;

    const auto show = [&](unsigned size, const char* before, const char* after) {
        d.length = 1 + size;
        d.operand = before + hex(value, size) + after;
    };
    // PC is 16 bits: the target counts from the next instruction and wraps within the bank.
    const auto relative = [&](unsigned size, std::uint16_t offset) {
        d.length = 1 + size;
        const auto pc = static_cast<std::uint16_t>(address + d.length + offset);
        d.operand = hex(pc, 2);
        d.target = bank | pc;
    };

    switch (instruction.mode) {
    case Imp: break;
    case Acc: d.operand = "A"; break;
    case ImmM: show(m8 ? 1 : 2, "#", ""); break;
    case ImmX: show(x8 ? 1 : 2, "#", ""); break;
    case Imm8: show(1, "#", ""); break;
    case Dp: show(1, "", ""); break;
    case DpX: show(1, "", ",X"); break;
    case DpY: show(1, "", ",Y"); break;
    case DpInd: show(1, "(", ")"); break;
    case DpXInd: show(1, "(", ",X)"); break;
    case DpIndY: show(1, "(", "),Y"); break;
    case DpLong: show(1, "[", "]"); break;
    case DpLongY: show(1, "[", "],Y"); break;
    case Sr: show(1, "", ",S"); break;
    case SrIndY: show(1, "(", ",S),Y"); break;
    case Abs: show(2, "", ""); break;
    case AbsX: show(2, "", ",X"); break;
    case AbsY: show(2, "", ",Y"); break;
    case AbsInd: show(2, "(", ")"); break;
    case AbsXInd: show(2, "(", ",X)"); break;
    case AbsLongInd: show(2, "[", "]"); break;
    case Long: show(3, "", ""); break;
    case LongX: show(3, "", ",X"); break;
    case JumpAbs:
        show(2, "", "");
        d.target = bank | (value & 0xFFFF);
        break;
    case JumpLong:
        show(3, "", "");
        d.target = value;
        break;
    // Sign extension to 16 bits is all a negative offset needs: the sum wraps at 16 bits anyway.
    case Rel8: relative(1, static_cast<std::uint16_t>(static_cast<std::int8_t>(bytes[1]))); break;
    case Rel16: relative(2, static_cast<std::uint16_t>(value)); break;
    // The encoding puts the destination bank first; the syntax names the source first.
    case Block:
        d.length = 3;
        d.operand = hex(bytes[2], 1) + "," + hex(bytes[1], 1);
        break;
    }
    return d;
}

Disassembly disassembleRom(const RomImage& image, std::uint32_t address, std::uint8_t flags)
{
    std::array<std::uint8_t, 4> bytes{};
    for (std::uint32_t i = 0; i < bytes.size(); ++i) {
        if (const std::optional<std::size_t> offset = image.offsetOf(address + i)) {
            bytes[i] = image.bytes[*offset];
        }
    }
    return disassemble(address, bytes, (flags & flag::memory8) != 0, (flags & flag::index8) != 0);
}

} // namespace emu
