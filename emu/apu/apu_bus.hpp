#pragma once

#include "emu/apu/dsp_registers.hpp"
#include "emu/apu/ipl_rom.hpp"
#include "emu/apu/timer.hpp"

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <vector>

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
        ++io_.cycles;
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
        ++io_.cycles;
        if ((address & 0xFFF0) == 0x00F0) [[unlikely]] {
            writeRegister(address, value);
        }
        ram_[address] = value;
    }

    void idle() { ++io_.cycles; }

    // Idle cycles up to `cycles` (a halted SPC700's time, passed at once).
    void idleUntil(std::uint64_t cycles)
    {
        if (cycles > io_.cycles) {
            io_.cycles = cycles;
        }
    }

    // SPC700 cycles since power-on.
    std::uint64_t cycles() const { return io_.cycles; }

    // ---- The S-CPU's side of the ports, timed ---------------------------------------------------
    //
    // An S-CPU access "after cycle N" comes after the SPC700's cycles 1..N and before its cycle
    // N+1 (Apu turns a master-clock time into N). The SPC700 may already have run a few cycles
    // past N (the rest of its last instruction); these two keep the ports exact all the same.

    // What an S-CPU read after cycle `after` sees: the SPC700's last write to the port is undone
    // if it came in a later cycle. Only the last instruction can have run past `after`, and no
    // instruction writes a port twice, so one earlier value a port is enough.
    std::uint8_t cpuReadsPortAfter(unsigned port, std::uint64_t after) const
    {
        port &= 3;
        return io_.toCpuWrittenAt[port] > after ? io_.toCpuBefore[port] : io_.toCpu[port];
    }

    // An S-CPU write after cycle `after`: the SPC700's reads of the port in later cycles see it.
    // It is queued and lands when the SPC700 next looks at the ports (or clears them) in a cycle
    // past `after`; `after` never goes back. A write the SPC700 has already passed without
    // looking lands at once (see landCpuWrites).
    void cpuWritesPortAfter(unsigned port, std::uint8_t value, std::uint64_t after)
    {
        cpuWrites_.push_back(CpuWrite{after, static_cast<std::uint8_t>(port & 3), value});
    }

    // Lands every queued S-CPU write made after a cycle before `cycle`.
    void landCpuWrites(std::uint64_t cycle)
    {
        while (cpuWritesLanded_ < cpuWrites_.size() && cpuWrites_[cpuWritesLanded_].after < cycle) {
            const CpuWrite& write = cpuWrites_[cpuWritesLanded_++];
            io_.toSpc[write.port] = write.value;
        }
    }

    // ---- Undoing the last instruction ---------------------------------------------------------------
    //
    // Apu runs each instruction that may end past the time it catches up to on a Logged view of
    // this bus, after a checkpoint: should an S-CPU write then turn out to come before a port
    // read of that instruction, the instruction is rolled back and run again with the write in
    // place. A checkpoint is everything here but RAM (a few hundred bytes) and a log of the RAM
    // bytes the instruction overwrote; the queued S-CPU writes that have not landed at the
    // checkpoint stay queued, so a rollback lands them again at their cycles.
    class Logged;

    // Saves the state before the next instruction (landing the S-CPU writes already due).
    void checkpoint();
    // Forgets the checkpoint: the last instruction is final.
    void dropCheckpoint();
    bool hasCheckpoint() const { return hasCheckpoint_; }
    // The last cycle in which the checkpointed instruction read port `port`'s S-CPU latch or
    // cleared it through CONTROL; 0 if it did neither.
    std::uint64_t portInputUsedAt(unsigned port) const { return inputUsedAt_[port & 3]; }
    // Back to the checkpoint: registers, timers, latches and the RAM the instruction wrote.
    void rollBack();

    // ---- The host's view: no side effect on the machine ----------------------------------------------

    // What the SPC700 would read at `address`, without clearing a timer output.
    std::uint8_t peek(std::uint16_t address) const;
    std::uint8_t peekRam(std::uint16_t address) const { return ram_[address]; }
    void pokeRam(std::uint16_t address, std::uint8_t value) { ram_[address] = value; }
    const std::array<std::uint8_t, kRamBytes>& ram() const { return ram_; }
    const DspRegisters& dsp() const { return io_.dsp; }
    std::uint8_t test() const { return io_.test; }
    std::uint8_t control() const { return io_.control; }
    std::uint8_t dspAddress() const { return io_.dspAddress; }
    std::uint8_t portFromCpu(unsigned port) const { return io_.toSpc[port & 3]; }
    std::uint8_t portToCpu(unsigned port) const { return io_.toCpu[port & 3]; }
    std::uint8_t auxiliary(unsigned index) const { return io_.auxiliary[index & 1]; }
    // Timer 0-2 as it stands now (a copy brought up to the present; the bus's own catches up when
    // the SPC700 looks).
    Timer timer(unsigned index) const;

    // The ports as a host sets and reads them at the present cycle, untimed (tests, fuzzer).
    std::uint8_t cpuReadsPort(unsigned port) const { return io_.toCpu[port & 3]; }
    void cpuWritesPort(unsigned port, std::uint8_t value) { io_.toSpc[port & 3] = value; }

    bool iplRomMapped() const { return io_.control & 0x80; }

    // ---- State: everything but the IPL ROM -------------------------------------------------------
    // Audio RAM, the registers and ports, the S-CPU's writes not yet landed (or kept to land again),
    // and the checkpoint of an instruction that may be undone.
    template <class Archive>
    void serialize(Archive& a)
    {
        a.bytes(ram_);
        io_.serialize(a);
        a.sequence(cpuWrites_, kMostQueuedWrites, [](auto& archive, auto& write) {
            archive.value(write.after);
            archive.bounded(write.port, std::uint8_t{3});
            archive.value(write.value);
        });
        a.bounded(cpuWritesLanded_, cpuWrites_.size());
        a.value(hasCheckpoint_);
        saved_.serialize(a);
        a.bounded(ramLogSize_, ramLog_.size());
        for (std::size_t logged = 0; logged < ramLogSize_; ++logged) { // those past it are left from before
            a.value(ramLog_[logged].address);
            a.value(ramLog_[logged].value);
        }
        a.values(inputUsedAt_);
    }

private:
    std::uint8_t readRegister(std::uint16_t address);
    std::uint8_t registerValue(std::uint16_t address) const;
    void writeRegister(std::uint16_t address, std::uint8_t value);
    void catchUpTimers();

    // Everything but RAM: what a checkpoint copies.
    struct Io {
        std::uint64_t cycles = 0;
        std::uint8_t test = 0x0A;
        std::uint8_t control = 0xB0;
        std::uint8_t dspAddress = 0;
        DspRegisters dsp;
        std::array<std::uint8_t, 4> toSpc{}; // the S-CPU wrote, the SPC700 reads
        std::array<std::uint8_t, 4> toCpu{}; // the SPC700 wrote, the S-CPU reads
        // Each port's value before the SPC700's last write to it, and that write's cycle.
        std::array<std::uint8_t, 4> toCpuBefore{};
        std::array<std::uint64_t, 4> toCpuWrittenAt{};
        std::array<std::uint8_t, 2> auxiliary{};
        std::array<Timer, 3> timers{Timer(7), Timer(7), Timer(4)}; // every 128, 128 and 16 cycles

        template <class Archive>
        void serialize(Archive& a)
        {
            a.value(cycles);
            a.value(test);
            a.value(control);
            a.value(dspAddress);
            dsp.serialize(a);
            a.values(toSpc);
            a.values(toCpu);
            a.values(toCpuBefore);
            a.values(toCpuWrittenAt);
            a.values(auxiliary);
            for (Timer& timer : timers) {
                timer.serialize(a);
            }
        }
    };

    // More writes than the S-CPU can queue between two of the SPC700's catch-ups.
    static constexpr std::size_t kMostQueuedWrites = 4096;

    struct CpuWrite {
        std::uint64_t after; // lands after this SPC700 cycle
        std::uint8_t port;
        std::uint8_t value;
    };

    struct RamByte {
        std::uint16_t address;
        std::uint8_t value;
    };

    std::array<std::uint8_t, kRamBytes> ram_{};
    Io io_;

    // S-CPU writes in the order made (so by cycle); the first cpuWritesLanded_ are in io_.toSpc.
    // Those landed at a checkpoint are dropped there: the list holds only what a rollback must
    // land again, a handful at most.
    std::vector<CpuWrite> cpuWrites_;
    std::size_t cpuWritesLanded_ = 0;

    bool hasCheckpoint_ = false;
    Io saved_;
    // The RAM bytes the checkpointed instruction overwrote, oldest first. BRK writes the most,
    // three (PC and PSW pushed).
    std::array<RamByte, 3> ramLog_{};
    std::size_t ramLogSize_ = 0;
    std::array<std::uint64_t, 4> inputUsedAt_{};
};

// The bus the checkpointed instruction runs on: the same cycles and effects as ApuBus, plus the
// log a rollback needs. A separate type, so the SPC700's ordinary instructions pay nothing.
class ApuBus::Logged {
public:
    explicit Logged(ApuBus& bus) : bus_(bus) {}

    std::uint8_t read(std::uint16_t address)
    {
        const std::uint8_t value = bus_.read(address);
        if ((address & 0xFFFC) == 0x00F4) {
            bus_.inputUsedAt_[address & 3] = bus_.io_.cycles;
        }
        return value;
    }

    void write(std::uint16_t address, std::uint8_t value)
    {
        assert(bus_.ramLogSize_ < bus_.ramLog_.size());
        bus_.ramLog_[bus_.ramLogSize_++] = RamByte{address, bus_.ram_[address]};
        bus_.write(address, value);
        if (address == 0x00F1) {
            // Clearing a latch is as good as reading it: an S-CPU write in an earlier cycle
            // would have been cleared.
            for (unsigned port = 0; port < 4; ++port) {
                if (value & (port < 2 ? 0x10 : 0x20)) {
                    bus_.inputUsedAt_[port] = bus_.io_.cycles;
                }
            }
        }
    }

    void idle() { bus_.idle(); }

private:
    ApuBus& bus_;
};

} // namespace emu::apu
