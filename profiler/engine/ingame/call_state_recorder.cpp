#include "profiler/engine/ingame/call_state_recorder.hpp"

#include "profiler/engine/call/entity_fields.hpp"
#include "profiler/engine/call/move_answer.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace tileprof {

CallStateRecorder::CallStateRecorder(const emu::SnesBus& bus, const ProfiledRom& rom)
    : bus_(bus), rom_(rom), typeOfId_(rom.typeOfMapId)
{
    const RoutineAddresses& a = rom.addresses;
    window_.start = a.mapTiles;
    window_.bytes = a.mapTilesBytes;
    window_.cell = rom.manifest.cell;
    // The resolver checked that the buffer is all work RAM.
    window_.memory = bus.wram().data() + *emu::wramIndex(a.mapTiles);
    window_.typeOfId = typeOfId_;
}

// The entity's slot number and address: from the register the calling convention puts it in, or
// the one entity's record.
std::optional<std::pair<int, std::uint32_t>> CallStateRecorder::slotOf(const emu::Registers& registers) const
{
    const Manifest& m = rom_.manifest;
    const RoutineAddresses& a = rom_.addresses;
    std::vector<std::pair<const RegisterValue*, std::uint16_t>> carriers{
        {&m.directPage, registers.d}, {&m.a, registers.a}, {&m.x, registers.x}, {&m.y, registers.y}};
    // The arguments lie above the return address, the first nearest to it.
    std::uint32_t argument = std::uint32_t{registers.s} + 1 + (m.call == CallKind::Jsl ? 3 : 2);
    for (const RegisterValue& value : m.arguments) {
        carriers.emplace_back(&value, static_cast<std::uint16_t>(readBytes(bus_, argument & 0xFFFF, 2)));
        argument += 2;
    }
    for (const auto& [value, held] : carriers) {
        if (value->kind == RegisterValue::Kind::EntityIndex) {
            return held < a.entitySlotCount ? std::optional(std::pair(int{held}, slotAddress(rom_, held))) : std::nullopt;
        }
        if (value->kind == RegisterValue::Kind::EntityOffset) {
            const std::uint32_t stride = std::max<std::uint32_t>(m.entityStride, 1);
            const std::uint32_t slot = held / stride;
            return held % stride == 0 && slot < a.entitySlotCount ? std::optional(std::pair(static_cast<int>(slot), slotAddress(rom_, slot)))
                                                                  : std::nullopt;
        }
        if (value->kind == RegisterValue::Kind::EntityAddress) {
            // D, A, X and Y hold 16 bits: the slot is in the bank the slots are in.
            const std::uint32_t address = (a.entitySlots & 0xFF0000) | held;
            const std::uint32_t offset = address - a.entitySlots;
            const std::uint32_t stride = std::max<std::uint32_t>(m.entityStride, 1);
            if (address < a.entitySlots || offset % stride != 0 || offset / stride >= a.entitySlotCount) {
                return std::nullopt;
            }
            return std::pair(static_cast<int>(offset / stride), address);
        }
    }
    return a.entitySlotCount == 1 ? std::optional(std::pair(0, a.entitySlots)) : std::nullopt;
}

// The map as the game keeps it now: its size (as the routine reads it, or all the buffer holds),
// its layout, its collision map; and, when any of that changed, its tiles and pixels.
void CallStateRecorder::readMap()
{
    const Manifest& m = rom_.manifest;
    const RoutineAddresses& a = rom_.addresses;
    const std::uint32_t sizeBytes = bytesOf(m.mapSizeFormat);
    const auto width = static_cast<int>(a.mapWidth ? readBytes(bus_, *a.mapWidth, sizeBytes) : 0);
    MapLayout layout = mapLayout(m, std::max(width, 1), a.mapTilesBytes);
    if (a.mapBytesPerRow && m.columnStride == 0 && m.columnHeight == 0) {
        layout.rowStride = std::max<std::uint32_t>(readBytes(bus_, *a.mapBytesPerRow, 2), layout.cellBytes);
        layout.rows = a.mapTilesBytes / layout.rowStride;
        layout.columns = std::min(layout.columns, layout.rowStride / layout.cellBytes); // a row's cells stay in its bytes
    }
    const auto height = static_cast<int>(a.mapHeight ? readBytes(bus_, *a.mapHeight, sizeBytes) : layout.rows);
    window_.layout = layout;

    if (a.collisionMap && a.romCollisionMap.empty()) {
        std::array<std::uint8_t, kCollisionMapBytes> collisionMap{};
        for (std::uint32_t id = 0; id < kCollisionMapBytes; ++id) {
            collisionMap[id] = bus_.peek(*a.collisionMap + id);
        }
        if (collisionMap != collisionMap_) {
            collisionMap_ = collisionMap;
            // An id's type is the first of the design's types with the value the game's collision
            // map gives it, as for a metatile table in ROM (profileRom).
            const std::vector<TileKind>& tiles = rom_.design.tiles;
            for (std::size_t id = 0; id < typeOfId_.size(); ++id) {
                const auto type = id < kCollisionMapBytes ? std::ranges::find(tiles, collisionMap_[id], &TileKind::value) : tiles.end();
                typeOfId_[id] = type == tiles.end() ? rom_.design.empty : static_cast<TileId>(type - tiles.begin());
            }
            mapSeen_.clear();
        }
    }

    // Read again only when the buffer or the size and layout it is read with changed.
    const std::span<const std::uint8_t> buffer(window_.memory, window_.bytes);
    const std::array<std::uint32_t, 3> shape{static_cast<std::uint32_t>(width), static_cast<std::uint32_t>(height), layout.rowStride};
    if (!mapSeen_.empty() && shape == mapShape_ && std::ranges::equal(buffer, mapSeen_)) {
        return;
    }
    mapSeen_.assign(buffer.begin(), buffer.end());
    mapShape_ = shape;
    geometry_.reset();
    map_.reset();
    const int columns = std::min(a.mapWidth ? width : static_cast<int>(layout.columns), static_cast<int>(layout.columns));
    const int rows = std::min(height, static_cast<int>(layout.rows));
    if (columns <= 0 || rows <= 0) {
        return; // the game has not set its map up yet
    }
    map_ = std::make_unique<TileMap>(TileMap{columns, rows, std::vector<TileId>(static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows))});
    for (int row = 0; row < rows; ++row) {
        for (int column = 0; column < columns; ++column) {
            const std::uint32_t offset = layout.offsetOf(static_cast<std::uint32_t>(column), static_cast<std::uint32_t>(row));
            map_->at(column, row) = window_.typeOfCell(offset).value_or(rom_.design.empty);
        }
    }
    geometry_ = std::make_unique<CollisionGeometry>(
        CollisionGeometry{{*map_, rom_.design}, m.originX, m.originY, m.stateBits.down, m.stateBits.up});
}

void CallStateRecorder::resume(const Open& open)
{
    CallState& state = states_[open.state - firstState_];
    mapReads_.begin(open.cycle, state.tilesRead, state.strayMapReads);
}

void CallStateRecorder::entered(std::size_t call, const emu::Registers& registers, std::uint64_t cycle)
{
    readMap();
    CallState& state = states_.emplace_back();
    state.call = call;
    Open open{firstState_ + states_.size() - 1, cycle, 0, registers};
    if (const auto slot = slotOf(registers)) {
        state.entity = slot->first;
        open.slot = slot->second;
        state.before = readEntity(bus_, rom_, open.slot);
    }
    open_.push_back(open);
    resume(open);
}

bool CallStateRecorder::wallOnLeft(const MoveAnswer& answer, const Open& open) const
{
    if (!answer.reportsWall()) {
        return false;
    }
    const RoutineInput& side = *rom_.manifest.input(*answer.wallSide);
    if (side.kind == RoutineInput::Kind::Field) {
        return readField(bus_, side.field, open.slot) == answer.wallLeftValue;
    }
    const emu::Registers& r = open.entry;
    const std::uint32_t held = side.reg == 'a' ? r.a : side.reg == 'x' ? r.x : side.reg == 'y' ? r.y : r.dbr;
    return (side.bits == 8 ? held & 0xFF : held) == answer.wallLeftValue;
}

void CallStateRecorder::left(std::size_t call, const emu::Registers* registers)
{
    if (open_.empty() || states_[open_.back().state - firstState_].call != call) {
        return;
    }
    const Open open = open_.back();
    open_.pop_back();
    CallState& state = states_[open.state - firstState_];
    if (state.entity >= 0) {
        state.after = readEntity(bus_, rom_, open.slot);
        // As in the harness: the entity where the answer leaves it is what the invariants check.
        const std::optional<MoveAnswer>& answer = rom_.manifest.moveAnswer;
        if (answer && registers != nullptr) {
            applyAnswer(*answer, answerIsSet(*answer, *registers, bus_), rom_.manifest.stateBits, wallOnLeft(*answer, open), state.after);
        }
        if (geometry_ && (!answer || registers != nullptr)) {
            state.broken = checkInvariants(state.after, *geometry_);
        }
    }
    if (!open_.empty()) {
        resume(open_.back());
    }
}

std::optional<CallState> CallStateRecorder::take(std::size_t call)
{
    if (states_.empty() || states_.front().call != call) {
        return std::nullopt;
    }
    std::optional<CallState> state(std::move(states_.front()));
    states_.pop_front();
    ++firstState_;
    return state;
}

} // namespace tileprof
