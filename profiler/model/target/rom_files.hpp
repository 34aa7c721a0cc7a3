#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <utility>

namespace tileprof {

// The files of a ROM under test. Without `symbols`, the first of the image's name with .dbg, .sym,
// .mlb or .lbl that exists (any format symbol_file.hpp reads); without `manifest`,
// NAME.manifest.toml beside the image, or else manifest.toml in its directory.
struct RomFiles {
    std::filesystem::path image;
    std::optional<std::filesystem::path> symbols;
    std::optional<std::filesystem::path> manifest;
    std::string symbolsOption = "--symbols"; // how the user gives `symbols`, for messages
};

// A path as a command line option gives it: empty when the option is not given.
inline std::optional<std::filesystem::path> givenPath(const std::string& path)
{
    return path.empty() ? std::nullopt : std::optional<std::filesystem::path>(path);
}

// The files as a command line names them: an empty `symbols` or `manifest` is the one beside the image.
inline RomFiles romFiles(const std::filesystem::path& image, const std::string& symbols, const std::string& manifest,
                         std::string symbolsOption = "--symbols")
{
    return RomFiles{image, givenPath(symbols), givenPath(manifest), std::move(symbolsOption)};
}

} // namespace tileprof
