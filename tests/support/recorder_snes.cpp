#include "tests/support/recorder.hpp"

namespace tileprof::test {

// Apart from recorder.cpp so that the two large run loops compile in parallel.
emu::StopReason runRecorded(emu::Cpu<emu::SnesBus>& cpu, const emu::RunLimits& limits, Recorder& recorder)
{
    return cpu.run(limits, recorder);
}

} // namespace tileprof::test
