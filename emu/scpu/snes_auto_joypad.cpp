// The auto-joypad read ($4200 bit 0, $4212 bit 0, $4218-$421F): SnesBus's members that run it,
// in either timing (docs/machine.md, Controllers).
//
// Anomie's (the default): the read starts 130 clocks (H = 32.5 dots) into the first V-blank line,
// takes all 16 bits of both pads at once and keeps $4212 bit 0 set for 4,224 clocks (fullsnes
// gives the same length).
//
// bsnes v094's, for comparisons with bsnes-mercury: a counter of the clocks since power-on steps
// the read each time it passes a multiple of 256 (sfc/cpu/timing/timing.cpp, add_clocks). It
// counts the pieces of time bsnes advances in, so a step comes at the end of the piece its mark
// falls in: a write's or an internal cycle's, a read's first part (all but its last 4 clocks) or
// its last 4, a DMA's steps, a refresh. Steps at or after the start of V-blank count (whatever
// $4200 says: $4212 bit 0 is set from the first to the seventeenth); while $4200 bit 0 was set at
// the first, each of the first 16 shifts into JOY1-JOY4 the button the pad shows at that moment.

#include "emu/scpu/snes_bus.hpp"

namespace emu {

namespace {

constexpr std::uint32_t kAutoJoypadStart = 130;
constexpr std::uint64_t kAutoJoypadClocks = 4224;
constexpr std::uint64_t kBsnesMarkClocks = 256;

} // namespace

std::uint64_t SnesBus::autoReadStartAt(std::uint64_t vblankLineStart) const
{
    const bool anomie = autoJoypadTiming_ == AutoJoypadTiming::Anomie;
    return anomie && (nmitimen_ & kAutoJoypad) ? vblankLineStart + kAutoJoypadStart : kNever;
}

void SnesBus::autoReadJoypads(std::uint64_t start)
{
    for (unsigned port = 0; port < Joypads::kPorts; ++port) {
        joypadRegisters_[port] = joypads_.buttons(port);
    }
    joypads_.autoRead();
    autoReadEnd_ = start + kAutoJoypadClocks;
}

bool SnesBus::autoReadBusy(std::uint64_t sampled) const
{
    if (autoJoypadTiming_ == AutoJoypadTiming::Anomie) {
        return sampled < autoReadEnd_;
    }
    const bool started = autoReadStepsTimed_ > 0 && autoReadStepTimes_[0] <= sampled;
    const bool ended = autoReadStepsTimed_ > 16 && autoReadStepTimes_[16] <= sampled;
    return started && !ended;
}

// The line before V-blank: a mark in it may give the first step, when its piece ends in V-blank.
void SnesBus::startAutoReadMarks(std::uint64_t lineStart)
{
    shiftAutoRead(lineStart); // what is left of the last frame's read
    autoReadStepsTimed_ = 0;
    autoReadStep_ = 0;
    joypadMarkAt_ = (lineStart + kBsnesMarkClocks - 1) / kBsnesMarkClocks * kBsnesMarkClocks;
    scheduleNextEvent();
}

// The mark joypadMarkAt_ gave a step at `at`, the end of its piece.
void SnesBus::placeAutoReadStep(std::uint64_t at)
{
    const bool vblank = video_.line() >= vblankStartLine() || at >= video_.lineEnd();
    if (vblank) {
        if (autoReadStepsTimed_ == 0) {
            autoReadEnabled_ = nmitimen_ & kAutoJoypad;
            if (autoReadEnabled_) {
                joypads_.autoRead();
            }
        }
        autoReadStepTimes_[autoReadStepsTimed_++] = at;
    }
    joypadMarkAt_ = autoReadStepsTimed_ < autoReadStepTimes_.size() ? joypadMarkAt_ + kBsnesMarkClocks : kNever;
    scheduleNextEvent();
}

// A read of the joypad registers samples at `sampled`: the Anomie read starting in its cycle, or a
// bsnes mark in the cycle's first part, has come before.
void SnesBus::catchUpAutoRead(std::uint64_t sampled)
{
    if (joypadAt_ <= sampled) {
        autoReadJoypads(joypadAt_);
        joypadAt_ = kNever;
        scheduleNextEvent();
    }
    while (joypadMarkAt_ <= sampled) {
        placeAutoReadStep(sampled);
    }
}

void SnesBus::playPads(PadSchedule schedule, std::uint64_t now)
{
    padSchedule_ = std::move(schedule);
    const bool beforeSwitch = padSchedule_->at == PadSwitch::VblankStart && video_.line() < vblankStartLine();
    shiftAutoRead(now);
    const std::uint64_t frame = video_.frame();
    const PadSchedule& played = *padSchedule_;
    const PadFrame pads = !beforeSwitch ? played[frame] : frame <= played.firstFrame ? played.initial : played[frame - 1];
    joypads_.setButtons(0, pads.pad1);
    joypads_.setButtons(1, pads.pad2);
}

// The machine reaches a frame's start or its V-blank's, at `when`: the frame's pads, if they
// switch there, after what a bsnes-timed read took before.
void SnesBus::switchPads(PadSwitch at, std::uint64_t when)
{
    if (!padSchedule_ || padSchedule_->at != at) {
        return;
    }
    shiftAutoRead(when);
    const PadFrame pads = (*padSchedule_)[video_.frame()];
    joypads_.setButtons(0, pads.pad1);
    joypads_.setButtons(1, pads.pad2);
}

// Shifts in the bsnes steps that came by `clock`, with the buttons the pads show now.
void SnesBus::shiftAutoRead(std::uint64_t clock)
{
    while (autoReadStep_ < std::min(autoReadStepsTimed_, 16u) && autoReadStepTimes_[autoReadStep_] <= clock) {
        if (autoReadEnabled_) {
            for (unsigned port = 0; port < Joypads::kPorts; ++port) {
                const unsigned bit = joypads_.buttons(port) >> (15 - autoReadStep_) & 1;
                joypadRegisters_[port] = static_cast<std::uint16_t>(joypadRegisters_[port] << 1 | bit);
            }
        }
        ++autoReadStep_;
    }
}

} // namespace emu
