#pragma once

#include "emu/cartridge/rom_image.hpp"
#include "profiler/formats/symbols/debug_info.hpp"
#include "profiler/formats/symbols/label_file.hpp"

#include <filesystem>
#include <optional>
#include <string_view>

namespace tileprof {

inline constexpr FileLimit kSymbolFileLimit{64u << 20, "a symbol file"};

// Where the image's cartridge shows the bytes of its ROM and SRAM: LoROM ROM from $00:8000, SRAM
// from $70:0000; HiROM ROM from $C0:0000 (the banks that show all of it), SRAM from $20:6000.
CartridgePlaces cartridgePlaces(const emu::RomImage& image);

// Any symbol file tileprof reads, its format recognised from its content: an ld65 debug file
// (it starts with a version record) or a label file (label_file.hpp). Throws InputError
// ("FILE:LINE: problem") for a file of no such format or a malformed one, and "FILE: SIZE; a symbol
// file is at most 64 MiB".
DebugInfo loadSymbolFile(const std::filesystem::path& path, const SymbolReading& reading);
DebugInfo parseSymbolFile(const std::filesystem::path& path, std::string_view text, const SymbolReading& reading);

// The first of the image's name with .dbg, .sym, .mlb or .lbl that exists beside it, or nothing.
std::optional<std::filesystem::path> findSymbolFileBeside(const std::filesystem::path& romPath);
// The same, or an InputError naming those it looked for and how to give one (`symbolsOption`).
std::filesystem::path symbolFileBeside(const std::filesystem::path& romPath, std::string_view symbolsOption = "--symbols");

// The symbols of the ROM `image` read from `romPath`: of `given`, or of the file beside it (the
// beside-lookup is made only when none is given); read with the image's places and the user's
// conventions, and held to the one rule of checkSymbolsMatchRom. Throws InputError.
DebugInfo loadRomSymbols(const emu::RomImage& image, const std::filesystem::path& romPath,
                         const std::optional<std::filesystem::path>& given, const LabelConventions& conventions = {},
                         std::string_view symbolsOption = "--symbols");

} // namespace tileprof
