// Random bytes as SPC700 code on the whole APU, so that its registers (timers, ports, CONTROL,
// the DSP's ports, the IPL ROM's mapping) are exercised too. The first byte gives what the S-CPU
// writes to the four ports; the rest is loaded at $0200 (and the rest of RAM left zero), where the
// SPC700 starts. The run is bounded in cycles and made twice: both must end in the same state,
// byte for byte, and each instruction must take between 2 and 12 cycles.

#include "emu/apu/apu.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

constexpr std::uint64_t kCycles = 4'000; // 31 steps of timers 0 and 1, 250 of timer 2
constexpr std::uint16_t kStart = 0x0200;
constexpr std::size_t kCodeRoom = 0xFFC0 - kStart;

[[noreturn]] void broken(const char* what)
{
    std::fprintf(stderr, "spc700 fuzzer: %s\n", what);
    std::abort();
}

struct Outcome {
    emu::apu::Spc700State cpu;
    std::uint64_t cycles = 0;
    std::array<std::uint8_t, emu::apu::ApuBus::kRamBytes> ram{};
    std::array<std::uint8_t, 128> dsp{};
    std::array<std::uint8_t, 4> ports{};
    std::array<std::uint8_t, 3> timers{};

    bool operator==(const Outcome&) const = default;
};

Outcome run(const std::uint8_t* data, std::size_t size)
{
    emu::apu::Apu apu;
    emu::apu::ApuBus& bus = apu.bus();
    const std::uint8_t ports = size > 0 ? data[0] : 0;
    const std::size_t code = size > 1 ? std::min(size - 1, kCodeRoom) : 0;
    for (std::size_t i = 0; i < code; ++i) {
        bus.pokeRam(static_cast<std::uint16_t>(kStart + i), data[1 + i]);
    }
    for (unsigned port = 0; port < 4; ++port) {
        apu.writePort(port, static_cast<std::uint8_t>(ports * (port + 1)), 0);
    }
    emu::apu::Spc700<emu::apu::ApuBus> cpu(bus);
    cpu.state.regs.pc = kStart;
    std::uint64_t last = bus.cycles();
    while (bus.cycles() < kCycles && !cpu.state.halted) {
        cpu.step();
        const std::uint64_t spent = bus.cycles() - last;
        if (spent < 2 || spent > 12) {
            broken("an instruction took fewer than 2 or more than 12 cycles");
        }
        last = bus.cycles();
    }
    Outcome outcome;
    outcome.cpu = cpu.state;
    outcome.cycles = bus.cycles();
    outcome.ram = bus.ram();
    outcome.dsp = bus.dsp().bytes();
    for (unsigned port = 0; port < 4; ++port) {
        outcome.ports[port] = bus.portToCpu(port);
    }
    for (unsigned timer = 0; timer < 3; ++timer) {
        outcome.timers[timer] = bus.timer(timer).output();
    }
    return outcome;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static Outcome first;
    static Outcome second;
    first = run(data, size);
    second = run(data, size);
    if (!(first == second)) {
        broken("two runs of the same code ended differently");
    }
    return 0;
}
