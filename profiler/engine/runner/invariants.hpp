#pragma once

#include "profiler/engine/call/entity_state.hpp"
#include "profiler/formats/map/map_pixels.hpp"
#include "profiler/model/target/state_flag.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace tileprof {

// What the tile-collision design guarantees after every call, checked on the map the host wrote
// (docs/scenarios.md): the hitbox never overlaps a SOLID tile; an entity standing on a floor rests
// exactly one pixel above its surface; one standing on a ceiling (upward gravity) touches it.
struct CollisionGeometry {
    MapPixels pixels;
    std::uint16_t originX;
    std::uint16_t originY;
    StateFlag standing;  // on a floor
    StateFlag ceiling;   // on a ceiling
};

// Nothing when the entity keeps the invariants its design names; else what is wrong.
std::optional<std::string> checkInvariants(const EntityState& entity, const CollisionGeometry& geometry);

} // namespace tileprof
