#pragma once

#include "profiler/formats/symbols/label_roles.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

// What a play holds a routine to: the most master clocks a call may take (its interrupts left
// out), and whether it may go uncalled (otherwise a routine never called fails the play).
struct RoutineRule {
    std::optional<std::uint64_t> budget;
    bool optional = false;
};

// What a play holds its frames to: the most master clocks a frame may be busy (all but waiting),
// from a frame on (boot and loading left out), lag frames held to it or not.
struct FrameRule {
    std::uint64_t budget = 0;
    std::uint64_t from = 1; // frame 0 is never whole: the reset's clocks are not in it
    bool skipLag = false;
};

// A routine a play profiles, by its label, and where the request names it ("walk.play.toml:9",
// "--profile"), for messages.
struct PlayRoutine {
    std::string name;
    RoutineRule rule;
    std::string where;
};

// What `tileprof play` runs and checks: the ROM, its input, how long, the routines, the budgets.
// Written as a play file (TOML, docs/play.md) or given on the command line.
struct PlayRequest {
    std::filesystem::path rom;
    std::string romName;                          // as the play file or command line gives it
    // A state of the ROM (tileprof boot --save) the play runs on from instead of power-on: its input
    // and frames count from the state's frame.
    std::optional<std::filesystem::path> start;
    std::optional<std::filesystem::path> symbols; // beside the ROM when absent
    std::string symbolsOption = "--symbols";      // how the user gives `symbols`, for messages
    // A manifest (docs/manifests.md) whose routine the play profiles: its case markers give each
    // call of it a case.
    std::optional<std::filesystem::path> manifest;
    std::optional<std::filesystem::path> input;
    std::optional<std::uint64_t> frames;          // the input's frames, or 600, when absent
    std::optional<std::string> until;
    bool untilRequired = false;                   // the play fails when the CPU never reaches `until` (a play file's)
    std::vector<std::string> idle;
    std::vector<PlayRoutine> routines;
    std::optional<FrameRule> frameRule;
    LabelConventions labels;                      // what the play says of the symbol file's labels (local_labels)
    std::string where;                            // the play file, or "the command line", for messages
};

// Reads a play file; its paths are relative to its folder, its `rom` a bundled ROM's name or a
// path. Throws InputError naming the file, the line and the key for anything it cannot use.
PlayRequest loadPlayFile(const std::filesystem::path& path);

// The same for the text of a play file read elsewhere; `path` names it and is where its relative
// paths start.
PlayRequest parsePlayFile(const std::filesystem::path& path, std::string text);

} // namespace tileprof
