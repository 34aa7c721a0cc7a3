// tileprof play: runs a ROM from power-on (or a saved state) on the whole machine under an input
// file and profiles named routines inside the running game, call by call and frame by frame.

#include "base/exit_codes.hpp"
#include "base/input_error.hpp"
#include "base/output_file.hpp"
#include "base/png_image.hpp"
#include "base/printf_string.hpp"
#include "profiler/arguments/count_argument.hpp"
#include "profiler/arguments/format_argument.hpp"
#include "profiler/cli/command.hpp"
#include "profiler/formats/input/input_movie.hpp"
#include "profiler/cli/report_file.hpp"
#include "profiler/model/play/play_file.hpp"
#include "profiler/reports/flame/profile_view.hpp"
#include "profiler/reports/play/play_report.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

namespace {

struct PlayOptions {
    std::string target; // a ROM image, or a play file
    std::string symbols;
    std::string manifest;
    std::string input;
    std::string start;
    std::optional<std::uint64_t> frames;
    std::string until;
    std::vector<std::string> profile;
    std::vector<std::string> idle;
    std::vector<std::string> localLabels;
    ReportFormat format = ReportFormat::Table;
    bool wholeFrame = false;
    std::string coverage;
    std::string out;
    std::string pictures; // a directory
    std::optional<std::uint64_t> every;
};

bool isProfileFormat(ReportFormat format)
{
    return format == ReportFormat::Callgrind || format == ReportFormat::Speedscope || format == ReportFormat::Folded;
}

bool isPlayFile(const std::string& target)
{
    return std::filesystem::path(target).extension() == ".toml";
}

// The request the command line makes, or the play file it names (which the options may not add to).
PlayRequest requestOf(const PlayOptions& o)
{
    if (isPlayFile(o.target)) {
        if (!o.symbols.empty() || !o.manifest.empty() || !o.input.empty() || !o.start.empty() || o.frames || !o.until.empty() ||
            !o.profile.empty() || !o.idle.empty() || !o.localLabels.empty()) {
            throw InputError(o.target + ": a play file says what to play; give --symbols, --manifest, --input, --start, --frames, "
                                        "--until, --profile, --idle and --local-labels in it, not on the command line");
        }
        return loadPlayFile(o.target);
    }
    if (o.profile.empty() && !o.wholeFrame) {
        throw InputError(o.target + ": name a routine to profile with --profile ROUTINE (or give a play file)");
    }
    PlayRequest request;
    request.where = "the command line";
    request.rom = o.target;
    request.romName = o.target;
    if (!o.symbols.empty()) {
        request.symbols = o.symbols;
    }
    if (!o.manifest.empty()) {
        request.manifest = o.manifest;
    }
    if (!o.input.empty()) {
        request.input = o.input;
    }
    if (!o.start.empty()) {
        request.start = o.start;
    }
    request.frames = o.frames;
    if (!o.until.empty()) {
        request.until = o.until;
    }
    request.idle = o.idle;
    for (const std::string& name : o.profile) {
        if (std::ranges::find(request.routines, name, &PlayRoutine::name) != request.routines.end()) {
            throw InputError("--profile " + name + ": given twice");
        }
        request.routines.push_back({name, {}, "--profile " + name});
    }
    for (const std::string& pattern : o.localLabels) {
        request.labels.local.emplace_back(pattern, "--local-labels");
    }
    return request;
}

int play(const PlayOptions& o)
{
    try {
        if (o.wholeFrame && !isProfileFormat(o.format) && o.coverage.empty()) {
            throw InputError("--whole-frame takes the code of every frame for the callgrind, speedscope and folded formats "
                             "and --coverage; give one of them");
        }
        if (o.every && o.pictures.empty()) {
            throw InputError("--every " + std::to_string(*o.every) + ": it says which frames --pictures DIR draws; give --pictures");
        }
        PlayCodeOptions code;
        code.attribute = isProfileFormat(o.format);
        code.cover = !o.coverage.empty();
        code.scope = o.wholeFrame ? PlayProfileScope::Frames : PlayProfileScope::Routines;
        std::uint64_t picturesWritten = 0;
        if (!o.pictures.empty()) {
            std::error_code error;
            std::filesystem::create_directories(o.pictures, error);
            if (error) {
                throw InputError("--pictures " + o.pictures + ": cannot make the directory: " + error.message());
            }
            code.picturesEvery = o.every.value_or(1);
            code.pictures = [&](const emu::Picture& picture) {
                const std::string name = printfString("frame-%06llu.png", static_cast<unsigned long long>(picture.frame()));
                replaceFile(std::filesystem::path(o.pictures) / name,
                            pngImage(picture.pixels(), picture.width(), picture.height()));
                ++picturesWritten;
            };
        }
        const std::unique_ptr<PreparedPlay> play = preparePlay(requestOf(o));
        // The report is written as the play runs, so that a long play's calls are never all in memory.
        std::optional<PlayResult> result;
        const bool written = writeReportPieces(
            [&](const TextSink& sink) {
                PlayReportWriter writer(play->result, o.format, sink);
                result = runPrepared(*play, code, &writer);
                writer.finish(*result);
            },
            o.out, "play");
        if (!written || (code.cover && !writeLcov(result->coverage, o.coverage, "play"))) {
            return kExitBadInput;
        }
        if (!o.pictures.empty()) {
            const std::uint64_t every = o.every.value_or(1);
            const std::string which = every == 1 ? "every frame" : "one every " + std::to_string(every) + " frames from frame 0";
            std::fprintf(stderr, "tileprof play: %llu pictures in %s (frame-NNNNNN.png, %s)\n",
                         static_cast<unsigned long long>(picturesWritten), o.pictures.c_str(), which.c_str());
        }
        if (result->profile && result->profile->foldedCalls != 0) {
            std::fprintf(stderr, "tileprof play: warning: %s\n", foldedCallsText(*result->profile).c_str());
        }
        return result->verdict.failed() ? kExitFailed : kExitOk;
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
    command.add_option("--manifest", o->manifest, "A manifest of a profiled routine: each call gets its case, its entity before and after, the map cells it read and the design's invariants checked");
    command.add_option("--input", o->input, "Input file: an input script or a BizHawk, lsnes, Mesen or snes9x movie");
    command.add_option("--start", o->start, "A state of the ROM (boot --save) to play from instead of power-on");
    addCount(command, "--frames", o->frames, "Frames to run from the start (default: the input's, or 600)", 1, kMaxInputFrames);
    command.add_option("--until", o->until, "Stop when the CPU reaches this label");
    command.add_option("--profile", o->profile, "A routine to profile, by its label (repeat for more)");
    command.add_option("--idle", o->idle, "A routine or scope whose code counts as waiting (a polling idle loop)");
    command.add_option("--local-labels", o->localLabels,
                       "A regular expression for labels that are places inside a routine, not routines (repeat for more)");
    addFormatOption(command, o->format, kPlayFormats);
    command.add_option("--coverage", o->coverage, "Also write line and branch coverage of the routines' code to this file (lcov .info)");
    command.add_flag("--whole-frame", o->wholeFrame,
                     "callgrind, speedscope, folded and --coverage: the code of every frame (main loop, NMI, IRQ), not only the routines' calls");
    command.add_option("--out", o->out, "Write the report to this file instead of stdout");
    command.add_option("--pictures", o->pictures, "Draw the picture and write frames to this directory as frame-NNNNNN.png");
    addCount(command, "--every", o->every, "With --pictures: write one frame in this many (frames 0, K, 2K, ...; default 1)", 1,
             kMaxInputFrames);
    return [o] { return play(*o); };
}

} // namespace

// `tileprof play ROM --profile ROUTINE... [--input FILE] [--frames N] [--until LABEL]`, or
// `tileprof play FILE.toml`. Exits 0, 1 when a budget or an invariant is broken, 2 on bad input.
const Command kPlayCommand{"play", "Profile routines inside the running game, frame by frame, under an input file", definePlay};

} // namespace tileprof
