#pragma once

#include <cstdint>

namespace tileprof {

// How the collision state says one thing (standing, a ceiling, a wall on a side): a test of its
// bits under `mask`. Any: one of them is set (one bit, or a counter that is not 0); All: all are;
// Equals: they hold `value`. A mask of 0: the routine does not say it.
struct StateFlag {
    enum class Test : std::uint8_t { Any, All, Equals };
    Test test = Test::Any;
    std::uint16_t mask = 0;
    std::uint16_t value = 0;

    bool reported() const { return mask != 0; }
    bool holds(std::uint16_t state) const
    {
        const unsigned bits = state & mask;
        return test == Test::Any ? bits != 0 : test == Test::All ? bits == mask : bits == value;
    }
    // The state with the flag made to hold, or not to: what the host writes when it reports an answer.
    std::uint16_t set(std::uint16_t state) const
    {
        return static_cast<std::uint16_t>((state & ~mask) | (test == Test::Equals ? value : mask));
    }
    std::uint16_t cleared(std::uint16_t state) const
    {
        return static_cast<std::uint16_t>((state & ~mask) | (test == Test::Equals && value == 0 ? mask : 0));
    }
};

// The collision state's flags; those the routine does not report have a mask of 0.
struct StateBits {
    StateFlag down;
    StateFlag up;
    StateFlag right;
    StateFlag left;
};

} // namespace tileprof
