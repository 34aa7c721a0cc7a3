#pragma once

#include "emu/scpu/snes_bus.hpp"

#include <doctest/doctest.h>

#include <cstdint>

namespace tileprof::test {

// A bus fresh from power-on and the time of its next cycle.
struct Machine {
    explicit Machine(const emu::RomImage& rom) : bus(rom) {}

    unsigned read(std::uint32_t address) { return bus.read(address, t); }
    void write(std::uint32_t address, std::uint8_t value) { bus.write(address, value, t); }
    void idle() { bus.idle(t); }

    // A 16-bit register pair, low byte first.
    unsigned readWord(std::uint32_t address)
    {
        const unsigned low = read(address);
        return low | read(address + 1) << 8;
    }

    void idleUntil(std::uint64_t clock)
    {
        while (t.masterClocks < clock) {
            idle();
        }
    }

    // Makes the next cycle start exactly at `clock` with idle cycles (6 clocks) and WRAM reads
    // (8): any even distance but 2, 4 and 10 can be covered. The target must not lie within a
    // refresh's reach, since its 40 clocks could make the distance left one of those.
    void advanceTo(std::uint64_t clock)
    {
        while (t.masterClocks < clock) {
            if ((clock - t.masterClocks) % 6 == 0) {
                idle();
            } else {
                read(0x7E0000);
            }
        }
        REQUIRE(t.masterClocks == clock);
    }

    // The clocks of one bus cycle, refresh excluded: a cycle that a refresh followed is done
    // again, and the next refresh is a line away.
    template <class Access>
    std::uint64_t cost(Access access)
    {
        for (;;) {
            const emu::Time before = t;
            const std::uint64_t refreshes = bus.refreshes();
            access();
            REQUIRE(t.cycles == before.cycles + 1);
            if (bus.refreshes() == refreshes) {
                return t.masterClocks - before.masterClocks;
            }
        }
    }
    std::uint64_t readCost(std::uint32_t address)
    {
        return cost([&] { read(address); });
    }
    std::uint64_t writeCost(std::uint32_t address)
    {
        return cost([&] { write(address, 0); });
    }

    emu::SnesBus bus;
    emu::Time t{};
};

} // namespace tileprof::test
