// tileprof explore: seeded random sessions on scenarios' maps, their failures and worst calls
// shrunk to scenario files; or random play of a whole game from a play file, the rules it breaks
// shrunk to input scripts and play files that fail on them.

#include "base/counted.hpp"
#include "base/exit_codes.hpp"
#include "base/input_error.hpp"
#include "base/output_file.hpp"
#include "base/printf_string.hpp"
#include "profiler/arguments/count_argument.hpp"
#include "profiler/arguments/format_argument.hpp"
#include "profiler/arguments/rom_arguments.hpp"
#include "profiler/cli/command.hpp"
#include "profiler/cli/report_file.hpp"
#include "profiler/cli/scenario_runs.hpp"
#include "profiler/engine/explore/explorer.hpp"
#include "profiler/engine/explore/game_explorer.hpp"
#include "profiler/formats/input/bizhawk_movie_writer.hpp"
#include "profiler/formats/input/input_script_writer.hpp"
#include "profiler/model/play/play_file.hpp"
#include "profiler/model/play/play_writer.hpp"
#include "profiler/model/scenario/scenario_writer.hpp"
#include "profiler/reports/explore/exploration_file.hpp"
#include "profiler/reports/explore/explore_report.hpp"

#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace tileprof {

namespace {

namespace fs = std::filesystem;

struct ExploreCommandOptions {
    std::vector<std::string> scenarios; // files or directories; each one's map is explored
    std::uint64_t calls = 200000;       // per scenario
    std::uint64_t frames = 120000;      // with a play file: game frames to play
    std::string shard;                  // with a play file: "K/N", shard K of a campaign of N
    std::string corpus;                 // with a play file: an exploration's --out, whose kept inputs to start from
    bool callsGiven = false;
    bool framesGiven = false;
    std::optional<double> seconds;      // per scenario, instead (not deterministic)
    std::uint32_t seed = 1;
    unsigned jobs = 0;                  // sessions played at once; 0: one per core
    std::string out = "explored";       // where the shrunk scenarios go
    ReportFormat format = ReportFormat::Table;
    std::string report;                 // the report's file; empty: stdout
    std::string coverage;               // not empty: the explored calls' coverage (lcov) there
    bool allowInvalidMap = false;
    RomArguments rom;                   // explore every scenario on this ROM instead of its own
};

// A name for a file: letters, digits and dashes.
std::string slug(const std::string& text)
{
    std::string out;
    for (const char c : text) {
        const bool plain = std::isalnum(static_cast<unsigned char>(c)) != 0;
        if (plain) {
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else if (!out.empty() && out.back() != '-') {
            out += '-';
        }
        if (out.size() >= 60) {
            break;
        }
    }
    while (!out.empty() && out.back() == '-') {
        out.pop_back();
    }
    return out;
}

// Writes a shrunk scenario with a comment saying where it came from and what it shows.
std::string writeFinding(const Scenario& shrunk, const fs::path& path, const std::string& what, std::uint32_t seed,
                         const std::string& replayCommand)
{
    Scenario s = shrunk;
    s.name = path.stem().string();
    // The explored scenario's manifest, from where the finding is written.
    if (const std::optional<fs::path> manifest = shrunk.manifestPath()) {
        s.manifest = fs::relative(fs::absolute(*manifest), fs::absolute(path).parent_path()).generic_string();
    }
    s.path = path;
    std::string text = "# tileprof explore --seed " + std::to_string(seed) + ": " + what + "\n" + "# Replay: " +
                       replayCommand + path.string() + "\n" + scenarioToml(s);
    if (!writeReport(text, path.string(), "explore")) {
        throw InputError(path.string() + ": cannot write the explored scenario");
    }
    return path.string();
}

// What a file or a directory explore cannot use or write said: the message, and exit 2.
int badInput(const std::exception& e)
{
    std::fprintf(stderr, "tileprof explore: %s\n", e.what());
    return kExitBadInput;
}

bool namesPlayFile(const std::string& path)
{
    return path.ends_with(".play.toml");
}

// What a game's exploration found, as text: its sessions, the worst calls and busiest frame, and
// each finding with the files that replay it.
std::string gameReport(const std::string& how, const PreparedPlay& play, const GameExploreResult& result,
                       const std::vector<std::string>& files)
{
    const PlayResult& rules = play.result;
    std::string out = how + ": " + groupedCount(result.sessions, "session") + ", " + grouped(result.frames) + " frames played, " +
                      grouped(result.corpus) + " kept for reaching " + grouped(result.features) +
                      " branch directions and places\n";
    out += "busiest frame: " + grouped(result.busiestClocks) + " master clocks busy (frame " + grouped(result.busiestFrame) +
           ")\nworst calls (master clocks, interrupts left out):\n";
    for (const GameWorst& worst : result.worst) {
        std::string name = rules.routines[worst.routine];
        if (rules.casedRoutine == worst.routine) {
            name += " (" + (worst.caseIndex >= 0 ? rules.caseNames[static_cast<std::size_t>(worst.caseIndex)] : "no case") + ")";
        }
        out += printfString("  %-52s %9s  %6s cycles  frame %s\n", name.c_str(), grouped(worst.clocks).c_str(),
                            grouped(worst.cycles).c_str(), grouped(worst.frame).c_str());
    }
    if (result.findings.empty()) {
        return out + "findings: none: every session kept the play's rules\n";
    }
    out += "findings:\n";
    for (std::size_t i = 0; i < result.findings.size(); ++i) {
        const GameFinding& finding = result.findings[i];
        out += printfString("  %zu. %s: in %s; shrunk to %s, it breaks it in frame %s (%s)\n     tileprof play %s\n", i + 1,
                            finding.kind.c_str(), groupedCount(finding.sessions, "session").c_str(),
                            groupedCount(finding.input.size(), "frame").c_str(), grouped(finding.frame).c_str(),
                            finding.shown.c_str(), files[i].c_str());
    }
    return out;
}

// Writes each finding of `result` into `out` as found-N.input.toml, found-N.bk2 (a play from
// power-on) and found-N.play.toml, which fails on it, and what it found as exploration.toml;
// returns the play files. `how` says how it was found ("tileprof explore --seed 1 walk.play.toml").
std::vector<std::string> writeFindings(const fs::path& out, const PlayRequest& request, const PreparedPlay& play,
                                       const Exploration& exploration, const std::string& how)
{
    fs::create_directories(out);
    std::vector<std::string> files;
    std::vector<std::string> inputs;
    for (std::size_t i = 0; i < exploration.result.findings.size(); ++i) {
        const GameFinding& finding = exploration.result.findings[i];
        const fs::path stem = out / ("found-" + std::to_string(i + 1));
        const fs::path input = fs::path(stem).concat(".input.toml");
        const fs::path movie = fs::path(stem).concat(".bk2");
        const fs::path playFile = fs::path(stem).concat(".play.toml");
        const std::string what = how + ": " + finding.kind + ", in frame " + grouped(finding.frame) + " (" + finding.shown + ")";
        replaceFile(input, "# " + what + "\n" + inputScriptToml(finding.input));
        PlayRequest found = request;
        found.input = input;
        // A movie starts from power-on: a play from a state has its input script alone.
        if (!request.start) {
            replaceFile(movie, bizhawkMovie(finding.input, play.image.header.title));
            found.input = movie;
        }
        found.frames = finding.input.size();
        found.until.reset();
        replaceFile(playFile, playFileToml(found, what + "\n`tileprof play " + playFile.string() + "` fails on it (exit 1)"));
        files.push_back(playFile.string());
        inputs.push_back(input.filename().string());
    }
    std::vector<std::string> corpus;
    for (std::size_t i = 0; i < exploration.result.keptInputs.size(); ++i) {
        corpus.push_back("kept-" + std::to_string(i + 1) + ".input.toml");
        fs::create_directories(out / "corpus");
        replaceFile(out / "corpus" / corpus.back(), inputScriptToml(exploration.result.keptInputs[i]));
    }
    replaceFile(out / kExplorationFile, explorationToml(exploration, inputs, corpus));
    return files;
}

// "3/8": shard 3 of 8.
std::pair<unsigned, unsigned> parseShard(const std::string& text)
{
    unsigned shard = 0;
    unsigned shards = 0;
    char slash = 0;
    char rest = 0;
    if (std::sscanf(text.c_str(), "%u%c%u%c", &shard, &slash, &shards, &rest) != 3 || slash != '/' || shard < 1 ||
        shard > shards || shards > 1000) {
        throw InputError("--shard " + text + ": give K/N, shard K of N (1 <= K <= N <= 1000)");
    }
    return {shard, shards};
}

// `tileprof explore GAME.play.toml`: the game explored (exploreGame), or shard K/N of it, each
// finding written as an input script, a movie and a play file that fails on it.
int exploreGameCommand(const ExploreCommandOptions& o)
{
    const std::string& path = o.scenarios.front();
    try {
        if (o.scenarios.size() > 1 || o.callsGiven || o.rom.files() || o.allowInvalidMap || !o.coverage.empty() ||
            o.format != ReportFormat::Table) {
            throw InputError(path + ": a play file is explored alone, with --frames or --seconds, --seed, --jobs, --shard, "
                                    "--out and --report");
        }
        const auto [shard, shards] = o.shard.empty() ? std::pair{1u, 1u} : parseShard(o.shard);
        const PlayRequest request = loadPlayFile(path);
        const std::unique_ptr<PreparedPlay> play = preparePlay(request);
        GameExploreOptions options;
        options.frames = o.seconds ? std::numeric_limits<std::uint64_t>::max() : o.frames;
        options.seconds = o.seconds;
        options.seed = shardSeed(o.seed, shard);
        if (!o.corpus.empty()) {
            options.corpus = loadExploration(o.corpus).result.keptInputs;
        }
        options.jobs = o.jobs != 0 ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
        if (isatty(STDERR_FILENO) == 1) {
            options.progress = [&](std::uint64_t frames, std::size_t features) {
                std::fprintf(stderr, "\rtileprof explore %s: %llu frames, %zu branch directions and places", path.c_str(),
                             static_cast<unsigned long long>(frames), features);
            };
        }
        const Exploration exploration{fs::absolute(path).lexically_normal(), o.seed, shard, shards, exploreGame(*play, options)};
        if (options.progress) {
            std::fprintf(stderr, "\n");
        }
        const std::string how = "tileprof explore --seed " + std::to_string(o.seed) +
                                (shards > 1 ? " --shard " + std::to_string(shard) + "/" + std::to_string(shards) : "") + " " + path;
        const std::vector<std::string> files = writeFindings(o.out, request, *play, exploration, how);
        if (!writeReport(gameReport(how, *play, exploration.result, files), o.report, "explore")) {
            return kExitBadInput;
        }
        return exploration.result.findings.empty() ? kExitOk : kExitFailed;
    } catch (const InputError& e) {
        return badInput(e);
    } catch (const fs::filesystem_error& e) {
        return badInput(e);
    }
}

// `tileprof explore merge DIR...`: the explorations left in each DIR (a campaign's shards) merged
// (mergeGameResults), written and reported as one.
int mergeExplorations(const ExploreCommandOptions& o)
{
    try {
        if (o.scenarios.size() < 2) {
            throw InputError("merge: name the directories of the explorations to merge (their --out)");
        }
        std::vector<Exploration> explorations;
        for (std::size_t i = 1; i < o.scenarios.size(); ++i) {
            explorations.push_back(loadExploration(o.scenarios[i]));
            const Exploration& first = explorations.front();
            const Exploration& each = explorations.back();
            if (each.play != first.play || each.seed != first.seed || each.shards != first.shards) {
                throw InputError(o.scenarios[i] + ": explored " + each.play.string() + " with seed " + std::to_string(each.seed) +
                                 " in " + std::to_string(each.shards) + " shards, not " + first.play.string() + " with seed " +
                                 std::to_string(first.seed) + " in " + std::to_string(first.shards) + ": another campaign");
            }
        }
        const Exploration& first = explorations.front();
        const PlayRequest request = loadPlayFile(first.play);
        const std::unique_ptr<PreparedPlay> play = preparePlay(request);
        std::vector<GameExploreResult> results;
        for (const Exploration& each : explorations) {
            for (const GameWorst& worst : each.result.worst) {
                if (worst.routine >= play->result.routines.size() ||
                    worst.caseIndex >= static_cast<int>(play->result.caseNames.size())) {
                    throw InputError(first.play.string() + ": it has no routine " + std::to_string(worst.routine) + " or case " +
                                     std::to_string(worst.caseIndex) + " that an exploration names: changed since it ran");
                }
            }
            results.push_back(each.result);
        }
        const Exploration merged{first.play, first.seed, 1, 1, mergeGameResults(results)};
        const std::string how = "tileprof explore merge of " + std::to_string(explorations.size()) + " explorations (seed " +
                                std::to_string(first.seed) + ", " + std::to_string(first.shards) + " shards) of " +
                                first.play.string();
        const std::vector<std::string> files = writeFindings(o.out, request, *play, merged, how);
        if (!writeReport(gameReport(how, *play, merged.result, files), o.report, "explore")) {
            return kExitBadInput;
        }
        return merged.result.findings.empty() ? kExitOk : kExitFailed;
    } catch (const InputError& e) {
        return badInput(e);
    } catch (const fs::filesystem_error& e) {
        return badInput(e);
    }
}

int explore(const ExploreCommandOptions& o)
{
    if (!o.scenarios.empty() && o.scenarios.front() == "merge") {
        return mergeExplorations(o);
    }
    if (!o.scenarios.empty() && namesPlayFile(o.scenarios.front())) {
        return exploreGameCommand(o);
    }
    if (o.framesGiven) {
        std::fprintf(stderr, "tileprof explore: --frames is for a play file (.play.toml); a scenario's exploration counts --calls\n");
        return kExitBadInput;
    }
    std::vector<Explored> all;
    ScenarioOpener opener(o.rom.files());
    std::vector<RomCoverage> coverage;
    bool failed = false;
    const bool terminal = isatty(STDERR_FILENO) == 1;
    try {
        for (const std::string& path : scenarioFiles(o.scenarios)) {
            OpenedScenario opened = opener.open(path);
            Scenario& scenario = opened.scenario;
            const ProfiledRom* rom = opened.rom;
            // The files explore writes name the ROM by a path that still leads there from them.
            if (scenario.rom.find('/') != std::string::npos || scenario.rom.ends_with(".sfc")) {
                scenario.rom = fs::absolute(rom->image.name).lexically_normal().string();
            }
            RunOptions runOptions;
            runOptions.allowInvalidMap = o.allowInvalidMap;
            const ScenarioResult own = runScenario(scenario, *rom, runOptions);

            ExploreOptions options;
            options.calls = o.calls;
            options.seconds = o.seconds;
            options.seed = o.seed;
            options.jobs = o.jobs != 0 ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
            options.allowInvalidMap = o.allowInvalidMap;
            if (terminal) {
                options.progress = [&](std::uint64_t calls, std::size_t features) {
                    std::fprintf(stderr, "\rtileprof explore %s: %llu calls, %zu instructions and branch directions",
                                 path.c_str(), static_cast<unsigned long long>(calls), features);
                };
            }
            Explored e{path, opener.nameOf(*rom), scenario.budgetCycles,
                       explore(scenario, *rom, options), {}, {}, {}, 0, 0,
                       o.allowInvalidMap ? "tileprof run --allow-invalid-map " : "tileprof run "};
            if (terminal) {
                std::fprintf(stderr, "\n");
            }
            e.scenarioWorst.resize(rom->manifest.cases.size());
            for (const CallRecord& call : own.calls) {
                if (call.caseIndex >= 0) {
                    std::uint32_t& w = e.scenarioWorst[static_cast<std::size_t>(call.caseIndex)];
                    w = std::max(w, call.cycles);
                }
            }
            for (const RomCoverage& c : e.result.coverage) {
                for (const FileCoverage& file : sourceCoverage(c, "").files) {
                    for (const auto& [line, tally] : file.lines) {
                        ++e.linesThatCouldRun;
                        e.linesRun += tally.executions > 0;
                    }
                }
                coverage.push_back(c);
            }
            fs::create_directories(o.out);
            const std::string stem = slug(scenario.name);
            for (std::size_t i = 0; i < e.result.findings.size(); ++i) {
                const ExploreFinding& f = e.result.findings[i];
                const fs::path file = fs::path(o.out) / (stem + "-failure-" + std::to_string(i + 1) + ".toml");
                e.findingFiles.push_back(writeFinding(f.shrunk, file, f.message, o.seed, e.replayCommand));
                failed = true;
            }
            for (const ExploreWorst& w : e.result.worst) {
                if (w.cycles == 0) {
                    e.worstFiles.emplace_back();
                    continue;
                }
                const fs::path file = fs::path(o.out) / (stem + "-worst-" + slug(w.caseName) + ".toml");
                e.worstFiles.push_back(writeFinding(
                    w.shrunk, file, "the worst " + w.caseName + " call found, " + std::to_string(w.cycles) + " cycles",
                    o.seed, e.replayCommand));
            }
            all.push_back(std::move(e));
        }
    } catch (const InputError& e) {
        return badInput(e);
    } catch (const fs::filesystem_error& e) {
        return badInput(e);
    }
    if (!o.coverage.empty() && !writeLcov(coverage, o.coverage, "explore")) {
        return kExitBadInput;
    }
    const std::string report = formatExploreReport(all, o.seed, o.format);
    if (!writeReport(report, o.report, "explore")) {
        return kExitBadInput;
    }
    return failed ? kExitFailed : kExitOk;
}

CommandAction defineExplore(CLI::App& command)
{
    auto o = std::make_shared<ExploreCommandOptions>();
    command.add_option("scenarios", o->scenarios,
                       "Scenario files (.toml) or directories whose maps to explore, or a play file (.play.toml) whose game to explore")
        ->required();
    CLI::Option* calls = addCount(command, "--calls", o->calls, "Calls of the routine per scenario (default 200000)", 1,
                                  1'000'000'000)
                             ->each([o](const std::string&) { o->callsGiven = true; });
    command
        .add_option_function<double>(
            "--seconds",
            [o](double seconds) {
                o->seconds = seconds;
                o->calls = std::numeric_limits<std::uint64_t>::max();
            },
            "Explore each scenario this long instead (the result then depends on speed)")
        ->check(CLI::Range(0.1, 1e6))
        ->excludes(calls);
    addCount(command, "--frames", o->frames, "With a play file: game frames to play (default 120000)", 1, 1'000'000'000)
        ->excludes(calls)
        ->each([o](const std::string&) { o->framesGiven = true; });
    command.add_option("--shard", o->shard,
                       "With a play file: explore shard K/N of the campaign (its own seed; tileprof explore merge DIR... "
                       "merges the shards' --out)");
    command.add_option("--corpus", o->corpus,
                       "With a play file: start from the sessions an earlier exploration kept (its --out, or a merge's)");
    addCount(command, "--seed", o->seed, "The random sessions' seed (default 1): the same seed, the same result", 0,
             std::numeric_limits<decltype(o->seed)>::max());
    addCount(command, "--jobs", o->jobs, "Sessions played at once (default: one per core); the result does not depend on it", 1,
             256);
    command.add_option("--out", o->out, "Directory for the shrunk scenarios (default ./explored)");
    command.add_option("--report", o->report, "Write the report to this file instead of stdout");
    addFormatOption(command, o->format, kExploreFormats);
    command.add_option("--coverage", o->coverage, "Also write the explored calls' line and branch coverage (lcov .info)");
    command.add_flag("--allow-invalid-map", o->allowInvalidMap,
                     "Explore maps that break the placement or clearance rules (to find the clips they cause)");
    o->rom.addTo(command);
    return [o] { return explore(*o); };
}

} // namespace

// `tileprof explore`: plays random sessions on each scenario's map (explore()), writes each kind of
// failure and each case's worst call as a scenario file that `tileprof run` replays, and reports
// them with the coverage reached. Exits 0, 1 when a failure was found, 2 when a scenario or its ROM
// cannot be used or a file cannot be written.
const Command kExploreCommand{"explore",
                              "Play seeded random sessions on each scenario's map: every failure and each case's worst "
                              "call, shrunk to a scenario file, and the coverage reached",
                              defineExplore};

} // namespace tileprof
