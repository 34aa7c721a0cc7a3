#pragma once

#include <array>
#include <cstdint>

namespace emu {

// What an instruction does to the flow of control. One table for everything that follows the
// program: coverage's reachable code, attribution's call stacks, the harness's software
// interrupts, the test vectors' block moves, the in-game call tracking.
enum class ControlFlow : std::uint8_t {
    Next,                // on to the next instruction (REP and SEP too, with other widths; WAI once woken)
    Branch,              // BPL BMI BVC BVS BCC BCS BNE BEQ: to the target its operand fixes, or on
    Jump,                // BRA BRL JMP abs JML long: to the target its operand fixes
    JumpIndirect,        // JMP (abs) JMP (abs,X) JML [abs]: to an address read as it runs
    Call,                // JSR abs, JSL long: to the target its operand fixes, returning after itself
    CallIndirect,        // JSR (abs,X): to an address read as it runs, returning after itself
    Return,              // RTS, RTL
    ReturnFromInterrupt, // RTI
    Interrupt,           // BRK, COP: through their vector to a handler that RTI leaves
    Stop,                // STP
    BlockMove,           // MVN, MVP: run again at the same address until the count runs out
};

namespace detail {

constexpr ControlFlow controlFlowOfOpcode(std::uint8_t opcode)
{
    switch (opcode) {
    case 0x10: case 0x30: case 0x50: case 0x70: case 0x90: case 0xB0: case 0xD0: case 0xF0:
        return ControlFlow::Branch;
    case 0x80: case 0x82: case 0x4C: case 0x5C:
        return ControlFlow::Jump;
    case 0x6C: case 0x7C: case 0xDC:
        return ControlFlow::JumpIndirect;
    case 0x20: case 0x22:
        return ControlFlow::Call;
    case 0xFC:
        return ControlFlow::CallIndirect;
    case 0x60: case 0x6B:
        return ControlFlow::Return;
    case 0x40:
        return ControlFlow::ReturnFromInterrupt;
    case 0x00: case 0x02:
        return ControlFlow::Interrupt;
    case 0xDB:
        return ControlFlow::Stop;
    case 0x44: case 0x54:
        return ControlFlow::BlockMove;
    default:
        return ControlFlow::Next;
    }
}

constexpr std::array<ControlFlow, 256> kControlFlow = [] {
    std::array<ControlFlow, 256> table{};
    for (unsigned opcode = 0; opcode < 256; ++opcode) {
        table[opcode] = controlFlowOfOpcode(static_cast<std::uint8_t>(opcode));
    }
    return table;
}();

} // namespace detail

constexpr ControlFlow controlFlowOf(std::uint8_t opcode)
{
    return detail::kControlFlow[opcode];
}

constexpr bool isCall(ControlFlow flow)
{
    return flow == ControlFlow::Call || flow == ControlFlow::CallIndirect;
}

constexpr bool isReturn(ControlFlow flow)
{
    return flow == ControlFlow::Return || flow == ControlFlow::ReturnFromInterrupt;
}

// The same answers as the table for two questions asked on every step (the harness's interrupt
// check, coverage's branch counts), by a bit test instead of a load: BPL..BEQ are xxx10000, BRK
// and COP $00 and $02. The compiler checks them against the table.
constexpr bool isConditionalBranch(std::uint8_t opcode)
{
    return (opcode & 0x1F) == 0x10;
}

constexpr bool isSoftwareInterrupt(std::uint8_t opcode)
{
    return (opcode & 0xFD) == 0x00;
}

static_assert([] {
    for (unsigned opcode = 0; opcode < 256; ++opcode) {
        const auto code = static_cast<std::uint8_t>(opcode);
        if (isConditionalBranch(code) != (controlFlowOf(code) == ControlFlow::Branch) ||
            isSoftwareInterrupt(code) != (controlFlowOf(code) == ControlFlow::Interrupt)) {
            return false;
        }
    }
    return true;
}());

// The bytes of a call instruction, after which its return lands: 4 for JSL, 3 for JSR.
constexpr unsigned callLength(std::uint8_t opcode)
{
    return opcode == 0x22 ? 4 : 3;
}

// Whether a return that lands at `address` lands just after a call: a JSR or JSR (a,x) three bytes
// before it, or a JSL four (`peek` reads a byte of the bank). A return that lands elsewhere is a
// dispatch: its routine's address minus one was pushed.
template <class Peek>
bool followsCall(std::uint32_t address, Peek peek)
{
    const auto before = [&](std::uint32_t back) { return peek((address & 0xFF0000) | ((address - back) & 0xFFFF)); };
    constexpr std::uint8_t kJsr = 0x20;
    constexpr std::uint8_t kJsrIndexed = 0xFC;
    constexpr std::uint8_t kJsl = 0x22;
    return before(3) == kJsr || before(3) == kJsrIndexed || before(4) == kJsl;
}

} // namespace emu
