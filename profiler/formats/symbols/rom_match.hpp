#pragma once

#include "emu/cartridge/rom_image.hpp"
#include "profiler/formats/symbols/debug_info.hpp"

#include <filesystem>

namespace tileprof {

// The one rule for "this symbol file is not this ROM's", for every command and both debuggers:
// throws InputError naming both files when the symbol file shows that it describes another build.
// What shows it:
// - a WLA-DX file's "[rom checksum]" differs from the ROM file's CRC-32;
// - an ld65 debug file places a segment past the end of the image, or at a file offset where the
//   image holds other addresses than the segment was linked at;
// - an ld65 debug file names the file it wrote, that file is found (as recorded, or beside the
//   debug file) and its bytes differ from the image's.
// A renamed copy of the right build passes: the names need not agree, only the bytes.
void checkSymbolsMatchRom(const DebugInfo& symbols, const emu::RomImage& image, const std::filesystem::path& romPath);

} // namespace tileprof
