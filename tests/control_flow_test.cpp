// emu/cpu/control_flow.hpp against the CPU: every one of the 256 opcodes is run once from $00:8000,
// native mode, 8-bit A and X, and where the program counter lands must be what its row says.

#include "emu/cpu/control_flow.hpp"

#include "emu/cpu/cpu.hpp"
#include "emu/cpu/disassembler.hpp"
#include "emu/cpu/flat_bus.hpp"

#include <doctest/doctest.h>

#include <cstdint>

namespace tileprof::test {
namespace {

using emu::ControlFlow;

constexpr std::uint32_t kStart = 0x008000;
constexpr std::uint8_t kOperand[3] = {0x34, 0x12, 0x00}; // every pointer and branch lands far from kStart

struct Landing {
    std::uint32_t at;
    bool stopped; // the CPU halted until reset
};

// Runs `opcode` once with the flags `p` and returns where the next instruction is.
Landing runOnce(std::uint8_t opcode, std::uint8_t p)
{
    emu::FlatBus bus;
    bus.poke(kStart, opcode);
    for (std::uint32_t i = 0; i < 3; ++i) {
        bus.poke(kStart + 1 + i, kOperand[i]);
    }
    // Pointers, the stack and the interrupt vectors lead to $00:4000 and above, nowhere near kStart.
    for (std::uint32_t at = 0; at < 0x200; ++at) {
        bus.poke(at, 0x40);
    }
    for (std::uint32_t at = 0x1234; at < 0x1240; ++at) {
        bus.poke(at, 0x50);
    }
    for (std::uint32_t at = 0xFFE0; at < 0x10000; ++at) {
        bus.poke(at, 0x60);
    }
    emu::Cpu<emu::FlatBus> cpu(bus);
    emu::Registers& r = cpu.state.regs;
    r.pbr = 0;
    r.pc = static_cast<std::uint16_t>(kStart);
    r.e = false;
    r.p = p;
    r.s = 0x01F0;
    r.a = 5; // a block move has more to do
    cpu.run(emu::RunLimits{.instructions = 1});
    return {r.programAddress(), cpu.state.runState == emu::RunState::Stopped};
}

TEST_CASE("control flow: every opcode's row says where the CPU goes next")
{
    for (unsigned code = 0; code < 256; ++code) {
        const auto opcode = static_cast<std::uint8_t>(code);
        CAPTURE(code);
        const ControlFlow flow = emu::controlFlowOf(opcode);
        if (opcode == 0xCB) { // WAI waits for an interrupt, then goes on: Next, but nothing wakes it here
            CHECK(flow == ControlFlow::Next);
            continue;
        }
        const emu::Disassembly d = emu::disassemble(kStart, {opcode, kOperand[0], kOperand[1], kOperand[2]}, true, true);
        const std::uint32_t next = kStart + d.length;
        // All flags clear, then all set: a conditional branch goes each way once.
        const Landing clear = runOnce(opcode, 0x30);
        const Landing set = runOnce(opcode, 0xFF);
        switch (flow) {
        case ControlFlow::Next:
            CHECK(clear.at == next);
            CHECK(set.at == next);
            CHECK_FALSE(clear.stopped);
            break;
        case ControlFlow::Branch:
            REQUIRE(d.target);
            CHECK(clear.at != set.at);
            CHECK((clear.at == *d.target || clear.at == next));
            CHECK((set.at == *d.target || set.at == next));
            break;
        case ControlFlow::Jump:
        case ControlFlow::Call:
            REQUIRE(d.target);
            CHECK(clear.at == *d.target);
            CHECK(set.at == *d.target);
            CHECK(emu::isCall(flow) == (d.mnemonic == "JSR" || d.mnemonic == "JSL"));
            if (emu::isCall(flow)) {
                CHECK(emu::callLength(opcode) == d.length);
            }
            break;
        case ControlFlow::JumpIndirect:
        case ControlFlow::CallIndirect:
        case ControlFlow::Return:
        case ControlFlow::ReturnFromInterrupt:
        case ControlFlow::Interrupt:
            CHECK_FALSE(d.target); // read as it runs, not fixed by the operand
            CHECK(clear.at != next);
            CHECK((clear.at & 0xFFFF) != kStart);
            CHECK(emu::isCall(flow) == (flow == ControlFlow::CallIndirect));
            CHECK(emu::isReturn(flow) == (d.mnemonic == "RTS" || d.mnemonic == "RTL" || d.mnemonic == "RTI"));
            if (flow == ControlFlow::CallIndirect) {
                CHECK(emu::callLength(opcode) == d.length);
            }
            break;
        case ControlFlow::Stop:
            CHECK(clear.stopped);
            break;
        case ControlFlow::BlockMove:
            CHECK(clear.at == kStart);
            break;
        }
    }
}

TEST_CASE("control flow: the table names each kind the opcodes the datasheet gives it")
{
    int counts[11] = {};
    for (unsigned code = 0; code < 256; ++code) {
        ++counts[static_cast<int>(emu::controlFlowOf(static_cast<std::uint8_t>(code)))];
    }
    CHECK(counts[static_cast<int>(ControlFlow::Branch)] == 8);
    CHECK(counts[static_cast<int>(ControlFlow::Jump)] == 4);
    CHECK(counts[static_cast<int>(ControlFlow::JumpIndirect)] == 3);
    CHECK(counts[static_cast<int>(ControlFlow::Call)] == 2);
    CHECK(counts[static_cast<int>(ControlFlow::CallIndirect)] == 1);
    CHECK(counts[static_cast<int>(ControlFlow::Return)] == 2);
    CHECK(counts[static_cast<int>(ControlFlow::ReturnFromInterrupt)] == 1);
    CHECK(counts[static_cast<int>(ControlFlow::Interrupt)] == 2);
    CHECK(counts[static_cast<int>(ControlFlow::Stop)] == 1);
    CHECK(counts[static_cast<int>(ControlFlow::BlockMove)] == 2);
    CHECK(counts[static_cast<int>(ControlFlow::Next)] == 230);
}

} // namespace
} // namespace tileprof::test
