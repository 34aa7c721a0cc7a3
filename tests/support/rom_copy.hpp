#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace tileprof::test {

// The built tile-collision ROM, debug file and manifest copied into `dir` under their own names, the
// debug file naming the copy as the file it was linked into, so that a test may patch its bytes.
void copyBuiltRom(const std::filesystem::path& dir);

// The same with the ROM's Mesen labels (tileprof's export) as tile-collision.mlb instead of its
// debug file, and its manifest naming the case labels as the .mlb does (scopes joined by '_').
// Returns the manifest's text.
std::string copyBuiltRomWithMesenLabels(const std::filesystem::path& dir);

// Overwrites the copied ROM's bytes at a CPU address. The checksum goes wrong: only a warning.
void patchRom(const std::filesystem::path& dir, std::uint32_t address, const std::vector<std::uint8_t>& bytes);

} // namespace tileprof::test
