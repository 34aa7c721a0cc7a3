#pragma once

#include "emu/rom_image.hpp"
#include "profiler/symbols/debug_info.hpp"
#include "profiler/symbols/label_file.hpp"

#include <filesystem>
#include <string_view>

namespace tileprof {

inline constexpr emu::FileLimit kSymbolFileLimit{64u << 20, "a symbol file"};

// Where a LoROM cartridge shows the bytes of its ROM and SRAM.
CartridgePlaces loRomPlaces(const emu::RomImage& image);

// Any symbol file tileprof reads, its format recognised from its content: an ld65 debug file
// (it starts with a version record) or a label file (label_file.hpp). Throws emu::InputError
// ("FILE:LINE: problem") for a file of no such format or a malformed one, and "FILE: SIZE; a symbol
// file is at most 64 MiB".
DebugInfo loadSymbolFile(const std::filesystem::path& path, const CartridgePlaces& places);
DebugInfo parseSymbolFile(const std::filesystem::path& path, std::string_view text, const CartridgePlaces& places);

} // namespace tileprof
