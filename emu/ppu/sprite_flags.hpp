#pragma once

#include "emu/ppu/sprite_range.hpp"
#include "emu/timing/video_timing.hpp"

#include <array>
#include <cstdint>
#include <span>

namespace emu {

// STAT77's time-over and range-over flags (bits 7 and 6), as bsnes v094 sets them: each line from
// 0 to 223 (238 with overscan) evaluates the sprites on it, and as its sprite tiles are fetched,
// 1230 clocks into the line, range over is set when more than 32 sprites were on it and time over
// when the first 32 had more than 34 slivers on the screen; both are cleared as a frame begins,
// with the display on or off.
//
// Lines are evaluated only when something needs them: before what the evaluation reads changes
// (OAM, OBSEL, SETINI, the first sprite) and when STAT77 is read, the lines since the last
// evaluation are evaluated at once with the state they had. How many sprites and slivers each line
// has is counted again only after OAM or the sizes changed, so a frame costs one pass over OAM
// when the game rewrites it, and nothing when it does not.
class SpriteFlags {
public:
    static constexpr std::uint32_t kFetchedAt = 1230; // clocks into a line

    void startFrame()
    {
        evaluatedLines_ = 0;
        rangeOverLine_ = kNever;
        timeOverLine_ = kNever;
    }
    void oamWritten() { countsStale_ = true; }

    // Evaluates the lines up to and including `line` not evaluated yet this frame, with OAM,
    // `sizes`, `firstSprite` and SETINI's overscan bit as they are; `range` keeps a line's first
    // 32 sprites.
    void evaluateThrough(unsigned line, std::span<const std::uint8_t, 544> oam, SpriteSizes sizes, unsigned firstSprite,
                         bool overscan, SpriteRange& range);

    // STAT77's bits 7 (time over) and 6 (range over) as read `hclock` clocks into `line`, once
    // the lines up to it are evaluated.
    std::uint8_t bits(unsigned line, std::uint32_t hclock) const
    {
        const auto setBy = [&](unsigned flagLine) { return flagLine < line || (flagLine == line && hclock >= kFetchedAt); };
        return static_cast<std::uint8_t>((setBy(timeOverLine_) ? 0x80 : 0) | (setBy(rangeOverLine_) ? 0x40 : 0));
    }

    // The flags and how far they are evaluated; the per-line counts are worked out again.
    template <class Archive>
    void serialize(Archive& a)
    {
        a.bounded(evaluatedLines_, VideoTiming::kLinesPerFrame + 1);
        a.value(rangeOverLine_);
        a.value(timeOverLine_);
        if constexpr (Archive::kReads) {
            countsStale_ = true;
        }
    }

private:
    static constexpr unsigned kNever = ~0u;

    void count(std::span<const std::uint8_t, 544> oam, SpriteSizes sizes);

    unsigned evaluatedLines_ = 0; // lines 0 to this - 1 are evaluated
    unsigned rangeOverLine_ = kNever;
    unsigned timeOverLine_ = kNever;
    // The sprites on each line and their slivers the PPU fetches, for OAM and sizes_.
    std::array<std::uint16_t, 256> sprites_{};
    std::array<std::uint16_t, 256> slivers_{};
    bool countsStale_ = true;
    SpriteSizes sizes_{};
};

} // namespace emu
