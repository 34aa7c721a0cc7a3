#include "emu/apu/apu.hpp"

#include "emu/apu/apu_clock.hpp"

namespace emu::apu {

Apu::Apu() : bus_(std::make_unique<ApuBus>()), cpu_(*bus_)
{
    cpu_.state.regs.pc = static_cast<std::uint16_t>(bus_->peek(0xFFFE) | bus_->peek(0xFFFF) << 8);
}

void Apu::runToCycle(std::uint64_t cycles)
{
    ApuBus& bus = *bus_;
    cpu_.runUntil([&] { return bus.cycles() >= cycles; });
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
    runUntil(cpuMasterClock);
    return bus_->cpuReadsPort(port);
}

void Apu::writePort(unsigned port, std::uint8_t value, std::uint64_t cpuMasterClock)
{
    runUntil(cpuMasterClock);
    bus_->cpuWritesPort(port, value);
}

} // namespace emu::apu
