#include "profiler/engine/ingame/play_profiler.hpp"

namespace tileprof {

namespace {

StepCost costOf(const emu::StepEvent& step, std::uint8_t flags)
{
    return {step.address, step.cycles, step.masterClocks, step.opcode, step.kind, flags};
}

} // namespace

PlayProfiler::PlayProfiler(PlayProfileScope scope, const DebugInfo& debug, const emu::RomImage& image, bool attribute, bool cover)
    : scope_(scope), debug_(debug), image_(image), attribute_(attribute), cover_(cover)
{
    if (attribute_ && scope_ == PlayProfileScope::Frames) {
        main_ = newFeed();
    }
    coverage_.beginCall(image, debug);
    interruptCoverage_.beginCall(image, debug);
}

void PlayProfiler::flushWait()
{
    if (wait_) {
        waitFeed_->step(*wait_);
        wait_.reset();
    }
}

void PlayProfiler::feed(Feed& feed, const StepCost& step)
{
    if (step.kind == emu::StepKind::Wait && wait_ && waitFeed_ == &feed && wait_->address == step.address) {
        wait_->cycles += step.cycles;
        wait_->masterClocks += step.masterClocks;
        return;
    }
    flushWait();
    if (step.kind == emu::StepKind::Wait) {
        wait_ = step;
        waitFeed_ = &feed;
        return;
    }
    feed.step(step);
}

void PlayProfiler::step(const emu::StepEvent& event, std::uint8_t flags, StepPlace place)
{
    const StepCost step = costOf(event, flags);
    if (scope_ == PlayProfileScope::Routines) {
        // An interrupt's entry inside a call is the interrupt's, not the call's.
        if (place.call == StepPlace::kNoCall || emu::isInterrupt(event.kind)) {
            return;
        }
        count(coverage_, step);
        if (attribute_) {
            std::unique_ptr<Feed>& call = calls_[place.call];
            if (!call) {
                call = newFeed();
            }
            feed(*call, step);
        }
        return;
    }
    if (!place.interrupt) {
        count(coverage_, step);
        if (attribute_) {
            flushWait();
            interrupt_.reset();
            feed(*main_, step);
        }
        return;
    }
    count(interruptCoverage_, step);
    if (!attribute_) {
        return;
    }
    if (!interrupt_) {
        flushWait();
        interrupt_ = newFeed();
        entry_ = step;
        return;
    }
    if (entry_) {
        // The entry sequence, at the handler's first instruction: no instruction ran there yet, and
        // no frame is pushed (the handler is where this call begins).
        StepCost entry = *entry_;
        entry.address = step.address;
        entry.kind = emu::StepKind::Wait;
        entry.opcode = 0;
        interrupt_->step(entry);
        entry_.reset();
    }
    feed(*interrupt_, step);
}

void PlayProfiler::ended(std::size_t call)
{
    if (const auto found = calls_.find(call); found != calls_.end()) {
        if (waitFeed_ == found->second.get()) {
            flushWait();
        }
        calls_.erase(found);
    }
}

PlayCode PlayProfiler::finish()
{
    flushWait();
    calls_.clear();
    interrupt_.reset();
    main_.reset();
    PlayCode code;
    if (attribute_) {
        code.profile = builder_.build();
    }
    if (cover_) {
        coverage_.add(interruptCoverage_);
        code.coverage = coverage_.build();
    }
    return code;
}

} // namespace tileprof
