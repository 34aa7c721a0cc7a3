#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

// A routine a play profiles, and the most master clocks one call of it may take, its interrupts
// left out.
struct PlayRoutine {
    std::string name;
    std::optional<std::uint64_t> budget;
};

// What `tileprof play` runs and checks: the ROM, its input, how long, the routines, the budgets.
// Written as a play file (TOML, docs/play.md) or given on the command line.
struct PlayRequest {
    std::filesystem::path rom;
    std::string romName;                          // as the play file or command line gives it
    std::optional<std::filesystem::path> symbols; // beside the ROM when absent
    // A manifest (docs/manifests.md) whose routine the play profiles: its case markers give each
    // call of it a case.
    std::optional<std::filesystem::path> manifest;
    std::optional<std::filesystem::path> input;
    std::optional<std::uint64_t> frames;          // the input's frames, or 600, when absent
    std::optional<std::string> until;
    std::vector<std::string> idle;
    std::vector<PlayRoutine> routines;
    std::optional<std::uint64_t> frameBudget;     // the most master clocks a frame may be busy (not waiting)
};

// Reads a play file; its paths are relative to its folder, its `rom` a bundled ROM's name or a
// path. Throws InputError naming the file, the line and the key for anything it cannot use.
PlayRequest loadPlayFile(const std::filesystem::path& path);

// The same for the text of a play file read elsewhere; `path` names it and is where its relative
// paths start.
PlayRequest parsePlayFile(const std::filesystem::path& path, std::string text);

} // namespace tileprof
