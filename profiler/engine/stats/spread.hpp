#pragma once

#include <cstdint>
#include <limits>

namespace tileprof {

// A column's figures over calls or frames: the mean, and the least and most with where they were
// (the first of equals).
struct Spread {
    std::uint64_t count = 0;
    std::uint64_t sum = 0;
    std::uint64_t min = std::numeric_limits<std::uint64_t>::max();
    std::uint64_t max = 0;
    std::uint64_t minAt = 0;
    std::uint64_t maxAt = 0;

    void add(std::uint64_t value, std::uint64_t at)
    {
        if (value < min) {
            min = value;
            minAt = at;
        }
        if (value > max || count == 0) {
            max = value;
            maxAt = at;
        }
        ++count;
        sum += value;
    }
    double mean() const { return count == 0 ? 0.0 : static_cast<double>(sum) / static_cast<double>(count); }
};

} // namespace tileprof
