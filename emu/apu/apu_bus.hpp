#pragma once

#include "emu/apu/dsp_registers.hpp"
#include "emu/apu/ipl_rom.hpp"
#include "emu/apu/timer.hpp"

#include <array>
#include <cstdint>

namespace emu::apu {

// The SPC700's side of the APU: 64 KiB of audio RAM, the IPL ROM over $FFC0-$FFFF, and the
// registers at $00F0-$00FF. It counts the SPC700's cycles, one a read, write or idle cycle.
//
// Registers (fullsnes; bsnes, ares, Mesen2 and LakeSnes agree on what is modelled here):
//   $F0 TEST      write-only, stored (power-on $0A). Not modelled: its clock-speed, timer halt and
//                 RAM write/read-disable bits; every write reaches RAM whatever it holds, and the
//                 hardware's refusal of TEST writes while P is set is not modelled either.
//   $F1 CONTROL   write-only: bits 0-2 enable timers 0-2 (a 0->1 change restarts the timer), bit 4
//                 clears the S-CPU's latches of ports 0-1, bit 5 those of ports 2-3, bit 7 maps
//                 the IPL ROM. Power-on $B0.
//   $F2 DSPADDR   read/write. $F3 DSPDATA: the DSP register it selects; with bit 7 set the read
//                 is of $00-$7F's mirror and a write is ignored.
//   $F4-$F7       ports 0-3: reads see what the S-CPU wrote, writes go to what the S-CPU reads.
//   $F8, $F9      two bytes of plain storage, apart from RAM.
//   $FA-$FC       write-only timer targets. $FD-$FF: the timers' 4-bit outputs, cleared by a read;
//                 writes are ignored.
// Write-only registers read 0. Every write, to a register or not, also reaches the RAM beneath;
// writes to $FFC0-$FFFF always go to RAM, the ROM only hides it from reads.
class ApuBus {
public:
    static constexpr std::size_t kRamBytes = 0x10000;

    ApuBus();

    // ---- The SPC700's cycles --------------------------------------------------------------------

    std::uint8_t read(std::uint16_t address)
    {
        ++cycles_;
        if ((address & 0xFFF0) == 0x00F0) [[unlikely]] {
            return readRegister(address);
        }
        if (address >= kIplRomStart && iplRomMapped()) [[unlikely]] {
            return kIplRom[address - kIplRomStart];
        }
        return ram_[address];
    }

    void write(std::uint16_t address, std::uint8_t value)
    {
        ++cycles_;
        if ((address & 0xFFF0) == 0x00F0) [[unlikely]] {
            writeRegister(address, value);
        }
        ram_[address] = value;
    }

    void idle() { ++cycles_; }

    // Idle cycles up to `cycles` (a halted SPC700's time, passed at once).
    void idleUntil(std::uint64_t cycles)
    {
        if (cycles > cycles_) {
            cycles_ = cycles;
        }
    }

    // SPC700 cycles since power-on.
    std::uint64_t cycles() const { return cycles_; }

    // ---- The S-CPU's side of the ports ------------------------------------------------------------

    std::uint8_t cpuReadsPort(unsigned port) const { return toCpu_[port & 3]; }
    void cpuWritesPort(unsigned port, std::uint8_t value) { toSpc_[port & 3] = value; }

    // ---- The host's view: no side effect on the machine ----------------------------------------------

    // What the SPC700 would read at `address`, without clearing a timer output.
    std::uint8_t peek(std::uint16_t address) const;
    std::uint8_t peekRam(std::uint16_t address) const { return ram_[address]; }
    void pokeRam(std::uint16_t address, std::uint8_t value) { ram_[address] = value; }
    const std::array<std::uint8_t, kRamBytes>& ram() const { return ram_; }
    const DspRegisters& dsp() const { return dsp_; }
    std::uint8_t test() const { return test_; }
    std::uint8_t control() const { return control_; }
    std::uint8_t dspAddress() const { return dspAddress_; }
    std::uint8_t portFromCpu(unsigned port) const { return toSpc_[port & 3]; }
    std::uint8_t portToCpu(unsigned port) const { return toCpu_[port & 3]; }
    std::uint8_t auxiliary(unsigned index) const { return auxiliary_[index & 1]; }
    // Timer 0-2 as it stands now (a copy brought up to the present; the bus's own catches up when
    // the SPC700 looks).
    Timer timer(unsigned index) const;

    bool iplRomMapped() const { return control_ & 0x80; }

private:
    std::uint8_t readRegister(std::uint16_t address);
    std::uint8_t registerValue(std::uint16_t address) const;
    void writeRegister(std::uint16_t address, std::uint8_t value);
    void catchUpTimers();

    std::array<std::uint8_t, kRamBytes> ram_{};
    std::uint64_t cycles_ = 0;
    std::uint8_t test_ = 0x0A;
    std::uint8_t control_ = 0xB0;
    std::uint8_t dspAddress_ = 0;
    DspRegisters dsp_;
    std::array<std::uint8_t, 4> toSpc_{}; // the S-CPU wrote, the SPC700 reads
    std::array<std::uint8_t, 4> toCpu_{}; // the SPC700 wrote, the S-CPU reads
    std::array<std::uint8_t, 2> auxiliary_{};
    std::array<Timer, 3> timers_{Timer(7), Timer(7), Timer(4)}; // every 128, 128 and 16 cycles
};

} // namespace emu::apu
