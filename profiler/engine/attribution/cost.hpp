#pragma once

#include <cstdint>

namespace tileprof {

// What some code cost, in both units the reports give.
struct Cost {
    std::uint64_t cycles = 0;
    std::uint64_t masterClocks = 0; // refresh included

    Cost& operator+=(const Cost& other)
    {
        cycles += other.cycles;
        masterClocks += other.masterClocks;
        return *this;
    }
    Cost operator-(const Cost& other) const { return {cycles - other.cycles, masterClocks - other.masterClocks}; }
    bool operator==(const Cost&) const = default;
};

} // namespace tileprof
