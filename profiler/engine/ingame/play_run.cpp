// The play runs of tileprof play, baseline, check and diff, and of the debugger.

#include "profiler/engine/ingame/play_run.hpp"

#include "base/counted.hpp"
#include "base/input_error.hpp"
#include "emu/cartridge/cpu_address.hpp"
#include "profiler/engine/ingame/entry_touches.hpp"
#include "profiler/formats/state/state_file.hpp"
#include "profiler/model/opening/game_opener.hpp"

#include <algorithm>
#include <memory>
#include <utility>

namespace tileprof {

namespace {

constexpr std::uint64_t kDefaultFrames = 600;

// Whether the CPU can run code at `address`: ROM, or work RAM an ld65 segment written to the ROM
// is linked to run at (code the game copies there).
bool isCode(const emu::RomImage& image, const DebugInfo& symbols, std::uint32_t address)
{
    if (image.offsetOf(address)) {
        return true;
    }
    return std::ranges::any_of(symbols.segments(), [address](const DebugSegment& segment) {
        return segment.outputOffset && address >= segment.start && address - segment.start < segment.size;
    });
}

// A routine's first instruction: a label of code in the symbol file.
std::uint32_t routineEntry(const emu::RomImage& image, const DebugInfo& symbols, const std::string& name,
                           const std::string& where, const char* what)
{
    const DebugSymbol& symbol = symbols.symbol(name, where);
    const std::uint32_t address = symbol.value & 0xFFFFFF;
    if (!symbol.isLabel) {
        throw InputError(where + ": " + what + " " + name + ": " + symbol.qualifiedName + " is a constant, not a label of code");
    }
    if (!isCode(image, symbols, address)) {
        throw InputError(where + ": " + what + " " + name + " is at " + cpuAddressText(address) +
                         ", which is not ROM nor code the symbol file places in RAM: a variable, not a routine");
    }
    return address;
}

} // namespace

std::unique_ptr<PreparedPlay> preparePlay(const PlayRequest& request)
{
    OpenedGame game = openGame(GameFiles{request.rom, request.symbols, request.manifest, request.input, request.labels, false,
                                         request.symbolsOption},
                               SymbolNeed::Required);
    auto play = std::make_unique<PreparedPlay>(std::move(game.image));
    play->symbols = std::move(*game.symbols);
    const emu::RomImage& image = play->image;
    const DebugInfo& symbols = play->symbols;
    PlaySetup& setup = play->setup;
    PlayResult& result = play->result;
    result.rom = request.romName;
    for (const PlayRoutine& routine : request.routines) {
        const std::uint32_t entry = routineEntry(image, symbols, routine.name, routine.where, "routine");
        for (std::size_t other = 0; other < setup.entries.size(); ++other) {
            if (image.homeOf(setup.entries[other]) == image.homeOf(entry)) {
                throw InputError(routine.where + ": routine " + routine.name + " is the code of " + result.routines[other] +
                                 " (" + request.routines[other].where + "), at " + cpuAddressText(entry) + ": profile it once");
            }
        }
        setup.entries.push_back(entry);
        result.routines.push_back(routine.name);
        result.rules.push_back(routine.rule);
    }
    result.frameRule = request.frameRule;
    if (game.target) {
        const ProfiledRom& target = play->target.emplace(std::move(*game.target));
        const auto routine = std::ranges::find_if(setup.entries, [&](std::uint32_t entry) {
            return image.homeOf(entry) == image.homeOf(target.addresses.entry & 0xFFFFFF);
        });
        if (routine == setup.entries.end()) {
            throw InputError(request.manifest->string() + ": its routine, " + target.manifest.entry.name +
                             ", is not one the play profiles: add [[routine]] name = \"" + target.manifest.entry.name + "\"");
        }
        const auto index = static_cast<std::size_t>(routine - setup.entries.begin());
        setup.target = PlaySetup::Target{index, &target};
        result.casedRoutine = index;
        for (const CaseLabel& label : target.manifest.cases) {
            result.caseNames.push_back(label.name);
        }
        for (const TileKind& kind : target.design.tiles) {
            result.tileTypes.push_back(kind.name);
        }
        result.originX = target.manifest.originX;
        result.originY = target.manifest.originY;
    }
    for (const std::string& name : request.idle) {
        for (const auto& range : symbols.scopeRanges(symbols.symbol(name, request.where + ": idle").qualifiedName)) {
            setup.idleRanges.push_back(range);
        }
    }
    if (request.until) {
        setup.until = routineEntry(image, symbols, *request.until, request.where, "until");
        result.until = *request.until;
    }
    play->untilRequired = request.untilRequired;
    if (request.start) {
        const StateFile state = readStateFile(*request.start);
        auto start = std::make_shared<emu::Snes>(image);
        restoreStateFile(*start, state);
        setup.start = std::move(start);
        result.start = request.start->string() + " (frame " + grouped(state.header.frame) + ")";
    }
    result.input = "none";
    if (game.input) {
        InputMovie& movie = *game.input;
        result.input = request.input->string() + " (" + std::string(inputFormatName(movie.format)) + ", " +
                       grouped(movie.frames.size()) + " frames" + ")";
        setup.input = movie.schedule();
    }
    setup.input.firstFrame = setup.firstFrame();
    setup.frames = request.frames.value_or(setup.input.frames.empty() ? kDefaultFrames : setup.input.frames.size());
    result.frames = setup.frames;
    result.pads = setup.input;
    return play;
}

namespace {

// Tells two listeners.
class BothListeners final : public PlayListener {
public:
    BothListeners(PlayListener& first, PlayListener* second) : first_(first), second_(second) {}

    void call(std::size_t index, const GameCall& call, const CallState* state) override
    {
        first_.call(index, call, state);
        if (second_ != nullptr) {
            second_->call(index, call, state);
        }
    }
    void frame(const FrameUse& use) override
    {
        first_.frame(use);
        if (second_ != nullptr) {
            second_->frame(use);
        }
    }

private:
    PlayListener& first_;
    PlayListener* second_;
};

} // namespace

PlayResult runPrepared(PreparedPlay& play, const PlayCodeOptions& code, PlayListener* also)
{
    PlayResult result = play.result;
    std::optional<PlayProfiler> profiler;
    if (code.attribute || code.cover) {
        profiler.emplace(code.scope, play.symbols, play.image, code.attribute, code.cover);
        play.setup.steps = &*profiler;
    }
    std::vector<std::optional<std::uint64_t>> budgets;
    for (const RoutineRule& rule : result.rules) {
        budgets.push_back(rule.budget);
    }
    result.tally = PlayTally(std::move(budgets), result.frameRule, result.casedRoutine, result.caseNames.size());
    BothListeners listeners(result.tally, also);
    play.setup.pictures = code.pictures;
    play.setup.picturesEvery = code.picturesEvery;
    result.tally.finish(playGame(play.image, play.setup, listeners));
    play.setup.steps = nullptr;
    play.setup.pictures = nullptr;
    if (profiler) {
        PlayCode ran = profiler->finish();
        result.profile = std::move(ran.profile);
        result.coverage = std::move(ran.coverage);
        result.profileScope = code.scope;
    }
    // Why a routine was never called takes a second run, which only a play that needs it pays for.
    const bool uncalled = std::ranges::any_of(result.tally.routines(), [](const CallFigures& calls) { return calls.calls == 0; });
    const std::vector<EntryTouches> touches = uncalled ? touchEntries(play.image, play.setup) : std::vector<EntryTouches>{};
    result.verdict = judgePlay(result.tally, result.rules, play.setup.until.has_value(), play.untilRequired, touches);
    return result;
}

} // namespace tileprof
