#pragma once

#include <cstdint>

namespace emu {

struct VideoPosition {
    std::uint64_t frame;
    std::uint32_t line;   // 0 .. 261 (262 on interlaced odd fields)
    std::uint32_t hclock; // master clocks since the line began
};

// NTSC scanline and frame timing as the CPU sees it (Anomie's timing document): 1364 master
// clocks a line (1360 for line 240 of every other frame when not interlaced), 262 lines a frame,
// and a 40-clock DRAM refresh in every line that stalls the CPU.
class VideoTiming {
public:
    static constexpr std::uint32_t kLineClocks = 1364;
    static constexpr std::uint32_t kShortLineClocks = 1360;
    static constexpr std::uint32_t kLinesPerFrame = 262;
    static constexpr std::uint32_t kRefreshClocks = 40;

    std::uint64_t lineStart() const { return lineStart_; }
    // The line before this one, and where it began: an event timed in it may fall in this one.
    std::uint32_t previousLine() const { return previousLine_; }
    std::uint64_t previousLineStart() const { return previousLineStart_; }
    std::uint64_t lineEnd() const { return lineStart_ + lineClocks_; }
    std::uint32_t line() const { return line_; }
    std::uint64_t frame() const { return frame_; }
    std::uint64_t frameStart() const { return frameStart_; } // the first clock of this frame
    bool oddField() const { return oddField_; }

    // Refresh begins on an 8-clock grid that runs from power-on: 538 clocks into the first line,
    // then whichever grid point falls 531..538 clocks into each later line.
    std::uint64_t refreshAt() const { return lineStart_ + 538 - (lineStart_ & 7); }

    // SETINI's interlace bit. As in bsnes v094, a frame's length (and its short line) follows the
    // bit as the frame began: a write takes effect with the next frame.
    void setInterlace(bool on) { interlaceSet_ = on; }
    bool interlace() const { return interlace_; } // this frame's

    void nextLine();
    // Moves to the first line of the next frame, as nextLine() line after line would.
    void nextFrame();
    // The first clock of the next frame.
    std::uint64_t nextFrameStart() const;

    // Position of `clock`, which lies in the current line or the next.
    VideoPosition positionAt(std::uint64_t clock) const;

    // The PPU dot (0..339) at `hclock`: dots are 4 clocks, except dots 323 and 327 which take 6
    // on a normal-length line.
    std::uint32_t dotAt(std::uint32_t hclock) const;

    // The first clock of `dot` on a normal-length line.
    static std::uint32_t clockOfDot(std::uint32_t dot);

    template <class Archive>
    void serialize(Archive& a)
    {
        a.value(lineStart_);
        a.value(lineClocks_);
        a.require(lineClocks_ == kLineClocks || lineClocks_ == kShortLineClocks, "a line's length is neither 1,364 nor 1,360 clocks");
        a.bounded(previousLine_, kLinesPerFrame);
        a.value(previousLineStart_);
        a.bounded(line_, kLinesPerFrame);
        a.value(frame_);
        a.value(frameStart_);
        a.value(oddField_);
        a.value(interlace_);
        a.value(interlaceSet_);
        a.require(line_ < linesThisFrame() && previousLineStart_ <= lineStart_ && frameStart_ <= lineStart_,
                  "the video position is not one a frame has");
    }

private:
    std::uint32_t lineClocksOf(std::uint32_t line) const;
    std::uint32_t linesThisFrame() const;

    std::uint64_t lineStart_ = 0;
    std::uint32_t lineClocks_ = kLineClocks;
    std::uint32_t previousLine_ = kLinesPerFrame - 1; // before power-on: as if a frame had ended
    std::uint64_t previousLineStart_ = 0;
    std::uint32_t line_ = 0;
    std::uint64_t frame_ = 0;
    std::uint64_t frameStart_ = 0;
    bool oddField_ = false;
    bool interlace_ = false;
    bool interlaceSet_ = false;
};

} // namespace emu
