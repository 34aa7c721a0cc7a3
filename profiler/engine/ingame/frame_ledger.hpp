#pragma once

#include "emu/scpu/snes_bus.hpp"
#include "emu/timing/video_timing.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tileprof {

// Where one video frame's master clocks went. Every clock of the frame is in exactly one column:
// a profiled routine's while it was the innermost thing running (with the DMA it started, the
// HDMA and refresh that stalled it), the NMI's and the IRQ's handlers likewise, waiting (WAI, or
// an idle loop the play names), and everything else.
struct FrameUse {
    std::uint64_t frame = 0;  // the machine's frame number: 0 is the one power-on starts
    std::uint64_t start = 0;  // its first master clock (for the first frame watched: when watching began)
    std::uint64_t clocks = 0; // master clocks watched in it
    std::vector<std::uint64_t> routines; // per profiled routine
    std::uint64_t nmi = 0;
    std::uint64_t irq = 0;
    std::uint64_t waiting = 0;
    std::uint64_t other = 0;
    bool padsRead = false; // the CPU read the pads ($4016, $4017, $4218-$421F); a lag frame if not

    std::uint64_t busy() const { return clocks - waiting; } // all but waiting
};

// What a clock is charged to, in FrameUse's columns: a routine's index, or one of these after them.
struct FrameColumn {
    enum Kind : std::uint8_t { Routine, Nmi, Irq, Waiting, Other };
    Kind kind = Other;
    std::size_t routine = 0;
};

// Charges spans of master clocks to the frames they fall in, cutting a span at each frame start.
class FrameLedger {
public:
    // Watching begins at master clock `now`, in the bus's current frame.
    FrameLedger(const emu::SnesBus& bus, std::size_t routines, std::uint64_t now);

    // [from, to): the bus has run at least to `to`, so that the frames it reaches are known.
    void charge(FrameColumn column, std::uint64_t from, std::uint64_t to)
    {
        if (to > frameEnd_) [[unlikely]] {
            from = crossFrames(column, from, to);
        }
        add(column, to - from);
    }
    // Settles the last frame, at the end of watching.
    void finish() { settle(); }
    // The frame under way (after finish(), the last, settled).
    const FrameUse& current() const { return current_; }
    // Gives `give(use)` each frame that is over, in order, and forgets it.
    template <class Give>
    void releaseSettled(Give&& give)
    {
        for (const FrameUse& use : settled_) {
            give(use);
        }
        settled_.clear();
    }

private:
    void add(FrameColumn column, std::uint64_t clocks)
    {
        FrameUse& use = current_;
        use.clocks += clocks;
        switch (column.kind) {
        case FrameColumn::Routine: use.routines[column.routine] += clocks; break;
        case FrameColumn::Nmi: use.nmi += clocks; break;
        case FrameColumn::Irq: use.irq += clocks; break;
        case FrameColumn::Waiting: use.waiting += clocks; break;
        case FrameColumn::Other: use.other += clocks; break;
        }
    }
    [[gnu::noinline]] std::uint64_t crossFrames(FrameColumn column, std::uint64_t from, std::uint64_t to);
    void open(std::uint64_t frame, std::uint64_t start);
    void settle() { current_.padsRead = bus_.padReads() != padReadsAtOpen_; }

    const emu::SnesBus& bus_;
    std::size_t routines_;
    // The frames' timing from the current frame on: the bus's, copied at each frame start, walked
    // ahead for a span (a long DMA) that passes more than one frame start.
    emu::VideoTiming video_;
    std::uint64_t frameEnd_ = 0;
    std::uint64_t padReadsAtOpen_ = 0;
    FrameUse current_;
    std::vector<FrameUse> settled_; // over, not yet released
};

} // namespace tileprof
