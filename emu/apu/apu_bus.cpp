#include "emu/apu/apu_bus.hpp"

namespace emu::apu {

ApuBus::ApuBus() = default;

void ApuBus::catchUpTimers()
{
    for (Timer& timer : timers_) {
        timer.catchUp(cycles_);
    }
}

Timer ApuBus::timer(unsigned index) const
{
    Timer now = timers_[index % 3];
    now.catchUp(cycles_);
    return now;
}

std::uint8_t ApuBus::readRegister(std::uint16_t address)
{
    if (address >= 0xFD) {
        Timer& timer = timers_[address - 0xFD];
        timer.catchUp(cycles_);
        return timer.readOutput();
    }
    return registerValue(address);
}

// A register's value as a read sees it, the timer outputs read without clearing them.
std::uint8_t ApuBus::registerValue(std::uint16_t address) const
{
    switch (address) {
    case 0xF2: return dspAddress_;
    case 0xF3: return dsp_.read(dspAddress_);
    case 0xF4: case 0xF5: case 0xF6: case 0xF7: return toSpc_[address - 0xF4];
    case 0xF8: case 0xF9: return auxiliary_[address - 0xF8];
    case 0xFD: case 0xFE: case 0xFF: return timer(address - 0xFD).output();
    default: return 0; // TEST, CONTROL and the timer targets are write-only
    }
}

void ApuBus::writeRegister(std::uint16_t address, std::uint8_t value)
{
    switch (address) {
    case 0xF0: test_ = value; break;
    case 0xF1:
        catchUpTimers();
        for (unsigned i = 0; i < 3; ++i) {
            timers_[i].setEnabled(value & (1u << i));
        }
        if (value & 0x10) {
            toSpc_[0] = toSpc_[1] = 0;
        }
        if (value & 0x20) {
            toSpc_[2] = toSpc_[3] = 0;
        }
        control_ = value;
        break;
    case 0xF2: dspAddress_ = value; break;
    case 0xF3:
        if (!(dspAddress_ & 0x80)) {
            dsp_.write(dspAddress_, value);
        }
        break;
    case 0xF4: case 0xF5: case 0xF6: case 0xF7: toCpu_[address - 0xF4] = value; break;
    case 0xF8: case 0xF9: auxiliary_[address - 0xF8] = value; break;
    case 0xFA: case 0xFB: case 0xFC:
        catchUpTimers();
        timers_[address - 0xFA].setTarget(value);
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

} // namespace emu::apu
