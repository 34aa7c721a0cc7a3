#pragma once

#include "profiler/model/target/profiled_rom.hpp"

#include <string>

namespace tileprof {

// The ROM's labels as a Mesen label file (.mlb: "MemoryType:HEXADDR[-HEXEND]:Label[:Comment]"), so
// a case tileprof reports can be opened in Mesen's debugger: ROM labels by their offset in the
// ROM, WRAM labels by their offset in WRAM, register labels by address. Scope separators become
// "_" (Mesen label names allow letters, digits, "_" and "@"); a case label carries the case as its
// comment; ca65's macro-local labels are left out. Every label survives Mesen2's import, which
// deletes a label when a later one shares its name or one of its bytes: one label an address (the
// entry point or a case label, else the innermost), unique names, and a range only for a sized
// label that is no scope and holds no other label.
std::string mesenLabels(const ProfiledRom& rom);

} // namespace tileprof
