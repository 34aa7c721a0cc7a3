#pragma once

#include <cstdint>

namespace emu {

// How far the machine has run. Only the CPU advances it, one bus cycle at a time.
struct Time {
    std::uint64_t cycles = 0;       // CPU bus cycles: reads, writes and internal operations
    std::uint64_t masterClocks = 0; // their cost at 21.477 MHz, DRAM refresh included

    bool operator==(const Time&) const = default;
    template <class Archive>
    void serialize(Archive& a)
    {
        a.value(cycles);
        a.value(masterClocks);
    }
};

} // namespace emu
