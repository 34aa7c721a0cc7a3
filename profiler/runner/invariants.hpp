#pragma once

#include "profiler/map/tile_map.hpp"
#include "profiler/runner/entity_state.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace tileprof {

// What the tile-collision design guarantees after every call, checked on the map the host wrote
// (DESIGN section 4): the hitbox never overlaps a SOLID tile; an entity standing on a floor rests
// exactly one pixel above its surface; one standing on a ceiling (upward gravity) touches it.
struct CollisionGeometry {
    const TileMap& map;
    const std::array<std::uint8_t, 256>& topHeights;    // the routine's own height tables
    const std::array<std::uint8_t, 256>& bottomHeights;
    std::uint16_t originX;
    std::uint16_t originY;
    std::uint8_t downBit;
    std::uint8_t upBit;
};

// Nothing when the entity is where the design allows; else what is wrong.
std::optional<std::string> checkInvariants(const EntityState& entity, const CollisionGeometry& geometry);

} // namespace tileprof
