#pragma once

#include "emu/cpu/bus_access.hpp"
#include "profiler/engine/call/call_record.hpp"
#include "profiler/model/target/manifest.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace tileprof {

// The routine's map buffer: its reads inside it are tile reads.
struct MapWindow {
    std::uint32_t start = 0; // the address of the buffer's first byte
    std::uint32_t bytes = 0;
    MapLayout layout;
    CellFormat cell;
    const std::uint8_t* memory = nullptr; // the buffer's bytes, as the machine holds them
    std::span<const TileId> typeOfId;     // the tile type of each id a cell may hold

    // The tile type of the cell whose first byte is at `offset` in the buffer; nothing when its
    // value is no id the cell format holds.
    std::optional<TileId> typeOfCell(std::uint32_t offset) const
    {
        std::uint32_t value = 0;
        for (std::uint32_t i = 0; i < layout.cellBytes; ++i) {
            value |= std::uint32_t{memory[offset + i]} << (8 * i);
        }
        const std::optional<std::uint32_t> id = cell.idOf(value);
        return id && *id < typeOfId.size() ? std::optional(typeOfId[*id]) : std::nullopt;
    }
};

// Turns a call's reads of its map buffer into the tiles it read, in order, and the bytes no cell
// explains.
class MapReads {
public:
    // A new call, begun at `cycle`; its reads go to `tiles` and `strays`.
    void begin(std::uint64_t cycle, std::vector<TileRead>& tiles, std::vector<StrayMapRead>& strays)
    {
        startCycle_ = cycle;
        tiles_ = &tiles;
        strays_ = &strays;
        lastCell_.reset();
    }

    // A read of the buffer's byte at `access.address`, which is inside `window`.
    void read(const MapWindow& window, const emu::BusAccess& access);

private:
    std::uint64_t startCycle_ = 0;
    std::vector<TileRead>* tiles_ = nullptr;
    std::vector<StrayMapRead>* strays_ = nullptr;
    // The last tile read, so that the bytes of one cell read one after the other count once.
    std::optional<MapLayout::Place> lastCell_;
    std::uint64_t lastCellCycle_ = 0;
};

} // namespace tileprof
