#pragma once

#include "emu/system/snes.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace emu {

// A state file: the whole machine at one instruction boundary, to run on from later (tileprof boot
// --save, a play's `start`). Its layout (docs/states.md):
//   "TPSTATE" $1A, then little-endian: u32 format version; u32 the ROM's CRC-32 and u32 its size;
//   u64 the frame it is in; the ROM's path and the program that wrote it, each a u32 length and
//   its bytes; u32 the CRC-32 of the machine's state and u64 its length; the state, zlib-deflated.
// The machine's state is each part's fields in the order its serialize() lists them. A state file
// is read only by the format version that wrote it and only onto the ROM it names.
inline constexpr std::uint32_t kStateFormatVersion = 1;
inline constexpr std::string_view kStateFileMagic{"TPSTATE\x1A", 8};

struct StateHeader {
    std::uint32_t version = kStateFormatVersion;
    std::uint32_t romCrc32 = 0;
    std::uint32_t romBytes = 0;
    std::uint64_t frame = 0;
    std::string romPath;  // the ROM as the writer named it
    std::string producer; // "tileprof VERSION (COMMIT)"
};

// The file's bytes for `snes` as it stands.
std::string saveState(const Snes& snes, std::string_view romPath, std::string_view producer);
// The machine's state alone, as the file holds it deflated.
std::string machineState(const Snes& snes);

// What a state file says of itself. Throws tileprof::InputError "WHERE: PROBLEM" for a file that
// is not one, or is of another format version.
StateHeader readStateHeader(std::string_view file, const std::string& where);

// Puts `snes` (of the state's ROM) in the state the file holds. Throws tileprof::InputError
// "WHERE: PROBLEM", leaving `snes` as it was, for a file of another ROM or another format version,
// or one damaged.
void restoreState(Snes& snes, std::string_view file, const std::string& where);

} // namespace emu
