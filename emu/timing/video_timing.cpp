#include "emu/timing/video_timing.hpp"

namespace emu {

std::uint32_t VideoTiming::linesThisFrame() const
{
    return kLinesPerFrame + (interlace_ && !oddField_ ? 1 : 0);
}

std::uint32_t VideoTiming::lineClocksOf(std::uint32_t line) const
{
    return !interlace_ && oddField_ && line == 240 ? kShortLineClocks : kLineClocks;
}

void VideoTiming::nextLine()
{
    previousLine_ = line_;
    previousLineStart_ = lineStart_;
    lineStart_ += lineClocks_;
    if (++line_ == linesThisFrame()) {
        line_ = 0;
        ++frame_;
        frameStart_ = lineStart_;
        oddField_ = !oddField_;
        interlace_ = interlaceSet_;
    }
    lineClocks_ = lineClocksOf(line_);
}

std::uint64_t VideoTiming::nextFrameStart() const
{
    const std::uint32_t last = linesThisFrame() - 1;
    std::uint64_t clocks = lineClocks_ + std::uint64_t{last - line_} * kLineClocks;
    if (!interlace_ && oddField_ && line_ < 240) {
        clocks -= kLineClocks - kShortLineClocks;
    }
    return lineStart_ + clocks;
}

void VideoTiming::nextFrame()
{
    previousLine_ = linesThisFrame() - 1;
    previousLineStart_ = nextFrameStart() - kLineClocks; // the last line is never the short one
    lineStart_ = nextFrameStart();
    frameStart_ = lineStart_;
    line_ = 0;
    ++frame_;
    oddField_ = !oddField_;
    interlace_ = interlaceSet_;
    lineClocks_ = lineClocksOf(0);
}

VideoPosition VideoTiming::positionAt(std::uint64_t clock) const
{
    if (clock < lineEnd()) {
        return {frame_, line_, static_cast<std::uint32_t>(clock - lineStart_)};
    }
    VideoTiming next = *this;
    next.nextLine();
    return {next.frame_, next.line_, static_cast<std::uint32_t>(clock - next.lineStart_)};
}

std::uint32_t VideoTiming::clockOfDot(std::uint32_t dot)
{
    if (dot <= 323) {
        return dot * 4;
    }
    if (dot <= 327) {
        return 1298 + (dot - 324) * 4;
    }
    return 1316 + (dot - 328) * 4;
}

std::uint32_t VideoTiming::dotAt(std::uint32_t hclock) const
{
    if (lineClocks_ == kShortLineClocks || hclock < 1292) {
        return hclock / 4;
    }
    if (hclock < 1298) {
        return 323;
    }
    if (hclock < 1310) {
        return 324 + (hclock - 1298) / 4;
    }
    if (hclock < 1316) {
        return 327;
    }
    return 328 + (hclock - 1316) / 4;
}

} // namespace emu
