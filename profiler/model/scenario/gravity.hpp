#pragma once

#include <cstdint>
#include <string_view>

namespace tileprof {

enum class Gravity : std::uint8_t { Down, Up, None };

// The scenario file's names of the gravities.
constexpr std::string_view gravityName(Gravity gravity)
{
    switch (gravity) {
    case Gravity::Down:
        return "down";
    case Gravity::Up:
        return "up";
    case Gravity::None:
        break;
    }
    return "none";
}

// When the host adds an entity's gravity to its velocity before a call: every frame, or only while
// the last call left it standing on nothing (the state's down bit clear under downward gravity, the
// up bit under upward), as callers that leave a grounded actor's velocity alone do. The manifest
// says what the routine's own caller does; an entity may say otherwise.
enum class GravityWhen : std::uint8_t { Always, Airborne };

// The names manifests and scenarios give them.
constexpr std::string_view gravityWhenName(GravityWhen when)
{
    return when == GravityWhen::Airborne ? "airborne" : "always";
}

} // namespace tileprof
