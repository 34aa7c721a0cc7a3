#include "profiler/model/target/routine_footprint.hpp"

namespace tileprof {

namespace {

// The cartridge header and the interrupt vectors close every ROM bank the CPU sees at $xx:FFB0.
constexpr std::uint32_t kHeaderStart = 0xFFB0;

} // namespace

std::optional<RoutineFootprint> footprintOf(const ProfiledRom& rom)
{
    const std::vector<DebugSegment>& segments = rom.debug.segments();
    if (segments.empty()) {
        return std::nullopt;
    }
    RoutineFootprint footprint;
    std::uint32_t reserved = 0;
    for (const DebugSegment& segment : segments) {
        if (segment.outputFile) {
            footprint.romBytes += (segment.start & 0xFFFF) >= kHeaderStart ? 0 : segment.size;
        } else {
            reserved += segment.size;
        }
    }
    const std::uint32_t hostData =
        rom.addresses.mapTilesBytes + rom.addresses.entitySlotCount * rom.manifest.entityStride;
    footprint.ramBytes = reserved > hostData ? reserved - hostData : 0;
    return footprint;
}

} // namespace tileprof
