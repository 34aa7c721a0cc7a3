#pragma once

#include "emu/cpu/bus_access.hpp"
#include "emu/cpu/registers.hpp"
#include "emu/timing/time.hpp"

#include <cstdint>

namespace emu {

enum class StepKind : std::uint8_t {
    Instruction, // one whole instruction (MVN/MVP: one byte moved)
    Nmi,         // the NMI's entry sequence
    Irq,         // the IRQ's entry sequence
    Wait,        // one cycle spent waiting in WAI
};

constexpr bool isInterrupt(StepKind kind)
{
    return kind == StepKind::Nmi || kind == StepKind::Irq;
}

// Reported after every step. The sums of `cycles` and `masterClocks` over all steps equal the
// advance of the machine's Time exactly: refresh that fell inside a step is part of that step.
struct StepEvent {
    std::uint32_t address; // PB:PC where the step began: the instruction's address
    std::uint8_t opcode;   // 0 unless kind == Instruction
    StepKind kind;
    Time start;
    std::uint32_t cycles;
    std::uint32_t masterClocks;
};

// An observer is any object with some of these members. The CPU detects them at compile time, so
// a machine run without an observer carries no hooks at all, and each hook costs only what its
// observer does with it.
//   void beforeStep(const Registers&); // the registers as each step begins
//   void onAccess(const BusAccess&);   // every bus cycle, in order
//   void onStep(const StepEvent&);      // every step, after its last cycle
// The hooks are inlined into the CPU's run loop at every bus cycle; keep them to a few
// instructions, and mark a hook that does more [[gnu::noinline]] (it would bloat the loop and
// its compile time).
template <class O>
concept WatchesRegisters = requires(O& observer, const Registers& registers) { observer.beforeStep(registers); };

template <class O>
concept WatchesAccesses = requires(O& observer, const BusAccess& access) { observer.onAccess(access); };

template <class O>
concept WatchesSteps = requires(O& observer, const StepEvent& event) { observer.onStep(event); };

// An observer that watches short or rare runs (one instruction of a test vector, one call traced
// step by step) can declare
//   static constexpr bool kPlainRunLoop = true;
// Its runs then use a run loop the compiler inlines as it judges, not one flattened function per
// register-width mode: slower per instruction, and minutes less to compile.
template <class O>
concept WantsPlainRunLoop = requires { requires O::kPlainRunLoop; };

struct NoObserver {};

} // namespace emu
