// The play runs of tileprof play, baseline, check and diff, and of the debugger.

#include "profiler/reports/play/play_run.hpp"

#include "base/counted.hpp"
#include "base/input_error.hpp"
#include "base/printf_string.hpp"
#include "emu/rom_image.hpp"
#include "profiler/formats/input/input_movie.hpp"
#include "profiler/formats/symbols/symbol_file.hpp"
#include "profiler/reports/coverage/lcov_report.hpp"
#include "profiler/model/target/profiled_rom.hpp"

#include <memory>
#include <utility>

namespace tileprof {

namespace {

constexpr std::uint64_t kDefaultFrames = 600;

// A routine's first instruction: a label of the symbol file.
std::uint32_t routineEntry(const DebugInfo& symbols, const std::string& name, const char* what)
{
    const DebugSymbol& symbol = symbols.symbol(name, what);
    if (!symbol.isLabel) {
        throw InputError(std::string(what) + " " + name + ": " + symbol.qualifiedName + " is a constant, not a label of code");
    }
    return symbol.value & 0xFFFFFF;
}

std::string stoppedText(const PlayRun& run, const std::string& until, std::uint64_t frames)
{
    if (!run.stop) {
        return printfString("%s frames from power-on", grouped(frames).c_str());
    }
    const std::string after = printfString("after %s frames", grouped(run.framesRun).c_str());
    switch (*run.stop) {
    case emu::StopReason::BreakAddress: return "stopped at " + until + ", " + after;
    case emu::StopReason::Stopped: return "stopped by STP, " + after;
    case emu::StopReason::WaitingForever: return "stopped waiting (WAI) with no interrupt enabled, " + after;
    default: return after;
    }
}

} // namespace

std::unique_ptr<PreparedPlay> preparePlay(const PlayRequest& request)
{
    auto play = std::make_unique<PreparedPlay>(emu::loadRomFile(request.rom.string()));
    const emu::RomImage& image = play->image;
    play->symbols = loadSymbolFile(request.symbols.value_or(symbolFileBeside(request.rom)), cartridgePlaces(image));
    const DebugInfo& symbols = play->symbols;
    PlaySetup& setup = play->setup;
    PlayReport& report = play->report;
    report.rom = request.romName;
    for (const PlayRoutine& routine : request.routines) {
        setup.entries.push_back(routineEntry(symbols, routine.name, "routine"));
        report.routines.push_back(routine.name);
        report.budgets.push_back(routine.budget);
    }
    report.frameBudget = request.frameBudget;
    if (request.manifest) {
        const ProfiledRom& target = play->target.emplace(loadProfiledRom(RomFiles{request.rom, request.symbols, request.manifest}));
        const auto routine = std::ranges::find(setup.entries, target.addresses.entry & 0xFFFFFF);
        if (routine == setup.entries.end()) {
            throw InputError(request.manifest->string() + ": its routine, " + target.manifest.entry.name +
                             ", is not one the play profiles: add [[routine]] name = \"" + target.manifest.entry.name + "\"");
        }
        const auto index = static_cast<std::size_t>(routine - setup.entries.begin());
        setup.target = PlaySetup::Target{index, &target};
        report.casedRoutine = index;
        for (const CaseLabel& label : target.manifest.cases) {
            report.caseNames.push_back(label.name);
        }
        for (const TileKind& kind : target.design.tiles) {
            report.tileTypes.push_back(kind.name);
        }
        report.originX = target.manifest.originX;
        report.originY = target.manifest.originY;
    }
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
                       grouped(movie.frames.size()) + " frames" + ")";
        setup.input = std::move(movie.frames);
    }
    setup.frames = request.frames.value_or(setup.input.empty() ? kDefaultFrames : setup.input.size());
    report.pads = setup.input;
    play->until = request.until.value_or("");
    return play;
}

PlayReport runPrepared(PreparedPlay& play, const PlayCodeOptions& code)
{
    PlayReport report = play.report;
    std::optional<PlayProfiler> profiler;
    if (code.attribute || !code.coverage.empty()) {
        profiler.emplace(code.scope, play.symbols, play.image, code.attribute, !code.coverage.empty());
        play.setup.steps = &*profiler;
    }
    report.run = playGame(play.image, play.setup);
    play.setup.steps = nullptr;
    if (profiler) {
        PlayCode ran = profiler->finish();
        report.profile = std::move(ran.profile);
        if (!code.coverage.empty()) {
            report.coverage = formatLcov(ran.coverage, std::filesystem::path(code.coverage).parent_path());
        }
        report.profileOf = "every frame, the main loop and each interrupt a call";
        if (code.scope == PlayProfileScope::Routines) {
            report.profileOf = "the calls of ";
            for (std::size_t i = 0; i < report.routines.size(); ++i) {
                report.profileOf += (i == 0 ? "" : ", ") + report.routines[i];
            }
        }
    }
    report.stopped = stoppedText(report.run, play.until, play.setup.frames);
    return report;
}

PlayReport runPlay(const PlayRequest& request, const PlayCodeOptions& code)
{
    return runPrepared(*preparePlay(request), code);
}

} // namespace tileprof
