#include "profiler/engine/ingame/play_tally.hpp"

#include <algorithm>
#include <utility>

namespace tileprof {

void CallFigures::add(const GameCall& call, const std::optional<std::uint64_t>& budget)
{
    ++calls;
    cycles.add(call.cycles);
    clocks.add(call.clocks.total());
    cycleSpread.add(call.cycles, call.frame);
    total.add(call.clocks.total(), call.frame);
    own.add(call.clocks.own, call.frame);
    dma.add(call.clocks.dma, call.frame);
    hdma.add(call.clocks.hdma, call.frame);
    refresh.add(call.clocks.refresh, call.frame);
    interrupts.add(call.clocks.interrupts, call.frame);
    waiting.add(call.clocks.waiting, call.frame);
    budgeted.add(call.clocks.budgeted(), call.frame);
    taken += call.interrupts;
    if (budget) {
        over += call.clocks.budgeted() > *budget ? 1 : 0;
        budgetShares += static_cast<double>(call.clocks.budgeted()) / static_cast<double>(*budget);
    }
}

std::vector<std::uint64_t> frameColumnValues(const FrameUse& use)
{
    std::vector<std::uint64_t> values = use.routines;
    values.insert(values.end(), {use.nmi, use.irq, use.other, use.waiting});
    return values;
}

PlayTally::PlayTally(std::vector<std::optional<std::uint64_t>> budgets, std::optional<FrameRule> frameRule,
                     std::optional<std::size_t> casedRoutine, std::size_t cases)
    : budgets_(std::move(budgets)), casedRoutine_(casedRoutine), routines_(budgets_.size()), cases_(cases + 1),
      columns_(budgets_.size() + 4)
{
    if (frameRule) {
        frameVerdict_.emplace().rule = *frameRule;
    }
}

void PlayTally::call(std::size_t, const GameCall& call, const CallState* state)
{
    const std::optional<std::uint64_t>& budget = budgets_[call.routine];
    routines_[call.routine].add(call, budget);
    unfinished_ += call.finished ? 0 : 1;
    if (casedRoutine_ != call.routine) {
        return;
    }
    cases_[static_cast<std::size_t>(call.caseIndex + 1)].add(call, budget);
    if (state == nullptr) {
        return;
    }
    entities_[state->entity].add(call, budget);
    if (state->broken) {
        if (firstBroken_.size() < kListed) {
            firstBroken_.push_back({call.frame, state->entity, *state->broken});
        }
        ++brokenCount_;
    }
}

void PlayTally::frame(const FrameUse& use)
{
    ++frames_;
    if (!use.padsRead) {
        if (firstLag_.size() < kListed) {
            firstLag_.push_back(use.frame);
        }
        ++lagFrames_;
    }
    // Whole when a later frame follows it; the last, when no stop cut it short.
    if (last_ && frames_ > 2) {
        addWhole(*last_);
    }
    last_ = use;
}

void PlayTally::finish(const FramesRun& ran)
{
    ran_ = ran;
    if (last_ && frames_ > 1 && !ran.stop) {
        addWhole(*last_);
    }
    last_.reset();
}

void PlayTally::addWhole(const FrameUse& use)
{
    firstWhole_ = whole_ == 0 ? use.frame : firstWhole_;
    lastWhole_ = use.frame;
    ++whole_;
    const std::vector<std::uint64_t> values = frameColumnValues(use);
    for (std::size_t i = 0; i < values.size(); ++i) {
        columns_[i].add(values[i], use.frame);
    }
    const auto later = std::ranges::find_if(busiest_, [&use](const FrameUse& kept) { return kept.busy() < use.busy(); });
    if (static_cast<std::size_t>(later - busiest_.begin()) < kBusiest) {
        busiest_.insert(later, use);
        busiest_.resize(std::min(busiest_.size(), kBusiest));
    }
    if (!frameVerdict_) {
        return;
    }
    FrameVerdict& held = *frameVerdict_;
    if (use.frame < held.rule.from || (held.rule.skipLag && !use.padsRead)) {
        return;
    }
    if (held.frames == 0 || use.busy() > held.most) {
        held.most = use.busy();
        held.mostFrame = use.frame;
    }
    ++held.frames;
    if (use.busy() > held.rule.budget) {
        if (held.firstOver.size() < FrameVerdict::kFramesListed) {
            held.firstOver.emplace_back(use.frame, use.busy());
        }
        ++held.overCount;
    }
}

} // namespace tileprof
