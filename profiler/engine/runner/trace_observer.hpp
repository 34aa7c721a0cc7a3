#pragma once

#include "emu/cpu/observer.hpp"
#include "profiler/engine/runner/call_observer.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace tileprof {

// One step of a traced call: the registers it began with, the bytes of its instruction as the CPU
// fetched them, and its cost.
struct TracedStep {
    emu::Registers before;
    std::array<std::uint8_t, 4> bytes{}; // opcode and operands; unused bytes 0
    std::uint32_t address = 0;
    emu::StepKind kind = emu::StepKind::Instruction;
    std::uint32_t cycles = 0;
    std::uint32_t masterClocks = 0;
};

// What `tileprof trace` shows of one call, step by step.
struct CallTrace {
    int frame = 0;
    int entity = 0;
    std::vector<TracedStep> steps;
};

// Records steps as they run, each with the registers it began with and its instruction's bytes.
class StepTracer {
public:
    void beforeStep(const emu::Registers& registers)
    {
        current_ = TracedStep{};
        current_.before = registers;
        fetched_ = 0;
    }

    void onAccess(const emu::BusAccess& access)
    {
        const bool program = access.kind == emu::AccessKind::Opcode || access.kind == emu::AccessKind::Operand;
        if (program && fetched_ < current_.bytes.size()) {
            current_.bytes[fetched_++] = access.value;
        }
    }

    void onStep(const emu::StepEvent& step, std::vector<TracedStep>& steps)
    {
        current_.address = step.address;
        current_.kind = step.kind;
        current_.cycles = step.cycles;
        current_.masterClocks = step.masterClocks;
        steps.push_back(current_);
    }

private:
    TracedStep current_;
    std::size_t fetched_ = 0;
};

// Watches a call as its CallObserver does, and records every step with its registers and bytes.
class TraceObserver {
public:
    // It watches one call: a plain run loop, which compiles in a fraction of the time.
    static constexpr bool kPlainRunLoop = true;

    explicit TraceObserver(CallObserver& inner) : inner_(inner) {}

    void beforeStep(const emu::Registers& registers)
    {
        inner_.beforeStep(registers);
        tracer_.beforeStep(registers);
    }

    void onAccess(const emu::BusAccess& access)
    {
        inner_.onAccess(access);
        tracer_.onAccess(access);
    }

    void onStep(const emu::StepEvent& step)
    {
        inner_.onStep(step);
        tracer_.onStep(step, steps_);
    }

    std::vector<TracedStep> takeSteps() { return std::move(steps_); }

private:
    CallObserver& inner_;
    StepTracer tracer_;
    std::vector<TracedStep> steps_;
};

} // namespace tileprof
