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
// the exact ratio). Port accesses are exact to the SPC700 cycle: an S-CPU access at master clock
// T comes after every SPC700 cycle that starts before T and before every cycle that starts at or
// after T, i.e. after cycles 1..spcCyclesAt(T), as if the SPC700 had stopped at the first cycle
// boundary at or after T. The SPC700 runs whole instructions, so it may stand up to one
// instruction (at most 12 cycles) past that point; the ports hide it:
//   - a read returns a port's value before the SPC700's last write to it if that write came in a
//     later cycle (ApuBus::cpuReadsPortAfter);
//   - a write is queued with its cycle and lands when the SPC700 reads the ports in a later one;
//     if the instruction the SPC700 stands in has already read (or cleared) that port in a later
//     cycle, with the old value, the instruction is undone (ApuBus's checkpoint, taken only for
//     the instructions that may end past a catch-up's target) and runs again.
// Times given to readPort/writePort/runUntil never go back.
//
// Power-on state (chosen to be deterministic where the hardware is not): audio RAM all zero
// (hardware powers up with a pattern of $00 and $FF blocks that no program may rely on); A, X, Y,
// SP and PSW zero; PC from the reset vector at $FFFE in the IPL ROM, $FFC0; the registers as
// ApuBus lists (TEST $0A, CONTROL $B0, ports, timers and DSPADDR zero); DSP registers zero but
// FLG $E0.
class Apu {
public:
    Apu();
    // The same APU at the same point, from then on its own.
    Apu(const Apu& other);
    Apu& operator=(const Apu& other);

    // Runs the SPC700 until its time reaches master-clock time `cpuMasterClock`; earlier times
    // do nothing.
    void runUntil(std::uint64_t cpuMasterClock);

    // The S-CPU reads port 0-3 ($2140-$2143) at `cpuMasterClock`: what the SPC700 last wrote to
    // it in a cycle up to spcCyclesAt(cpuMasterClock).
    std::uint8_t readPort(unsigned port, std::uint64_t cpuMasterClock);
    // The S-CPU writes port 0-3 at `cpuMasterClock`: the SPC700's reads of it in cycles after
    // spcCyclesAt(cpuMasterClock) see `value`.
    void writePort(unsigned port, std::uint8_t value, std::uint64_t cpuMasterClock);

    // Runs the SPC700 until it has spent at least `cycles` cycles since power-on (whole
    // instructions: it may stand past).
    void runToCycle(std::uint64_t cycles);

    // ---- The host's view (a debugger's): nothing here changes the machine ---------------------------
    const Spc700State& cpu() const { return cpu_.state; }
    std::uint64_t cycles() const { return bus_->cycles(); }
    ApuBus& bus() { return *bus_; }
    const ApuBus& bus() const { return *bus_; }

    // The SPC700, its bus and the registers at its checkpoint.
    template <class Archive>
    void serialize(Archive& a)
    {
        bus_->serialize(a);
        cpu_.state.serialize(a);
        checkpointCpu_.serialize(a);
    }

private:
    // The longest SPC700 instruction, in cycles: one starting more than this before a target
    // cannot end past it, so it needs no checkpoint.
    static constexpr std::uint64_t kLongestInstruction = 12;

    std::unique_ptr<ApuBus> bus_;
    Spc700<ApuBus> cpu_;
    Spc700State checkpointCpu_; // the registers at the bus's checkpoint
};

} // namespace emu::apu
