#pragma once

#include "emu/system/snes.hpp"
#include "profiler/formats/symbols/debug_info.hpp"

#include <cstdint>
#include <string>

namespace tileprof {

// A place in the machine's memory that a --print or --expect names, and its size in bytes (1-4,
// read little-endian).
struct MemoryWatch {
    std::string name;   // as given, without its byte count
    std::string memory; // empty: the CPU's bus; else a memory's name (emu::namedMemories)
    std::uint32_t address = 0;
    unsigned bytes = 2;
};

// Reads "PLACE" or "PLACE:BYTES" (BYTES 1-4, default 2), PLACE being a label of `symbols`, a bus
// address "$BB:AAAA" (bank, colon, four digits) or "$BBAAAA", or "MEMORY:$OFFSET" in one of
// `snes`'s named memories ("vram:$F800" is VRAM word $7C00). Throws InputError naming `option`.
MemoryWatch parseMemoryWatch(const std::string& text, const DebugInfo* symbols, const emu::Snes& snes, const char* option);

std::uint32_t readMemoryWatch(const emu::Snes& snes, const MemoryWatch& watch);

// Where it reads: "$7E:0010" or "vram:$F800".
std::string memoryWatchPlace(const MemoryWatch& watch);

} // namespace tileprof
