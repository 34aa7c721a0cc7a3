#pragma once

#include "emu/cpu/cpu.hpp"
#include "emu/cpu/flat_bus.hpp"
#include "emu/cpu/observer.hpp"
#include "emu/scpu/snes_bus.hpp"

#include <vector>

namespace tileprof::test {

// Records everything a CPU run shows an observer. Its hooks are out of line, and the runs below
// are compiled once (recorder.cpp), so every test shares two instantiations of the run loop.
class Recorder {
public:
    // Tests run short programs: a plain run loop, which compiles in a fraction of the time.
    static constexpr bool kPlainRunLoop = true;

    [[gnu::noinline]] void beforeStep(const emu::Registers& registers);
    [[gnu::noinline]] void onAccess(const emu::BusAccess& access);
    [[gnu::noinline]] void onStep(const emu::StepEvent& step);

    std::vector<emu::Registers> registers; // before each step
    std::vector<emu::BusAccess> accesses;
    std::vector<emu::StepEvent> steps;
};

emu::StopReason runRecorded(emu::Cpu<emu::FlatBus>& cpu, const emu::RunLimits& limits, Recorder& recorder);
emu::StopReason runRecorded(emu::Cpu<emu::SnesBus>& cpu, const emu::RunLimits& limits, Recorder& recorder);

} // namespace tileprof::test
