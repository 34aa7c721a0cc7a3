#include "profiler/engine/call/map_reads.hpp"

namespace tileprof {

void MapReads::read(const MapWindow& window, const emu::BusAccess& access)
{
    const std::uint32_t offset = access.address - window.start;
    const auto cycle = static_cast<std::uint32_t>(access.cycle - startCycle_);
    const std::optional<MapLayout::Place> place = window.layout.placeOf(offset);
    if (!place) {
        strays_->push_back({access.address, access.value, cycle});
        return;
    }
    // A cell's next byte read right after the one before it is the same tile read (a 16-bit read).
    const bool sameRead = lastCell_ && lastCell_->column == place->column && lastCell_->row == place->row &&
                          place->byte > lastCell_->byte && access.cycle - lastCellCycle_ <= 1 && !tiles_->empty();
    lastCell_ = place;
    lastCellCycle_ = access.cycle;
    if (sameRead) {
        return;
    }
    const std::optional<TileId> type = window.typeOfCell(offset - place->byte);
    if (!type) {
        strays_->push_back({access.address, access.value, cycle, static_cast<int>(place->column), static_cast<int>(place->row)});
        return;
    }
    tiles_->push_back({static_cast<std::uint16_t>(place->column), static_cast<std::uint16_t>(place->row), *type, cycle});
}

} // namespace tileprof
