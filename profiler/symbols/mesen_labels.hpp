#pragma once

#include "profiler/rom/profiled_rom.hpp"

#include <string>

namespace tileprof {

// The ROM's labels as a Mesen label file (.mlb: "MemoryType:HEXADDR[-HEXEND]:Label[:Comment]"), so
// a case tileprof reports can be opened in Mesen's debugger: ROM labels by their offset in the
// ROM, WRAM labels by their offset in WRAM, register labels by address. Scope separators become
// "_" (Mesen label names allow letters, digits, "_" and "@"); a case label carries the case as its
// comment. Where several labels share an address, the innermost one is kept.
std::string mesenLabels(const ProfiledRom& rom);

} // namespace tileprof
