#include "emu/apu/apu_bus.hpp"

namespace emu::apu {

ApuBus::ApuBus() = default;

void ApuBus::catchUpTimers()
{
    for (Timer& timer : io_.timers) {
        timer.catchUp(io_.cycles);
    }
}

Timer ApuBus::timer(unsigned index) const
{
    Timer now = io_.timers[index % 3];
    now.catchUp(io_.cycles);
    return now;
}

std::uint8_t ApuBus::readRegister(std::uint16_t address)
{
    if (address >= 0xFD) {
        Timer& timer = io_.timers[address - 0xFD];
        timer.catchUp(io_.cycles);
        return timer.readOutput();
    }
    if (address >= 0xF4 && address <= 0xF7) {
        landCpuWrites(io_.cycles); // those made after an earlier cycle than this one
    }
    return registerValue(address);
}

// A register's value as a read sees it, the timer outputs read without clearing them.
std::uint8_t ApuBus::registerValue(std::uint16_t address) const
{
    switch (address) {
    case 0xF2: return io_.dspAddress;
    case 0xF3: return io_.dsp.read(io_.dspAddress);
    case 0xF4: case 0xF5: case 0xF6: case 0xF7: return io_.toSpc[address - 0xF4];
    case 0xF8: case 0xF9: return io_.auxiliary[address - 0xF8];
    case 0xFD: case 0xFE: case 0xFF: return timer(address - 0xFD).output();
    default: return 0; // TEST, CONTROL and the timer targets are write-only
    }
}

void ApuBus::writeRegister(std::uint16_t address, std::uint8_t value)
{
    switch (address) {
    case 0xF0: io_.test = value; break;
    case 0xF1:
        catchUpTimers();
        for (unsigned i = 0; i < 3; ++i) {
            io_.timers[i].setEnabled(value & (1u << i));
        }
        landCpuWrites(io_.cycles); // an S-CPU write in an earlier cycle is cleared too
        if (value & 0x10) {
            io_.toSpc[0] = io_.toSpc[1] = 0;
        }
        if (value & 0x20) {
            io_.toSpc[2] = io_.toSpc[3] = 0;
        }
        io_.control = value;
        break;
    case 0xF2: io_.dspAddress = value; break;
    case 0xF3:
        if (!(io_.dspAddress & 0x80)) {
            io_.dsp.write(io_.dspAddress, value);
        }
        break;
    case 0xF4: case 0xF5: case 0xF6: case 0xF7: {
        const unsigned port = address - 0xF4;
        io_.toCpuBefore[port] = io_.toCpu[port];
        io_.toCpuWrittenAt[port] = io_.cycles;
        io_.toCpu[port] = value;
        break;
    }
    case 0xF8: case 0xF9: io_.auxiliary[address - 0xF8] = value; break;
    case 0xFA: case 0xFB: case 0xFC:
        catchUpTimers();
        io_.timers[address - 0xFA].setTarget(value);
        break;
    default: break; // the timer outputs are read-only
    }
}

std::uint8_t ApuBus::peek(std::uint16_t address) const
{
    if ((address & 0xFFF0) == 0x00F0) {
        return registerValue(address);
    }
    if (address >= kIplRomStart && iplRomMapped()) {
        return kIplRom[address - kIplRomStart];
    }
    return ram_[address];
}

void ApuBus::checkpoint()
{
    // Writes made after cycles up to now land before the next instruction's first read; once in
    // the saved latches they need no landing again.
    dropCheckpoint();
    hasCheckpoint_ = true;
    saved_ = io_;
}

void ApuBus::dropCheckpoint()
{
    landCpuWrites(io_.cycles + 1);
    cpuWrites_.erase(cpuWrites_.begin(), cpuWrites_.begin() + static_cast<std::ptrdiff_t>(cpuWritesLanded_));
    cpuWritesLanded_ = 0;
    hasCheckpoint_ = false;
    ramLogSize_ = 0;
    inputUsedAt_ = {};
}

void ApuBus::rollBack()
{
    while (ramLogSize_ > 0) {
        const RamByte& old = ramLog_[--ramLogSize_];
        ram_[old.address] = old.value;
    }
    io_ = saved_;
    cpuWritesLanded_ = 0; // none of the queued writes is in the saved latches
    inputUsedAt_ = {};
}

} // namespace emu::apu
