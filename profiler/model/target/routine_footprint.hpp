#pragma once

#include "profiler/model/target/profiled_rom.hpp"

#include <cstdint>
#include <optional>

namespace tileprof {

// What a ROM's routine occupies, as its linker laid it out (the ld65 debug file's segments).
struct RoutineFootprint {
    std::uint32_t romBytes = 0; // code and data in the image, the cartridge header and vectors left out
    std::uint32_t ramBytes = 0; // work RAM it reserves, the map's tiles and the entity slots left out
};

// Nothing when the symbol file has no segments (label files): their sizes are unknown.
std::optional<RoutineFootprint> footprintOf(const ProfiledRom& rom);

} // namespace tileprof
