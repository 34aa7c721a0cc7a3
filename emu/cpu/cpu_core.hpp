#pragma once

// The 65816 execution core. Every CPU cycle is exactly one bus read, bus write or internal
// operation, issued in the order the hardware performs them (WDC W65C816S datasheet, table 5-7).
//
// Speed: a run is a sequence of stretches in one register-width mode (emulation, and native with
// 8/16-bit M and X), each one flattened function (runInMode) with a Core on its stack: the widths
// are compile-time constants and the registers live in host registers until an instruction
// changes the mode.
//
// What the core needs of a Bus (Cpu::reset also reads the reset vector with peek()):
//   std::uint8_t read(std::uint32_t address, Time&);   one read cycle; adds its cost to Time
//   void write(std::uint32_t address, std::uint8_t, Time&);
//   void idle(Time&);                                   one internal cycle
//   bool interruptRequested() const;    an NMI is pending or the IRQ line is asserted
//   bool nmiPending() const;  bool irqAsserted() const;  void acknowledgeNmi();
//   std::uint64_t interruptRaisedAt() const;  cycle count when the latest request was raised
//   bool canInterrupt() const;          whether a request can still arrive while the CPU waits
//   Time idleWaiting(Time, std::uint64_t untilClock, std::uint64_t untilCycle);
//                                       internal cycles, as idle() one at a time, while no
//                                       request is raised (at least one; stops at either limit)

#include "base/sanitizers.hpp"
#include "emu/cpu/bus_access.hpp"
#include "emu/cpu/cpu_state.hpp"
#include "emu/cpu/observer.hpp"
#include "emu/cpu/registers.hpp"
#include "emu/timing/time.hpp"

#include <cstdint>
#include <optional>

// Sanitizer builds check memory and undefined behaviour, not speed, and flattening instrumented
// run loops takes minutes each; they leave inlining to the compiler.
#if TILEPROF_ADDRESS_SANITIZED
#define TILEPROF_FLATTEN
#else
#define TILEPROF_FLATTEN [[gnu::flatten]]
#endif

namespace emu::detail {

template <bool Emulation, bool Memory8, bool Index8>
struct Mode {
    static constexpr bool e = Emulation;
    static constexpr bool m8 = Memory8 || Emulation;
    static constexpr bool x8 = Index8 || Emulation;
};

// An operand's address, and how the address of its second byte wraps: within bank 0 for direct
// page and stack operands, across banks for everything else.
struct Operand {
    std::uint32_t address;
    std::uint32_t wrap;
};
inline constexpr std::uint32_t kWrapBank0 = 0xFFFF;
inline constexpr std::uint32_t kWrapLong = 0xFFFFFF;

// Where a run ends, in absolute counts.
struct RunEnds {
    std::uint64_t cycle;
    std::uint64_t instruction;
    std::uint32_t breakAddress;
    std::uint64_t masterClock;
};

enum class Alu { Ora, And, Eor, Adc, Sbc, Cmp, Lda, Bit };
enum class Shift { Asl, Lsr, Rol, Ror, Inc, Dec, Tsb, Trb };

template <bool Wide>
inline constexpr std::uint32_t kMask = Wide ? 0xFFFF : 0xFF;
template <bool Wide>
inline constexpr std::uint32_t kSign = Wide ? 0x8000 : 0x80;

template <class Bus, class Observer>
class Core {
public:
    Core(const CpuState& state, Bus& bus, Observer& observer) : bus_(bus), observer_(observer)
    {
        const Registers& r = state.regs;
        a_ = r.a;
        x_ = r.x;
        y_ = r.y;
        s_ = r.s;
        d_ = r.d;
        pc_ = r.pc;
        pbr_ = r.pbr;
        dbr_ = r.dbr;
        e_ = r.e;
        unpackP(r.p);
        t_ = state.time;
        instructions_ = state.instructions;
        runState_ = state.runState;
        delayedPollCycle_ = state.delayedPollCycle;
        delayedPollI_ = state.delayedPollI;
    }

    void store(CpuState& state) const
    {
        state.regs = registers();
        state.time = t_;
        state.instructions = instructions_;
        state.runState = runState_;
        state.delayedPollCycle = delayedPollCycle_;
        state.delayedPollI = delayedPollI_;
    }

    template <class M>
    std::optional<StopReason> loop(const RunEnds& ends)
    {
        for (;;) {
            if (t_.cycles >= ends.cycle) {
                return StopReason::CycleLimit;
            }
            if (instructions_ >= ends.instruction) {
                return StopReason::InstructionLimit;
            }
            if (t_.masterClocks >= ends.masterClock) {
                return StopReason::ClockLimit;
            }
            if ((pbr_ << 16 | pc_) == ends.breakAddress) {
                return StopReason::BreakAddress;
            }
            if (runState_ != RunState::Running) [[unlikely]] {
                if (runState_ == RunState::Stopped) {
                    return StopReason::Stopped;
                }
                if (!bus_.interruptRequested() && !bus_.canInterrupt()) {
                    return StopReason::WaitingForever;
                }
                observeStep(StepKind::Wait, [this, &ends] {
                    waitCycle(ends);
                    return std::uint8_t{0};
                });
                continue;
            }
            if (bus_.interruptRequested() && pollSeesInterrupt()) [[unlikely]] {
                if (bus_.nmiPending()) {
                    bus_.acknowledgeNmi();
                    observeStep(StepKind::Nmi, [this] {
                        hardwareInterrupt<M>(M::e ? 0xFFFA : 0xFFEA);
                        return std::uint8_t{0};
                    });
                    continue;
                }
                if (!pollIrqDisable()) {
                    observeStep(StepKind::Irq, [this] {
                        hardwareInterrupt<M>(M::e ? 0xFFFE : 0xFFEE);
                        return std::uint8_t{0};
                    });
                    continue;
                }
            }
            observeStep(StepKind::Instruction, [this] {
                const std::uint8_t opcode = fetchOpcode();
                execute<M>(opcode);
                return opcode;
            });
            ++instructions_;
            if (modeChanged_) [[unlikely]] {
                return std::nullopt;
            }
        }
    }

private:
    // Runs one step; `body` returns the opcode it executed (0 for other steps).
    template <class Body>
    void observeStep(StepKind kind, Body body)
    {
        if constexpr (WatchesRegisters<Observer>) {
            observer_.beforeStep(registers());
        }
        if constexpr (WatchesSteps<Observer>) {
            const std::uint32_t address = pbr_ << 16 | pc_;
            const Time start = t_;
            const std::uint8_t opcode = body();
            observer_.onStep(StepEvent{address, opcode, kind, start, static_cast<std::uint32_t>(t_.cycles - start.cycles),
                                       static_cast<std::uint32_t>(t_.masterClocks - start.masterClocks)});
        } else {
            body();
        }
    }

    Registers registers() const
    {
        Registers r;
        r.a = static_cast<std::uint16_t>(a_);
        r.x = static_cast<std::uint16_t>(x_);
        r.y = static_cast<std::uint16_t>(y_);
        r.s = static_cast<std::uint16_t>(s_);
        r.d = static_cast<std::uint16_t>(d_);
        r.pc = static_cast<std::uint16_t>(pc_);
        r.pbr = static_cast<std::uint8_t>(pbr_);
        r.dbr = static_cast<std::uint8_t>(dbr_);
        r.p = packP();
        r.e = e_;
        return r;
    }

    // ---- Interrupts -------------------------------------------------------------------------

    // The CPU polls for interrupts before the last cycle of each instruction: a request raised
    // during that last cycle waits for the next instruction boundary.
    bool pollSeesInterrupt() const { return bus_.interruptRaisedAt() < t_.cycles; }

    bool pollIrqDisable() const { return delayedPollCycle_ == t_.cycles ? delayedPollI_ : i_; }

    bool interruptDue() const
    {
        return bus_.interruptRequested() && pollSeesInterrupt() && (bus_.nmiPending() || !i_);
    }

    void delayIrqDisableChange(bool oldI)
    {
        delayedPollI_ = oldI;
        delayedPollCycle_ = t_.cycles;
    }

    template <class M>
    void hardwareInterrupt(std::uint16_t vector)
    {
        readCycle<AccessKind::Opcode>(pbr_ << 16 | pc_); // the opcode fetch is made and discarded
        idle();
        enterVector<M>(vector, false);
    }

    template <class M>
    void softwareInterrupt(std::uint16_t vector)
    {
        fetch(); // signature byte
        enterVector<M>(vector, true);
    }

    template <class M>
    void enterVector(std::uint16_t vector, bool software)
    {
        if constexpr (!M::e) {
            push<M>(pbr_);
        }
        push<M>(pc_ >> 8);
        push<M>(pc_);
        // In emulation mode bit 4 of the pushed P is the B flag: set by BRK, clear for IRQ/NMI.
        push<M>(M::e && !software ? packP() & ~flag::index8 : packP());
        i_ = true;
        decimal_ = false;
        pbr_ = 0;
        const std::uint32_t lo = read(vector);
        const std::uint32_t hi = read(vector + 1u);
        pc_ = hi << 8 | lo;
    }

    // WAI, as bsnes v094's loop: each of its internal cycles starts by looking for a request; the
    // one that sees it still runs, then one more. Its first two cycles are the instruction's own,
    // after which the CPU may stop waiting (a run limit, or a wait nothing can end).
    void waitForInterrupt()
    {
        for (int cycle = 0; cycle < 2; ++cycle) {
            if (bus_.interruptRequested()) {
                idle();
                idle();
                return;
            }
            idle();
        }
        runState_ = RunState::Waiting;
    }

    // The wait's cycles until a request comes (or a run limit): as in WAI's first two.
    void waitCycle(const RunEnds& ends)
    {
        if (bus_.interruptRequested()) {
            runState_ = RunState::Running;
            idle();
            idle();
        } else {
            t_ = bus_.idleWaiting(t_, ends.masterClock, ends.cycle);
        }
    }

    // ---- Bus cycles -------------------------------------------------------------------------

    template <AccessKind Kind>
    std::uint8_t readCycle(std::uint32_t address)
    {
        if constexpr (WatchesAccesses<Observer>) {
            const std::uint64_t cycle = t_.cycles;
            const std::uint8_t value = bus_.read(address, t_);
            observer_.onAccess(BusAccess{address, value, Kind, cycle});
            return value;
        } else {
            return bus_.read(address, t_);
        }
    }

    std::uint8_t read(std::uint32_t address) { return readCycle<AccessKind::Read>(address); }

    void write(std::uint32_t address, std::uint32_t value)
    {
        const auto byte = static_cast<std::uint8_t>(value);
        if constexpr (WatchesAccesses<Observer>) {
            const std::uint64_t cycle = t_.cycles;
            bus_.write(address, byte, t_);
            observer_.onAccess(BusAccess{address, byte, AccessKind::Write, cycle});
        } else {
            bus_.write(address, byte, t_);
        }
    }

    void idle()
    {
        if constexpr (WatchesAccesses<Observer>) {
            const std::uint64_t cycle = t_.cycles;
            bus_.idle(t_);
            observer_.onAccess(BusAccess{pbr_ << 16 | pc_, 0, AccessKind::Idle, cycle});
        } else {
            bus_.idle(t_);
        }
    }

    // The internal cycle of a two-cycle implied instruction reads PB:PC instead when an interrupt
    // is about to be taken, so it costs a memory cycle.
    void impliedCycle()
    {
        if (interruptDue()) [[unlikely]] {
            readCycle<AccessKind::Operand>(pbr_ << 16 | pc_);
        } else {
            idle();
        }
    }

    std::uint8_t fetchOpcode()
    {
        const std::uint8_t v = readCycle<AccessKind::Opcode>(pbr_ << 16 | pc_);
        pc_ = (pc_ + 1) & 0xFFFF;
        return v;
    }

    std::uint32_t fetch()
    {
        const std::uint8_t v = readCycle<AccessKind::Operand>(pbr_ << 16 | pc_);
        pc_ = (pc_ + 1) & 0xFFFF;
        return v;
    }

    std::uint32_t fetch16()
    {
        const std::uint32_t lo = fetch();
        return fetch() << 8 | lo;
    }

    template <bool Wide>
    std::uint32_t fetchImmediate()
    {
        return Wide ? fetch16() : fetch();
    }

    template <bool Wide>
    std::uint32_t readOperand(Operand op)
    {
        const std::uint32_t lo = read(op.address);
        if constexpr (Wide) {
            return std::uint32_t{read((op.address + 1) & op.wrap)} << 8 | lo;
        } else {
            return lo;
        }
    }

    template <bool Wide>
    void writeOperand(Operand op, std::uint32_t value)
    {
        write(op.address, value);
        if constexpr (Wide) {
            write((op.address + 1) & op.wrap, value >> 8);
        }
    }

    // ---- Stack ------------------------------------------------------------------------------

    // Instructions inherited from the 6502 keep S in page 1 in emulation mode.
    template <class M>
    void push(std::uint32_t value)
    {
        write(s_, value);
        s_ = M::e ? (0x100 | ((s_ - 1) & 0xFF)) : ((s_ - 1) & 0xFFFF);
    }

    template <class M>
    std::uint32_t pull()
    {
        s_ = M::e ? (0x100 | ((s_ + 1) & 0xFF)) : ((s_ + 1) & 0xFFFF);
        return read(s_);
    }

    // The 65816's own stack instructions (PEA, PEI, PER, PHD, PLD, PLB, JSL, RTL, JSR (a,x)) move
    // S freely during the instruction; emulation mode puts it back in page 1 afterwards.
    void pushLinear(std::uint32_t value)
    {
        write(s_, value);
        s_ = (s_ - 1) & 0xFFFF;
    }

    std::uint32_t pullLinear()
    {
        s_ = (s_ + 1) & 0xFFFF;
        return read(s_);
    }

    template <class M>
    void endLinearStack()
    {
        if constexpr (M::e) {
            s_ = 0x100 | (s_ & 0xFF);
        }
    }

    // ---- Status register --------------------------------------------------------------------

    std::uint8_t packP() const
    {
        return static_cast<std::uint8_t>(c_ | z_ << 1 | i_ << 2 | decimal_ << 3 | x8_ << 4 | m8_ << 5 | v_ << 6 |
                                         n_ << 7);
    }

    void unpackP(std::uint32_t p)
    {
        c_ = p & flag::carry;
        z_ = p & flag::zero;
        i_ = p & flag::irqDisable;
        decimal_ = p & flag::decimal;
        v_ = p & flag::overflow;
        n_ = p & flag::negative;
        m8_ = e_ || (p & flag::memory8);
        x8_ = e_ || (p & flag::index8);
        if (x8_) {
            x_ &= 0xFF;
            y_ &= 0xFF;
        }
    }

    template <class M>
    void setP(std::uint32_t p)
    {
        unpackP(p);
        if (m8_ != M::m8 || x8_ != M::x8) {
            modeChanged_ = true;
        }
    }

    template <bool Wide>
    void setNZ(std::uint32_t value)
    {
        z_ = (value & kMask<Wide>) == 0;
        n_ = value & kSign<Wide>;
    }

    template <bool Wide>
    std::uint32_t accumulator() const
    {
        return a_ & kMask<Wide>;
    }

    template <bool Wide>
    void setAccumulator(std::uint32_t value)
    {
        a_ = Wide ? (value & 0xFFFF) : ((a_ & 0xFF00) | (value & 0xFF));
    }

    // ---- Addressing modes: each issues the mode's cycles and returns the operand address -----

    template <class M>
    std::uint32_t directAddress(std::uint32_t offset) const
    {
        // In emulation mode with DL = 0 the direct page behaves like the 6502's zero page.
        if constexpr (M::e) {
            if ((d_ & 0xFF) == 0) {
                return d_ | (offset & 0xFF);
            }
        }
        return (d_ + offset) & 0xFFFF;
    }

    std::uint32_t directAddressLinear(std::uint32_t offset) const { return (d_ + offset) & 0xFFFF; }

    void directPageCycle()
    {
        if (d_ & 0xFF) {
            idle(); // DL != 0 costs an internal cycle
        }
    }

    Operand absolute()
    {
        return {dbr_ << 16 | fetch16(), kWrapLong};
    }

    // Indexed reads pay an internal cycle when the index is 16-bit or a page is crossed; writes
    // and read-modify-writes always pay it.
    template <class M, bool Always>
    void indexPenalty(std::uint32_t base, std::uint32_t indexed)
    {
        if (Always || !M::x8 || ((base ^ indexed) & 0xFF00)) {
            idle();
        }
    }

    template <class M, bool Always>
    Operand absoluteIndexed(std::uint32_t index)
    {
        const std::uint32_t base = fetch16();
        indexPenalty<M, Always>(base, base + index);
        return {((dbr_ << 16) + base + index) & kWrapLong, kWrapLong};
    }

    Operand absoluteLong(std::uint32_t index)
    {
        const std::uint32_t lo = fetch16();
        const std::uint32_t bank = fetch();
        return {((bank << 16 | lo) + index) & kWrapLong, kWrapLong};
    }

    template <class M>
    Operand direct()
    {
        const std::uint32_t offset = fetch();
        directPageCycle();
        return {directAddress<M>(offset), kWrapBank0};
    }

    template <class M>
    Operand directIndexed(std::uint32_t index)
    {
        const std::uint32_t offset = fetch();
        directPageCycle();
        idle();
        return {directAddress<M>(offset + index), kWrapBank0};
    }

    template <class M>
    std::uint32_t directPointer(std::uint32_t offset)
    {
        const std::uint32_t lo = read(directAddress<M>(offset));
        return std::uint32_t{read(directAddress<M>(offset + 1))} << 8 | lo;
    }

    template <class M>
    Operand directIndirect()
    {
        const std::uint32_t offset = fetch();
        directPageCycle();
        return {dbr_ << 16 | directPointer<M>(offset), kWrapLong};
    }

    template <class M>
    Operand directIndexedIndirect()
    {
        const std::uint32_t offset = fetch();
        directPageCycle();
        idle();
        std::uint32_t loAddress = (d_ + offset + x_) & 0xFFFF;
        std::uint32_t hiAddress = (loAddress + 1) & 0xFFFF;
        if constexpr (M::e) {
            if ((d_ & 0xFF) == 0) {
                loAddress = d_ | ((offset + x_) & 0xFF);
                hiAddress = d_ | ((offset + x_ + 1) & 0xFF);
            } else {
                // With DL != 0 the pointer's high byte still wraps within the low byte's page.
                hiAddress = (loAddress & 0xFF00) | ((loAddress + 1) & 0xFF);
            }
        }
        const std::uint32_t lo = read(loAddress);
        const std::uint32_t hi = read(hiAddress);
        return {dbr_ << 16 | hi << 8 | lo, kWrapLong};
    }

    template <class M, bool Always>
    Operand directIndirectIndexed()
    {
        const std::uint32_t offset = fetch();
        directPageCycle();
        const std::uint32_t base = directPointer<M>(offset);
        indexPenalty<M, Always>(base, base + y_);
        return {((dbr_ << 16) + base + y_) & kWrapLong, kWrapLong};
    }

    Operand directIndirectLong(std::uint32_t index)
    {
        const std::uint32_t offset = fetch();
        directPageCycle();
        const std::uint32_t lo = read(directAddressLinear(offset));
        const std::uint32_t hi = read(directAddressLinear(offset + 1));
        const std::uint32_t bank = read(directAddressLinear(offset + 2));
        return {((bank << 16 | hi << 8 | lo) + index) & kWrapLong, kWrapLong};
    }

    Operand stackRelative()
    {
        const std::uint32_t offset = fetch();
        idle();
        return {(s_ + offset) & 0xFFFF, kWrapBank0};
    }

    Operand stackRelativeIndirectIndexed()
    {
        const std::uint32_t offset = fetch();
        idle();
        const std::uint32_t lo = read((s_ + offset) & 0xFFFF);
        const std::uint32_t hi = read((s_ + offset + 1) & 0xFFFF);
        idle();
        return {((dbr_ << 16) + (hi << 8 | lo) + y_) & kWrapLong, kWrapLong};
    }

    // ---- Operations ---------------------------------------------------------------------------

    // ADC, and SBC with the operand already inverted. In decimal mode each BCD digit is added
    // with the carry of the one below and corrected when it passes 9 (or, subtracting, when it
    // borrows); V is taken before the top digit's correction, as the 65816 does.
    template <bool Wide>
    void addWithCarry(std::uint32_t operand, bool subtract)
    {
        const std::int32_t a = static_cast<std::int32_t>(accumulator<Wide>());
        const std::int32_t b = static_cast<std::int32_t>(operand & kMask<Wide>);
        std::int32_t result;
        if (!decimal_) {
            result = a + b + c_;
        } else {
            constexpr int digits = Wide ? 4 : 2;
            std::int32_t carry = c_;
            result = 0;
            for (int digit = 0; digit < digits; ++digit) {
                const int shift = 4 * digit;
                const std::int32_t nibble = 0xF << shift;
                const std::int32_t below = (1 << shift) - 1;
                result = (a & nibble) + (b & nibble) + (carry << shift) + (result & below);
                if (digit == digits - 1) {
                    break;
                }
                const std::int32_t limit = (0x10 << shift) - 1;
                if (subtract) {
                    carry = result > limit;
                    if (!carry) {
                        result -= 6 << shift;
                    }
                } else {
                    if (result > ((0xA << shift) - 1)) {
                        result += 6 << shift;
                    }
                    carry = result > limit;
                }
            }
        }
        v_ = ~(a ^ b) & (a ^ result) & static_cast<std::int32_t>(kSign<Wide>);
        if (decimal_) {
            constexpr int top = Wide ? 12 : 4;
            if (subtract && result <= static_cast<std::int32_t>(kMask<Wide>)) {
                result -= 6 << top;
            } else if (!subtract && result > ((0xA << top) - 1)) {
                result += 6 << top;
            }
        }
        c_ = result > static_cast<std::int32_t>(kMask<Wide>);
        setNZ<Wide>(static_cast<std::uint32_t>(result));
        setAccumulator<Wide>(static_cast<std::uint32_t>(result));
    }

    template <bool Wide>
    void compare(std::uint32_t reg, std::uint32_t operand)
    {
        c_ = reg >= operand;
        setNZ<Wide>(reg - operand);
    }

    template <bool Wide>
    void alu(Alu op, std::uint32_t operand)
    {
        switch (op) {
        case Alu::Ora:
            setAccumulator<Wide>(accumulator<Wide>() | operand);
            setNZ<Wide>(accumulator<Wide>());
            break;
        case Alu::And:
            setAccumulator<Wide>(accumulator<Wide>() & operand);
            setNZ<Wide>(accumulator<Wide>());
            break;
        case Alu::Eor:
            setAccumulator<Wide>(accumulator<Wide>() ^ operand);
            setNZ<Wide>(accumulator<Wide>());
            break;
        case Alu::Adc:
            addWithCarry<Wide>(operand, false);
            break;
        case Alu::Sbc:
            addWithCarry<Wide>(~operand, true);
            break;
        case Alu::Cmp:
            compare<Wide>(accumulator<Wide>(), operand);
            break;
        case Alu::Lda:
            setAccumulator<Wide>(operand);
            setNZ<Wide>(operand);
            break;
        case Alu::Bit:
            z_ = (accumulator<Wide>() & operand) == 0;
            n_ = operand & kSign<Wide>;
            v_ = operand & (kSign<Wide> >> 1);
            break;
        }
    }

    template <bool Wide>
    std::uint32_t shift(Shift op, std::uint32_t value)
    {
        std::uint32_t result = 0;
        switch (op) {
        case Shift::Asl:
            c_ = value & kSign<Wide>;
            result = value << 1;
            break;
        case Shift::Lsr:
            c_ = value & 1;
            result = value >> 1;
            break;
        case Shift::Rol:
            result = value << 1 | std::uint32_t{c_};
            c_ = value & kSign<Wide>;
            break;
        case Shift::Ror:
            result = value >> 1 | (c_ ? kSign<Wide> : 0);
            c_ = value & 1;
            break;
        case Shift::Inc:
            result = value + 1;
            break;
        case Shift::Dec:
            result = value - 1;
            break;
        case Shift::Tsb:
            z_ = (accumulator<Wide>() & value) == 0;
            return (value | accumulator<Wide>()) & kMask<Wide>;
        case Shift::Trb:
            z_ = (accumulator<Wide>() & value) == 0;
            return value & ~accumulator<Wide>() & kMask<Wide>;
        }
        result &= kMask<Wide>;
        setNZ<Wide>(result);
        return result;
    }

    // ---- Instruction shapes -----------------------------------------------------------------

    template <class M>
    void aluMemory(Alu op, Operand operand)
    {
        alu<!M::m8>(op, readOperand<!M::m8>(operand));
    }

    template <class M>
    void aluImmediate(Alu op)
    {
        const std::uint32_t value = fetchImmediate<!M::m8>();
        if (op == Alu::Bit) {
            z_ = (accumulator<!M::m8>() & value) == 0; // BIT #imm changes only Z
        } else {
            alu<!M::m8>(op, value);
        }
    }

    template <class M>
    void store(Operand operand, std::uint32_t value)
    {
        writeOperand<!M::m8>(operand, value);
    }

    template <class M>
    void storeIndex(Operand operand, std::uint32_t value)
    {
        writeOperand<!M::x8>(operand, value);
    }

    template <class M>
    void loadIndex(std::uint32_t& reg, std::uint32_t value)
    {
        reg = value;
        setNZ<!M::x8>(value);
    }

    template <class M>
    void compareIndex(std::uint32_t reg, std::uint32_t value)
    {
        compare<!M::x8>(reg, value);
    }

    // Read, modify, write back. Emulation mode spends the modify cycle writing the unmodified
    // value (as the 6502 does); native mode spends it internally. 16-bit results are written
    // high byte first.
    template <class M>
    void modify(Shift op, Operand operand)
    {
        constexpr bool wide = !M::m8;
        const std::uint32_t value = readOperand<wide>(operand);
        if constexpr (M::e) {
            write(operand.address, value);
        } else {
            idle();
        }
        const std::uint32_t result = shift<wide>(op, value);
        if constexpr (wide) {
            write((operand.address + 1) & operand.wrap, result >> 8);
        }
        write(operand.address, result);
    }

    template <class M>
    void modifyAccumulator(Shift op)
    {
        impliedCycle();
        setAccumulator<!M::m8>(shift<!M::m8>(op, accumulator<!M::m8>()));
    }

    template <class M>
    void stepIndex(std::uint32_t& reg, int delta)
    {
        impliedCycle();
        reg = (reg + static_cast<std::uint32_t>(delta)) & kMask<!M::x8>;
        setNZ<!M::x8>(reg);
    }

    // Transfer into X or Y: the width is the index width, whatever M is.
    template <class M>
    void transferToIndex(std::uint32_t& to, std::uint32_t from)
    {
        impliedCycle();
        to = from & kMask<!M::x8>;
        setNZ<!M::x8>(to);
    }

    template <class M>
    void transferToAccumulator(std::uint32_t from)
    {
        impliedCycle();
        setAccumulator<!M::m8>(from);
        setNZ<!M::m8>(from);
    }

    template <class M>
    void branch(bool taken)
    {
        const std::uint32_t offset = fetch();
        if (!taken) {
            return;
        }
        const std::uint32_t target = (pc_ + offset - ((offset & 0x80) << 1)) & 0xFFFF;
        idle();
        if constexpr (M::e) {
            if ((target ^ pc_) & 0xFF00) {
                idle(); // emulation mode pays for crossing a page
            }
        }
        pc_ = target;
    }

    template <class M>
    void setFlag(bool& which, bool value)
    {
        impliedCycle();
        which = value;
    }

    template <class M>
    void setIrqDisable(bool value)
    {
        impliedCycle();
        delayIrqDisableChange(i_);
        i_ = value;
    }

    template <class M>
    void changeStatus(bool set)
    {
        const std::uint32_t bits = fetch();
        idle();
        const bool oldI = i_;
        setP<M>(set ? packP() | bits : packP() & ~bits);
        delayIrqDisableChange(oldI);
    }

    template <class M, bool Wide>
    void pushRegister(std::uint32_t value)
    {
        idle();
        if constexpr (Wide) {
            push<M>(value >> 8);
        }
        push<M>(value);
    }

    template <class M, bool Wide>
    std::uint32_t pullRegister()
    {
        idle();
        idle();
        const std::uint32_t lo = pull<M>();
        const std::uint32_t value = Wide ? (pull<M>() << 8 | lo) : lo;
        setNZ<Wide>(value);
        return value;
    }

    template <class M>
    void blockMove(int step)
    {
        const std::uint32_t destinationBank = fetch();
        const std::uint32_t sourceBank = fetch();
        dbr_ = destinationBank;
        const std::uint8_t value = read(sourceBank << 16 | x_);
        write(destinationBank << 16 | y_, value);
        idle();
        x_ = (x_ + static_cast<std::uint32_t>(step)) & kMask<!M::x8>;
        y_ = (y_ + static_cast<std::uint32_t>(step)) & kMask<!M::x8>;
        idle();
        a_ = (a_ - 1) & 0xFFFF;
        if (a_ != 0xFFFF) {
            pc_ = (pc_ - 3) & 0xFFFF; // run again for the next byte
        }
    }

    template <class M>
    void exchangeCarryAndEmulation()
    {
        impliedCycle();
        const bool wasEmulation = e_;
        e_ = c_;
        c_ = wasEmulation;
        if (e_) {
            s_ = 0x100 | (s_ & 0xFF);
        }
        unpackP(packP());
        if (e_ != M::e) {
            modeChanged_ = true;
        }
    }

    // ---- The instruction set ----------------------------------------------------------------

    template <class M>
    void execute(std::uint8_t opcode)
    {
        constexpr bool mw = !M::m8;
        constexpr bool xw = !M::x8;
        switch (opcode) {
        // ORA AND EOR ADC STA LDA CMP SBC, by addressing mode
        case 0x01: return aluMemory<M>(Alu::Ora, directIndexedIndirect<M>());
        case 0x03: return aluMemory<M>(Alu::Ora, stackRelative());
        case 0x05: return aluMemory<M>(Alu::Ora, direct<M>());
        case 0x07: return aluMemory<M>(Alu::Ora, directIndirectLong(0));
        case 0x09: return aluImmediate<M>(Alu::Ora);
        case 0x0D: return aluMemory<M>(Alu::Ora, absolute());
        case 0x0F: return aluMemory<M>(Alu::Ora, absoluteLong(0));
        case 0x11: return aluMemory<M>(Alu::Ora, directIndirectIndexed<M, false>());
        case 0x12: return aluMemory<M>(Alu::Ora, directIndirect<M>());
        case 0x13: return aluMemory<M>(Alu::Ora, stackRelativeIndirectIndexed());
        case 0x15: return aluMemory<M>(Alu::Ora, directIndexed<M>(x_));
        case 0x17: return aluMemory<M>(Alu::Ora, directIndirectLong(y_));
        case 0x19: return aluMemory<M>(Alu::Ora, absoluteIndexed<M, false>(y_));
        case 0x1D: return aluMemory<M>(Alu::Ora, absoluteIndexed<M, false>(x_));
        case 0x1F: return aluMemory<M>(Alu::Ora, absoluteLong(x_));

        case 0x21: return aluMemory<M>(Alu::And, directIndexedIndirect<M>());
        case 0x23: return aluMemory<M>(Alu::And, stackRelative());
        case 0x25: return aluMemory<M>(Alu::And, direct<M>());
        case 0x27: return aluMemory<M>(Alu::And, directIndirectLong(0));
        case 0x29: return aluImmediate<M>(Alu::And);
        case 0x2D: return aluMemory<M>(Alu::And, absolute());
        case 0x2F: return aluMemory<M>(Alu::And, absoluteLong(0));
        case 0x31: return aluMemory<M>(Alu::And, directIndirectIndexed<M, false>());
        case 0x32: return aluMemory<M>(Alu::And, directIndirect<M>());
        case 0x33: return aluMemory<M>(Alu::And, stackRelativeIndirectIndexed());
        case 0x35: return aluMemory<M>(Alu::And, directIndexed<M>(x_));
        case 0x37: return aluMemory<M>(Alu::And, directIndirectLong(y_));
        case 0x39: return aluMemory<M>(Alu::And, absoluteIndexed<M, false>(y_));
        case 0x3D: return aluMemory<M>(Alu::And, absoluteIndexed<M, false>(x_));
        case 0x3F: return aluMemory<M>(Alu::And, absoluteLong(x_));

        case 0x41: return aluMemory<M>(Alu::Eor, directIndexedIndirect<M>());
        case 0x43: return aluMemory<M>(Alu::Eor, stackRelative());
        case 0x45: return aluMemory<M>(Alu::Eor, direct<M>());
        case 0x47: return aluMemory<M>(Alu::Eor, directIndirectLong(0));
        case 0x49: return aluImmediate<M>(Alu::Eor);
        case 0x4D: return aluMemory<M>(Alu::Eor, absolute());
        case 0x4F: return aluMemory<M>(Alu::Eor, absoluteLong(0));
        case 0x51: return aluMemory<M>(Alu::Eor, directIndirectIndexed<M, false>());
        case 0x52: return aluMemory<M>(Alu::Eor, directIndirect<M>());
        case 0x53: return aluMemory<M>(Alu::Eor, stackRelativeIndirectIndexed());
        case 0x55: return aluMemory<M>(Alu::Eor, directIndexed<M>(x_));
        case 0x57: return aluMemory<M>(Alu::Eor, directIndirectLong(y_));
        case 0x59: return aluMemory<M>(Alu::Eor, absoluteIndexed<M, false>(y_));
        case 0x5D: return aluMemory<M>(Alu::Eor, absoluteIndexed<M, false>(x_));
        case 0x5F: return aluMemory<M>(Alu::Eor, absoluteLong(x_));

        case 0x61: return aluMemory<M>(Alu::Adc, directIndexedIndirect<M>());
        case 0x63: return aluMemory<M>(Alu::Adc, stackRelative());
        case 0x65: return aluMemory<M>(Alu::Adc, direct<M>());
        case 0x67: return aluMemory<M>(Alu::Adc, directIndirectLong(0));
        case 0x69: return aluImmediate<M>(Alu::Adc);
        case 0x6D: return aluMemory<M>(Alu::Adc, absolute());
        case 0x6F: return aluMemory<M>(Alu::Adc, absoluteLong(0));
        case 0x71: return aluMemory<M>(Alu::Adc, directIndirectIndexed<M, false>());
        case 0x72: return aluMemory<M>(Alu::Adc, directIndirect<M>());
        case 0x73: return aluMemory<M>(Alu::Adc, stackRelativeIndirectIndexed());
        case 0x75: return aluMemory<M>(Alu::Adc, directIndexed<M>(x_));
        case 0x77: return aluMemory<M>(Alu::Adc, directIndirectLong(y_));
        case 0x79: return aluMemory<M>(Alu::Adc, absoluteIndexed<M, false>(y_));
        case 0x7D: return aluMemory<M>(Alu::Adc, absoluteIndexed<M, false>(x_));
        case 0x7F: return aluMemory<M>(Alu::Adc, absoluteLong(x_));

        case 0x81: return store<M>(directIndexedIndirect<M>(), a_);
        case 0x83: return store<M>(stackRelative(), a_);
        case 0x85: return store<M>(direct<M>(), a_);
        case 0x87: return store<M>(directIndirectLong(0), a_);
        case 0x89: return aluImmediate<M>(Alu::Bit);
        case 0x8D: return store<M>(absolute(), a_);
        case 0x8F: return store<M>(absoluteLong(0), a_);
        case 0x91: return store<M>(directIndirectIndexed<M, true>(), a_);
        case 0x92: return store<M>(directIndirect<M>(), a_);
        case 0x93: return store<M>(stackRelativeIndirectIndexed(), a_);
        case 0x95: return store<M>(directIndexed<M>(x_), a_);
        case 0x97: return store<M>(directIndirectLong(y_), a_);
        case 0x99: return store<M>(absoluteIndexed<M, true>(y_), a_);
        case 0x9D: return store<M>(absoluteIndexed<M, true>(x_), a_);
        case 0x9F: return store<M>(absoluteLong(x_), a_);

        case 0xA1: return aluMemory<M>(Alu::Lda, directIndexedIndirect<M>());
        case 0xA3: return aluMemory<M>(Alu::Lda, stackRelative());
        case 0xA5: return aluMemory<M>(Alu::Lda, direct<M>());
        case 0xA7: return aluMemory<M>(Alu::Lda, directIndirectLong(0));
        case 0xA9: return aluImmediate<M>(Alu::Lda);
        case 0xAD: return aluMemory<M>(Alu::Lda, absolute());
        case 0xAF: return aluMemory<M>(Alu::Lda, absoluteLong(0));
        case 0xB1: return aluMemory<M>(Alu::Lda, directIndirectIndexed<M, false>());
        case 0xB2: return aluMemory<M>(Alu::Lda, directIndirect<M>());
        case 0xB3: return aluMemory<M>(Alu::Lda, stackRelativeIndirectIndexed());
        case 0xB5: return aluMemory<M>(Alu::Lda, directIndexed<M>(x_));
        case 0xB7: return aluMemory<M>(Alu::Lda, directIndirectLong(y_));
        case 0xB9: return aluMemory<M>(Alu::Lda, absoluteIndexed<M, false>(y_));
        case 0xBD: return aluMemory<M>(Alu::Lda, absoluteIndexed<M, false>(x_));
        case 0xBF: return aluMemory<M>(Alu::Lda, absoluteLong(x_));

        case 0xC1: return aluMemory<M>(Alu::Cmp, directIndexedIndirect<M>());
        case 0xC3: return aluMemory<M>(Alu::Cmp, stackRelative());
        case 0xC5: return aluMemory<M>(Alu::Cmp, direct<M>());
        case 0xC7: return aluMemory<M>(Alu::Cmp, directIndirectLong(0));
        case 0xC9: return aluImmediate<M>(Alu::Cmp);
        case 0xCD: return aluMemory<M>(Alu::Cmp, absolute());
        case 0xCF: return aluMemory<M>(Alu::Cmp, absoluteLong(0));
        case 0xD1: return aluMemory<M>(Alu::Cmp, directIndirectIndexed<M, false>());
        case 0xD2: return aluMemory<M>(Alu::Cmp, directIndirect<M>());
        case 0xD3: return aluMemory<M>(Alu::Cmp, stackRelativeIndirectIndexed());
        case 0xD5: return aluMemory<M>(Alu::Cmp, directIndexed<M>(x_));
        case 0xD7: return aluMemory<M>(Alu::Cmp, directIndirectLong(y_));
        case 0xD9: return aluMemory<M>(Alu::Cmp, absoluteIndexed<M, false>(y_));
        case 0xDD: return aluMemory<M>(Alu::Cmp, absoluteIndexed<M, false>(x_));
        case 0xDF: return aluMemory<M>(Alu::Cmp, absoluteLong(x_));

        case 0xE1: return aluMemory<M>(Alu::Sbc, directIndexedIndirect<M>());
        case 0xE3: return aluMemory<M>(Alu::Sbc, stackRelative());
        case 0xE5: return aluMemory<M>(Alu::Sbc, direct<M>());
        case 0xE7: return aluMemory<M>(Alu::Sbc, directIndirectLong(0));
        case 0xE9: return aluImmediate<M>(Alu::Sbc);
        case 0xED: return aluMemory<M>(Alu::Sbc, absolute());
        case 0xEF: return aluMemory<M>(Alu::Sbc, absoluteLong(0));
        case 0xF1: return aluMemory<M>(Alu::Sbc, directIndirectIndexed<M, false>());
        case 0xF2: return aluMemory<M>(Alu::Sbc, directIndirect<M>());
        case 0xF3: return aluMemory<M>(Alu::Sbc, stackRelativeIndirectIndexed());
        case 0xF5: return aluMemory<M>(Alu::Sbc, directIndexed<M>(x_));
        case 0xF7: return aluMemory<M>(Alu::Sbc, directIndirectLong(y_));
        case 0xF9: return aluMemory<M>(Alu::Sbc, absoluteIndexed<M, false>(y_));
        case 0xFD: return aluMemory<M>(Alu::Sbc, absoluteIndexed<M, false>(x_));
        case 0xFF: return aluMemory<M>(Alu::Sbc, absoluteLong(x_));

        // BIT, TSB, TRB
        case 0x24: return aluMemory<M>(Alu::Bit, direct<M>());
        case 0x2C: return aluMemory<M>(Alu::Bit, absolute());
        case 0x34: return aluMemory<M>(Alu::Bit, directIndexed<M>(x_));
        case 0x3C: return aluMemory<M>(Alu::Bit, absoluteIndexed<M, false>(x_));
        case 0x04: return modify<M>(Shift::Tsb, direct<M>());
        case 0x0C: return modify<M>(Shift::Tsb, absolute());
        case 0x14: return modify<M>(Shift::Trb, direct<M>());
        case 0x1C: return modify<M>(Shift::Trb, absolute());

        // Shifts, rotates, increments and decrements of memory and A
        case 0x06: return modify<M>(Shift::Asl, direct<M>());
        case 0x0E: return modify<M>(Shift::Asl, absolute());
        case 0x16: return modify<M>(Shift::Asl, directIndexed<M>(x_));
        case 0x1E: return modify<M>(Shift::Asl, absoluteIndexed<M, true>(x_));
        case 0x26: return modify<M>(Shift::Rol, direct<M>());
        case 0x2E: return modify<M>(Shift::Rol, absolute());
        case 0x36: return modify<M>(Shift::Rol, directIndexed<M>(x_));
        case 0x3E: return modify<M>(Shift::Rol, absoluteIndexed<M, true>(x_));
        case 0x46: return modify<M>(Shift::Lsr, direct<M>());
        case 0x4E: return modify<M>(Shift::Lsr, absolute());
        case 0x56: return modify<M>(Shift::Lsr, directIndexed<M>(x_));
        case 0x5E: return modify<M>(Shift::Lsr, absoluteIndexed<M, true>(x_));
        case 0x66: return modify<M>(Shift::Ror, direct<M>());
        case 0x6E: return modify<M>(Shift::Ror, absolute());
        case 0x76: return modify<M>(Shift::Ror, directIndexed<M>(x_));
        case 0x7E: return modify<M>(Shift::Ror, absoluteIndexed<M, true>(x_));
        case 0xE6: return modify<M>(Shift::Inc, direct<M>());
        case 0xEE: return modify<M>(Shift::Inc, absolute());
        case 0xF6: return modify<M>(Shift::Inc, directIndexed<M>(x_));
        case 0xFE: return modify<M>(Shift::Inc, absoluteIndexed<M, true>(x_));
        case 0xC6: return modify<M>(Shift::Dec, direct<M>());
        case 0xCE: return modify<M>(Shift::Dec, absolute());
        case 0xD6: return modify<M>(Shift::Dec, directIndexed<M>(x_));
        case 0xDE: return modify<M>(Shift::Dec, absoluteIndexed<M, true>(x_));
        case 0x0A: return modifyAccumulator<M>(Shift::Asl);
        case 0x2A: return modifyAccumulator<M>(Shift::Rol);
        case 0x4A: return modifyAccumulator<M>(Shift::Lsr);
        case 0x6A: return modifyAccumulator<M>(Shift::Ror);
        case 0x1A: return modifyAccumulator<M>(Shift::Inc);
        case 0x3A: return modifyAccumulator<M>(Shift::Dec);

        // Index registers
        case 0xA0: return loadIndex<M>(y_, fetchImmediate<xw>());
        case 0xA4: return loadIndex<M>(y_, readOperand<xw>(direct<M>()));
        case 0xAC: return loadIndex<M>(y_, readOperand<xw>(absolute()));
        case 0xB4: return loadIndex<M>(y_, readOperand<xw>(directIndexed<M>(x_)));
        case 0xBC: return loadIndex<M>(y_, readOperand<xw>(absoluteIndexed<M, false>(x_)));
        case 0xA2: return loadIndex<M>(x_, fetchImmediate<xw>());
        case 0xA6: return loadIndex<M>(x_, readOperand<xw>(direct<M>()));
        case 0xAE: return loadIndex<M>(x_, readOperand<xw>(absolute()));
        case 0xB6: return loadIndex<M>(x_, readOperand<xw>(directIndexed<M>(y_)));
        case 0xBE: return loadIndex<M>(x_, readOperand<xw>(absoluteIndexed<M, false>(y_)));
        case 0x84: return storeIndex<M>(direct<M>(), y_);
        case 0x8C: return storeIndex<M>(absolute(), y_);
        case 0x94: return storeIndex<M>(directIndexed<M>(x_), y_);
        case 0x86: return storeIndex<M>(direct<M>(), x_);
        case 0x8E: return storeIndex<M>(absolute(), x_);
        case 0x96: return storeIndex<M>(directIndexed<M>(y_), x_);
        case 0xC0: return compareIndex<M>(y_, fetchImmediate<xw>());
        case 0xC4: return compareIndex<M>(y_, readOperand<xw>(direct<M>()));
        case 0xCC: return compareIndex<M>(y_, readOperand<xw>(absolute()));
        case 0xE0: return compareIndex<M>(x_, fetchImmediate<xw>());
        case 0xE4: return compareIndex<M>(x_, readOperand<xw>(direct<M>()));
        case 0xEC: return compareIndex<M>(x_, readOperand<xw>(absolute()));
        case 0xE8: return stepIndex<M>(x_, 1);
        case 0xC8: return stepIndex<M>(y_, 1);
        case 0xCA: return stepIndex<M>(x_, -1);
        case 0x88: return stepIndex<M>(y_, -1);

        // STZ
        case 0x64: return store<M>(direct<M>(), 0);
        case 0x74: return store<M>(directIndexed<M>(x_), 0);
        case 0x9C: return store<M>(absolute(), 0);
        case 0x9E: return store<M>(absoluteIndexed<M, true>(x_), 0);

        // Branches
        case 0x10: return branch<M>(!n_);
        case 0x30: return branch<M>(n_);
        case 0x50: return branch<M>(!v_);
        case 0x70: return branch<M>(v_);
        case 0x90: return branch<M>(!c_);
        case 0xB0: return branch<M>(c_);
        case 0xD0: return branch<M>(!z_);
        case 0xF0: return branch<M>(z_);
        case 0x80: return branch<M>(true);
        case 0x82: {
            const std::uint32_t offset = fetch16();
            idle();
            pc_ = (pc_ + offset) & 0xFFFF;
            return;
        }

        // Flags
        case 0x18: return setFlag<M>(c_, false);
        case 0x38: return setFlag<M>(c_, true);
        case 0x58: return setIrqDisable<M>(false);
        case 0x78: return setIrqDisable<M>(true);
        case 0xB8: return setFlag<M>(v_, false);
        case 0xD8: return setFlag<M>(decimal_, false);
        case 0xF8: return setFlag<M>(decimal_, true);
        case 0xC2: return changeStatus<M>(false);
        case 0xE2: return changeStatus<M>(true);
        case 0xFB: return exchangeCarryAndEmulation<M>();

        // Transfers
        case 0xAA: return transferToIndex<M>(x_, a_);
        case 0xA8: return transferToIndex<M>(y_, a_);
        case 0xBA: return transferToIndex<M>(x_, s_);
        case 0x9B: return transferToIndex<M>(y_, x_);
        case 0xBB: return transferToIndex<M>(x_, y_);
        case 0x8A: return transferToAccumulator<M>(x_);
        case 0x98: return transferToAccumulator<M>(y_);
        case 0x9A:
            impliedCycle();
            s_ = M::e ? (0x100 | (x_ & 0xFF)) : x_;
            return;
        case 0x1B:
            impliedCycle();
            s_ = M::e ? (0x100 | (a_ & 0xFF)) : a_;
            return;
        case 0x3B:
            impliedCycle();
            a_ = s_;
            return setNZ<true>(a_);
        case 0x5B:
            impliedCycle();
            d_ = a_;
            return setNZ<true>(d_);
        case 0x7B:
            impliedCycle();
            a_ = d_;
            return setNZ<true>(a_);
        case 0xEB:
            idle();
            idle();
            a_ = (a_ >> 8 | a_ << 8) & 0xFFFF;
            return setNZ<false>(a_);

        // Stack
        case 0x48: return pushRegister<M, mw>(a_);
        case 0xDA: return pushRegister<M, xw>(x_);
        case 0x5A: return pushRegister<M, xw>(y_);
        case 0x08: return pushRegister<M, false>(packP());
        case 0x8B: return pushRegister<M, false>(dbr_);
        case 0x4B: return pushRegister<M, false>(pbr_);
        case 0x68: return setAccumulator<mw>(pullRegister<M, mw>());
        case 0xFA: x_ = pullRegister<M, xw>(); return;
        case 0x7A: y_ = pullRegister<M, xw>(); return;
        case 0x28: {
            idle();
            idle();
            const bool oldI = i_;
            setP<M>(pull<M>());
            delayIrqDisableChange(oldI);
            return;
        }
        case 0x0B:
            idle();
            pushLinear(d_ >> 8);
            pushLinear(d_);
            return endLinearStack<M>();
        case 0x2B: {
            idle();
            idle();
            const std::uint32_t lo = pullLinear();
            d_ = pullLinear() << 8 | lo;
            setNZ<true>(d_);
            return endLinearStack<M>();
        }
        case 0xAB:
            idle();
            idle();
            dbr_ = pullLinear();
            setNZ<false>(dbr_);
            return endLinearStack<M>();
        case 0xF4: {
            const std::uint32_t value = fetch16();
            pushLinear(value >> 8);
            pushLinear(value);
            return endLinearStack<M>();
        }
        case 0xD4: {
            const std::uint32_t offset = fetch();
            directPageCycle();
            const std::uint32_t lo = read(directAddressLinear(offset));
            const std::uint32_t hi = read(directAddressLinear(offset + 1));
            pushLinear(hi);
            pushLinear(lo);
            return endLinearStack<M>();
        }
        case 0x62: {
            const std::uint32_t offset = fetch16();
            idle();
            const std::uint32_t value = (pc_ + offset) & 0xFFFF;
            pushLinear(value >> 8);
            pushLinear(value);
            return endLinearStack<M>();
        }

        // Jumps, calls and returns
        case 0x4C: pc_ = fetch16(); return;
        case 0x5C: {
            const std::uint32_t target = fetch16();
            pbr_ = fetch();
            pc_ = target;
            return;
        }
        case 0x6C: {
            const std::uint32_t pointer = fetch16();
            const std::uint32_t lo = read(pointer);
            pc_ = std::uint32_t{read((pointer + 1) & 0xFFFF)} << 8 | lo;
            return;
        }
        case 0x7C: {
            const std::uint32_t base = fetch16();
            idle();
            const std::uint32_t pointer = (base + x_) & 0xFFFF;
            const std::uint32_t lo = read(pbr_ << 16 | pointer);
            pc_ = std::uint32_t{read(pbr_ << 16 | ((pointer + 1) & 0xFFFF))} << 8 | lo;
            return;
        }
        case 0xDC: {
            const std::uint32_t pointer = fetch16();
            const std::uint32_t lo = read(pointer);
            const std::uint32_t hi = read((pointer + 1) & 0xFFFF);
            pbr_ = read((pointer + 2) & 0xFFFF);
            pc_ = hi << 8 | lo;
            return;
        }
        case 0x20: {
            const std::uint32_t target = fetch16();
            idle();
            const std::uint32_t returnAddress = (pc_ - 1) & 0xFFFF; // the JSR's last byte
            push<M>(returnAddress >> 8);
            push<M>(returnAddress);
            pc_ = target;
            return;
        }
        case 0x22: {
            const std::uint32_t target = fetch16();
            pushLinear(pbr_);
            idle();
            pbr_ = fetch();
            const std::uint32_t returnAddress = (pc_ - 1) & 0xFFFF;
            pushLinear(returnAddress >> 8);
            pushLinear(returnAddress);
            pc_ = target;
            return endLinearStack<M>();
        }
        case 0xFC: {
            const std::uint32_t lo = fetch();
            pushLinear(pc_ >> 8); // PC now addresses the instruction's last byte
            pushLinear(pc_);
            const std::uint32_t base = fetch() << 8 | lo;
            idle();
            const std::uint32_t pointer = (base + x_) & 0xFFFF;
            const std::uint32_t targetLo = read(pbr_ << 16 | pointer);
            pc_ = std::uint32_t{read(pbr_ << 16 | ((pointer + 1) & 0xFFFF))} << 8 | targetLo;
            return endLinearStack<M>();
        }
        case 0x60: {
            idle();
            idle();
            const std::uint32_t lo = pull<M>();
            const std::uint32_t hi = pull<M>();
            idle();
            pc_ = ((hi << 8 | lo) + 1) & 0xFFFF;
            return;
        }
        case 0x6B: {
            idle();
            idle();
            const std::uint32_t lo = pullLinear();
            const std::uint32_t hi = pullLinear();
            pbr_ = pullLinear();
            pc_ = ((hi << 8 | lo) + 1) & 0xFFFF;
            return endLinearStack<M>();
        }
        case 0x40: {
            idle();
            idle();
            setP<M>(pull<M>());
            const std::uint32_t lo = pull<M>();
            const std::uint32_t hi = pull<M>();
            if constexpr (!M::e) {
                pbr_ = pull<M>();
            }
            pc_ = hi << 8 | lo;
            return;
        }
        case 0x00: return softwareInterrupt<M>(M::e ? 0xFFFE : 0xFFE6);
        case 0x02: return softwareInterrupt<M>(M::e ? 0xFFF4 : 0xFFE4);

        // Block moves, and the rest
        case 0x54: return blockMove<M>(1);
        case 0x44: return blockMove<M>(-1);
        case 0xEA: return impliedCycle();
        case 0x42: fetch(); return; // WDM: reserved, reads its operand byte
        case 0xCB: return waitForInterrupt();
        case 0xDB:
            idle();
            idle();
            runState_ = RunState::Stopped;
            return;
        }
    }

    std::uint32_t a_ = 0, x_ = 0, y_ = 0, s_ = 0, d_ = 0, pc_ = 0, pbr_ = 0, dbr_ = 0;
    bool c_ = false, z_ = false, i_ = false, decimal_ = false, v_ = false, n_ = false;
    bool m8_ = true, x8_ = true, e_ = true;
    bool modeChanged_ = false;
    Time t_;
    std::uint64_t instructions_ = 0;
    RunState runState_ = RunState::Running;
    std::uint64_t delayedPollCycle_ = 0;
    bool delayedPollI_ = false;
    Bus& bus_;
    Observer& observer_;
};

// One stretch of a run in one register-width mode. Returns nothing when an instruction changed
// the mode.
template <class Bus, class Observer, class M>
std::optional<StopReason> runStretch(CpuState& state, Bus& bus, Observer& observer, const RunEnds& ends)
{
    Core<Bus, Observer> core(state, bus, observer);
    const std::optional<StopReason> why = core.template loop<M>(ends);
    core.store(state);
    return why;
}

// The same flattened into a single function: every helper of the core is inlined, so the core (a
// local of it) keeps the registers in host registers.
template <class Bus, class Observer, class M>
TILEPROF_FLATTEN std::optional<StopReason> runFlattened(CpuState& state, Bus& bus, Observer& observer,
                                                        const RunEnds& ends)
{
    return runStretch<Bus, Observer, M>(state, bus, observer, ends);
}

// The stretch function for an observer: flattened unless it asks for the plain run loop.
template <class Bus, class Observer, class M>
constexpr auto runInMode =
    WantsPlainRunLoop<Observer> ? &runStretch<Bus, Observer, M> : &runFlattened<Bus, Observer, M>;

template <class Bus, class Observer>
StopReason run(CpuState& state, Bus& bus, Observer& observer, const RunLimits& limits)
{
    const auto saturatingAdd = [](std::uint64_t a, std::uint64_t b) { return a + b < a ? ~std::uint64_t{0} : a + b; };
    const RunEnds ends{saturatingAdd(state.time.cycles, limits.cycles),
                       saturatingAdd(state.instructions, limits.instructions), limits.breakAddress,
                       saturatingAdd(state.time.masterClocks, limits.masterClocks)};
    for (;;) {
        std::optional<StopReason> why;
        const bool m8 = state.regs.p & flag::memory8;
        const bool x8 = state.regs.p & flag::index8;
        if (state.regs.e) {
            why = runInMode<Bus, Observer, Mode<true, true, true>>(state, bus, observer, ends);
        } else if (m8) {
            why = x8 ? runInMode<Bus, Observer, Mode<false, true, true>>(state, bus, observer, ends)
                     : runInMode<Bus, Observer, Mode<false, true, false>>(state, bus, observer, ends);
        } else {
            why = x8 ? runInMode<Bus, Observer, Mode<false, false, true>>(state, bus, observer, ends)
                     : runInMode<Bus, Observer, Mode<false, false, false>>(state, bus, observer, ends);
        }
        if (why) {
            return *why;
        }
    }
}

} // namespace emu::detail
