#include "profiler/engine/ingame/call_tracker.hpp"

#include "emu/cartridge/cpu_address.hpp"

#include <algorithm>
#include <optional>

namespace tileprof {

namespace {

constexpr std::uint8_t kJsl = 0x22;
constexpr std::uint8_t kRts = 0x60;
constexpr std::uint8_t kRtl = 0x6B;
constexpr std::uint8_t kLongReturnBytes = 3;
constexpr std::uint8_t kShortReturnBytes = 2;

// What an interrupt pushes: P and PC, and PB in native mode.
std::uint8_t interruptFrameBytes(const emu::Registers& registers)
{
    return registers.e ? 3 : 4;
}

emu::StolenClocks minus(const emu::StolenClocks& a, const emu::StolenClocks& b)
{
    return {a.dma - b.dma, a.hdma - b.hdma, a.refresh - b.refresh};
}

void add(emu::StolenClocks& to, const emu::StolenClocks& more)
{
    to.dma += more.dma;
    to.hdma += more.hdma;
    to.refresh += more.refresh;
}

} // namespace

CallTracker::CallTracker(const emu::SnesBus& bus, std::vector<std::uint32_t> entries, emu::Time now)
    : bus_(bus), ledger_(bus, entries.size(), now.masterClocks), stolenAtStep_(bus.stolenClocks()),
      lastStart_(now), lastStartStolen_(stolenAtStep_), lastEnd_(now)
{
    for (std::size_t routine = 0; routine < entries.size(); ++routine) {
        const std::uint32_t entry = bus_.romHome(entries[routine] & 0xFFFFFF);
        entries_.emplace_back(entry, routine);
        entryMask_ |= std::uint64_t{1} << (entry & 63);
    }
}

void CallTracker::setIdleRanges(std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges)
{
    idleRanges_.clear();
    for (const auto& [start, end] : ranges) {
        const std::uint32_t home = bus_.romHome(start);
        idleRanges_.emplace_back(home, home + (end - start));
    }
}

void CallTracker::setCases(std::size_t routine, const std::vector<std::uint32_t>& markers)
{
    casedRoutine_ = routine;
    for (std::size_t i = 0; i < markers.size(); ++i) {
        const std::uint32_t marker = bus_.romHome(markers[i] & 0xFFFFFF);
        caseMarkers_.emplace_back(marker, static_cast<int>(i));
        caseMask_ |= std::uint64_t{1} << (marker & 63);
    }
}

// A case marker runs: it is the case of the innermost call of the cased routine, unless that call
// ran an earlier one.
void CallTracker::noteCase(std::uint32_t address)
{
    const auto found = std::ranges::find(caseMarkers_, bus_.romHome(address), &std::pair<std::uint32_t, int>::first);
    if (found == caseMarkers_.end()) {
        return;
    }
    for (auto frame = stack_.rbegin(); frame != stack_.rend(); ++frame) {
        if (!frame->interrupt && callAt(frame->call).routine == casedRoutine_) {
            int& caseIndex = callAt(frame->call).caseIndex;
            if (caseIndex < 0 || found->second < caseIndex) {
                caseIndex = found->second;
            }
            return;
        }
    }
}

void CallTracker::watch(std::size_t routine, CallWatcher& watcher, std::uint32_t start, std::uint32_t bytes)
{
    watcher_ = &watcher;
    watchedRoutine_ = routine;
    windowStart_ = start;
    windowBytes_ = bytes;
}

void CallTracker::updateColumn()
{
    // The calls above the innermost interrupt: the outermost is the step's, and a watched one among
    // them is watched.
    place_ = {};
    watching_ = false;
    for (auto frame = stack_.rbegin(); frame != stack_.rend() && !frame->interrupt; ++frame) {
        place_.call = frame->call;
        watching_ = watching_ || (watcher_ != nullptr && callAt(frame->call).routine == watchedRoutine_);
    }
    place_.interrupt = std::ranges::any_of(stack_, &Frame::interrupt);
    if (stack_.empty()) {
        column_ = {FrameColumn::Other, 0};
    } else if (const Frame& top = stack_.back(); top.interrupt) {
        column_ = {top.kind == emu::StepKind::Nmi ? FrameColumn::Nmi : FrameColumn::Irq, 0};
    } else {
        column_ = {FrameColumn::Routine, callAt(top.call).routine};
    }
}

// The stack is above the innermost frame's return address: a return, or code that dropped it.
void CallTracker::leaveFrames(const emu::Registers& registers)
{
    const std::uint16_t s = registers.s;
    const emu::ControlFlow flow = lastKind_ == emu::StepKind::Instruction ? emu::controlFlowOf(lastOpcode_)
                                                                          : emu::ControlFlow::Next;
    const bool returned = emu::isReturn(flow);
    while (!stack_.empty()) {
        const Frame& top = stack_.back();
        if (s <= top.inside || (!returned && s <= top.inside + top.returnBytes)) {
            break;
        }
        leave(&registers);
    }
    updateColumn();
}

void CallTracker::leave(const emu::Registers* returned)
{
    const Frame frame = stack_.back();
    stack_.pop_back();
    const emu::StolenClocks stolen = minus(stolenAtStep_, frame.stolen);
    const emu::Time spent{lastEnd_.cycles - frame.start.cycles, lastEnd_.masterClocks - frame.start.masterClocks};
    if (frame.interrupt) {
        // Counted apart in every call it interrupted, down to the interrupt those run inside.
        for (auto below = stack_.rbegin(); below != stack_.rend() && !below->interrupt; ++below) {
            below->interruptTime.cycles += spent.cycles;
            below->interruptTime.masterClocks += spent.masterClocks;
            add(below->interruptStolen, stolen);
            ++below->interrupts;
        }
        return;
    }
    GameCall& call = callAt(frame.call);
    call.finished = returned != nullptr;
    call.cycles = spent.cycles - frame.interruptTime.cycles - frame.waitTime.cycles;
    call.interrupts = frame.interrupts;
    ClockSplit& clocks = call.clocks;
    clocks.interrupts = frame.interruptTime.masterClocks;
    clocks.waiting = frame.waitTime.masterClocks;
    clocks.dma = stolen.dma - frame.interruptStolen.dma - frame.waitStolen.dma;
    clocks.hdma = stolen.hdma - frame.interruptStolen.hdma - frame.waitStolen.hdma;
    clocks.refresh = stolen.refresh - frame.interruptStolen.refresh - frame.waitStolen.refresh;
    clocks.own = spent.masterClocks - clocks.interrupts - clocks.waiting - clocks.dma - clocks.hdma - clocks.refresh;
    if (watcher_ != nullptr && call.routine == watchedRoutine_) {
        watcher_->left(frame.call, returned);
    }
    if (stepWatcher_ != nullptr) {
        stepWatcher_->ended(frame.call);
    }
}

// A step of WAI or of idle code inside calls: waiting for every call it runs in, down to the
// innermost interrupt (an interrupt's time is counted apart).
void CallTracker::addWaiting(const emu::StepEvent& step)
{
    const emu::StolenClocks stolen = minus(bus_.stolenClocks(), stolenAtStep_);
    for (auto frame = stack_.rbegin(); frame != stack_.rend() && !frame->interrupt; ++frame) {
        frame->waitTime.cycles += step.cycles;
        frame->waitTime.masterClocks += step.masterClocks;
        add(frame->waitStolen, stolen);
    }
}

void CallTracker::enterInterrupt(const emu::Registers& registers)
{
    Frame frame;
    frame.interrupt = true;
    frame.kind = lastKind_;
    frame.inside = registers.s;
    frame.returnBytes = interruptFrameBytes(registers);
    frame.start = lastStart_;
    frame.stolen = lastStartStolen_;
    stack_.push_back(frame);
    updateColumn();
}

void CallTracker::maybeEnter(const emu::Registers& registers)
{
    const std::uint32_t address = registers.programAddress();
    const std::uint32_t home = bus_.romHome(address);
    const auto found = std::ranges::find(entries_, home, &std::pair<std::uint32_t, std::size_t>::first);
    if (found == entries_.end()) {
        return;
    }
    const std::size_t routine = found->second;
    const emu::ControlFlow flow = lastKind_ == emu::StepKind::Instruction ? emu::controlFlowOf(lastOpcode_)
                                                                          : emu::ControlFlow::Next;
    std::uint8_t returnBytes = kLongReturnBytes;
    if (emu::isCall(flow)) {
        returnBytes = lastOpcode_ == kJsl ? kLongReturnBytes : kShortReturnBytes;
    } else if (flow == emu::ControlFlow::Jump || flow == emu::ControlFlow::JumpIndirect) {
        const bool loop = !stack_.empty() && !stack_.back().interrupt && callAt(stack_.back().call).routine == routine &&
                          stack_.back().inside == registers.s;
        if (loop) {
            return;
        }
    } else if (emu::isInterrupt(lastKind_)) {
        returnBytes = interruptFrameBytes(registers);
    } else if ((lastOpcode_ == kRts || lastOpcode_ == kRtl) && flow == emu::ControlFlow::Return && !emu::followsCall(address, [this](std::uint32_t at) { return bus_.peek(at); })) {
        // Dispatch by return: the routine's address minus one was pushed and "returned" to; the
        // routine returns for the code that did it, to the address beneath.
        returnBytes = lastOpcode_ == kRtl ? kLongReturnBytes : kShortReturnBytes;
    } else {
        return; // the routine's start reached by a branch, by running into it, or by a return to it
    }
    Frame frame;
    frame.call = firstCall_ + calls_.size();
    frame.inside = registers.s;
    frame.returnBytes = returnBytes;
    frame.start = lastEnd_;
    frame.stolen = stolenAtStep_;
    GameCall& call = calls_.emplace_back();
    call.routine = routine;
    const emu::VideoPosition position = bus_.position(lastEnd_.masterClocks);
    call.frame = position.frame;
    call.line = position.line;
    call.startClock = lastEnd_.masterClocks;
    call.callSite = lastAddress_;
    call.depth = static_cast<std::uint32_t>(std::ranges::count_if(stack_, [](const Frame& f) { return !f.interrupt; }));
    stack_.push_back(frame);
    updateColumn();
    if (watcher_ != nullptr && routine == watchedRoutine_) {
        watcher_->entered(frame.call, registers, lastEnd_.cycles);
    }
}

void CallTracker::finish()
{
    stolenAtStep_ = bus_.stolenClocks();
    while (!stack_.empty()) {
        leave(nullptr);
    }
    updateColumn();
    ledger_.finish();
}

} // namespace tileprof
