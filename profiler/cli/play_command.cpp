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
#include "profiler/model/play/play_file.hpp"
#include "profiler/model/target/profiled_rom.hpp"
#include "profiler/reports/play/play_report.hpp"

#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

namespace {

constexpr std::uint64_t kDefaultFrames = 600;

struct PlayOptions {
    std::string target; // a ROM image, or a play file
    std::string symbols;
    std::string input;
    std::optional<std::uint64_t> frames;
    std::string until;
    std::vector<std::string> profile;
    std::vector<std::string> idle;
    ReportFormat format = ReportFormat::Table;
    std::string out;
};

bool isPlayFile(const std::string& target)
{
    return std::filesystem::path(target).extension() == ".toml";
}

// The request the command line makes, or the play file it names (which the options may not add to).
PlayRequest requestOf(const PlayOptions& o)
{
    if (isPlayFile(o.target)) {
        if (!o.symbols.empty() || !o.input.empty() || o.frames || !o.until.empty() || !o.profile.empty() || !o.idle.empty()) {
            throw InputError(o.target + ": a play file says what to play; give --symbols, --input, --frames, --until, "
                                        "--profile and --idle in it, not on the command line");
        }
        return loadPlayFile(o.target);
    }
    if (o.profile.empty()) {
        throw InputError(o.target + ": name a routine to profile with --profile ROUTINE (or give a play file)");
    }
    PlayRequest request;
    request.rom = o.target;
    if (!o.symbols.empty()) {
        request.symbols = o.symbols;
    }
    if (!o.input.empty()) {
        request.input = o.input;
    }
    request.frames = o.frames;
    if (!o.until.empty()) {
        request.until = o.until;
    }
    request.idle = o.idle;
    for (const std::string& name : o.profile) {
        request.routines.push_back({name, std::nullopt});
    }
    return request;
}

// A routine's first instruction: a label of the symbol file.
std::uint32_t routineEntry(const DebugInfo& symbols, const std::string& name, const char* what)
{
    const DebugSymbol& symbol = symbols.symbol(name, what);
    if (!symbol.isLabel) {
        throw InputError(std::string(what) + " " + name + ": " + symbol.qualifiedName + " is a constant, not a label of code");
    }
    return symbol.value & 0xFFFFFF;
}

std::string stoppedText(const PlayRun& run, const PlayRequest& request, std::uint64_t frames)
{
    if (!run.stop) {
        return printfString("%s frames from power-on", grouped(frames).c_str());
    }
    const std::string after = printfString("after %s frames", grouped(run.framesRun).c_str());
    switch (*run.stop) {
    case emu::StopReason::BreakAddress: return "stopped at " + request.until.value_or("") + ", " + after;
    case emu::StopReason::Stopped: return "stopped by STP, " + after;
    case emu::StopReason::WaitingForever: return "stopped waiting (WAI) with no interrupt enabled, " + after;
    default: return after;
    }
}

int play(const PlayOptions& o)
{
    try {
        const PlayRequest request = requestOf(o);
        const emu::RomImage image = emu::loadRomFile(request.rom.string());
        const DebugInfo symbols = loadSymbolFile(request.symbols.value_or(symbolFileBeside(request.rom)), cartridgePlaces(image));
        PlaySetup setup;
        PlayReport report;
        report.rom = request.rom.string();
        for (const PlayRoutine& routine : request.routines) {
            setup.entries.push_back(routineEntry(symbols, routine.name, "routine"));
            report.routines.push_back(routine.name);
            report.budgets.push_back(routine.budget);
        }
        report.frameBudget = request.frameBudget;
        for (const std::string& name : request.idle) {
            for (const auto& range : symbols.scopeRanges(symbols.symbol(name, "idle").qualifiedName)) {
                setup.idleRanges.push_back(range);
            }
        }
        if (request.until) {
            setup.until = routineEntry(symbols, *request.until, "until");
        }
        report.input = "none";
        if (request.input) {
            InputMovie movie = loadInput(*request.input);
            report.input = request.input->string() + " (" + std::string(inputFormatName(movie.format)) + ", " +
                           counted(movie.frames.size(), "frame") + ")";
            setup.input = std::move(movie.frames);
        }
        setup.frames = request.frames.value_or(setup.input.empty() ? kDefaultFrames : setup.input.size());
        report.pads = setup.input;
        report.run = playGame(image, setup);
        report.stopped = stoppedText(report.run, request, setup.frames);
        if (!writeReport(formatPlayReport(report, o.format), o.out, "play")) {
            return kExitBadInput;
        }
        return budgetVerdict(report).broken ? kExitFailed : kExitOk;
    } catch (const InputError& e) {
        std::fprintf(stderr, "tileprof play: %s\n", e.what());
        return kExitBadInput;
    }
}

CommandAction definePlay(CLI::App& command)
{
    auto o = std::make_shared<PlayOptions>();
    command.add_option("target", o->target, "ROM image (.sfc/.smc), or a play file (.toml) that says all the rest")->required();
    command.add_option("--symbols", o->symbols, "Symbol file (default: the one beside the ROM)");
    command.add_option("--input", o->input, "Input file: an input script or a BizHawk, lsnes, Mesen or snes9x movie");
    command.add_option("--frames", o->frames, "Frames to run from power-on (default: the input's, or 600)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{kMaxInputFrames}));
    command.add_option("--until", o->until, "Stop when the CPU reaches this label");
    command.add_option("--profile", o->profile, "A routine to profile, by its label (repeat for more)");
    command.add_option("--idle", o->idle, "A routine or scope whose code counts as waiting (a polling idle loop)");
    addFormatOption(command, o->format, kPlayFormats);
    command.add_option("--out", o->out, "Write the report to this file instead of stdout");
    return [o] { return play(*o); };
}

} // namespace

// `tileprof play ROM --profile ROUTINE... [--input FILE] [--frames N] [--until LABEL]`, or
// `tileprof play FILE.toml`. Exits 0, 1 when a budget is broken, 2 on bad input.
const Command kPlayCommand{"play", "Profile routines inside the running game, frame by frame, under an input file", definePlay};

} // namespace tileprof
