#pragma once

#include "emu/cpu/cpu.hpp"
#include "emu/scpu/snes_bus.hpp"
#include "profiler/engine/call/entity_state.hpp"
#include "profiler/engine/runner/call_observer.hpp"
#include "profiler/formats/map/tile_map.hpp"
#include "profiler/model/target/profiled_rom.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace tileprof {

struct CallOutcome {
    emu::StopReason stop;
    emu::Time start;
    emu::Time end;
    std::uint16_t stackBefore; // S before the host pushed the return address
    std::uint16_t stackAfter;
    std::uint32_t stoppedAt;   // PB:PC where the call ended
    std::uint32_t returnAddress; // where a correct return lands
};

// The ROM under test on the SNES bus, called the way its manifest says: the map and the
// entities in WRAM, one call per entity per frame, each from the start of a video frame.
class CollisionMachine {
public:
    // MEMSEL is set when the header says FastROM, as the game's boot code would. With `fastRom`, a
    // SlowROM image runs as a FastROM build of it would: MEMSEL set and the routine entered at the
    // banks $80+ mirror of its code (and of its data bank, when that is a ROM bank). Throws
    // InputError for `fastRom` on an image that is FastROM already.
    explicit CollisionMachine(const ProfiledRom& rom, bool fastRom = false);

    // Writes the map (tile id = the tile type's index in the design), its size and the collision table.
    void loadMap(const TileMap& map);

    void writeEntity(std::uint32_t slot, const EntityState& entity);
    void writeHitbox(std::uint32_t slot, const Hitbox& hitbox);
    // The position, velocity and state fields the routine may have changed; the hitbox is kept.
    // A routine that answers whether the entity may move (the manifest's [outcome]) has the host
    // move it by its velocity, or set the state bits of the directions it was stopped in; one that
    // moved it itself, the wall bit of the side its `wall_side` input (in `inputs`) says.
    EntityState readEntity(std::uint32_t slot, const EntityState& before, const std::vector<std::uint32_t>& inputs = {}) const;
    // Whether the entity is still alive: its alive field is not 0 (always, without one).
    bool alive(std::uint32_t slot) const;

    // The manifest's input `index` (a field, or a register the next call starts with).
    void writeInput(std::uint32_t slot, std::size_t index, std::uint32_t value);
    // The controller words the routine reads: the held buttons, and those pressed since `before`
    // were held when the manifest names where they go.
    void writeButtons(std::uint16_t held, std::uint16_t before);

    // Idles the CPU until the next video frame begins.
    void waitForNextFrame();

    // Observer: CallObserver, or TraceObserver for the call `tileprof trace` shows.
    template <class Observer>
    CallOutcome call(std::uint32_t slot, Observer& observer);

    // Where this machine runs the code at a ROM address: there, or at its FastROM mirror.
    std::uint32_t runAddress(std::uint32_t address) const;
    // The ROM's case labels as runAddress places them.
    std::vector<std::uint32_t> caseLabels() const;

    MapWindow mapWindow() const { return mapWindow_; }
    const emu::SnesBus& bus() const { return bus_; }
    const emu::CpuState& cpuState() const { return cpu_.state; }

private:
    std::uint32_t slotAddress(std::uint32_t slot) const;
    std::uint16_t registerValue(const RegisterValue& value, std::uint32_t slot) const;
    void writeAt(std::uint32_t address, FieldFormat format, std::uint32_t value);
    void writeField(std::uint32_t slot, const EntityField& field, std::uint32_t value);
    // Whole pixels, in the field's format (a fixed-point one holds them with a zero fraction).
    void writePixels(std::uint32_t slot, const EntityField& field, int pixels);
    // A 16.16 position or velocity, in the field's own format (truncated to its fraction bits).
    void writeQuantity(std::uint32_t slot, const QuantityField& field, std::uint32_t value);

    const ProfiledRom& rom_;
    emu::SnesBus bus_;
    emu::Cpu<emu::SnesBus> cpu_;
    MapWindow mapWindow_;
    std::array<std::optional<std::uint16_t>, 4> registerInputs_; // A, X, Y, DB for the next call
    bool fastRom_;
};

} // namespace tileprof
