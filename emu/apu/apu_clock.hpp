#pragma once

#include <cstdint>

namespace emu::apu {

// The APU's oscillator is 24,606,720 Hz (bsnes's measured figure; nominally 24.576 MHz) and one
// SPC700 cycle takes 24 of its clocks: 1,025,280 SPC700 cycles a second. The S-CPU's master clock
// is 21,477,272 Hz. One SPC700 cycle is therefore 21,477,272 / 1,025,280 master clocks, which
// reduces (gcd 8) to 2,684,659 / 128,160: exactly, with no rounding to drift.
inline constexpr std::uint64_t kOscillatorHz = 24'606'720;
inline constexpr std::uint64_t kOscillatorClocksPerCycle = 24;
inline constexpr std::uint64_t kMasterClockHz = 21'477'272;
inline constexpr std::uint64_t kMasterClocksPerRatio = 2'684'659; // per kCyclesPerRatio SPC700 cycles
inline constexpr std::uint64_t kCyclesPerRatio = 128'160;
static_assert(kMasterClocksPerRatio * (kOscillatorHz / kOscillatorClocksPerCycle) ==
              kCyclesPerRatio * kMasterClockHz);

// How many SPC700 cycles have ended by master-clock time `masterClocks`: the fewest whole cycles
// whose time reaches it, ceil(masterClocks * 128160 / 2684659). Split so no product overflows.
constexpr std::uint64_t spcCyclesAt(std::uint64_t masterClocks)
{
    const std::uint64_t whole = masterClocks / kMasterClocksPerRatio;
    const std::uint64_t rest = masterClocks % kMasterClocksPerRatio;
    return whole * kCyclesPerRatio + (rest * kCyclesPerRatio + kMasterClocksPerRatio - 1) / kMasterClocksPerRatio;
}

// The master-clock time at which SPC700 cycle number `cycles` ends (rounded down).
constexpr std::uint64_t masterClocksAt(std::uint64_t cycles)
{
    const std::uint64_t whole = cycles / kCyclesPerRatio;
    const std::uint64_t rest = cycles % kCyclesPerRatio;
    return whole * kMasterClocksPerRatio + rest * kMasterClocksPerRatio / kCyclesPerRatio;
}

} // namespace emu::apu
