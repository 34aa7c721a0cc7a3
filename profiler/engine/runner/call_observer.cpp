#include "profiler/engine/runner/call_observer.hpp"

namespace tileprof {

CallObserver::CallObserver(std::vector<std::uint32_t> caseLabels, MapWindow map, bool recordSteps, bool countSlowRom)
    : caseLabels_(std::move(caseLabels)), map_(map), recordSteps_(recordSteps), countSlowRom_(countSlowRom)
{
}

void CallObserver::begin(CallRecord& record, std::uint64_t cycle)
{
    record_ = &record;
    startCycle_ = cycle;
    softwareInterrupt_.reset();
    if (recordSteps_) {
        // Room for a typical call's steps: growing the vector step by step was a fifth of the
        // time spent recording.
        record.steps.reserve(kTypicalSteps);
    }
}

void CallObserver::matchCase(std::uint32_t address)
{
    for (std::size_t i = 0; i < caseLabels_.size(); ++i) {
        if (caseLabels_[i] == address) {
            record_->caseIndex = static_cast<int>(i);
            return;
        }
    }
}

void CallObserver::recordStep(const emu::StepEvent& step)
{
    record_->steps.push_back({step.address, static_cast<std::uint16_t>(step.cycles),
                              static_cast<std::uint16_t>(step.masterClocks), step.opcode, step.kind, flags_});
}

void CallObserver::noteSoftwareInterrupt(std::uint32_t address)
{
    if (!softwareInterrupt_) {
        softwareInterrupt_ = address;
    }
}

void CallObserver::recordTileRead(const emu::BusAccess& access)
{
    const std::uint32_t offset = access.address - map_.start;
    const bool byColumn = map_.columnHeight != 0;
    const std::uint32_t column = byColumn ? offset / map_.columnHeight : offset % map_.width;
    const std::uint32_t row = byColumn ? offset % map_.columnHeight : offset / map_.width;
    record_->tilesRead.push_back({static_cast<std::uint16_t>(column), static_cast<std::uint16_t>(row),
                                  map_.typeOfId[access.value], static_cast<std::uint32_t>(access.cycle - startCycle_)});
}

} // namespace tileprof
