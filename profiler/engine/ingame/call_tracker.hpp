#pragma once

#include "emu/cpu/control_flow.hpp"
#include "emu/cpu/observer.hpp"
#include "emu/scpu/snes_bus.hpp"
#include "profiler/engine/ingame/frame_ledger.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <utility>
#include <vector>

namespace tileprof {

// Where the master clocks of a call went.
struct ClockSplit {
    std::uint64_t own = 0;        // the CPU's own cycles
    std::uint64_t dma = 0;        // DMA it started, and the CPU's wait for the bus after it
    std::uint64_t hdma = 0;       // HDMA that stalled it
    std::uint64_t refresh = 0;    // DRAM refresh that stalled it
    std::uint64_t interrupts = 0; // NMIs and IRQs taken inside it: entry, handler, RTI, all they waited for
    std::uint64_t waiting = 0;    // WAI, and the idle code the play names, run inside it (not in its interrupts), with what stalled them

    std::uint64_t total() const { return own + dma + hdma + refresh + interrupts + waiting; }
    // What a budget holds a call to: all but the interrupts taken in it and its waiting.
    std::uint64_t budgeted() const { return own + dma + hdma + refresh; }
};

// One call of a profiled routine in the running game: from the first instruction of the routine
// to the end of the instruction that returned from it.
struct GameCall {
    std::size_t routine = 0;      // index into the tracker's entries
    std::uint64_t frame = 0;      // the machine's frame it began in
    std::uint32_t line = 0;       // the scanline it began on
    std::uint64_t startClock = 0; // master clocks since power-on
    std::uint32_t callSite = 0;   // PB:PC of the instruction that entered it: a JSR, JSL, JMP, ...
    std::uint32_t depth = 0;      // profiled calls it ran inside
    std::uint64_t cycles = 0;     // the CPU's cycles, the interrupts' and the waiting excluded
    std::uint32_t interrupts = 0; // NMIs and IRQs taken inside it
    int caseIndex = -1;           // of the routine's case markers it ran, the first in their order; -1: none
    ClockSplit clocks;
    bool finished = true;         // false: the run ended inside it
};

// What a play learns of one routine's calls besides their cost (CallStateRecorder): told as each
// call begins and ends, and of the reads its own code (not an interrupt's) makes in a window of
// memory.
class CallWatcher {
public:
    // Before the call's first instruction, at the CPU's `cycle`.
    virtual void entered(std::size_t call, const emu::Registers& registers, std::uint64_t cycle) = 0;
    virtual void read(const emu::BusAccess& access) = 0;
    // After its last instruction (the return), with the registers it returned with; or as the run
    // ends inside it, with none.
    virtual void left(std::size_t call, const emu::Registers* registers) = 0;

protected:
    ~CallWatcher() = default;
};

// Where a step ran, for profiles of the code (PlayProfiler).
struct StepPlace {
    static constexpr std::size_t kNoCall = ~std::size_t{0};
    // The outermost of the profiled calls the step runs in, above the innermost interrupt (a
    // profiled routine an interrupt handler calls is profiled there); kNoCall outside them and in
    // an interrupt's own code.
    std::size_t call = kNoCall;
    bool interrupt = false; // in an interrupt: its entry, its handler (calls included), its RTI
};

// Told every step of the run and where it ran, and the end of every profiled call.
class StepWatcher {
public:
    // `flags`: P as the step began.
    virtual void step(const emu::StepEvent& step, std::uint8_t flags, StepPlace place) = 0;
    virtual void ended(std::size_t call) = 0;

protected:
    ~StepWatcher() = default;
};

// An observer of the whole machine's run (emu::Snes::runUntil) that finds every call of the
// routines at `entries` and what it cost, and where each frame's time went. Addresses are compared
// by their home among the ROM's mirrors (emu::homeAddress): a routine labelled in one bank is
// called where it runs in another.
//
// A call begins when the routine's first instruction runs after a JSR, JSL or JSR (a,x) (a new
// return address on the stack), after a JMP or JML of any form (a tail call or a jump table: the
// caller's return address is the routine's), as an interrupt's handler, or after an RTS or RTL
// that does not land just after a JSR or JSL (dispatch by return: an object engine pushes the
// routine's address minus one and returns to it); a jump back to the start of the innermost call
// at the same stack depth is a loop in it, not a call. The call ends
// at the return that takes the stack above where it began (RTS, RTL or RTI), or at any
// instruction that leaves the stack above its return address (code that drops its frame). An
// interrupt is matched the same way, from its entry to its RTI: inside a call it is counted apart.
class CallTracker {
public:
    // Watching begins now, at the CPU's `now`; `entries` are the routines' first instructions, in
    // either mirror of FastROM banks.
    CallTracker(const emu::SnesBus& bus, std::vector<std::uint32_t> entries, emu::Time now);

    // Instructions in these [start, end) address ranges count as waiting, as WAI does: the idle
    // loop of a game that polls for the next frame.
    void setIdleRanges(std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges);

    // The case markers of one routine, in their order: a call of it that runs several has the
    // first of them as its case (as the harness's calls do).
    void setCases(std::size_t routine, const std::vector<std::uint32_t>& markers);

    // Tells `watcher` of the calls of `routine`, and of their reads of [start, start + bytes).
    void watch(std::size_t routine, CallWatcher& watcher, std::uint32_t start, std::uint32_t bytes);

    void watchSteps(StepWatcher& watcher) { stepWatcher_ = &watcher; }

    void beforeStep(const emu::Registers& registers)
    {
        stolenAtStep_ = bus_.stolenClocks();
        flags_ = registers.p;
        if (!stack_.empty() && registers.s > stack_.back().inside) [[unlikely]] {
            leaveFrames(registers);
        }
        if (emu::isInterrupt(lastKind_)) [[unlikely]] {
            enterInterrupt(registers);
        }
        if (((entryMask_ >> (registers.pc & 63)) & 1) != 0) [[unlikely]] {
            maybeEnter(registers);
        }
        if (((caseMask_ >> (registers.pc & 63)) & 1) != 0) [[unlikely]] {
            noteCase(registers.programAddress());
        }
    }

    void onAccess(const emu::BusAccess& access)
    {
        if (access.address - windowStart_ < windowBytes_ && watching_ && access.kind == emu::AccessKind::Read) [[unlikely]] {
            watcher_->read(access);
        }
    }

    void onStep(const emu::StepEvent& step)
    {
        const std::uint64_t end = step.start.masterClocks + step.masterClocks;
        FrameColumn column = column_;
        if (emu::isInterrupt(step.kind)) {
            column = {step.kind == emu::StepKind::Nmi ? FrameColumn::Nmi : FrameColumn::Irq, 0};
        } else if ((step.kind == emu::StepKind::Wait || (!idleRanges_.empty() && idle(step.address))) &&
                   (column.kind == FrameColumn::Other || column.kind == FrameColumn::Routine)) {
            if (column.kind == FrameColumn::Routine) [[unlikely]] {
                addWaiting(step);
            }
            column = {FrameColumn::Waiting, 0};
        }
        ledger_.charge(column, step.start.masterClocks, end);
        if (stepWatcher_ != nullptr) [[unlikely]] {
            stepWatcher_->step(step, flags_, {place_.call, place_.interrupt || emu::isInterrupt(step.kind)});
        }
        lastKind_ = step.kind;
        lastOpcode_ = step.opcode;
        lastAddress_ = step.address;
        lastStart_ = step.start;
        lastStartStolen_ = stolenAtStep_;
        lastEnd_ = emu::Time{step.start.cycles + step.cycles, end};
    }

    // Ends watching: calls still running end as unfinished, and the last frame is settled.
    void finish();

    // Gives `give(index, call)` each call that has ended and began after every call still running,
    // in the order they began, and forgets it: a long play keeps only the calls under way.
    template <class Give>
    void releaseEnded(Give&& give)
    {
        const auto open = std::ranges::find_if(stack_, [](const Frame& frame) { return !frame.interrupt; });
        const std::size_t firstOpen = open == stack_.end() ? firstCall_ + calls_.size() : open->call;
        for (; firstCall_ < firstOpen; ++firstCall_) {
            give(firstCall_, calls_.front());
            calls_.pop_front();
        }
    }
    // Gives `give(use)` each frame that is over, and forgets it.
    template <class Give>
    void releaseSettled(Give&& give)
    {
        ledger_.releaseSettled(give);
    }
    // The frame under way (after finish(), the last frame, settled).
    const FrameUse& currentFrame() const { return ledger_.current(); }

    // Whether a tracker begun at this instruction boundary, its calls numbered from callsBegun(),
    // would go on as this one does: no call or interrupt under way, the step before no interrupt's
    // entry, and the next instruction (at `pc`) no profiled routine's first.
    bool resumableBefore(std::uint32_t pc) const
    {
        return stack_.empty() && !emu::isInterrupt(lastKind_) && ((entryMask_ >> (pc & 63)) & 1) == 0;
    }
    std::size_t callsBegun() const { return firstCall_ + calls_.size(); }
    // Numbers its calls from `first` (a tracker begun where another had seen that many): before any.
    void numberCallsFrom(std::size_t first) { firstCall_ = first; }

private:
    // A call or an interrupt under way.
    struct Frame {
        bool interrupt = false;
        emu::StepKind kind = emu::StepKind::Instruction; // an interrupt's
        std::size_t call = 0;          // a call's index in calls_
        std::uint16_t inside = 0;      // S once its return address is pushed
        std::uint8_t returnBytes = 0;  // how many bytes above `inside` its return address takes
        emu::Time start;
        emu::StolenClocks stolen;      // as it began
        // A call's interrupts: their time and what they waited for.
        emu::Time interruptTime;
        emu::StolenClocks interruptStolen;
        std::uint32_t interrupts = 0;
        // A call's waiting, and what DMA, HDMA and refresh stole from it: the waiting's too.
        emu::Time waitTime;
        emu::StolenClocks waitStolen;
    };

    bool idle(std::uint32_t address) const
    {
        const std::uint32_t home = bus_.romHome(address);
        for (const auto& [start, end] : idleRanges_) {
            if (home >= start && home < end) {
                return true;
            }
        }
        return false;
    }

    [[gnu::noinline]] void leaveFrames(const emu::Registers& registers);
    [[gnu::noinline]] void enterInterrupt(const emu::Registers& registers);
    [[gnu::noinline]] void maybeEnter(const emu::Registers& registers);
    [[gnu::noinline]] void noteCase(std::uint32_t address);
    [[gnu::noinline]] void addWaiting(const emu::StepEvent& step);
    void leave(const emu::Registers* returned); // nothing: the run ended inside the call
    void updateColumn();
    GameCall& callAt(std::size_t index) { return calls_[index - firstCall_]; }

    const emu::SnesBus& bus_;
    std::vector<std::pair<std::uint32_t, std::size_t>> entries_; // address, routine
    std::uint64_t entryMask_ = 0;                                // bit (address & 63) of every entry
    std::vector<std::pair<std::uint32_t, int>> caseMarkers_;     // address, case
    std::size_t casedRoutine_ = 0;
    std::uint64_t caseMask_ = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> idleRanges_;
    CallWatcher* watcher_ = nullptr;
    std::size_t watchedRoutine_ = 0;
    std::uint32_t windowStart_ = 0;
    std::uint32_t windowBytes_ = 0;
    bool watching_ = false; // a watched call's own code runs
    StepWatcher* stepWatcher_ = nullptr;
    StepPlace place_;
    std::uint8_t flags_ = 0;
    FrameLedger ledger_;
    std::vector<Frame> stack_;
    std::deque<GameCall> calls_; // from call firstCall_ on: those not yet released
    std::size_t firstCall_ = 0;
    FrameColumn column_;
    emu::StolenClocks stolenAtStep_;
    // The step that ran last.
    emu::StepKind lastKind_ = emu::StepKind::Instruction;
    std::uint8_t lastOpcode_ = 0;
    std::uint32_t lastAddress_ = 0;
    emu::Time lastStart_;
    emu::StolenClocks lastStartStolen_;
    emu::Time lastEnd_;
};

} // namespace tileprof
