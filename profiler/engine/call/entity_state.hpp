#pragma once

#include "profiler/model/scenario/scenario.hpp"

#include <cstdint>

namespace tileprof {

// An entity as the host keeps it between calls, in the routine's formats: positions include the
// map origin, all values are 16.16 fixed point.
struct EntityState {
    std::uint32_t x = 0;
    std::uint32_t y = 0;
    std::int32_t xVelocity = 0;
    std::int32_t yVelocity = 0;
    std::uint16_t state = 0; // the collision state the last call left
    Hitbox hitbox;

    bool operator==(const EntityState&) const = default;
};

inline std::int32_t toFixed(double pixels)
{
    return static_cast<std::int32_t>(pixels * 65536.0 + (pixels < 0 ? -0.5 : 0.5));
}

// An entity as its scenario starts it, on a map whose pixel (0, 0) is at (originX, originY).
inline EntityState startingState(const EntitySpec& spec, std::uint16_t originX, std::uint16_t originY)
{
    EntityState e;
    e.x = static_cast<std::uint32_t>(toFixed(spec.x) + (std::int32_t{originX} << 16));
    e.y = static_cast<std::uint32_t>(toFixed(spec.y) + (std::int32_t{originY} << 16));
    e.hitbox = spec.hitbox;
    return e;
}

// A 16.16 position as map pixels, the map's pixel (0, 0) being at `origin`: startingState's inverse.
inline double mapPixels(std::uint32_t position, std::uint16_t origin)
{
    return static_cast<double>(position) / 65536.0 - origin;
}

// The whole map pixel a 16.16 position with the given origin stands for.
inline int wholePixel(std::uint32_t position, std::uint16_t origin)
{
    return static_cast<int>(position >> 16) - origin;
}

} // namespace tileprof
