#pragma once

#include "base/file_contents.hpp"
#include "emu/system/machine_state.hpp"

#include <filesystem>
#include <string>

namespace tileprof {

// A state file is the machine's state deflated: far less than this.
inline constexpr FileLimit kStateFileLimit{16u << 20, "a state file"};

// A state file read from disk, not yet restored onto a machine.
struct StateFile {
    std::filesystem::path path;
    std::string bytes;
    emu::StateHeader header;
};

// Whether the file at `path` begins as a state file does (tileprof boot takes a ROM or a state).
bool looksLikeStateFile(const std::filesystem::path& path);

// Throws InputError "PATH: PROBLEM" for a file that cannot be read, is not a state file or is of
// another format version.
StateFile readStateFile(const std::filesystem::path& path);

// `snes` (of the state's ROM) put in the file's state. Throws InputError "PATH: PROBLEM" for a
// state of another ROM, or damaged, leaving `snes` as it was.
void restoreStateFile(emu::Snes& snes, const StateFile& file);

// Writes `snes`'s state in place of `path`, naming `rom` (made absolute) and `producer`.
void writeStateFile(const std::filesystem::path& path, const emu::Snes& snes, const std::filesystem::path& rom,
                    std::string_view producer);

} // namespace tileprof
