#include "profiler/engine/runner/call_observer.hpp"

namespace tileprof {

CallObserver::CallObserver(std::vector<std::uint32_t> caseLabels, MapWindow map, bool recordSteps, bool countSlowRom)
    : caseLabels_(std::move(caseLabels)), map_(map), recordSteps_(recordSteps), countSlowRom_(countSlowRom)
{
    for (const std::uint32_t label : caseLabels_) {
        caseMask_ |= std::uint64_t{1} << (label & 63);
    }
}

void CallObserver::begin(CallRecord& record, std::uint64_t cycle)
{
    record_ = &record;
    softwareInterrupt_.reset();
    mapReads_.begin(cycle, record.tilesRead, record.strayMapReads);
    if (recordSteps_) {
        // Room for a typical call's steps: growing the vector step by step was a fifth of the
        // time spent recording.
        record.steps.reserve(kTypicalSteps);
    }
}

void CallObserver::matchCase(std::uint32_t address)
{
    const std::size_t earlier = record_->caseIndex < 0 ? caseLabels_.size() : static_cast<std::size_t>(record_->caseIndex);
    for (std::size_t i = 0; i < earlier; ++i) {
        if (caseLabels_[i] == address) {
            record_->caseIndex = static_cast<int>(i);
            return;
        }
    }
}

void CallObserver::recordStep(const emu::StepEvent& step)
{
    record_->steps.push_back({step.address, step.cycles, step.masterClocks, step.opcode, step.kind, flags_});
}

void CallObserver::noteSoftwareInterrupt(std::uint32_t address)
{
    if (!softwareInterrupt_) {
        softwareInterrupt_ = address;
    }
}

} // namespace tileprof
