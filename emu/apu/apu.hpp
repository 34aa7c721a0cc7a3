#pragma once

#include "emu/apu/apu_bus.hpp"
#include "emu/apu/spc700.hpp"

#include <cstdint>
#include <memory>

namespace emu::apu {

// The SNES's audio unit as the S-CPU sees it: the SPC700 running on its own clock over the
// ApuBus (audio RAM, IPL ROM, timers, ports, the DSP's register file), reached through the four
// ports at $2140-$2143.
//
// Time: the S-CPU's master clock is the machine's time; the APU keeps its own count of SPC700
// cycles and is brought up to a master-clock time when the S-CPU touches a port (apu_clock.hpp has
// the exact ratio). The SPC700 runs whole instructions, so after a catch-up it may stand up to one
// instruction (at most 12 cycles, about 251 master clocks) past the time it was brought to; the
// port access then sees the latches as they are at that point.
//
// Power-on state (chosen to be deterministic where the hardware is not): audio RAM all zero
// (hardware powers up with a pattern of $00 and $FF blocks that no program may rely on); A, X, Y,
// SP and PSW zero; PC from the reset vector at $FFFE in the IPL ROM, $FFC0; the registers as
// ApuBus lists (TEST $0A, CONTROL $B0, ports, timers and DSPADDR zero); DSP registers zero but
// FLG $E0.
class Apu {
public:
    Apu();

    // Runs the SPC700 until its time reaches master-clock time `cpuMasterClock`; earlier times
    // do nothing.
    void runUntil(std::uint64_t cpuMasterClock);

    // Catches up to `cpuMasterClock`, then reads the SPC700's latch of port 0-3 ($2140-$2143).
    std::uint8_t readPort(unsigned port, std::uint64_t cpuMasterClock);
    // Catches up to `cpuMasterClock`, then sets the S-CPU's latch of port 0-3.
    void writePort(unsigned port, std::uint8_t value, std::uint64_t cpuMasterClock);

    // Runs the SPC700 until it has spent at least `cycles` cycles since power-on.
    void runToCycle(std::uint64_t cycles);

    // ---- The host's view (a debugger's): nothing here changes the machine ---------------------------
    const Spc700State& cpu() const { return cpu_.state; }
    std::uint64_t cycles() const { return bus_->cycles(); }
    ApuBus& bus() { return *bus_; }
    const ApuBus& bus() const { return *bus_; }

private:
    std::unique_ptr<ApuBus> bus_;
    Spc700<ApuBus> cpu_;
};

} // namespace emu::apu
