#include "tests/support/recorder.hpp"

namespace tileprof::test {

void Recorder::beforeStep(const emu::Registers& r)
{
    registers.push_back(r);
}

void Recorder::onAccess(const emu::BusAccess& access)
{
    accesses.push_back(access);
}

void Recorder::onStep(const emu::StepEvent& step)
{
    steps.push_back(step);
}

emu::StopReason runRecorded(emu::Cpu<emu::FlatBus>& cpu, const emu::RunLimits& limits, Recorder& recorder)
{
    return cpu.run(limits, recorder);
}

} // namespace tileprof::test
