#pragma once

#include "emu/cpu/cpu_core.hpp"
#include "emu/cpu/cpu_state.hpp"
#include "emu/cpu/observer.hpp"

namespace emu {

// A 65816 attached to a bus. Bus is a compile-time parameter so that every access is inlined; see
// flat_bus.hpp and snes_bus.hpp for the two buses and the members the core expects of them.
template <class Bus>
class Cpu {
public:
    explicit Cpu(Bus& bus) : bus_(bus) {}

    CpuState state;

    // Power-on/reset: emulation mode, D=0, DB=PB=0, I set, D flag clear, PC from $00:FFFC.
    void reset()
    {
        Registers& r = state.regs;
        r.e = true;
        r.d = 0;
        r.dbr = 0;
        r.pbr = 0;
        r.s = static_cast<std::uint16_t>(0x0100 | (r.s & 0xFF));
        r.x &= 0xFF;
        r.y &= 0xFF;
        r.p = static_cast<std::uint8_t>((r.p | flag::memory8 | flag::index8 | flag::irqDisable) & ~flag::decimal);
        r.pc = static_cast<std::uint16_t>(bus_.peek(0xFFFC) | bus_.peek(0xFFFD) << 8);
        state.runState = RunState::Running;
    }

    // One internal cycle outside any instruction: how the host lets time pass between calls.
    // No observer sees it.
    void idle() { bus_.idle(state.time); }

    template <class Observer>
    StopReason run(const RunLimits& limits, Observer& observer)
    {
        return detail::run(state, bus_, observer, limits);
    }

    StopReason run(const RunLimits& limits)
    {
        NoObserver none;
        return run(limits, none);
    }

private:
    Bus& bus_;
};

class FlatBus;
class SnesBus;

// Unobserved runs on the two buses are compiled once, in flat_cpu.cpp and snes_cpu.cpp: each run
// loop is large, and compiling it in every file that runs a CPU would cost minutes.
extern template StopReason detail::run<FlatBus, NoObserver>(CpuState&, FlatBus&, NoObserver&, const RunLimits&);
extern template StopReason detail::run<SnesBus, NoObserver>(CpuState&, SnesBus&, NoObserver&, const RunLimits&);

} // namespace emu
