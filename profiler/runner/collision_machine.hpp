#pragma once

#include "emu/cpu.hpp"
#include "emu/snes_bus.hpp"
#include "profiler/map/tile_map.hpp"
#include "profiler/rom/profiled_rom.hpp"
#include "profiler/runner/call_observer.hpp"
#include "profiler/runner/entity_state.hpp"

#include <cstdint>

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

// The ROM under test on the LoROM bus, called the way its manifest says: the map and the
// entities in WRAM, one call per entity per frame, each from the start of a video frame.
class CollisionMachine {
public:
    explicit CollisionMachine(const ProfiledRom& rom);

    // Writes the map (tile id = the TileType's index), its size and the collision-type table.
    void loadMap(const TileMap& map);

    void writeEntity(std::uint32_t slot, const EntityState& entity);
    // The position, velocity and state fields the routine may have changed; the hitbox is kept.
    EntityState readEntity(std::uint32_t slot, const EntityState& before) const;

    // Idles the CPU until the next video frame begins.
    void waitForNextFrame();

    CallOutcome call(std::uint32_t slot, CallObserver& observer);

    CallObserver::MapWindow mapWindow() const { return mapWindow_; }
    const emu::SnesBus& bus() const { return bus_; }
    const emu::CpuState& cpuState() const { return cpu_.state; }

private:
    std::uint32_t slotAddress(std::uint32_t slot) const;
    void writeField(std::uint32_t slot, const EntityField& field, std::uint32_t value);
    std::uint32_t readField(std::uint32_t slot, const EntityField& field) const;

    const ProfiledRom& rom_;
    emu::SnesBus bus_;
    emu::Cpu<emu::SnesBus> cpu_;
    CallObserver::MapWindow mapWindow_;
};

} // namespace tileprof
