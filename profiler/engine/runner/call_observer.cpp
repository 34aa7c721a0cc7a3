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
    startCycle_ = cycle;
    softwareInterrupt_.reset();
    lastCell_.reset();
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
    const auto cycle = static_cast<std::uint32_t>(access.cycle - startCycle_);
    const std::optional<MapLayout::Place> place = map_.layout.placeOf(offset);
    if (!place) {
        record_->strayMapReads.push_back({access.address, access.value, cycle});
        return;
    }
    // A cell's next byte read right after the one before it is the same tile read (a 16-bit read).
    const bool sameRead = lastCell_ && lastCell_->column == place->column && lastCell_->row == place->row &&
                          place->byte > lastCell_->byte && access.cycle - lastCellCycle_ <= 1 && !record_->tilesRead.empty();
    lastCell_ = place;
    lastCellCycle_ = access.cycle;
    if (sameRead) {
        return;
    }
    const std::uint8_t* cell = map_.memory + (offset - place->byte);
    std::uint32_t value = 0;
    for (std::uint32_t i = 0; i < map_.layout.cellBytes; ++i) {
        value |= std::uint32_t{cell[i]} << (8 * i);
    }
    const std::optional<std::uint32_t> id = map_.cell.idOf(value);
    if (!id || *id >= map_.typeOfId.size()) {
        record_->strayMapReads.push_back({access.address, access.value, cycle, static_cast<int>(place->column),
                                          static_cast<int>(place->row)});
        return;
    }
    record_->tilesRead.push_back({static_cast<std::uint16_t>(place->column), static_cast<std::uint16_t>(place->row),
                                  map_.typeOfId[*id], cycle});
}

} // namespace tileprof
