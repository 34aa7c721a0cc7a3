// The CPU rules the vector sets do not cover (interrupts, WAI/STP, emulation-mode wrapping and
// branch timing, run limits, observers), written from the WDC datasheet and
// ../shared/reference/cpu-and-timing.md (B.3).

#include "emu/cpu/cpu.hpp"
#include "emu/cpu/flat_bus.hpp"
#include "tests/support/recorder.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

namespace tileprof::test {
namespace {

using emu::AccessKind;
using emu::StepKind;
using emu::StopReason;

constexpr std::uint8_t kNop = 0xEA;

// A CPU on a flat bus with a program loaded at `at` and PB:PC pointing to it.
struct Machine {
    emu::FlatBus bus;
    emu::Cpu<emu::FlatBus> cpu{bus};
    Recorder recorder;

    Machine(std::uint32_t at, const std::vector<std::uint8_t>& code, bool emulation, std::uint8_t p)
    {
        load(at, code);
        emu::Registers& r = cpu.state.regs;
        r.pbr = static_cast<std::uint8_t>(at >> 16);
        r.pc = static_cast<std::uint16_t>(at);
        r.e = emulation;
        r.p = p;
        r.s = 0x01F0;
    }

    void load(std::uint32_t at, const std::vector<std::uint8_t>& bytes)
    {
        for (std::size_t i = 0; i < bytes.size(); ++i) {
            bus.poke(at + static_cast<std::uint32_t>(i), bytes[i]);
        }
    }

    void setVector(std::uint32_t at, std::uint16_t target)
    {
        load(at, {static_cast<std::uint8_t>(target), static_cast<std::uint8_t>(target >> 8)});
    }

    StopReason run(const emu::RunLimits& limits) { return runRecorded(cpu, limits, recorder); }

    // Runs exactly one step (instruction, interrupt entry or wait cycle).
    StopReason step() { return run(emu::RunLimits{.cycles = 1}); }

    const emu::Registers& regs() const { return cpu.state.regs; }
};

void checkAccess(const emu::BusAccess& access, AccessKind kind, std::uint32_t address)
{
    CHECK(access.kind == kind);
    CHECK(access.address == address);
}

void checkWrite(const emu::BusAccess& access, std::uint32_t address, std::uint8_t value)
{
    checkAccess(access, AccessKind::Write, address);
    CHECK(access.value == value);
}

TEST_CASE("cpu: NMI entry in native mode is 8 cycles and pushes PB, PC and P")
{
    Machine m(0x123456, {kNop}, false, 0x38); // M8 X8, decimal set: the entry must clear it
    m.setVector(0x00FFEA, 0x9000);
    m.cpu.state.time.cycles = 100; // the request was raised well before this boundary
    m.bus.raiseNmi(0);
    m.step();

    const auto& a = m.recorder.accesses;
    REQUIRE(a.size() == 8);
    checkAccess(a[0], AccessKind::Opcode, 0x123456); // fetched and discarded: PC does not move
    checkAccess(a[1], AccessKind::Idle, 0x123456);
    checkWrite(a[2], 0x0001F0, 0x12);
    checkWrite(a[3], 0x0001EF, 0x34);
    checkWrite(a[4], 0x0001EE, 0x56);
    checkWrite(a[5], 0x0001ED, 0x38);
    checkAccess(a[6], AccessKind::Read, 0x00FFEA);
    checkAccess(a[7], AccessKind::Read, 0x00FFEB);
    CHECK(m.regs().programAddress() == 0x009000);
    CHECK(m.regs().s == 0x01EC);
    CHECK(m.regs().p == 0x34); // I set, D clear
    CHECK_FALSE(m.bus.nmiPending());
    REQUIRE(m.recorder.steps.size() == 1);
    CHECK(m.recorder.steps[0].kind == StepKind::Nmi);
    CHECK(m.recorder.steps[0].cycles == 8);
}

TEST_CASE("cpu: IRQ in emulation mode is 7 cycles and pushes P with the B flag clear")
{
    Machine m(0x008000, {kNop}, true, 0x30);
    m.cpu.state.regs.s = 0x01FF;
    m.setVector(0x00FFFE, 0x9000);
    m.cpu.state.time.cycles = 100;
    m.bus.setIrq(true, 0);
    m.step();

    const auto& a = m.recorder.accesses;
    REQUIRE(a.size() == 7);
    checkWrite(a[2], 0x0001FF, 0x80);
    checkWrite(a[3], 0x0001FE, 0x00);
    checkWrite(a[4], 0x0001FD, 0x20);
    checkAccess(a[5], AccessKind::Read, 0x00FFFE);
    CHECK(m.regs().pc == 0x9000);
    CHECK(m.regs().s == 0x01FC);
}

TEST_CASE("cpu: BRK and COP push the address after the signature byte")
{
    SUBCASE("BRK in emulation mode sets B in the pushed P")
    {
        Machine m(0x008000, {0x00, 0xAB}, true, 0x30);
        m.cpu.state.regs.s = 0x01FF;
        m.setVector(0x00FFFE, 0x9000);
        m.run(emu::RunLimits{.instructions = 1});
        const auto& a = m.recorder.accesses;
        REQUIRE(a.size() == 7);
        checkAccess(a[1], AccessKind::Operand, 0x008001);
        checkWrite(a[2], 0x0001FF, 0x80);
        checkWrite(a[3], 0x0001FE, 0x02);
        checkWrite(a[4], 0x0001FD, 0x30);
        CHECK(m.regs().pc == 0x9000);
    }
    SUBCASE("COP in native mode pushes PB and uses $FFE4")
    {
        Machine m(0x058000, {0x02, 0xAB}, false, 0x30);
        m.setVector(0x00FFE4, 0x9100);
        m.run(emu::RunLimits{.instructions = 1});
        const auto& a = m.recorder.accesses;
        REQUIRE(a.size() == 8);
        checkWrite(a[2], 0x0001F0, 0x05);
        checkWrite(a[3], 0x0001EF, 0x80);
        checkWrite(a[4], 0x0001EE, 0x02);
        CHECK(m.regs().programAddress() == 0x009100);
    }
}

TEST_CASE("cpu: RTI in native mode restores P, PC and PB and the register widths")
{
    Machine m(0x008000, {0x40}, false, 0x30);
    m.load(0x0001F1, {0x00, 0x34, 0x12, 0x7F}); // P (16-bit A and X), PCL, PCH, PB
    m.cpu.state.regs.x = 0x00AB;
    m.run(emu::RunLimits{.instructions = 1});
    CHECK(m.recorder.accesses.size() == 7);
    CHECK(m.regs().programAddress() == 0x7F1234);
    CHECK(m.regs().p == 0x00);
    CHECK(m.regs().s == 0x01F4);
}

TEST_CASE("cpu: CLI lets a pending IRQ in only after the next instruction")
{
    Machine m(0x008000, {0x58, kNop, kNop}, false, 0x34);
    m.setVector(0x00FFEE, 0x9000);
    m.load(0x009000, {kNop});
    m.cpu.state.time.cycles = 100;
    m.bus.setIrq(true, 0);
    m.run(emu::RunLimits{.instructions = 3});

    const auto& steps = m.recorder.steps;
    REQUIRE(steps.size() == 4);
    CHECK(steps[0].opcode == 0x58);
    CHECK(steps[1].kind == StepKind::Instruction);
    CHECK(steps[1].address == 0x008001);
    CHECK(steps[2].kind == StepKind::Irq);
    CHECK(steps[3].address == 0x009000);
    // The NOP before the interrupt reads PB:PC instead of idling: a program cycle, 8 clocks.
    CHECK(steps[1].masterClocks == 16);
    checkAccess(m.recorder.accesses[3], AccessKind::Operand, 0x008002);
    // The pushed return address is the instruction the IRQ interrupted.
    CHECK(m.bus.peek(0x0001EF) == 0x80);
    CHECK(m.bus.peek(0x0001EE) == 0x02);
}

TEST_CASE("cpu: an IRQ raised just before SEI is still taken after it")
{
    Machine m(0x008000, {kNop, 0x78, kNop}, false, 0x30);
    m.setVector(0x00FFEE, 0x9000);
    m.run(emu::RunLimits{.instructions = 1});
    // Raised at this boundary: the NOP's poll has passed, so SEI runs first, but SEI sets I only
    // in its last cycle, after its own poll saw I clear.
    m.bus.setIrq(true, m.cpu.state.time.cycles);
    m.run(emu::RunLimits{.cycles = 1});
    m.step();

    const auto& steps = m.recorder.steps;
    REQUIRE(steps.size() == 3);
    CHECK(steps[1].opcode == 0x78);
    CHECK(steps[2].kind == StepKind::Irq);
    CHECK(m.bus.peek(0x0001ED) == 0x34); // the pushed P has I set
}

TEST_CASE("cpu: a request raised at an instruction boundary waits for one more instruction")
{
    Machine m(0x008000, {kNop, kNop}, false, 0x30);
    m.setVector(0x00FFEA, 0x9000);
    m.bus.raiseNmi(m.cpu.state.time.cycles);
    m.run(emu::RunLimits{.cycles = 1});
    m.step();
    REQUIRE(m.recorder.steps.size() == 2);
    CHECK(m.recorder.steps[0].kind == StepKind::Instruction);
    CHECK(m.recorder.steps[1].kind == StepKind::Nmi);
}

TEST_CASE("cpu: WAI waits for an interrupt request")
{
    SUBCASE("with I set it resumes at the next instruction")
    {
        Machine m(0x008000, {0xCB, kNop}, false, 0x34);
        CHECK(m.run(emu::RunLimits{}) == StopReason::WaitingForever);
        CHECK(m.cpu.state.runState == emu::RunState::Waiting);
        CHECK(m.cpu.state.time.cycles == 3);
        CHECK(m.run(emu::RunLimits{.cycles = 100}) == StopReason::WaitingForever);
        CHECK(m.cpu.state.time.cycles == 3);

        m.bus.setIrq(true, m.cpu.state.time.cycles);
        m.run(emu::RunLimits{.instructions = 1});
        const auto& steps = m.recorder.steps;
        REQUIRE(steps.size() == 3);
        CHECK(steps[1].kind == StepKind::Wait);
        CHECK(steps[2].kind == StepKind::Instruction);
        CHECK(steps[2].address == 0x008001);
        CHECK(m.cpu.state.time.cycles == 3 + 2 + 2); // WAI, two cycles to resume (bsnes v094), NOP
    }
    SUBCASE("a request raised before it ends it two cycles after its fetch, without waiting")
    {
        Machine m(0x008000, {0xCB, kNop}, false, 0x34);
        m.bus.setIrq(true, 0);
        m.run(emu::RunLimits{.instructions = 2});
        const auto& steps = m.recorder.steps;
        REQUIRE(steps.size() == 2);
        CHECK(steps[0].cycles == 3);
        CHECK(steps[1].kind == StepKind::Instruction);
        CHECK(steps[1].address == 0x008001);
    }
    SUBCASE("with I clear it takes the interrupt")
    {
        Machine m(0x008000, {0xCB, kNop}, false, 0x30);
        m.setVector(0x00FFEE, 0x9000);
        m.run(emu::RunLimits{});
        m.bus.setIrq(true, m.cpu.state.time.cycles);
        m.run(emu::RunLimits{.cycles = 3}); // the two cycles resuming, then into the interrupt
        const auto& steps = m.recorder.steps;
        REQUIRE(steps.size() == 3);
        CHECK(steps[1].kind == StepKind::Wait);
        CHECK(steps[1].cycles == 2);
        CHECK(steps[2].kind == StepKind::Irq);
        CHECK(m.bus.peek(0x0001EE) == 0x01); // returns to the instruction after WAI
    }
}

TEST_CASE("cpu: STP stops the CPU until reset")
{
    Machine m(0x008000, {0xDB}, true, 0x34);
    m.setVector(0x00FFFC, 0x8000);
    CHECK(m.run(emu::RunLimits{}) == StopReason::Stopped);
    CHECK(m.cpu.state.time.cycles == 3);
    CHECK(m.run(emu::RunLimits{}) == StopReason::Stopped);
    CHECK(m.cpu.state.time.cycles == 3);
    m.cpu.reset();
    CHECK(m.cpu.state.runState == emu::RunState::Running);
    CHECK(m.regs().pc == 0x8000);
}

TEST_CASE("cpu: a taken branch across a page costs one more cycle only in emulation mode")
{
    const auto branchCycles = [](bool emulation, std::uint16_t at, std::uint8_t offset, std::uint8_t p) {
        Machine m(at, {0xD0, offset}, emulation, p); // BNE
        m.run(emu::RunLimits{.instructions = 1});
        return m.cpu.state.time.cycles;
    };
    CHECK(branchCycles(true, 0x80F0, 0x20, 0x30) == 4);  // $80F2 -> $8112 crosses
    CHECK(branchCycles(true, 0x80D0, 0x20, 0x30) == 3);  // $80D2 -> $80F2 stays
    CHECK(branchCycles(true, 0x8100, 0xF0, 0x30) == 4);  // backwards to $80F2 crosses
    CHECK(branchCycles(false, 0x80F0, 0x20, 0x30) == 3); // native: never
    CHECK(branchCycles(true, 0x80F0, 0x20, 0x32) == 2);  // not taken (Z set)
}

// The data-side addresses an instruction read (program fetches left out), and its cycles.
struct Reads {
    std::vector<std::uint32_t> addresses;
    std::uint64_t cycles;
};

Reads dataReads(bool emulation, std::uint16_t d, std::uint16_t index, const std::vector<std::uint8_t>& code)
{
    Machine m(0x008000, code, emulation, 0x30);
    m.cpu.state.regs.d = d;
    m.cpu.state.regs.x = index;
    m.cpu.state.regs.y = index;
    m.cpu.state.regs.dbr = 0x7E;
    m.load(0x0001FF, {0x34, 0x56, 0x78});
    m.load(0x000100, {0x12});
    m.run(emu::RunLimits{.instructions = 1});
    Reads r{{}, m.cpu.state.time.cycles};
    for (const emu::BusAccess& access : m.recorder.accesses) {
        if (access.kind == AccessKind::Read) {
            r.addresses.push_back(access.address);
        }
    }
    return r;
}

using Addresses = std::vector<std::uint32_t>;

TEST_CASE("cpu: emulation mode keeps a DL=0 direct page within its page")
{
    SUBCASE("d,x wraps when DL = 0, and only then")
    {
        CHECK(dataReads(true, 0x0100, 2, {0xB5, 0xFF}).addresses == Addresses{0x000101});
        CHECK(dataReads(true, 0x0100, 2, {0xB5, 0xFF}).cycles == 4);
        CHECK(dataReads(true, 0x0101, 2, {0xB5, 0xFF}).addresses == Addresses{0x000202});
        CHECK(dataReads(true, 0x0101, 2, {0xB5, 0xFF}).cycles == 5); // DL != 0 costs a cycle
        CHECK(dataReads(false, 0x0100, 2, {0xB5, 0xFF}).addresses == Addresses{0x000201});
    }
    SUBCASE("(d,x): the pointer stays in the page; with DL != 0 its high byte still wraps")
    {
        CHECK(dataReads(true, 0x0100, 1, {0xA1, 0xFE}).addresses == Addresses{0x0001FF, 0x000100, 0x7E1234});
        CHECK(dataReads(true, 0x0101, 0, {0xA1, 0xFE}).addresses == Addresses{0x0001FF, 0x000100, 0x7E1234});
        CHECK(dataReads(true, 0x0101, 0, {0xA1, 0xFE}).cycles == 7);
        CHECK(dataReads(false, 0x0100, 1, {0xA1, 0xFE}).addresses == Addresses{0x0001FF, 0x000200, 0x7E5634});
    }
    SUBCASE("(d),y wraps its pointer; [d] does not")
    {
        CHECK(dataReads(true, 0x0100, 0, {0xB1, 0xFF}).addresses == Addresses{0x0001FF, 0x000100, 0x7E1234});
        CHECK(dataReads(true, 0x0100, 0, {0xA7, 0xFF}).addresses == Addresses{0x0001FF, 0x000200, 0x000201, 0x785634});
    }
}

TEST_CASE("cpu: emulation mode wraps the stack in page 1 except for the 65816's own stack instructions")
{
    const auto pushAt = [](std::uint8_t opcode, std::uint16_t s) {
        Machine m(0x008000, {opcode}, true, 0x30);
        m.cpu.state.regs.s = s;
        m.run(emu::RunLimits{.instructions = 1});
        Addresses writes;
        for (const emu::BusAccess& access : m.recorder.accesses) {
            if (access.kind == AccessKind::Write) {
                writes.push_back(access.address);
            }
        }
        return std::pair{writes, m.regs().s};
    };
    CHECK(pushAt(0x48, 0x0100) == std::pair{Addresses{0x000100}, std::uint16_t{0x01FF}}); // PHA wraps
    CHECK(pushAt(0x0B, 0x0100) == std::pair{Addresses{0x000100, 0x0000FF}, std::uint16_t{0x01FE}}); // PHD

    Machine plb(0x008000, {0xAB}, true, 0x30);
    plb.cpu.state.regs.s = 0x01FF;
    plb.bus.poke(0x000200, 0x42);
    plb.bus.poke(0x000100, 0x99);
    plb.run(emu::RunLimits{.instructions = 1});
    CHECK(plb.regs().dbr == 0x42); // PLB reads $0200, not $0100
    CHECK(plb.regs().s == 0x0100);
}

TEST_CASE("cpu: 16-bit data crosses banks, 16-bit direct page data wraps in bank 0")
{
    SUBCASE("absolute")
    {
        Machine m(0x008000, {0xAD, 0xFF, 0xFF}, false, 0x00); // LDA $FFFF, 16-bit
        m.cpu.state.regs.dbr = 0x12;
        m.bus.poke(0x12FFFF, 0x34);
        m.bus.poke(0x130000, 0x12);
        m.run(emu::RunLimits{.instructions = 1});
        CHECK(m.regs().a == 0x1234);
    }
    SUBCASE("direct page")
    {
        Machine m(0x008000, {0xA5, 0xFF}, false, 0x00); // LDA $FF, 16-bit, D = $FF00
        m.cpu.state.regs.d = 0xFF00;
        m.bus.poke(0x00FFFF, 0x34);
        m.bus.poke(0x000000, 0x12);
        m.bus.poke(0x010000, 0x99);
        m.run(emu::RunLimits{.instructions = 1});
        CHECK(m.regs().a == 0x1234);
    }
}

TEST_CASE("cpu: MVN and MVP move one byte per pass, 7 cycles each, until A wraps")
{
    SUBCASE("MVN counts up")
    {
        Machine m(0x008000, {0x54, 0x7E, 0x7F}, false, 0x20); // MVN $7E,$7F with a 16-bit index
        m.cpu.state.regs.a = 3;
        m.cpu.state.regs.x = 0x1000;
        m.cpu.state.regs.y = 0x2000;
        m.load(0x7F1000, {1, 2, 3, 4, 5});
        m.run(emu::RunLimits{.breakAddress = 0x008003});
        CHECK(m.cpu.state.time.cycles == 28);
        CHECK(m.cpu.state.instructions == 4);
        CHECK(m.regs().a == 0xFFFF);
        CHECK(m.regs().x == 0x1004);
        CHECK(m.regs().y == 0x2004);
        CHECK(m.regs().dbr == 0x7E);
        for (std::uint32_t i = 0; i < 4; ++i) {
            CHECK(m.bus.peek(0x7E2000 + i) == i + 1);
        }
        CHECK(m.bus.peek(0x7E2004) == 0);
    }
    SUBCASE("MVP counts down, and an 8-bit index wraps within 8 bits")
    {
        Machine m(0x008000, {0x44, 0x7E, 0x7F}, false, 0x30);
        m.cpu.state.regs.a = 1;
        m.cpu.state.regs.x = 0x0000;
        m.cpu.state.regs.y = 0x0001;
        m.load(0x7F0000, {9});
        m.load(0x7F00FF, {8});
        m.run(emu::RunLimits{.breakAddress = 0x008003});
        CHECK(m.regs().x == 0x00FE);
        CHECK(m.regs().y == 0x00FF);
        CHECK(m.bus.peek(0x7E0001) == 9);
        CHECK(m.bus.peek(0x7E0000) == 8);
    }
}

TEST_CASE("cpu: decimal mode adds and subtracts BCD digits")
{
    const auto run = [](std::vector<std::uint8_t> code, std::uint8_t p, std::uint16_t a) {
        Machine m(0x008000, code, false, p);
        m.cpu.state.regs.a = a;
        m.run(emu::RunLimits{.instructions = 1});
        return m.regs();
    };
    const emu::Registers add8 = run({0x69, 0x01}, 0x38, 0x0099); // SED, ADC #$01 with C clear
    CHECK(add8.a == 0x0000);
    CHECK((add8.p & emu::flag::carry) != 0);
    CHECK(run({0x69, 0x21, 0x43}, 0x08, 0x1234).a == 0x5555);       // 16-bit
    CHECK(run({0xE9, 0x01}, 0x39, 0x0010).a == 0x0009);             // SBC #$01 with C set
    CHECK(run({0xE9, 0x01, 0x00}, 0x09, 0x1000).a == 0x0999);       // 16-bit borrow through digits
}

TEST_CASE("cpu: XCE into emulation mode forces 8-bit registers and a page-1 stack")
{
    Machine m(0x008000, {0xFB}, false, 0x01); // C set: E becomes 1
    m.cpu.state.regs.x = 0x1234;
    m.cpu.state.regs.y = 0x5678;
    m.cpu.state.regs.s = 0x2345;
    m.run(emu::RunLimits{.instructions = 1});
    CHECK(m.regs().e);
    CHECK(m.regs().x == 0x0034);
    CHECK(m.regs().y == 0x0078);
    CHECK(m.regs().s == 0x0145);
    CHECK((m.regs().p & 0x30) == 0x30);
    CHECK((m.regs().p & emu::flag::carry) == 0);
}

TEST_CASE("cpu: runs stop on instruction boundaries at their limits")
{
    const std::vector<std::uint8_t> loop{kNop, kNop, kNop, 0x80, 0xFB}; // NOPs, then BRA back
    SUBCASE("cycles")
    {
        Machine m(0x008000, loop, false, 0x30);
        CHECK(m.run(emu::RunLimits{.cycles = 5}) == StopReason::CycleLimit);
        CHECK(m.cpu.state.time.cycles == 6);
    }
    SUBCASE("instructions")
    {
        Machine m(0x008000, loop, false, 0x30);
        CHECK(m.run(emu::RunLimits{.instructions = 7}) == StopReason::InstructionLimit);
        CHECK(m.cpu.state.instructions == 7);
        CHECK(m.regs().pc == 0x8003);
    }
    SUBCASE("break address")
    {
        Machine m(0x008000, loop, false, 0x30);
        CHECK(m.run(emu::RunLimits{.breakAddress = 0x008003}) == StopReason::BreakAddress);
        CHECK(m.regs().pc == 0x8003);
        CHECK(m.cpu.state.instructions == 3);
    }
}

TEST_CASE("cpu: observers see every cycle and step and change nothing")
{
    // A loop with loads, stores, read-modify-writes and calls.
    const std::vector<std::uint8_t> program{
        0x18, 0xFB,             // CLC; XCE
        0xC2, 0x30,             // REP #$30
        0xA9, 0x34, 0x12,       // LDA #$1234
        0x8D, 0x00, 0x02,       // STA $0200
        0xEE, 0x00, 0x02,       // INC $0200
        0x20, 0x20, 0x80,       // JSR $8020
        0xE2, 0x20,             // SEP #$20
        0x80, 0xEC,             // BRA $8000
    };
    const std::vector<std::uint8_t> subroutine{0x0A, 0x60}; // ASL A; RTS
    const auto setUp = [&](Machine& m) { m.load(0x008020, subroutine); };

    Machine watched(0x008000, program, true, 0x34);
    setUp(watched);
    watched.run(emu::RunLimits{.instructions = 1000});

    emu::FlatBus bus;
    emu::Cpu<emu::FlatBus> cpu(bus);
    for (std::size_t i = 0; i < program.size(); ++i) {
        bus.poke(0x008000 + static_cast<std::uint32_t>(i), program[i]);
    }
    bus.poke(0x008020, subroutine[0]);
    bus.poke(0x008021, subroutine[1]);
    cpu.state.regs = watched.recorder.registers.front();
    cpu.run(emu::RunLimits{.instructions = 1000});

    CHECK(cpu.state.regs == watched.regs());
    CHECK(cpu.state.time == watched.cpu.state.time);
    CHECK(bus.peek(0x000200) == watched.bus.peek(0x000200));

    const Recorder& r = watched.recorder;
    CHECK(r.accesses.size() == watched.cpu.state.time.cycles);
    CHECK(r.steps.size() == 1000);
    CHECK(r.registers.size() == 1000);
    std::uint64_t stepCycles = 0;
    std::uint64_t stepClocks = 0;
    for (const emu::StepEvent& step : r.steps) {
        stepCycles += step.cycles;
        stepClocks += step.masterClocks;
    }
    CHECK(stepCycles == watched.cpu.state.time.cycles);
    CHECK(stepClocks == watched.cpu.state.time.masterClocks);
    std::uint64_t accessClocks = 0;
    for (std::size_t i = 0; i < r.accesses.size(); ++i) {
        const emu::BusAccess& a = r.accesses[i];
        CHECK(a.cycle == i);
        accessClocks += a.kind == AccessKind::Idle ? emu::FlatBus::idleClocks : emu::FlatBus::accessClocks(a.address);
    }
    CHECK(accessClocks == watched.cpu.state.time.masterClocks);
    for (std::size_t i = 1; i < r.steps.size(); ++i) {
        CHECK(r.registers[i].programAddress() == r.steps[i].address);
    }
}

} // namespace
} // namespace tileprof::test
