#pragma once

#include "emu/apu/apu_clock.hpp"
#include "emu/cpu/cpu.hpp"
#include "emu/cpu/cpu_state.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/scpu/snes_bus.hpp"

#include <cstdint>

namespace emu {

// The whole console around a cartridge, from power-on: the S-CPU on its bus, run frame by frame.
//
// Power-on is pinned so that every run is the same: work RAM holds $55 in every byte (bsnes's
// value when its randomisation is off; `wramFill` gives another emulator's), A = X = Y = 0,
// S = $01FF, P = $34 in emulation mode, and the reset sequence takes 186 master clocks before the
// CPU reads the reset vector (bsnes v094).
class Snes {
public:
    static constexpr std::uint8_t kPowerOnWram = 0x55;
    static constexpr unsigned kResetClocks = 186;

    explicit Snes(const RomImage& rom, std::uint8_t wramFill = kPowerOnWram);
    // The same machine at the same point, from then on its own: a state kept in memory.
    Snes(const Snes& other);
    Snes& operator=(const Snes& other);

    SnesBus& bus() { return bus_; }
    const SnesBus& bus() const { return bus_; }
    CpuState& cpu() { return cpu_.state; }
    const CpuState& cpu() const { return cpu_.state; }

    // Frames begun since power-on: 0 during the first.
    std::uint64_t frame() const { return bus_.frame(); }

    // Runs to the first instruction boundary of the next frame, and the APU to the same time.
    // Stops early at `breakAddress`, or when the CPU stops (STP) or waits with nothing to wake it.
    StopReason runFrame(std::uint32_t breakAddress = kNoBreakAddress);
    // The same to the first instruction boundary at or after `masterClock`.
    StopReason runUntil(std::uint64_t masterClock, std::uint32_t breakAddress = kNoBreakAddress);
    // The same, each step and bus access reported to `observer` (emu/cpu/observer.hpp).
    template <class Observer>
    StopReason runUntil(std::uint64_t masterClock, Observer& observer, std::uint32_t breakAddress = kNoBreakAddress)
    {
        const std::uint64_t now = cpu_.state.time.masterClocks;
        const RunLimits limits{.breakAddress = breakAddress, .masterClocks = masterClock > now ? masterClock - now : 0};
        const StopReason why = cpu_.run(limits, observer);
        bus_.apu().runUntil(cpu_.state.time.masterClocks);
        return why;
    }
    // One instruction (or one wait cycle, one interrupt entry).
    StopReason step();

    // Both pads' buttons from now on (Joypads' layout), for a host that drives them as it goes (the
    // debugger's live play).
    void setPads(std::uint16_t pad1, std::uint16_t pad2)
    {
        bus_.setJoypad(0, pad1, cpu_.state.time.masterClocks);
        bus_.setJoypad(1, pad2, cpu_.state.time.masterClocks);
    }
    // The pads frame by frame (SnesBus::playPads): frame f of the input is what the machine's frame
    // f reads, whatever DMA or loop spans a frame's start.
    void playPads(PadSchedule schedule) { bus_.playPads(std::move(schedule), cpu_.state.time.masterClocks); }

    // The whole machine's state, for a state file (machine_state.hpp): the bus with everything
    // behind it, then the CPU. What is read must be a machine this one could have been: the CPU's
    // time within the video line the bus is in, the APU no further from it than a frame.
    template <class Archive>
    void serialize(Archive& a)
    {
        bus_.serialize(a);
        cpu_.state.serialize(a);
        const std::uint64_t now = cpu_.state.time.masterClocks;
        const std::uint64_t lineStart = bus_.video().lineStart();
        a.require(now >= lineStart && now - lineStart < 2 * VideoTiming::kLineClocks,
                  "the CPU's time is not in the video line the machine is in");
        const std::uint64_t apuCycles = bus_.apu().cycles();
        const std::uint64_t cpuCycles = apu::spcCyclesAt(now);
        const std::uint64_t slack = apu::spcCyclesAt(std::uint64_t{VideoTiming::kLineClocks} * VideoTiming::kLinesPerFrame);
        a.require(apuCycles <= cpuCycles + slack && cpuCycles <= apuCycles + slack,
                  "the APU's time is more than a frame from the CPU's");
    }

private:
    SnesBus bus_;
    Cpu<SnesBus> cpu_;
};

} // namespace emu
