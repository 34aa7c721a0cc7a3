// tileprof play: runs a ROM from power-on on the whole machine under an input file and profiles
// named routines inside the running game, call by call and frame by frame.

#include "base/counted.hpp"
#include "base/exit_codes.hpp"
#include "base/input_error.hpp"
#include "base/printf_string.hpp"
#include "emu/rom_image.hpp"
#include "profiler/arguments/format_argument.hpp"
#include "profiler/cli/command.hpp"
#include "profiler/cli/report_file.hpp"
#include "profiler/engine/ingame/game_play.hpp"
#include "profiler/formats/input/input_movie.hpp"
#include "profiler/formats/symbols/symbol_file.hpp"
#include "profiler/model/target/profiled_rom.hpp"
#include "profiler/reports/play/play_report.hpp"

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

namespace {

constexpr std::uint64_t kDefaultFrames = 600;

struct PlayOptions {
    std::string rom;
    std::string symbols;
    std::string input;
    std::optional<std::uint64_t> frames;
    std::string until;
    std::vector<std::string> profile;
    std::vector<std::string> idle;
    ReportFormat format = ReportFormat::Table;
    std::string out;
};

// A routine's first instruction: a label of the symbol file.
std::uint32_t routineEntry(const DebugInfo& symbols, const std::string& name, const char* option)
{
    const DebugSymbol& symbol = symbols.symbol(name, option);
    if (!symbol.isLabel) {
        throw InputError(std::string(option) + " " + name + ": " + symbol.qualifiedName + " is a constant, not a label of code");
    }
    return symbol.value & 0xFFFFFF;
}

std::string stoppedText(const PlayRun& run, const PlayOptions& o, std::uint64_t frames)
{
    if (!run.stop) {
        return printfString("%s frames from power-on", grouped(frames).c_str());
    }
    const std::string after = printfString("after %s frames", grouped(run.framesRun).c_str());
    switch (*run.stop) {
    case emu::StopReason::BreakAddress: return "stopped at " + o.until + ", " + after;
    case emu::StopReason::Stopped: return "stopped by STP, " + after;
    case emu::StopReason::WaitingForever: return "stopped waiting (WAI) with no interrupt enabled, " + after;
    default: return after;
    }
}

int play(const PlayOptions& o)
{
    try {
        const emu::RomImage image = emu::loadRomFile(o.rom);
        const std::filesystem::path symbolPath = o.symbols.empty() ? symbolFileBeside(o.rom) : std::filesystem::path(o.symbols);
        const DebugInfo symbols = loadSymbolFile(symbolPath, cartridgePlaces(image));
        PlaySetup setup;
        PlayReport report;
        report.rom = o.rom;
        for (const std::string& name : o.profile) {
            setup.entries.push_back(routineEntry(symbols, name, "--profile"));
            report.routines.push_back(name);
        }
        for (const std::string& name : o.idle) {
            for (const auto& range : symbols.scopeRanges(symbols.symbol(name, "--idle").qualifiedName)) {
                setup.idleRanges.push_back(range);
            }
        }
        if (!o.until.empty()) {
            setup.until = routineEntry(symbols, o.until, "--until");
        }
        report.input = "none";
        if (!o.input.empty()) {
            InputMovie movie = loadInput(o.input);
            report.input = o.input + " (" + std::string(inputFormatName(movie.format)) + ", " +
                           counted(movie.frames.size(), "frame") + ")";
            setup.input = std::move(movie.frames);
        }
        setup.frames = o.frames.value_or(setup.input.empty() ? kDefaultFrames : setup.input.size());
        report.pads = setup.input;
        report.run = playGame(image, setup);
        report.stopped = stoppedText(report.run, o, setup.frames);
        return writeReport(formatPlayReport(report, o.format), o.out, "play") ? kExitOk : kExitBadInput;
    } catch (const InputError& e) {
        std::fprintf(stderr, "tileprof play: %s\n", e.what());
        return kExitBadInput;
    }
}

CommandAction definePlay(CLI::App& command)
{
    auto o = std::make_shared<PlayOptions>();
    command.add_option("rom", o->rom, "ROM image (.sfc/.smc)")->required();
    command.add_option("--symbols", o->symbols, "Symbol file (default: the one beside the ROM)");
    command.add_option("--input", o->input, "Input file: an input script or a BizHawk, lsnes, Mesen or snes9x movie");
    command.add_option("--frames", o->frames, "Frames to run from power-on (default: the input's, or 600)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{kMaxInputFrames}));
    command.add_option("--until", o->until, "Stop when the CPU reaches this label");
    command.add_option("--profile", o->profile, "A routine to profile, by its label (repeat for more)")->required();
    command.add_option("--idle", o->idle, "A routine or scope whose code counts as waiting (a polling idle loop)");
    addFormatOption(command, o->format, kPlayFormats);
    command.add_option("--out", o->out, "Write the report to this file instead of stdout");
    return [o] { return play(*o); };
}

} // namespace

// `tileprof play ROM --profile ROUTINE... [--input FILE] [--frames N] [--until LABEL]`. Exits 0,
// 2 on bad input.
const Command kPlayCommand{"play", "Profile routines inside the running game, frame by frame, under an input file", definePlay};

} // namespace tileprof
