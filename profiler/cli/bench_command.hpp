#pragma once

#include <cstdint>

namespace tileprof {

// `tileprof bench`: the W8/W16 workloads on the flat bus (checked against the design's totals),
// with and without the profiling observer, and on the LoROM bus. Returns the exit code.
int runBenchCommand(unsigned repeats, std::uint64_t instructions);

} // namespace tileprof
