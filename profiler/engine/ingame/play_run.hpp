#pragma once

#include "emu/cartridge/rom_image.hpp"
#include "profiler/engine/attribution/profile.hpp"
#include "profiler/engine/coverage/code_coverage.hpp"
#include "profiler/engine/ingame/game_play.hpp"
#include "profiler/engine/ingame/play_profiler.hpp"
#include "profiler/engine/ingame/play_tally.hpp"
#include "profiler/engine/ingame/play_verdict.hpp"
#include "profiler/formats/symbols/debug_info.hpp"
#include "profiler/model/play/play_file.hpp"
#include "profiler/model/target/profiled_rom.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tileprof {

// What to find out of the code a play ran, besides its calls and frames.
struct PlayCodeOptions {
    bool attribute = false; // where its cycles went, for the callgrind and flame-graph formats
    bool cover = false;     // its line and branch coverage
    PlayProfileScope scope = PlayProfileScope::Routines;
    // The frames' pictures, every `picturesEvery`-th (PlaySetup::pictures).
    std::function<void(const emu::Picture&)> pictures;
    std::uint64_t picturesEvery = 1;
};

// A play as it ran, and what the reports need to say of it: what was asked (the ROM's name as the
// request gives it, the routines, their rules, the input), the run, the code it ran, and the verdict.
struct PlayResult {
    std::string rom;
    std::vector<std::string> routines; // in the order of the run's routine indices
    std::vector<RoutineRule> rules;    // parallel to routines
    std::optional<FrameRule> frameRule;
    std::string input;                 // "walk.toml (input script, 600 frames)", or "none"
    std::string start;                 // "level2.state (frame 1,200)", or empty from power-on
    emu::PadSchedule pads;             // the input, frame by frame from the start's frame
    std::uint64_t frames = 0;          // frames the play was to run
    std::string until;                 // the label it was to stop at, as asked; empty for none
    // The routine a manifest gave case markers, and their names (GameCall::caseIndex).
    std::optional<std::size_t> casedRoutine;
    std::vector<std::string> caseNames;
    // With a manifest: its design's tile types by id (TileRead::type), and where map pixel (0, 0) is.
    std::vector<std::string> tileTypes;
    std::uint16_t originX = 0;
    std::uint16_t originY = 0;
    PlayTally tally; // what the reports say of its calls and frames
    // The code the play ran, for the callgrind and flame-graph formats and lcov, and what it covers.
    std::optional<Profile> profile;
    PlayProfileScope profileScope = PlayProfileScope::Routines;
    std::vector<RomCoverage> coverage; // pointing into the PreparedPlay it ran
    PlayVerdict verdict;
};

// A play ready to run: its ROM and symbols, its manifest's ROM, what playGame takes, and the result
// as far as the request says it. Not to be moved: the setup and the coverage point into it.
struct PreparedPlay {
    explicit PreparedPlay(emu::RomImage rom) : image(std::move(rom)) {}
    PreparedPlay(const PreparedPlay&) = delete;
    PreparedPlay& operator=(const PreparedPlay&) = delete;

    emu::RomImage image;
    DebugInfo symbols;
    std::optional<ProfiledRom> target;
    PlaySetup setup;
    PlayResult result;
    bool untilRequired = false;
};

// Opens everything a play asks for (openGame) and resolves its labels. Throws InputError for a file
// or a name it cannot use, naming where the request gave it.
std::unique_ptr<PreparedPlay> preparePlay(const PlayRequest& request);

// Runs it: the ROM from power-on under its input, its routines profiled, what `code` asks of the
// code it ran, and the verdict; `also`, when given, is told of the calls and frames as they end.
PlayResult runPrepared(PreparedPlay& play, const PlayCodeOptions& code = {}, PlayListener* also = nullptr);

} // namespace tileprof
