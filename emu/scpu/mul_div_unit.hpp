#pragma once

#include <cstdint>

namespace emu {

// The 5A22's multiplier and divider ($4202-$4206 in, $4214-$4217 out). An operation takes one step
// per CPU cycle after the write that starts it (8 steps to multiply, 16 to divide), and reading
// the results early returns the partial values of the shift-and-add / restoring-division
// hardware. Steps are counted on a "step clock" the bus supplies (CPU cycles, plus 5 per DRAM
// refresh, during which the unit keeps running); the unit catches up only when it is accessed.
class MulDivUnit {
public:
    void writeMultiplicand(std::uint8_t value) { multiplicand_ = value; }
    void writeDividendLow(std::uint8_t value) { dividend_ = static_cast<std::uint16_t>((dividend_ & 0xFF00) | value); }
    void writeDividendHigh(std::uint8_t value)
    {
        dividend_ = static_cast<std::uint16_t>((dividend_ & 0x00FF) | value << 8);
    }

    // `stepClock` counts the steps taken so far, as of the access (see SnesBus::stepClock); an
    // operation's first step comes one step after the write that starts it.
    void startMultiply(std::uint8_t multiplier, std::uint64_t stepClock);
    void startDivide(std::uint8_t divisor, std::uint64_t stepClock);

    // RDDIV ($4214/$4215) and RDMPY ($4216/$4217) as seen at `stepClock`.
    std::uint16_t quotient(std::uint64_t stepClock)
    {
        catchUp(stepClock);
        return quotient_;
    }
    std::uint16_t product(std::uint64_t stepClock)
    {
        catchUp(stepClock);
        return product_;
    }

    // The registers as they are, with no catching up: for a debugger's view.
    std::uint16_t lastQuotient() const { return quotient_; }
    std::uint16_t lastProduct() const { return product_; }

    template <class Archive>
    void serialize(Archive& a)
    {
        a.value(multiplicand_);
        a.value(dividend_);
        a.value(quotient_);
        a.value(product_);
        a.value(shifter_);
        a.value(dividing_);
        a.bounded(stepsLeft_, 16u);
        a.value(nextStepClock_);
    }

private:
    void catchUp(std::uint64_t stepClock);
    void step();

    std::uint8_t multiplicand_ = 0xFF;
    std::uint16_t dividend_ = 0xFFFF;
    std::uint16_t quotient_ = 0; // RDDIV; during a multiply, the multiplier being shifted out
    std::uint16_t product_ = 0;  // RDMPY; during a divide, the running remainder
    std::uint32_t shifter_ = 0;  // the multiplicand shifted left, or the divisor shifted right
    bool dividing_ = false;
    unsigned stepsLeft_ = 0;
    std::uint64_t nextStepClock_ = 0;
};

} // namespace emu
