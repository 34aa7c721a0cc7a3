#pragma once

#include "emu/cartridge/rom_image.hpp"
#include "profiler/formats/symbols/debug_info.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/target/manifest.hpp"
#include "profiler/model/target/rom_files.hpp"

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

// The manifest's symbols, resolved to addresses through the debug file.
struct RoutineAddresses {
    std::uint32_t entry = 0;
    std::uint32_t entitySlots = 0;
    std::uint32_t entitySlotCount = 0;
    std::uint32_t mapTiles = 0;
    std::uint32_t mapTilesBytes = 0;
    std::optional<std::uint32_t> mapWidth; // where the host writes the map's size, when the routine reads it
    std::optional<std::uint32_t> mapHeight;
    std::optional<std::uint32_t> mapBytesPerRow; // row-major maps
    std::optional<std::uint32_t> mapRowOffsets;
    std::uint32_t mapRowOffsetRows = 0; // how many rows the table holds
    std::optional<std::uint32_t> collisionMap; // the manifest's collision_map, when it names one
    // The entries of collision_map when it is the ROM's own metatile table, not the 256 bytes of
    // work RAM the host writes.
    std::vector<std::uint8_t> romCollisionMap;
    std::vector<std::uint32_t> caseLabels; // parallel to Manifest::cases
    std::vector<std::uint32_t> mapVariables; // parallel to Manifest::mapVariables
    std::uint32_t hitboxRecords = 0;       // the first record, with Manifest::hitboxRecords
    bool hitboxRecordsInRom = false;
    std::vector<Hitbox> romHitboxes;       // what the ROM's records hold, in record order
};

// A ROM under test: its image, its symbol file and its manifest, checked against each other.
struct ProfiledRom {
    emu::RomImage image;
    DebugInfo debug;
    Manifest manifest;
    RoutineAddresses addresses;
    Design design; // the manifest's, every surface's rows read (from the ROM's tables where it says)
    // The id a map cell holds for each tile type: the type's own, or with a metatile table in ROM
    // the first metatile whose entry is the type's value (nothing when none is, or when the cell
    // cannot hold it); and the other way round, the type of each id a cell can hold (the design's
    // empty type for ids no type has).
    std::vector<std::optional<std::uint32_t>> mapIdOfType;
    std::vector<TileId> typeOfMapId;
};

// The manifest of the ROM at `romPath` when none is given: NAME.manifest.toml or manifest.toml
// beside it. Throws InputError when there is neither.
std::filesystem::path manifestBeside(const std::filesystem::path& romPath);
// A ROM under test from its image, its symbols (loadRomSymbols: already held to this image) and
// its manifest. Throws InputError naming the file (and manifest line) at fault: a symbol neither
// the symbol file nor the manifest gives, or a symbol in the wrong kind of memory.
ProfiledRom profileRom(emu::RomImage image, DebugInfo symbols, const std::filesystem::path& manifest);

} // namespace tileprof
