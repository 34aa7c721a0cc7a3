#include "emu/scpu/mul_div_unit.hpp"

namespace emu {

void MulDivUnit::startMultiply(std::uint8_t multiplier, std::uint64_t stepClock)
{
    catchUp(stepClock);
    product_ = 0;
    if (stepsLeft_ != 0) {
        return; // busy: the write is ignored
    }
    quotient_ = static_cast<std::uint16_t>(multiplier << 8 | multiplicand_);
    shifter_ = multiplier;
    dividing_ = false;
    stepsLeft_ = 8;
    nextStepClock_ = stepClock + 1;
}

void MulDivUnit::startDivide(std::uint8_t divisor, std::uint64_t stepClock)
{
    catchUp(stepClock);
    product_ = dividend_;
    if (stepsLeft_ != 0) {
        return;
    }
    shifter_ = std::uint32_t{divisor} << 16;
    dividing_ = true;
    stepsLeft_ = 16;
    nextStepClock_ = stepClock + 1;
}

void MulDivUnit::catchUp(std::uint64_t stepClock)
{
    while (stepsLeft_ != 0 && nextStepClock_ <= stepClock) {
        step();
        --stepsLeft_;
        ++nextStepClock_;
    }
}

void MulDivUnit::step()
{
    if (dividing_) {
        quotient_ = static_cast<std::uint16_t>(quotient_ << 1);
        shifter_ >>= 1;
        if (product_ >= shifter_) {
            product_ = static_cast<std::uint16_t>(product_ - shifter_);
            quotient_ |= 1;
        }
    } else {
        if (quotient_ & 1) {
            product_ = static_cast<std::uint16_t>(product_ + shifter_);
        }
        quotient_ >>= 1;
        shifter_ <<= 1;
    }
}

} // namespace emu
