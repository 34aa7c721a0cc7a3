#pragma once

#include "emu/rom_image.hpp"
#include "profiler/engine/ingame/game_play.hpp"
#include "profiler/engine/ingame/play_profiler.hpp"
#include "profiler/formats/symbols/debug_info.hpp"
#include "profiler/model/target/profiled_rom.hpp"
#include "profiler/model/play/play_file.hpp"
#include "profiler/reports/play/play_report.hpp"

#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace tileprof {

// What to find out of the code a play ran, besides its calls and frames.
struct PlayCodeOptions {
    bool attribute = false; // where its cycles went, for the callgrind and flame-graph formats
    std::string coverage;   // not empty: its line and branch coverage, for an lcov tracefile to be written there
    PlayProfileScope scope = PlayProfileScope::Routines;
};

// A play ready to run: its ROM and symbols, its manifest's ROM, what playGame takes, and the report
// as far as the request says it. Not to be moved: the setup points to the manifest's ROM.
struct PreparedPlay {
    explicit PreparedPlay(emu::RomImage rom) : image(std::move(rom)) {}
    PreparedPlay(const PreparedPlay&) = delete;
    PreparedPlay& operator=(const PreparedPlay&) = delete;

    emu::RomImage image;
    DebugInfo symbols;
    std::optional<ProfiledRom> target;
    PlaySetup setup;
    PlayReport report;
    std::string until; // the label the play stops at, as the request names it
};

// Reads everything a play asks for. Throws InputError for a file or a name it cannot use.
std::unique_ptr<PreparedPlay> preparePlay(const PlayRequest& request);

// Runs it: the ROM from power-on under its input, its routines profiled, its budgets kept with the
// report, and what `code` asks of the code it ran.
PlayReport runPrepared(PreparedPlay& play, const PlayCodeOptions& code = {});

// Both.
PlayReport runPlay(const PlayRequest& request, const PlayCodeOptions& code = {});

} // namespace tileprof
