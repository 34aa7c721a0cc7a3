#include "emu/system/snes.hpp"

#include <cstring>

namespace emu {

Snes::Snes(const RomImage& rom, std::uint8_t wramFill) : bus_(rom), cpu_(bus_)
{
    std::memset(bus_.wram().data(), wramFill, bus_.wram().size()); // a byte loop costs 100x under fuzzing's instrumentation
    Registers& r = cpu_.state.regs;
    r.a = 0;
    r.x = 0;
    r.y = 0;
    r.s = 0x01FF;
    r.p = 0x34;
    bus_.passClocks(cpu_.state.time, kResetClocks);
    cpu_.reset();
}

Snes::Snes(const Snes& other) : bus_(other.bus_), cpu_(bus_)
{
    bus_.rebasePages(other.bus_);
    cpu_.state = other.cpu_.state;
}

Snes& Snes::operator=(const Snes& other)
{
    bus_ = other.bus_;
    bus_.rebasePages(other.bus_);
    cpu_.state = other.cpu_.state;
    return *this;
}

StopReason Snes::runFrame(std::uint32_t breakAddress)
{
    return runUntil(bus_.nextFrameStart(), breakAddress);
}

StopReason Snes::runUntil(std::uint64_t end, std::uint32_t breakAddress)
{
    NoObserver none;
    return runUntil(end, none, breakAddress);
}

StopReason Snes::step()
{
    const StopReason why = cpu_.run(RunLimits{.instructions = 1});
    bus_.apu().runUntil(cpu_.state.time.masterClocks);
    return why;
}

} // namespace emu
