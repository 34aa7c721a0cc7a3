#pragma once

// The SPC700 (S-SMP core), the SNES sound CPU. Every cycle is exactly one bus read, bus write or
// idle cycle, in the order of the consensus vectors (../shared/testdata/spc700-oracle: LakeSnes,
// Mesen2 and bsnes agreeing). Nothing interrupts the SNES's SPC700: BRK is the only way in that
// RETI returns from.
//
// What the core needs of a Bus (all inlined; the Bus counts the cycles):
//   std::uint8_t read(std::uint16_t address);
//   void write(std::uint16_t address, std::uint8_t value);
//   void idle();
//
// Speed: an instruction runs on a Core that lives on the stack, so the registers stay in host
// registers although the bus writes bytes (which may alias anything the compiler cannot see).

#include "emu/apu/spc700_registers.hpp"

#include <cstdint>

namespace emu::apu {

namespace detail {

template <class Bus>
class Spc700Core {
public:
    Spc700Core(const Spc700State& state, Bus& bus) : bus_(bus)
    {
        const Spc700Registers& r = state.regs;
        pc_ = r.pc;
        a_ = r.a;
        x_ = r.x;
        y_ = r.y;
        sp_ = r.sp;
        unpackPsw(r.psw);
        halted_ = state.halted;
    }

    void store(Spc700State& state) const
    {
        state.regs = Spc700Registers{pc_, a_, x_, y_, sp_, packPsw()};
        state.halted = halted_;
    }

    bool halted() const { return halted_; }

    // One instruction, or one idle cycle when halted.
    void step()
    {
        if (halted_) [[unlikely]] {
            idle();
            return;
        }
        execute(fetch());
    }

private:
    enum class Alu : std::uint8_t { Or, And, Eor, Cmp, Adc, Sbc, Mov };
    enum class Rmw : std::uint8_t { Asl, Rol, Lsr, Ror, Dec, Inc };

    Bus& bus_;
    std::uint16_t pc_;
    std::uint8_t a_, x_, y_, sp_;
    bool n_, v_, p_, b_, h_, i_, z_, c_;
    bool halted_;

    std::uint8_t packPsw() const
    {
        return static_cast<std::uint8_t>(n_ << 7 | v_ << 6 | p_ << 5 | b_ << 4 | h_ << 3 | i_ << 2 | z_ << 1 | c_);
    }

    void unpackPsw(std::uint8_t psw)
    {
        n_ = psw & 0x80;
        v_ = psw & 0x40;
        p_ = psw & 0x20;
        b_ = psw & 0x10;
        h_ = psw & 0x08;
        i_ = psw & 0x04;
        z_ = psw & 0x02;
        c_ = psw & 0x01;
    }

    // ---- Bus cycles ---------------------------------------------------------------------------

    std::uint8_t read(std::uint16_t address) { return bus_.read(address); }
    void write(std::uint16_t address, std::uint8_t value) { bus_.write(address, value); }
    void idle() { bus_.idle(); }
    std::uint8_t fetch() { return read(pc_++); }
    std::uint16_t fetchWord()
    {
        const std::uint8_t low = fetch();
        return static_cast<std::uint16_t>(low | fetch() << 8);
    }
    // The byte after the opcode, read and dropped by the one-byte instructions.
    void dummyReadPc() { read(pc_); }

    std::uint16_t direct(unsigned offset) const
    {
        return static_cast<std::uint16_t>((p_ ? 0x100 : 0) | (offset & 0xFF));
    }
    std::uint8_t loadDirect(unsigned offset) { return read(direct(offset)); }
    void storeDirect(unsigned offset, std::uint8_t value) { write(direct(offset), value); }

    void push(std::uint8_t value) { write(static_cast<std::uint16_t>(0x100 | sp_--), value); }
    std::uint8_t pull() { return read(static_cast<std::uint16_t>(0x100 | ++sp_)); }

    // ---- Operand addresses: each spends the cycles before the operand's own access ---------------

    std::uint16_t addressDirect() { return direct(fetch()); }
    std::uint16_t addressDirectIndexed(std::uint8_t index)
    {
        const std::uint8_t offset = fetch();
        idle();
        return direct(offset + index);
    }
    std::uint16_t addressAbsolute() { return fetchWord(); }
    std::uint16_t addressAbsoluteIndexed(std::uint8_t index)
    {
        const std::uint16_t base = fetchWord();
        idle();
        return static_cast<std::uint16_t>(base + index);
    }
    std::uint16_t addressIndirectX() // (X)
    {
        dummyReadPc();
        return direct(x_);
    }
    std::uint16_t addressIndexedIndirect() // [d+X]
    {
        const std::uint8_t offset = fetch();
        idle();
        const std::uint8_t low = loadDirect(offset + x_);
        return static_cast<std::uint16_t>(low | loadDirect(offset + x_ + 1) << 8);
    }
    std::uint16_t addressIndirectIndexed() // [d]+Y
    {
        const std::uint8_t offset = fetch();
        const std::uint8_t low = loadDirect(offset);
        const std::uint16_t base = static_cast<std::uint16_t>(low | loadDirect(offset + 1) << 8);
        idle();
        return static_cast<std::uint16_t>(base + y_);
    }

    // A store reads its target first and drops the byte.
    void storeAt(std::uint16_t address, std::uint8_t value)
    {
        read(address);
        write(address, value);
    }

    // ---- Arithmetic -----------------------------------------------------------------------------

    void setNz(std::uint8_t value)
    {
        n_ = value & 0x80;
        z_ = value == 0;
    }

    std::uint8_t add(std::uint8_t x, std::uint8_t y)
    {
        const unsigned sum = x + y + c_;
        c_ = sum > 0xFF;
        h_ = (x ^ y ^ sum) & 0x10;
        v_ = ~(x ^ y) & (x ^ sum) & 0x80;
        setNz(static_cast<std::uint8_t>(sum));
        return static_cast<std::uint8_t>(sum);
    }

    // Cmp leaves its left operand unchanged and returns it; Mov returns the right one.
    template <Alu op>
    std::uint8_t alu(std::uint8_t x, std::uint8_t y)
    {
        std::uint8_t result;
        if constexpr (op == Alu::Or) {
            result = x | y;
        } else if constexpr (op == Alu::And) {
            result = x & y;
        } else if constexpr (op == Alu::Eor) {
            result = x ^ y;
        } else if constexpr (op == Alu::Mov) {
            result = y;
        } else if constexpr (op == Alu::Cmp) {
            c_ = x >= y;
            setNz(static_cast<std::uint8_t>(x - y));
            return x;
        } else if constexpr (op == Alu::Adc) {
            return add(x, y);
        } else {
            return add(x, static_cast<std::uint8_t>(~y));
        }
        setNz(result);
        return result;
    }

    template <Rmw op>
    std::uint8_t modify(std::uint8_t x)
    {
        unsigned result;
        if constexpr (op == Rmw::Asl) {
            c_ = x & 0x80;
            result = x << 1;
        } else if constexpr (op == Rmw::Rol) {
            result = x << 1 | c_;
            c_ = x & 0x80;
        } else if constexpr (op == Rmw::Lsr) {
            c_ = x & 1;
            result = x >> 1;
        } else if constexpr (op == Rmw::Ror) {
            result = x >> 1 | c_ << 7;
            c_ = x & 1;
        } else if constexpr (op == Rmw::Dec) {
            result = x - 1u;
        } else {
            result = x + 1u;
        }
        setNz(static_cast<std::uint8_t>(result));
        return static_cast<std::uint8_t>(result);
    }

    // ---- Instruction shapes ---------------------------------------------------------------------

    template <Alu op>
    void toA(std::uint8_t value) { a_ = alu<op>(a_, value); }

    template <Alu op>
    void aluMemory(std::uint16_t address) { toA<op>(read(address)); }

    template <Rmw op>
    void modifyMemory(std::uint16_t address) { write(address, modify<op>(read(address))); }

    // OR dd,ds and the like: the source first, then the target; CMP ends idle instead of writing.
    template <Alu op>
    void directDirect()
    {
        const std::uint8_t source = loadDirect(fetch());
        const std::uint8_t target = fetch();
        const std::uint8_t result = alu<op>(loadDirect(target), source);
        if constexpr (op == Alu::Cmp) {
            idle();
        } else {
            storeDirect(target, result);
        }
    }

    template <Alu op>
    void directImmediate()
    {
        const std::uint8_t immediate = fetch();
        const std::uint8_t target = fetch();
        const std::uint8_t result = alu<op>(loadDirect(target), immediate);
        if constexpr (op == Alu::Cmp) {
            idle();
        } else {
            storeDirect(target, result);
        }
    }

    template <Alu op>
    void indirectXIndirectY() // (X),(Y)
    {
        dummyReadPc();
        const std::uint8_t source = loadDirect(y_);
        const std::uint8_t result = alu<op>(loadDirect(x_), source);
        if constexpr (op == Alu::Cmp) {
            idle();
        } else {
            storeDirect(x_, result);
        }
    }

    template <Rmw op>
    void modifyRegister(std::uint8_t& target)
    {
        dummyReadPc();
        target = modify<op>(target);
    }

    void transfer(std::uint8_t from, std::uint8_t& to)
    {
        dummyReadPc();
        to = from;
        setNz(to);
    }

    void branch(bool taken)
    {
        const std::int8_t displacement = static_cast<std::int8_t>(fetch());
        if (taken) {
            idle();
            idle();
            pc_ = static_cast<std::uint16_t>(pc_ + displacement);
        }
    }

    // BBS/BBC and CBNE: after the tested byte, an idle cycle, then the displacement.
    void branchAfterTest(bool taken)
    {
        idle();
        branch(taken);
    }

    void branchOnBit(unsigned bit, bool set)
    {
        const std::uint8_t value = loadDirect(fetch());
        branchAfterTest(((value >> bit) & 1) == set);
    }

    void setBit(unsigned bit, bool set)
    {
        const std::uint8_t offset = fetch();
        const std::uint8_t value = loadDirect(offset);
        const std::uint8_t mask = static_cast<std::uint8_t>(1u << bit);
        storeDirect(offset, set ? value | mask : value & ~mask);
    }

    // The m.b operand of the bit instructions: a 13-bit address and a bit number in the top 3 bits.
    struct MemoryBit {
        std::uint16_t address;
        unsigned bit;
    };
    MemoryBit fetchMemoryBit()
    {
        const std::uint16_t operand = fetchWord();
        return MemoryBit{static_cast<std::uint16_t>(operand & 0x1FFF), static_cast<unsigned>(operand >> 13)};
    }
    bool readBit(const MemoryBit& m) { return (read(m.address) >> m.bit) & 1; }

    void tableCall(std::uint16_t vector)
    {
        dummyReadPc();
        idle();
        push(static_cast<std::uint8_t>(pc_ >> 8));
        push(static_cast<std::uint8_t>(pc_));
        idle();
        const std::uint8_t low = read(vector);
        pc_ = static_cast<std::uint16_t>(low | read(static_cast<std::uint16_t>(vector + 1)) << 8);
    }

    std::uint16_t ya() const { return static_cast<std::uint16_t>(y_ << 8 | a_); }
    void setYa(unsigned value)
    {
        a_ = static_cast<std::uint8_t>(value);
        y_ = static_cast<std::uint8_t>(value >> 8);
    }

    // ADDW/SUBW: two byte additions through the carry; Z covers the whole word.
    void addWord(bool subtract)
    {
        const std::uint8_t offset = fetch();
        const std::uint8_t low = loadDirect(offset);
        idle();
        const std::uint8_t high = loadDirect(offset + 1);
        c_ = subtract;
        const std::uint8_t mask = subtract ? 0xFF : 0x00;
        a_ = add(a_, low ^ mask);
        y_ = add(y_, high ^ mask);
        z_ = a_ == 0 && y_ == 0;
    }

    // INCW/DECW: the low byte is written before the high byte is read.
    void stepWord(int delta)
    {
        const std::uint8_t offset = fetch();
        unsigned word = static_cast<unsigned>(loadDirect(offset) + delta);
        storeDirect(offset, static_cast<std::uint8_t>(word));
        word = (word + (loadDirect(offset + 1) << 8)) & 0xFFFF;
        storeDirect(offset + 1, static_cast<std::uint8_t>(word >> 8));
        n_ = word & 0x8000;
        z_ = word == 0;
    }

    // DIV YA,X as the S-SMP computes it: a 9-bit quotient whose top bit is V; past 511 the hardware's
    // shift-and-subtract gives the second formula (bsnes's closed form, which the bit-serial
    // dividers of LakeSnes and Mesen2 agree with for every X, Y and A).
    void divide()
    {
        dummyReadPc();
        for (int i = 0; i < 10; ++i) {
            idle();
        }
        const unsigned dividend = ya();
        const unsigned divisor = x_;
        h_ = (y_ & 15) >= (x_ & 15);
        v_ = y_ >= x_;
        if (y_ < divisor << 1) {
            a_ = static_cast<std::uint8_t>(dividend / divisor);
            y_ = static_cast<std::uint8_t>(dividend % divisor);
        } else {
            const unsigned excess = dividend - (divisor << 9);
            a_ = static_cast<std::uint8_t>(255 - excess / (256 - divisor));
            y_ = static_cast<std::uint8_t>(divisor + excess % (256 - divisor));
        }
        setNz(a_);
    }

    void execute(std::uint8_t opcode);
};

template <class Bus>
void Spc700Core<Bus>::execute(std::uint8_t opcode)
{
    switch (opcode) {
    // ---- The eight ALU rows: OR AND EOR CMP ADC SBC into A -----------------------------------------
    case 0x04: aluMemory<Alu::Or>(addressDirect()); break;
    case 0x05: aluMemory<Alu::Or>(addressAbsolute()); break;
    case 0x06: aluMemory<Alu::Or>(addressIndirectX()); break;
    case 0x07: aluMemory<Alu::Or>(addressIndexedIndirect()); break;
    case 0x08: toA<Alu::Or>(fetch()); break;
    case 0x14: aluMemory<Alu::Or>(addressDirectIndexed(x_)); break;
    case 0x15: aluMemory<Alu::Or>(addressAbsoluteIndexed(x_)); break;
    case 0x16: aluMemory<Alu::Or>(addressAbsoluteIndexed(y_)); break;
    case 0x17: aluMemory<Alu::Or>(addressIndirectIndexed()); break;
    case 0x24: aluMemory<Alu::And>(addressDirect()); break;
    case 0x25: aluMemory<Alu::And>(addressAbsolute()); break;
    case 0x26: aluMemory<Alu::And>(addressIndirectX()); break;
    case 0x27: aluMemory<Alu::And>(addressIndexedIndirect()); break;
    case 0x28: toA<Alu::And>(fetch()); break;
    case 0x34: aluMemory<Alu::And>(addressDirectIndexed(x_)); break;
    case 0x35: aluMemory<Alu::And>(addressAbsoluteIndexed(x_)); break;
    case 0x36: aluMemory<Alu::And>(addressAbsoluteIndexed(y_)); break;
    case 0x37: aluMemory<Alu::And>(addressIndirectIndexed()); break;
    case 0x44: aluMemory<Alu::Eor>(addressDirect()); break;
    case 0x45: aluMemory<Alu::Eor>(addressAbsolute()); break;
    case 0x46: aluMemory<Alu::Eor>(addressIndirectX()); break;
    case 0x47: aluMemory<Alu::Eor>(addressIndexedIndirect()); break;
    case 0x48: toA<Alu::Eor>(fetch()); break;
    case 0x54: aluMemory<Alu::Eor>(addressDirectIndexed(x_)); break;
    case 0x55: aluMemory<Alu::Eor>(addressAbsoluteIndexed(x_)); break;
    case 0x56: aluMemory<Alu::Eor>(addressAbsoluteIndexed(y_)); break;
    case 0x57: aluMemory<Alu::Eor>(addressIndirectIndexed()); break;
    case 0x64: aluMemory<Alu::Cmp>(addressDirect()); break;
    case 0x65: aluMemory<Alu::Cmp>(addressAbsolute()); break;
    case 0x66: aluMemory<Alu::Cmp>(addressIndirectX()); break;
    case 0x67: aluMemory<Alu::Cmp>(addressIndexedIndirect()); break;
    case 0x68: toA<Alu::Cmp>(fetch()); break;
    case 0x74: aluMemory<Alu::Cmp>(addressDirectIndexed(x_)); break;
    case 0x75: aluMemory<Alu::Cmp>(addressAbsoluteIndexed(x_)); break;
    case 0x76: aluMemory<Alu::Cmp>(addressAbsoluteIndexed(y_)); break;
    case 0x77: aluMemory<Alu::Cmp>(addressIndirectIndexed()); break;
    case 0x84: aluMemory<Alu::Adc>(addressDirect()); break;
    case 0x85: aluMemory<Alu::Adc>(addressAbsolute()); break;
    case 0x86: aluMemory<Alu::Adc>(addressIndirectX()); break;
    case 0x87: aluMemory<Alu::Adc>(addressIndexedIndirect()); break;
    case 0x88: toA<Alu::Adc>(fetch()); break;
    case 0x94: aluMemory<Alu::Adc>(addressDirectIndexed(x_)); break;
    case 0x95: aluMemory<Alu::Adc>(addressAbsoluteIndexed(x_)); break;
    case 0x96: aluMemory<Alu::Adc>(addressAbsoluteIndexed(y_)); break;
    case 0x97: aluMemory<Alu::Adc>(addressIndirectIndexed()); break;
    case 0xA4: aluMemory<Alu::Sbc>(addressDirect()); break;
    case 0xA5: aluMemory<Alu::Sbc>(addressAbsolute()); break;
    case 0xA6: aluMemory<Alu::Sbc>(addressIndirectX()); break;
    case 0xA7: aluMemory<Alu::Sbc>(addressIndexedIndirect()); break;
    case 0xA8: toA<Alu::Sbc>(fetch()); break;
    case 0xB4: aluMemory<Alu::Sbc>(addressDirectIndexed(x_)); break;
    case 0xB5: aluMemory<Alu::Sbc>(addressAbsoluteIndexed(x_)); break;
    case 0xB6: aluMemory<Alu::Sbc>(addressAbsoluteIndexed(y_)); break;
    case 0xB7: aluMemory<Alu::Sbc>(addressIndirectIndexed()); break;

    // ---- MOV A,... and MOV ...,A ------------------------------------------------------------------
    case 0xE4: aluMemory<Alu::Mov>(addressDirect()); break;
    case 0xE5: aluMemory<Alu::Mov>(addressAbsolute()); break;
    case 0xE6: aluMemory<Alu::Mov>(addressIndirectX()); break;
    case 0xE7: aluMemory<Alu::Mov>(addressIndexedIndirect()); break;
    case 0xE8: toA<Alu::Mov>(fetch()); break;
    case 0xF4: aluMemory<Alu::Mov>(addressDirectIndexed(x_)); break;
    case 0xF5: aluMemory<Alu::Mov>(addressAbsoluteIndexed(x_)); break;
    case 0xF6: aluMemory<Alu::Mov>(addressAbsoluteIndexed(y_)); break;
    case 0xF7: aluMemory<Alu::Mov>(addressIndirectIndexed()); break;
    case 0xC4: storeAt(addressDirect(), a_); break;
    case 0xC5: storeAt(addressAbsolute(), a_); break;
    case 0xC6: storeAt(addressIndirectX(), a_); break;
    case 0xC7: storeAt(addressIndexedIndirect(), a_); break;
    case 0xD4: storeAt(addressDirectIndexed(x_), a_); break;
    case 0xD5: storeAt(addressAbsoluteIndexed(x_), a_); break;
    case 0xD6: storeAt(addressAbsoluteIndexed(y_), a_); break;
    case 0xD7: storeAt(addressIndirectIndexed(), a_); break;
    case 0xAF: // MOV (X)+,A: no read of the target
        dummyReadPc();
        idle();
        storeDirect(x_++, a_);
        break;
    case 0xBF: // MOV A,(X)+
        dummyReadPc();
        a_ = loadDirect(x_++);
        idle();
        setNz(a_);
        break;

    // ---- X and Y --------------------------------------------------------------------------------
    case 0xCD: x_ = alu<Alu::Mov>(x_, fetch()); break;
    case 0xF8: x_ = alu<Alu::Mov>(x_, read(addressDirect())); break;
    case 0xF9: x_ = alu<Alu::Mov>(x_, read(addressDirectIndexed(y_))); break;
    case 0xE9: x_ = alu<Alu::Mov>(x_, read(addressAbsolute())); break;
    case 0x8D: y_ = alu<Alu::Mov>(y_, fetch()); break;
    case 0xEB: y_ = alu<Alu::Mov>(y_, read(addressDirect())); break;
    case 0xFB: y_ = alu<Alu::Mov>(y_, read(addressDirectIndexed(x_))); break;
    case 0xEC: y_ = alu<Alu::Mov>(y_, read(addressAbsolute())); break;
    case 0xC8: alu<Alu::Cmp>(x_, fetch()); break;
    case 0x3E: alu<Alu::Cmp>(x_, read(addressDirect())); break;
    case 0x1E: alu<Alu::Cmp>(x_, read(addressAbsolute())); break;
    case 0xAD: alu<Alu::Cmp>(y_, fetch()); break;
    case 0x7E: alu<Alu::Cmp>(y_, read(addressDirect())); break;
    case 0x5E: alu<Alu::Cmp>(y_, read(addressAbsolute())); break;
    case 0xD8: storeAt(addressDirect(), x_); break;
    case 0xD9: storeAt(addressDirectIndexed(y_), x_); break;
    case 0xC9: storeAt(addressAbsolute(), x_); break;
    case 0xCB: storeAt(addressDirect(), y_); break;
    case 0xDB: storeAt(addressDirectIndexed(x_), y_); break;
    case 0xCC: storeAt(addressAbsolute(), y_); break;

    // ---- Memory to memory -------------------------------------------------------------------------
    case 0x09: directDirect<Alu::Or>(); break;
    case 0x29: directDirect<Alu::And>(); break;
    case 0x49: directDirect<Alu::Eor>(); break;
    case 0x69: directDirect<Alu::Cmp>(); break;
    case 0x89: directDirect<Alu::Adc>(); break;
    case 0xA9: directDirect<Alu::Sbc>(); break;
    case 0xFA: { // MOV dd,ds: no read of the target
        const std::uint8_t value = loadDirect(fetch());
        storeDirect(fetch(), value);
        break;
    }
    case 0x18: directImmediate<Alu::Or>(); break;
    case 0x38: directImmediate<Alu::And>(); break;
    case 0x58: directImmediate<Alu::Eor>(); break;
    case 0x78: directImmediate<Alu::Cmp>(); break;
    case 0x98: directImmediate<Alu::Adc>(); break;
    case 0xB8: directImmediate<Alu::Sbc>(); break;
    case 0x8F: { // MOV d,#i
        const std::uint8_t value = fetch();
        storeAt(addressDirect(), value);
        break;
    }
    case 0x19: indirectXIndirectY<Alu::Or>(); break;
    case 0x39: indirectXIndirectY<Alu::And>(); break;
    case 0x59: indirectXIndirectY<Alu::Eor>(); break;
    case 0x79: indirectXIndirectY<Alu::Cmp>(); break;
    case 0x99: indirectXIndirectY<Alu::Adc>(); break;
    case 0xB9: indirectXIndirectY<Alu::Sbc>(); break;

    // ---- Shifts, rotates, increments ----------------------------------------------------------------
    case 0x0B: modifyMemory<Rmw::Asl>(addressDirect()); break;
    case 0x1B: modifyMemory<Rmw::Asl>(addressDirectIndexed(x_)); break;
    case 0x0C: modifyMemory<Rmw::Asl>(addressAbsolute()); break;
    case 0x1C: modifyRegister<Rmw::Asl>(a_); break;
    case 0x2B: modifyMemory<Rmw::Rol>(addressDirect()); break;
    case 0x3B: modifyMemory<Rmw::Rol>(addressDirectIndexed(x_)); break;
    case 0x2C: modifyMemory<Rmw::Rol>(addressAbsolute()); break;
    case 0x3C: modifyRegister<Rmw::Rol>(a_); break;
    case 0x4B: modifyMemory<Rmw::Lsr>(addressDirect()); break;
    case 0x5B: modifyMemory<Rmw::Lsr>(addressDirectIndexed(x_)); break;
    case 0x4C: modifyMemory<Rmw::Lsr>(addressAbsolute()); break;
    case 0x5C: modifyRegister<Rmw::Lsr>(a_); break;
    case 0x6B: modifyMemory<Rmw::Ror>(addressDirect()); break;
    case 0x7B: modifyMemory<Rmw::Ror>(addressDirectIndexed(x_)); break;
    case 0x6C: modifyMemory<Rmw::Ror>(addressAbsolute()); break;
    case 0x7C: modifyRegister<Rmw::Ror>(a_); break;
    case 0x8B: modifyMemory<Rmw::Dec>(addressDirect()); break;
    case 0x9B: modifyMemory<Rmw::Dec>(addressDirectIndexed(x_)); break;
    case 0x8C: modifyMemory<Rmw::Dec>(addressAbsolute()); break;
    case 0x9C: modifyRegister<Rmw::Dec>(a_); break;
    case 0x1D: modifyRegister<Rmw::Dec>(x_); break;
    case 0xDC: modifyRegister<Rmw::Dec>(y_); break;
    case 0xAB: modifyMemory<Rmw::Inc>(addressDirect()); break;
    case 0xBB: modifyMemory<Rmw::Inc>(addressDirectIndexed(x_)); break;
    case 0xAC: modifyMemory<Rmw::Inc>(addressAbsolute()); break;
    case 0xBC: modifyRegister<Rmw::Inc>(a_); break;
    case 0x3D: modifyRegister<Rmw::Inc>(x_); break;
    case 0xFC: modifyRegister<Rmw::Inc>(y_); break;
    case 0x9F: // XCN
        dummyReadPc();
        idle();
        idle();
        idle();
        a_ = static_cast<std::uint8_t>(a_ >> 4 | a_ << 4);
        setNz(a_);
        break;

    // ---- Words ------------------------------------------------------------------------------------
    case 0x1A: stepWord(-1); break;
    case 0x3A: stepWord(+1); break;
    case 0x7A: addWord(false); break;
    case 0x9A: addWord(true); break;
    case 0x5A: { // CMPW YA,d
        const std::uint8_t offset = fetch();
        const std::uint8_t low = loadDirect(offset);
        const unsigned operand = low | loadDirect(offset + 1) << 8;
        const unsigned difference = ya() - operand;
        c_ = ya() >= operand;
        n_ = difference & 0x8000;
        z_ = (difference & 0xFFFF) == 0;
        break;
    }
    case 0xBA: { // MOVW YA,d
        const std::uint8_t offset = fetch();
        a_ = loadDirect(offset);
        idle();
        y_ = loadDirect(offset + 1);
        n_ = y_ & 0x80;
        z_ = ya() == 0;
        break;
    }
    case 0xDA: { // MOVW d,YA: reads only the low byte first
        const std::uint8_t offset = fetch();
        loadDirect(offset);
        storeDirect(offset, a_);
        storeDirect(offset + 1, y_);
        break;
    }
    case 0xCF: // MUL YA: flags from Y alone
        dummyReadPc();
        for (int i = 0; i < 7; ++i) {
            idle();
        }
        setYa(unsigned{y_} * a_);
        setNz(y_);
        break;
    case 0x9E: divide(); break;
    case 0xDF: // DAA
        dummyReadPc();
        idle();
        if (c_ || a_ > 0x99) {
            a_ = static_cast<std::uint8_t>(a_ + 0x60);
            c_ = true;
        }
        if (h_ || (a_ & 15) > 9) {
            a_ = static_cast<std::uint8_t>(a_ + 0x06);
        }
        setNz(a_);
        break;
    case 0xBE: // DAS
        dummyReadPc();
        idle();
        if (!c_ || a_ > 0x99) {
            a_ = static_cast<std::uint8_t>(a_ - 0x60);
            c_ = false;
        }
        if (!h_ || (a_ & 15) > 9) {
            a_ = static_cast<std::uint8_t>(a_ - 0x06);
        }
        setNz(a_);
        break;

    // ---- Register transfers -------------------------------------------------------------------------
    case 0x5D: transfer(a_, x_); break;
    case 0x7D: transfer(x_, a_); break;
    case 0xDD: transfer(y_, a_); break;
    case 0xFD: transfer(a_, y_); break;
    case 0x9D: transfer(sp_, x_); break;
    case 0xBD: // MOV SP,X: no flags
        dummyReadPc();
        sp_ = x_;
        break;

    // ---- Bits ---------------------------------------------------------------------------------------
    case 0x02: case 0x22: case 0x42: case 0x62: case 0x82: case 0xA2: case 0xC2: case 0xE2:
        setBit(opcode >> 5, true);
        break;
    case 0x12: case 0x32: case 0x52: case 0x72: case 0x92: case 0xB2: case 0xD2: case 0xF2:
        setBit(opcode >> 5, false);
        break;
    case 0x0E: case 0x4E: { // TSET1 !a / TCLR1 !a: flags from A - m, then the target read again
        const std::uint16_t address = addressAbsolute();
        const std::uint8_t value = read(address);
        setNz(static_cast<std::uint8_t>(a_ - value));
        read(address);
        write(address, static_cast<std::uint8_t>(opcode == 0x0E ? value | a_ : value & ~a_));
        break;
    }
    case 0x0A: { // OR1 C,m.b
        const MemoryBit m = fetchMemoryBit();
        c_ = c_ | readBit(m);
        idle();
        break;
    }
    case 0x2A: { // OR1 C,/m.b
        const MemoryBit m = fetchMemoryBit();
        c_ = c_ | !readBit(m);
        idle();
        break;
    }
    case 0x4A: { // AND1 C,m.b
        const MemoryBit m = fetchMemoryBit();
        c_ = c_ & readBit(m);
        break;
    }
    case 0x6A: { // AND1 C,/m.b
        const MemoryBit m = fetchMemoryBit();
        c_ = c_ & !readBit(m);
        break;
    }
    case 0x8A: { // EOR1 C,m.b
        const MemoryBit m = fetchMemoryBit();
        c_ = c_ ^ readBit(m);
        idle();
        break;
    }
    case 0xAA: { // MOV1 C,m.b
        const MemoryBit m = fetchMemoryBit();
        c_ = readBit(m);
        break;
    }
    case 0xCA: { // MOV1 m.b,C
        const MemoryBit m = fetchMemoryBit();
        const std::uint8_t value = read(m.address);
        idle();
        const std::uint8_t mask = static_cast<std::uint8_t>(1u << m.bit);
        write(m.address, c_ ? value | mask : value & ~mask);
        break;
    }
    case 0xEA: { // NOT1 m.b
        const MemoryBit m = fetchMemoryBit();
        const std::uint8_t value = read(m.address);
        write(m.address, value ^ static_cast<std::uint8_t>(1u << m.bit));
        break;
    }

    // ---- Flags --------------------------------------------------------------------------------------
    case 0x60: dummyReadPc(); c_ = false; break;
    case 0x80: dummyReadPc(); c_ = true; break;
    case 0x20: dummyReadPc(); p_ = false; break;
    case 0x40: dummyReadPc(); p_ = true; break;
    case 0xE0: dummyReadPc(); v_ = h_ = false; break;
    case 0xED: dummyReadPc(); idle(); c_ = !c_; break;
    case 0xA0: dummyReadPc(); idle(); i_ = true; break;
    case 0xC0: dummyReadPc(); idle(); i_ = false; break;

    // ---- Branches -----------------------------------------------------------------------------------
    case 0x2F: branch(true); break;
    case 0x10: branch(!n_); break;
    case 0x30: branch(n_); break;
    case 0x50: branch(!v_); break;
    case 0x70: branch(v_); break;
    case 0x90: branch(!c_); break;
    case 0xB0: branch(c_); break;
    case 0xD0: branch(!z_); break;
    case 0xF0: branch(z_); break;
    case 0x03: case 0x23: case 0x43: case 0x63: case 0x83: case 0xA3: case 0xC3: case 0xE3:
        branchOnBit(opcode >> 5, true);
        break;
    case 0x13: case 0x33: case 0x53: case 0x73: case 0x93: case 0xB3: case 0xD3: case 0xF3:
        branchOnBit(opcode >> 5, false);
        break;
    case 0x2E: { // CBNE d,r
        const std::uint8_t value = loadDirect(fetch());
        branchAfterTest(value != a_);
        break;
    }
    case 0xDE: { // CBNE d+X,r
        const std::uint8_t value = read(addressDirectIndexed(x_));
        branchAfterTest(value != a_);
        break;
    }
    case 0x6E: { // DBNZ d,r: the decremented byte is written before the displacement is fetched
        const std::uint8_t offset = fetch();
        const std::uint8_t value = static_cast<std::uint8_t>(loadDirect(offset) - 1);
        storeDirect(offset, value);
        branch(value != 0);
        break;
    }
    case 0xFE: // DBNZ Y,r
        dummyReadPc();
        idle();
        --y_;
        branch(y_ != 0);
        break;

    // ---- Jumps, calls, returns --------------------------------------------------------------------
    case 0x5F: pc_ = fetchWord(); break;
    case 0x1F: { // JMP [!a+X]
        const std::uint16_t pointer = addressAbsoluteIndexed(x_);
        const std::uint8_t low = read(pointer);
        pc_ = static_cast<std::uint16_t>(low | read(static_cast<std::uint16_t>(pointer + 1)) << 8);
        break;
    }
    case 0x3F: { // CALL !a
        const std::uint16_t target = fetchWord();
        idle();
        push(static_cast<std::uint8_t>(pc_ >> 8));
        push(static_cast<std::uint8_t>(pc_));
        idle();
        idle();
        pc_ = target;
        break;
    }
    case 0x4F: { // PCALL u
        const std::uint8_t target = fetch();
        idle();
        push(static_cast<std::uint8_t>(pc_ >> 8));
        push(static_cast<std::uint8_t>(pc_));
        idle();
        pc_ = static_cast<std::uint16_t>(0xFF00 | target);
        break;
    }
    case 0x01: case 0x11: case 0x21: case 0x31: case 0x41: case 0x51: case 0x61: case 0x71:
    case 0x81: case 0x91: case 0xA1: case 0xB1: case 0xC1: case 0xD1: case 0xE1: case 0xF1:
        tableCall(static_cast<std::uint16_t>(0xFFDE - 2 * (opcode >> 4)));
        break;
    case 0x0F: { // BRK: pushes PSW as it was, then sets B and clears I; the vector is TCALL 0's
        dummyReadPc();
        push(static_cast<std::uint8_t>(pc_ >> 8));
        push(static_cast<std::uint8_t>(pc_));
        push(packPsw());
        idle();
        const std::uint8_t low = read(0xFFDE);
        pc_ = static_cast<std::uint16_t>(low | read(0xFFDF) << 8);
        b_ = true;
        i_ = false;
        break;
    }
    case 0x6F: { // RET
        dummyReadPc();
        idle();
        const std::uint8_t low = pull();
        pc_ = static_cast<std::uint16_t>(low | pull() << 8);
        break;
    }
    case 0x7F: { // RETI
        dummyReadPc();
        idle();
        unpackPsw(pull());
        const std::uint8_t low = pull();
        pc_ = static_cast<std::uint16_t>(low | pull() << 8);
        break;
    }

    // ---- Stack --------------------------------------------------------------------------------------
    case 0x2D: dummyReadPc(); push(a_); idle(); break;
    case 0x4D: dummyReadPc(); push(x_); idle(); break;
    case 0x6D: dummyReadPc(); push(y_); idle(); break;
    case 0x0D: dummyReadPc(); push(packPsw()); idle(); break;
    case 0xAE: dummyReadPc(); idle(); a_ = pull(); break;
    case 0xCE: dummyReadPc(); idle(); x_ = pull(); break;
    case 0xEE: dummyReadPc(); idle(); y_ = pull(); break;
    case 0x8E: dummyReadPc(); idle(); unpackPsw(pull()); break;

    // ---- NOP, SLEEP, STOP ---------------------------------------------------------------------------
    case 0x00: dummyReadPc(); break;
    case 0xEF: // SLEEP and STOP: nothing wakes the SNES's SPC700 from either
    case 0xFF:
        dummyReadPc();
        idle();
        halted_ = true;
        break;
    }
}

} // namespace detail

// An SPC700 attached to a bus.
template <class Bus>
class Spc700 {
public:
    explicit Spc700(Bus& bus) : bus_(bus) {}

    Spc700State state;

    // One instruction (when halted, one idle cycle).
    void step()
    {
        detail::Spc700Core<Bus> core(state, bus_);
        core.step();
        core.store(state);
    }

    // One instruction with its bus cycles on `bus` instead, another view of the same machine (the
    // APU's logged bus, for an instruction it may have to undo).
    template <class OtherBus>
    void stepOn(OtherBus& bus)
    {
        detail::Spc700Core<OtherBus> core(state, bus);
        core.step();
        core.store(state);
    }

    // Steps until `done()` (asked before every step) says so, or the SPC700 halts.
    template <class Done>
    void runUntil(Done done)
    {
        detail::Spc700Core<Bus> core(state, bus_);
        while (!core.halted() && !done()) {
            core.step();
        }
        core.store(state);
    }

private:
    Bus& bus_;
};

} // namespace emu::apu
