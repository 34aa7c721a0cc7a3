#pragma once

#include "emu/scpu/snes_bus.hpp"
#include "profiler/engine/call/call_record.hpp"
#include "profiler/engine/call/map_reads.hpp"
#include "profiler/engine/ingame/call_tracker.hpp"
#include "profiler/engine/runner/invariants.hpp"
#include "profiler/formats/map/tile_map.hpp"
#include "profiler/model/target/profiled_rom.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

// What one call of the manifest's routine in the running game did to its entity and read of its
// map, found in the game's memory where the manifest says the entity and the map are.
struct CallState {
    std::size_t call = 0; // index into the play's calls
    int entity = -1;      // its slot; -1 when the registers it began with point at no slot
    EntityState before;   // as the call began (nothing read without a slot)
    EntityState after;    // as it returned
    std::vector<TileRead> tilesRead;
    std::vector<StrayMapRead> strayMapReads;
    std::optional<std::string> broken; // the design's invariant its result breaks, on the map as it was
};

// Watches the calls of the manifest's routine (CallTracker::watch) and reads their state: the
// entity the registers point to as the manifest's calling convention says (D, A, X or Y holding
// its slot's address or number), before and after; the cells of the map buffer the call read,
// decoded with the map's size, layout and collision map as the game keeps them in RAM; and the
// design's invariants, checked on that map.
class CallStateRecorder final : public CallWatcher {
public:
    CallStateRecorder(const emu::SnesBus& bus, const ProfiledRom& rom);

    // The buffer whose reads are the calls' map reads.
    std::uint32_t mapStart() const { return window_.start; }
    std::uint32_t mapBytes() const { return window_.bytes; }

    void entered(std::size_t call, const emu::Registers& registers, std::uint64_t cycle) override;
    void read(const emu::BusAccess& access) override { mapReads_.read(window_, access); }
    void left(std::size_t call, const emu::Registers* registers) override;

    // The state of call `call` once it has ended, when it is the first not yet taken (the calls
    // are taken in the order they began); nothing for a call of another routine.
    std::optional<CallState> take(std::size_t call);

    // Reads the map as the game keeps it now (each call's entry does); map() is what it read:
    // nothing before the game sets its map up.
    void readMap();
    const TileMap* map() const { return map_.get(); }

private:
    struct Open {
        std::size_t state;   // its number among the states, counting those taken
        std::uint64_t cycle; // when it began
        std::uint32_t slot;  // its entity's address
        emu::Registers entry; // the registers it began with: the inputs in registers
    };

    std::optional<std::pair<int, std::uint32_t>> slotOf(const emu::Registers& registers) const;
    // Whether the wall an answer reports is on the left, by the input that says the side.
    bool wallOnLeft(const MoveAnswer& answer, const Open& open) const;
    void resume(const Open& open);

    const emu::SnesBus& bus_;
    const ProfiledRom& rom_;
    MapWindow window_;
    MapReads mapReads_;
    std::vector<TileId> typeOfId_;
    static constexpr std::uint32_t kCollisionMapBytes = 256;
    std::array<std::uint8_t, kCollisionMapBytes> collisionMap_{}; // the game's, as last read
    // The map as last read from RAM (the buffer's bytes; its width, height and bytes per row), and
    // its pixels for the invariants.
    std::vector<std::uint8_t> mapSeen_;
    std::array<std::uint32_t, 3> mapShape_{};
    std::unique_ptr<TileMap> map_;
    std::unique_ptr<CollisionGeometry> geometry_;
    std::vector<Open> open_;
    std::deque<CallState> states_; // from state firstState_ on: those not yet taken
    std::size_t firstState_ = 0;
};

} // namespace tileprof
