#include "emu/apu/apu.hpp"

#include "emu/apu/apu_clock.hpp"

namespace emu::apu {

Apu::Apu() : bus_(std::make_unique<ApuBus>()), cpu_(*bus_)
{
    cpu_.state.regs.pc = static_cast<std::uint16_t>(bus_->peek(0xFFFE) | bus_->peek(0xFFFF) << 8);
}

Apu::Apu(const Apu& other) : bus_(std::make_unique<ApuBus>(*other.bus_)), cpu_(*bus_), checkpointCpu_(other.checkpointCpu_)
{
    cpu_.state = other.cpu_.state;
}

Apu& Apu::operator=(const Apu& other)
{
    *bus_ = *other.bus_;
    cpu_.state = other.cpu_.state;
    checkpointCpu_ = other.checkpointCpu_;
    return *this;
}

void Apu::runToCycle(std::uint64_t cycles)
{
    ApuBus& bus = *bus_;
    // The bulk, at full speed: instructions that end before `cycles`, which no later S-CPU
    // access (at `cycles` or after) can change.
    if (!cpu_.state.halted && bus.cycles() + kLongestInstruction < cycles) {
        cpu_.runUntil([&] { return bus.cycles() + kLongestInstruction >= cycles; });
        bus.dropCheckpoint();
    }
    // The last few, each after a checkpoint: the one that ends past `cycles` may be undone.
    while (!cpu_.state.halted && bus.cycles() < cycles) {
        bus.checkpoint();
        checkpointCpu_ = cpu_.state;
        ApuBus::Logged logged(bus);
        cpu_.stepOn(logged);
    }
    if (cpu_.state.halted) {
        bus.idleUntil(cycles);
    }
}

void Apu::runUntil(std::uint64_t cpuMasterClock)
{
    runToCycle(spcCyclesAt(cpuMasterClock));
}

std::uint8_t Apu::readPort(unsigned port, std::uint64_t cpuMasterClock)
{
    const std::uint64_t after = spcCyclesAt(cpuMasterClock);
    runToCycle(after);
    return bus_->cpuReadsPortAfter(port, after);
}

void Apu::writePort(unsigned port, std::uint8_t value, std::uint64_t cpuMasterClock)
{
    const std::uint64_t after = spcCyclesAt(cpuMasterClock);
    ApuBus& bus = *bus_;
    // The SPC700 may stand past `after`, in the last instruction of an earlier catch-up. If that
    // instruction read this port in a cycle after `after`, it read the old value where the
    // hardware reads this one: undo it, so it runs again below with the write in place.
    if (bus.cycles() > after && bus.hasCheckpoint() && bus.portInputUsedAt(port) > after) {
        bus.rollBack();
        cpu_.state = checkpointCpu_;
    }
    bus.cpuWritesPortAfter(port, value, after);
    runToCycle(after);
    // The SPC700 now stands at or past `after`. Writes it has passed without reading their port
    // since (this one, if the instruction it stands in looked at the port only before) land now,
    // before any later read.
    bus.landCpuWrites(bus.cycles() + 1);
    // Once the last instruction has looked at no port after `after`, no later write can undo it:
    // drop its checkpoint, and with it the writes kept for landing again.
    bool undoable = false;
    for (unsigned p = 0; p < 4; ++p) {
        undoable |= bus.portInputUsedAt(p) > after;
    }
    if (!undoable) {
        bus.dropCheckpoint();
    }
}

} // namespace emu::apu
