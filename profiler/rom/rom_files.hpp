#pragma once

#include <filesystem>
#include <optional>

namespace tileprof {

// The files of a ROM under test. Without `symbols`, the first of the image's name with .dbg, .sym,
// .mlb or .lbl that exists (any format symbol_file.hpp reads); without `manifest`,
// NAME.manifest.toml beside the image, or else manifest.toml in its directory.
struct RomFiles {
    std::filesystem::path image;
    std::optional<std::filesystem::path> symbols;
    std::optional<std::filesystem::path> manifest;
};

} // namespace tileprof
