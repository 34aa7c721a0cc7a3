#pragma once

#include "emu/timing/access_timing.hpp"
#include "emu/timing/time.hpp"

#include <cstdint>
#include <memory>

namespace emu {

// 16 MiB of RAM in one flat address space, each access priced by the SNES SlowROM speed map and
// no DRAM refresh: the machine the CPU test vectors and the benchmark workloads assume.
// Interrupt lines are driven by the host between runs.
class FlatBus {
public:
    static constexpr std::uint32_t kSize = 1u << 24;
    static constexpr unsigned idleClocks = kFastClocks;

    FlatBus() : memory_(std::make_unique<std::uint8_t[]>(kSize)) {}

    std::uint8_t read(std::uint32_t address, Time& time)
    {
        time.masterClocks += accessClocks(address);
        ++time.cycles;
        return memory_[address];
    }

    void write(std::uint32_t address, std::uint8_t value, Time& time)
    {
        time.masterClocks += accessClocks(address);
        ++time.cycles;
        memory_[address] = value;
    }

    // Nothing raises a request on its own here: one cycle at a time.
    Time idleWaiting(Time time, std::uint64_t, std::uint64_t)
    {
        idle(time);
        return time;
    }

    void idle(Time& time)
    {
        time.masterClocks += idleClocks;
        ++time.cycles;
    }

    static constexpr unsigned accessClocks(std::uint32_t address) { return emu::accessClocks(address, false); }

    std::uint8_t peek(std::uint32_t address) const { return memory_[address & (kSize - 1)]; }
    void poke(std::uint32_t address, std::uint8_t value) { memory_[address & (kSize - 1)] = value; }

    bool interruptRequested() const { return nmi_ || irq_; }
    bool nmiPending() const { return nmi_; }
    bool irqAsserted() const { return irq_; }
    void acknowledgeNmi() { nmi_ = false; }
    std::uint64_t interruptRaisedAt() const { return raisedAt_; }
    bool canInterrupt() const { return false; }

    // `now` is the CPU's cycle count at the moment the line changes.
    void raiseNmi(std::uint64_t now)
    {
        nmi_ = true;
        raisedAt_ = now;
    }
    void setIrq(bool asserted, std::uint64_t now)
    {
        irq_ = asserted;
        raisedAt_ = now;
    }

private:
    std::unique_ptr<std::uint8_t[]> memory_;
    bool nmi_ = false;
    bool irq_ = false;
    std::uint64_t raisedAt_ = 0;
};

} // namespace emu
