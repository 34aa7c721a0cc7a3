#include "profiler/engine/conformance/sst_runner.hpp"

#include "profiler/engine/conformance/sst_difference.hpp"

#include "emu/cpu/control_flow.hpp"
#include "emu/cpu/cpu.hpp"
#include "emu/cpu/flat_bus.hpp"

#include <cstdio>
#include <string_view>

namespace tileprof {

namespace {

constexpr std::size_t kMaxRecordedCycles = 4096; // a block move of A <= 7 needs 56

class CycleRecorder {
public:
    // Each run is one instruction: a plain run loop, which compiles in a fraction of the time.
    static constexpr bool kPlainRunLoop = true;

    [[gnu::noinline]] void onAccess(const emu::BusAccess& access)
    {
        if (cycles.size() < kMaxRecordedCycles) {
            cycles.push_back(access);
        }
    }
    std::vector<emu::BusAccess> cycles;
};

std::string address24(std::uint32_t address)
{
    return sstHex(address >> 16, 2) + ":" + sstHex(address & 0xFFFF, 4).substr(1);
}

std::string_view kindName(emu::AccessKind kind)
{
    switch (kind) {
    case emu::AccessKind::Opcode: return "opcode fetch";
    case emu::AccessKind::Operand: return "program read";
    case emu::AccessKind::Read: return "data read";
    case emu::AccessKind::Write: return "write";
    case emu::AccessKind::Idle: return "internal";
    }
    return "?";
}

// The kind a vector's cycle describes. The oracle dialect distinguishes only read, write and
// internal, so any of the three read kinds matches its reads.
bool kindMatches(const SstCycle& expected, emu::AccessKind actual, bool busSignals)
{
    using emu::AccessKind;
    if (!busSignals) {
        switch (expected.rw) {
        case 'w': return actual == AccessKind::Write;
        case 'r': return actual == AccessKind::Opcode || actual == AccessKind::Operand || actual == AccessKind::Read;
        default: return actual == AccessKind::Idle;
        }
    }
    if (expected.vda && expected.vpa) {
        return actual == AccessKind::Opcode;
    }
    if (expected.vpa) {
        return actual == AccessKind::Operand;
    }
    if (expected.vda) {
        return actual == (expected.rw == 'w' ? AccessKind::Write : AccessKind::Read);
    }
    return actual == AccessKind::Idle;
}

std::string describeExpected(const SstCycle& cycle, bool busSignals)
{
    std::string text;
    if (busSignals) {
        text = cycle.vda && cycle.vpa ? "opcode fetch" : cycle.vpa ? "program read" : cycle.vda ? (cycle.rw == 'w' ? "write" : "data read")
                                                                             : "internal";
    } else {
        text = cycle.rw == 'w' ? "write" : cycle.rw == 'r' ? "read" : "internal";
    }
    if (cycle.address) {
        text += " " + address24(*cycle.address);
    }
    if (cycle.value) {
        text += " = " + sstHex(*cycle.value, 2);
    }
    return text;
}

std::string describeActual(const emu::BusAccess& access)
{
    std::string text = std::string(kindName(access.kind)) + " " + address24(access.address);
    if (access.kind != emu::AccessKind::Idle) {
        text += " = " + sstHex(access.value, 2);
    }
    return text;
}

void compareRegisters(const emu::Registers& want, const emu::Registers& got, std::vector<std::string>& out)
{
    const auto check = [&](const char* name, unsigned w, unsigned g, int digits) { checkSstRegister(out, name, w, g, digits); };
    check("A", want.a, got.a, 4);
    check("X", want.x, got.x, 4);
    check("Y", want.y, got.y, 4);
    check("S", want.s, got.s, 4);
    check("D", want.d, got.d, 4);
    check("PC", want.pc, got.pc, 4);
    check("PB", want.pbr, got.pbr, 2);
    check("DB", want.dbr, got.dbr, 2);
    check("P", want.p, got.p, 2);
    check("E", want.e, got.e, 1);
}

std::vector<std::string> runTest(const SstTest& test, bool busSignals, emu::FlatBus& bus)
{
    for (const auto& [address, value] : test.initial.ram) {
        bus.poke(address, value);
    }
    emu::Cpu<emu::FlatBus> cpu(bus);
    cpu.state.regs = test.initial.regs;
    if (cpu.state.regs.e) {
        // The SingleStepTests emulation-mode vectors give S a random high byte; the CPU holds 1.
        cpu.state.regs.s = static_cast<std::uint16_t>(0x0100 | (cpu.state.regs.s & 0xFF));
    }
    const std::uint32_t start = cpu.state.regs.programAddress();
    const std::uint8_t opcode = bus.peek(start);

    CycleRecorder recorder;
    cpu.run(emu::RunLimits{.instructions = 1}, recorder);
    while (emu::controlFlowOf(opcode) == emu::ControlFlow::BlockMove && cpu.state.regs.programAddress() == start &&
           recorder.cycles.size() < kMaxRecordedCycles) {
        cpu.run(emu::RunLimits{.instructions = 1}, recorder);
    }

    std::vector<std::string> differences;
    compareRegisters(test.final.regs, cpu.state.regs, differences);
    for (const auto& [address, value] : test.final.ram) {
        if (bus.peek(address) != value) {
            differences.push_back("RAM " + address24(address) + ": expected " + sstHex(value, 2) + ", got " +
                                  sstHex(bus.peek(address), 2));
        }
    }
    if (test.cycles.size() != recorder.cycles.size()) {
        differences.push_back("cycle count: expected " + std::to_string(test.cycles.size()) + ", got " +
                              std::to_string(recorder.cycles.size()));
    }
    const std::size_t common = std::min(test.cycles.size(), recorder.cycles.size());
    for (std::size_t i = 0; i < common; ++i) {
        const SstCycle& want = test.cycles[i];
        const emu::BusAccess& got = recorder.cycles[i];
        const bool valueChecked = got.kind != emu::AccessKind::Idle && want.value.has_value();
        if (!kindMatches(want, got.kind, busSignals) || (want.address && *want.address != got.address) ||
            (valueChecked && *want.value != got.value)) {
            differences.push_back("cycle " + std::to_string(i + 1) + ": expected " + describeExpected(want, busSignals) +
                                  ", got " + describeActual(got));
        }
    }

    for (const auto& ram : {test.initial.ram, test.final.ram}) {
        for (const auto& entry : ram) {
            bus.poke(entry.first, 0);
        }
    }
    for (const emu::BusAccess& access : recorder.cycles) {
        if (access.kind == emu::AccessKind::Write) {
            bus.poke(access.address, 0);
        }
    }
    return differences;
}

} // namespace

SstResult runSstFile(const SstFile& file)
{
    if (file.cpu == SstCpu::Spc700) {
        return runSpc700SstFile(file);
    }
    emu::FlatBus bus;
    return tallySstFile(file, [&](const SstTest& test) { return runTest(test, file.busSignals, bus); });
}

} // namespace tileprof
