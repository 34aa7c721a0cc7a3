// SPC700 test vectors (spc700-oracle): one instruction on a flat 64 KiB RAM, every cycle compared.

#include "profiler/engine/conformance/sst_runner.hpp"

#include "profiler/engine/conformance/sst_difference.hpp"

#include "emu/apu/spc700.hpp"

#include <array>
#include <cstdio>
#include <memory>

namespace tileprof {

namespace {

struct Spc700Access {
    char kind; // 'r', 'w' or '-'
    std::uint16_t address;
    std::uint8_t value;
};

// 64 KiB of RAM with no I/O registers or boot ROM, logging every cycle: the vectors' machine.
class RecordingBus {
public:
    std::uint8_t read(std::uint16_t address)
    {
        const std::uint8_t value = ram[address];
        accesses.push_back({'r', address, value});
        return value;
    }
    void write(std::uint16_t address, std::uint8_t value)
    {
        ram[address] = value;
        accesses.push_back({'w', address, value});
    }
    void idle() { accesses.push_back({'-', 0, 0}); }

    std::array<std::uint8_t, 0x10000> ram{};
    std::vector<Spc700Access> accesses;
};

std::string kindName(char kind)
{
    return kind == 'w' ? "write" : kind == 'r' ? "read" : "idle";
}

std::string describeExpected(const SstCycle& cycle)
{
    std::string text = kindName(cycle.rw);
    if (cycle.address) {
        text += " " + sstHex(*cycle.address, 4);
    }
    if (cycle.value) {
        text += " = " + sstHex(*cycle.value, 2);
    }
    return text;
}

std::string describeActual(const Spc700Access& access)
{
    if (access.kind == '-') {
        return "idle";
    }
    return kindName(access.kind) + " " + sstHex(access.address, 4) + " = " + sstHex(access.value, 2);
}

void compareRegisters(const emu::apu::Spc700Registers& want, const emu::apu::Spc700Registers& got,
                      std::vector<std::string>& out)
{
    const auto check = [&](const char* name, unsigned w, unsigned g, int digits) { checkSstRegister(out, name, w, g, digits); };
    check("A", want.a, got.a, 2);
    check("X", want.x, got.x, 2);
    check("Y", want.y, got.y, 2);
    check("SP", want.sp, got.sp, 2);
    check("PC", want.pc, got.pc, 4);
    check("PSW", want.psw, got.psw, 2);
}

std::vector<std::string> runTest(const SstTest& test, RecordingBus& bus)
{
    for (const auto& [address, value] : test.initial.ram) {
        bus.ram[address & 0xFFFF] = value;
    }
    bus.accesses.clear();
    emu::apu::Spc700<RecordingBus> cpu(bus);
    cpu.state.regs = test.initial.spc700;
    // One instruction. SLEEP and STOP halt after their third cycle, which is all the vectors keep.
    cpu.step();

    std::vector<std::string> differences;
    compareRegisters(test.final.spc700, cpu.state.regs, differences);
    for (const auto& [address, value] : test.final.ram) {
        const std::uint8_t got = bus.ram[address & 0xFFFF];
        if (got != value) {
            differences.push_back("RAM " + sstHex(address, 4) + ": expected " + sstHex(value, 2) + ", got " + sstHex(got, 2));
        }
    }
    if (test.cycles.size() != bus.accesses.size()) {
        differences.push_back("cycle count: expected " + std::to_string(test.cycles.size()) + ", got " +
                              std::to_string(bus.accesses.size()));
    }
    const std::size_t common = std::min(test.cycles.size(), bus.accesses.size());
    for (std::size_t i = 0; i < common; ++i) {
        const SstCycle& want = test.cycles[i];
        const Spc700Access& got = bus.accesses[i];
        const bool idle = got.kind == '-';
        if (want.rw != got.kind || (!idle && want.address && *want.address != got.address) ||
            (!idle && want.value && *want.value != got.value)) {
            differences.push_back("cycle " + std::to_string(i + 1) + ": expected " + describeExpected(want) + ", got " +
                                  describeActual(got));
        }
    }

    // Back to zeros for the next test: only what this one set or wrote.
    for (const auto& ram : {test.initial.ram, test.final.ram}) {
        for (const auto& entry : ram) {
            bus.ram[entry.first & 0xFFFF] = 0;
        }
    }
    for (const Spc700Access& access : bus.accesses) {
        if (access.kind == 'w') {
            bus.ram[access.address] = 0;
        }
    }
    return differences;
}

} // namespace

SstResult runSpc700SstFile(const SstFile& file)
{
    const auto bus = std::make_unique<RecordingBus>();
    bus->accesses.reserve(64);
    return tallySstFile(file, [&](const SstTest& test) { return runTest(test, *bus); });
}

} // namespace tileprof
