#pragma once

#include "emu/cpu/registers.hpp"
#include "emu/timing/time.hpp"

#include <cstdint>
#include <limits>

namespace emu {

enum class RunState : std::uint8_t {
    Running,
    Waiting, // after WAI, until an interrupt is requested
    Stopped, // after STP, until reset
};

enum class StopReason : std::uint8_t {
    CycleLimit,
    InstructionLimit,
    ClockLimit,   // the run reached RunLimits::masterClocks
    BreakAddress, // the next instruction is at RunLimits::breakAddress
    Stopped,      // STP executed
    WaitingForever, // WAI with no interrupt able to wake it
};

inline constexpr std::uint32_t kNoBreakAddress = 0xFFFFFFFF;

// Limits of one Cpu::run call, counted from where the run starts. They are checked between
// instructions, so a run ends on an instruction boundary.
struct RunLimits {
    std::uint64_t cycles = std::numeric_limits<std::uint64_t>::max();
    std::uint64_t instructions = std::numeric_limits<std::uint64_t>::max();
    std::uint32_t breakAddress = kNoBreakAddress; // 24-bit address
    std::uint64_t masterClocks = std::numeric_limits<std::uint64_t>::max();
};

struct CpuState {
    Registers regs;
    Time time;
    std::uint64_t instructions = 0;
    RunState runState = RunState::Running;
    // CLI, SEI, REP, SEP and PLP change I in their last cycle, after the interrupt poll; the poll
    // that ended at `delayedPollCycle` saw `delayedPollI` instead of the new flag.
    std::uint64_t delayedPollCycle = std::numeric_limits<std::uint64_t>::max();
    bool delayedPollI = false;

    template <class Archive>
    void serialize(Archive& a)
    {
        regs.serialize(a);
        time.serialize(a);
        a.value(instructions);
        a.bounded(runState, RunState::Stopped);
        a.value(delayedPollCycle);
        a.value(delayedPollI);
    }
};

} // namespace emu
