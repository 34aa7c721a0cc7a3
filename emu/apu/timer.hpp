#pragma once

#include <cstdint>

namespace emu::apu {

// One of the S-SMP's three timers. A divider common to all runs from power-on and gives each
// timer a tick every `period` SPC700 cycles (128 for timers 0 and 1, 8 kHz; 16 for timer 2,
// 64 kHz). An enabled timer counts ticks in an 8-bit counter; when the counter reaches the target
// ($FA-$FC; 0 means 256) it restarts at 0 and the 4-bit output ($FD-$FF) counts up, wrapping at
// 16. Reading the output clears it.
//
// The timer is brought up to date only when it is looked at (catchUp), with arithmetic rather
// than a tick at a time: the SPC700's ordinary cycles cost nothing.
// Not modelled: TEST ($F0) bits that stop or speed up the timers, and what a disable in the middle
// of a tick does to the divider's edge.
class Timer {
public:
    explicit Timer(unsigned periodShift) : periodShift_(periodShift) {}

    // Counts the ticks of the common divider up to SPC700 cycle `now`.
    void catchUp(std::uint64_t now)
    {
        const std::uint64_t ticks = now >> periodShift_;
        if (ticks != ticksSeen_) {
            if (enabled_) {
                count(ticks - ticksSeen_);
            }
            ticksSeen_ = ticks;
        }
    }

    // CONTROL's enable bit; turning it on restarts the counter and clears the output.
    void setEnabled(bool enabled)
    {
        if (enabled && !enabled_) {
            counter_ = 0;
            output_ = 0;
        }
        enabled_ = enabled;
    }

    void setTarget(std::uint8_t target) { target_ = target; }

    std::uint8_t readOutput()
    {
        const std::uint8_t output = output_;
        output_ = 0;
        return output;
    }

    bool enabled() const { return enabled_; }
    std::uint8_t target() const { return target_; }
    std::uint8_t counter() const { return counter_; }
    std::uint8_t output() const { return output_; }

    // Its period is the timer's own, not state.
    template <class Archive>
    void serialize(Archive& a)
    {
        a.value(ticksSeen_);
        a.value(enabled_);
        a.value(target_);
        a.value(counter_);
        a.bounded(output_, std::uint8_t{0x0F});
    }

private:
    void count(std::uint64_t ticks)
    {
        // Ticks until the counter next equals the target: 1..256 (an 8-bit counter past the target
        // wraps through 0 first).
        const unsigned toMatch = ((target_ - counter_ - 1u) & 0xFF) + 1;
        if (ticks < toMatch) {
            counter_ = static_cast<std::uint8_t>(counter_ + ticks);
            return;
        }
        const unsigned period = target_ == 0 ? 256 : target_;
        const std::uint64_t after = ticks - toMatch;
        output_ = static_cast<std::uint8_t>((output_ + 1 + after / period) & 0x0F);
        counter_ = static_cast<std::uint8_t>(after % period);
    }

    unsigned periodShift_;
    std::uint64_t ticksSeen_ = 0;
    bool enabled_ = false;
    std::uint8_t target_ = 0;
    std::uint8_t counter_ = 0;
    std::uint8_t output_ = 0;
};

} // namespace emu::apu
