#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace emu {

// What the two pads hold during one video frame, each in the auto-joypad layout (Joypads).
struct PadFrame {
    std::uint16_t pad1 = 0;
    std::uint16_t pad2 = 0;

    bool operator==(const PadFrame&) const = default;
};

// When each frame's pads take hold, as a host plays them (SnesBus::playPads).
enum class PadSwitch : std::uint8_t {
    FrameStart,  // as the frame begins, at line 0
    VblankStart, // as its V-blank begins, where a libretro frontend polls them (a bsnes frame ends there)
};

// Input frame by frame: frames[f] is what the auto-joypad read in frame firstFrame + f's V-blank
// sees, held from the switch in that frame to the next; `initial` is held before the first switch
// (with VblankStart: through frame firstFrame's picture), and nothing past the last frame. Input
// played from power-on begins at frame 0; from a saved state, at the state's frame.
struct PadSchedule {
    std::vector<PadFrame> frames;
    PadSwitch at = PadSwitch::FrameStart;
    PadFrame initial;
    std::uint64_t firstFrame = 0;

    // What the pads hold from the switch in `frame` on.
    PadFrame operator[](std::uint64_t frame) const
    {
        return frame >= firstFrame && frame - firstFrame < frames.size() ? frames[frame - firstFrame] : PadFrame{};
    }
};

// Two standard SNES pads on the controller ports. Buttons are given in the auto-joypad layout
// ($4218/$4219): bit 15 B, Y, Select, Start, Up, Down, Left, bit 8 Right, bit 7 A, X, L, bit 4 R;
// bits 3-0 are the pad's signature, always 0.
//
// Serial side ($4016/$4017): while the latch line ($4016 bit 0, shared by both ports) is high a
// pad keeps reloading its buttons and reports B; once it falls, each read shifts out the next
// button, B first, and after the 16th a standard pad reports 1s.
class Joypads {
public:
    static constexpr unsigned kPorts = 2;

    void setButtons(unsigned port, std::uint16_t buttons) { buttons_[port] = buttons & 0xFFF0; }
    std::uint16_t buttons(unsigned port) const { return buttons_[port]; }

    void writeLatch(bool high)
    {
        latch_ = high;
        if (high) {
            shifted_ = {0, 0};
        }
    }

    // The data line of `port` for one serial read, and the shift it causes.
    std::uint8_t readSerial(unsigned port)
    {
        if (latch_) {
            return buttons_[port] >> 15;
        }
        const unsigned bit = shifted_[port];
        if (bit >= 16) {
            return 1;
        }
        ++shifted_[port];
        return buttons_[port] >> (15 - bit) & 1;
    }

    // What the auto-joypad read leaves behind on the serial side: the pads latched and then
    // clocked 16 times.
    void autoRead()
    {
        latch_ = false;
        shifted_ = {16, 16};
    }

    template <class Archive>
    void serialize(Archive& a)
    {
        a.values(buttons_);
        for (unsigned& bit : shifted_) {
            a.bounded(bit, 16u);
        }
        a.value(latch_);
    }

private:
    std::array<std::uint16_t, kPorts> buttons_{};
    std::array<unsigned, kPorts> shifted_{};
    bool latch_ = false;
};

} // namespace emu
