#pragma once

#include "emu/cartridge/rom_image.hpp"
#include "profiler/formats/input/input_movie.hpp"
#include "profiler/formats/symbols/debug_info.hpp"
#include "profiler/model/target/profiled_rom.hpp"
#include "profiler/model/target/rom_files.hpp"

#include <filesystem>
#include <optional>

namespace tileprof {

// The files of a game, as a command line, a play file or the debugger names them.
struct GameFiles {
    std::filesystem::path rom;
    std::optional<std::filesystem::path> symbols;  // absent: the one beside the ROM
    std::optional<std::filesystem::path> manifest; // absent: none (a game needs none), or with
                                                   // manifestBeside the one beside the ROM
    std::optional<std::filesystem::path> input;    // absent: no pad pressed
    LabelConventions labels;                       // what the user says of the symbol file's labels
    bool manifestBeside = false;                   // a ROM under test: it has a manifest
    std::string symbolsOption = "--symbols";       // how the user gives `symbols`, for messages
};

// What a command needs of the symbols: they must be there (routines are profiled by label), they
// are read when given or beside the ROM (memory named by label or by address), or only when given.
enum class SymbolNeed : std::uint8_t { Required, WhenThere, WhenGiven };

// A game opened: its image, its symbols (held to the image by checkSymbolsMatchRom), the routine
// its manifest describes on them, and its input.
struct OpenedGame {
    emu::RomImage image;
    std::optional<DebugInfo> symbols;
    std::optional<ProfiledRom> target;
    std::optional<InputMovie> input;
};

// The one way every command and both debuggers open a game. Throws InputError naming the file at
// fault: a ROM, symbol file, manifest or input that cannot be read, a symbol file that is not this
// ROM's, or none when `need` says there must be one.
OpenedGame openGame(const GameFiles& files, SymbolNeed need);

// A ROM under test, opened as a game with its manifest (the one beside it when `files` names none).
// Throws InputError naming the file at fault.
ProfiledRom loadProfiledRom(const RomFiles& files);
ProfiledRom loadProfiledRom(const std::filesystem::path& romPath);

} // namespace tileprof
