// tileprof baseline, check and diff: a run's figures kept, and later runs or builds compared with them.

#include "base/bundled_files.hpp"
#include "base/exit_codes.hpp"
#include "base/input_error.hpp"
#include "profiler/arguments/format_argument.hpp"
#include "profiler/arguments/rom_arguments.hpp"
#include "profiler/cli/command.hpp"
#include "profiler/reports/play/play_report.hpp"
#include "profiler/cli/report_file.hpp"
#include "profiler/cli/scenario_runs.hpp"
#include "profiler/reports/baseline/comparison.hpp"

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

namespace {

struct RegressionOptions {
    std::vector<std::string> scenarios; // empty: the baseline's (check) or every bundled one
    std::string baseline;               // check: the baseline file
    std::string play;                   // baseline, diff: a play file to run instead of scenarios
    std::vector<std::string> compared;  // diff: two JSON reports/baselines, or two ROM builds
    double tolerance = 0;               // cycles a case's mean or max may grow
    ReportFormat format = ReportFormat::Table;
    std::string out;
    bool allowInvalidMap = false;
    RomArguments rom; // baseline, check: run every scenario on this ROM instead of its own
    // diff of two ROM builds: each one's symbol file and manifest, when not the ones beside it
    std::string oldSymbols;
    std::string oldManifest;
    std::string newSymbols;
    std::string newManifest;
};

// Runs the scenarios with attribution and gives their figures; nothing if any could not be run
// (the reasons are on stderr), as figures over part of the scenarios would compare wrongly.
std::optional<Baseline> measure(const std::vector<std::string>& scenarios, const RegressionOptions& o,
                               const char* command, const std::optional<RomFiles>& rom,
                               const std::string& source)
{
    RunOptions options;
    options.allowInvalidMap = o.allowInvalidMap;
    options.recordSteps = true;
    const RunReport report = reportOf(runScenarios(scenarios, options, command, rom), command, Selection{});
    if (!report.inputProblems.empty() || report.scenarios.empty()) {
        return std::nullopt;
    }
    return baselineOf(report, source);
}

// Runs a play (on `rom` instead of its own when given) and gives its figures, and the budgets it broke.
std::pair<Baseline, std::vector<std::string>> measurePlay(const std::string& playFile, const std::optional<RomFiles>& rom,
                                                          const std::string& source)
{
    PlayRequest request = loadPlayFile(playFile);
    if (rom) {
        request.rom = rom->image;
        request.romName = rom->image.string();
        request.symbols = rom->symbols;
        request.symbolsOption = rom->symbolsOption;
    }
    const PlayResult result = runPrepared(*preparePlay(request));
    Baseline figures = playBaseline(result, source);
    figures.play = playFile;
    return {std::move(figures), playFailures(result)};
}

// A play file needs no scenarios, and says its own ROM.
void refuseScenariosWithPlay(const RegressionOptions& o)
{
    if (!o.scenarios.empty()) {
        throw InputError("--play " + o.play + ": a play runs no scenarios; give either");
    }
}

int finish(const Comparison& comparison, const char* command, const RegressionOptions& o)
{
    if (!writeReport(formatComparison(comparison, command, o.format), o.out, command)) {
        return kExitBadInput;
    }
    return comparison.failed() ? kExitFailed : kExitOk;
}

// How a baseline names the ROM at `image`: by name when it is a bundled one, else by its path from
// `directory`.
std::string romReference(const std::filesystem::path& image, const std::filesystem::path& directory)
{
    const std::string name = image.stem().string();
    std::error_code error;
    if (std::filesystem::equivalent(image, bundledRomPath(name), error)) {
        return name;
    }
    return std::filesystem::absolute(image).lexically_normal().lexically_relative(directory.lexically_normal()).generic_string();
}

bool isRom(const std::string& path)
{
    const std::string extension = std::filesystem::path(path).extension().string();
    return extension == ".sfc" || extension == ".smc";
}

int baseline(const RegressionOptions& o)
{
    if (!o.play.empty()) {
        try {
            refuseScenariosWithPlay(o);
            const auto [figures, broken] = measurePlay(o.play, o.rom.files(), "this run");
            const std::filesystem::path file = o.out.empty() ? std::filesystem::current_path() / "-" : std::filesystem::path(o.out);
            return writeReport(baselineJson(figures, file), o.out, "baseline") ? kExitOk : kExitBadInput;
        } catch (const InputError& e) {
            std::fprintf(stderr, "tileprof baseline: %s\n", e.what());
            return kExitBadInput;
        }
    }
    const std::optional<RomFiles> rom = o.rom.files();
    std::optional<Baseline> figures = measure(o.scenarios, o, "baseline", rom, "this run");
    if (!figures) {
        return kExitBadInput;
    }
    const std::filesystem::path file = o.out.empty() ? std::filesystem::current_path() / "-" : std::filesystem::path(o.out);
    if (rom) {
        figures->rom = romReference(rom->image, std::filesystem::absolute(file).parent_path());
    }
    return writeReport(baselineJson(*figures, file), o.out, "baseline") ? kExitOk : kExitBadInput;
}

int check(const RegressionOptions& o)
{
    try {
        const Baseline baseline = loadBaseline(o.baseline);
        if (baseline.play) {
            if (!o.scenarios.empty()) {
                throw InputError(o.baseline + ": a play's baseline runs its play, not scenarios");
            }
            const auto [now, broken] = measurePlay(baselinePlay(baseline, o.baseline), o.rom.files(), "this run");
            Comparison comparison = compare(baseline, now, o.tolerance, true);
            comparison.broken = broken;
            return finish(comparison, "check", o);
        }
        if (baseline.scenarios.empty() && o.scenarios.empty()) {
            throw InputError(o.baseline + ": the baseline names no scenarios");
        }
        const std::vector<std::string> scenarios =
            o.scenarios.empty() ? baselineScenarios(baseline, o.baseline) : o.scenarios;
        // The baseline's own ROM, when it was made on one, unless --rom names another.
        std::optional<RomFiles> rom = o.rom.files();
        if (!rom && baseline.rom) {
            rom = romFiles(resolveRomPath(*baseline.rom, std::filesystem::path(o.baseline).parent_path()), "", "");
        }
        const std::optional<Baseline> now = measure(scenarios, o, "check", rom, "this run");
        if (!now) {
            return kExitBadInput;
        }
        return finish(compare(baseline, *now, o.tolerance, true), "check", o);
    } catch (const InputError& e) {
        std::fprintf(stderr, "tileprof check: %s\n", e.what());
        return kExitBadInput;
    }
}

int diff(const RegressionOptions& o)
{
    const std::string& a = o.compared[0];
    const std::string& b = o.compared[1];
    try {
        if (!o.play.empty()) {
            refuseScenariosWithPlay(o);
            if (!isRom(a) || !isRom(b)) {
                throw InputError("--play " + o.play + ": compare two ROM builds on a play (" + a + ", " + b + ")");
            }
            const auto [old, oldBroken] = measurePlay(o.play, romFiles(a, o.oldSymbols, o.oldManifest, "--old-symbols"), a);
            const auto [now, broken] = measurePlay(o.play, romFiles(b, o.newSymbols, o.newManifest, "--new-symbols"), b);
            return finish(compare(old, now, o.tolerance, false), "diff", o);
        }
        if (isRom(a) != isRom(b)) {
            throw InputError("compare two JSON reports or baselines, or two ROM builds, not one of each (" + a +
                                  ", " + b + ")");
        }
        if (!isRom(a)) {
            if (!o.scenarios.empty()) {
                throw InputError("scenarios are run only when comparing two ROM builds");
            }
            for (const std::string* file : {&o.oldSymbols, &o.oldManifest, &o.newSymbols, &o.newManifest}) {
                if (!file->empty()) {
                    throw InputError("a symbol file or manifest (" + *file +
                                          ") belongs to a ROM build; these are JSON reports or baselines");
                }
            }
            return finish(compare(loadBaseline(a), loadBaseline(b), o.tolerance, false), "diff", o);
        }
        const std::optional<Baseline> old =
            measure(o.scenarios, o, "diff", romFiles(a, o.oldSymbols, o.oldManifest, "--old-symbols"), a);
        const std::optional<Baseline> now =
            measure(o.scenarios, o, "diff", romFiles(b, o.newSymbols, o.newManifest, "--new-symbols"), b);
        if (!old || !now) {
            return kExitBadInput;
        }
        return finish(compare(*old, *now, o.tolerance, false), "diff", o);
    } catch (const InputError& e) {
        std::fprintf(stderr, "tileprof diff: %s\n", e.what());
        return kExitBadInput;
    }
}

// --out and --allow-invalid-map, and with `scenarios` --scenarios: what the commands that run take.
void addRunOptions(CLI::App& command, RegressionOptions& o, bool scenarios)
{
    if (scenarios) {
        command.add_option("--scenarios", o.scenarios, "Scenario files (.toml) to run instead");
    }
    command.add_option("--out", o.out, "Write the report to this file instead of stdout");
    command.add_flag("--allow-invalid-map", o.allowInvalidMap, "Run maps that break the slope placement or clearance rules");
}

// --tolerance and --format: what the commands that compare take.
void addComparisonOptions(CLI::App& command, RegressionOptions& o)
{
    command.add_option("--tolerance", o.tolerance, "Cycles a case's mean or max may grow before it counts as slower (default 0)")
        ->check(CLI::Range(0.0, 1e9));
    addFormatOption(command, o.format, kRegressionFormats);
}

CommandAction defineBaseline(CLI::App& command)
{
    auto o = std::make_shared<RegressionOptions>();
    command.add_option("scenarios", o->scenarios, "Scenario files (.toml); default: the bundled ones, roms/tile-collision/scenarios");
    addRunOptions(command, *o, false);
    command.add_option("--play", o->play, "A play file (tileprof play) to run instead of scenarios: its routines' figures");
    o->rom.addTo(command);
    return [o] { return baseline(*o); };
}

CommandAction defineCheck(CLI::App& command)
{
    auto o = std::make_shared<RegressionOptions>();
    command.add_option("--baseline", o->baseline, "The baseline file (tileprof baseline)")->required();
    addComparisonOptions(command, *o);
    addRunOptions(command, *o, true);
    o->rom.addTo(command);
    return [o] { return check(*o); };
}

CommandAction defineDiff(CLI::App& command)
{
    auto o = std::make_shared<RegressionOptions>();
    command.add_option("old_and_new", o->compared, "A then B: .json reports/baselines, or .sfc ROMs")->required()->expected(2);
    addComparisonOptions(command, *o);
    addRunOptions(command, *o, true);
    command.add_option("--old-symbols", o->oldSymbols, "A's symbol file, when A is a ROM (default: beside it)");
    command.add_option("--old-manifest", o->oldManifest, "A's manifest, when A is a ROM (default: beside it)");
    command.add_option("--new-symbols", o->newSymbols, "B's symbol file, when B is a ROM (default: beside it)");
    command.add_option("--new-manifest", o->newManifest, "B's manifest, when B is a ROM (default: beside it)");
    command.add_option("--play", o->play, "With two ROM builds: run this play file on each instead of scenarios");
    return [o] { return diff(*o); };
}

} // namespace

// `tileprof baseline`: runs the scenarios and writes their per-case and per-function figures.
const Command kBaselineCommand{"baseline", "Run scenarios and write their per-case and per-function cycle figures (JSON)",
                               defineBaseline};

// `tileprof check`: runs the baseline's scenarios; exits 1 if a case got slower or is over budget.
const Command kCheckCommand{
    "check", "Run a baseline's scenarios; exit 1 if a case got slower than the baseline or is over budget", defineCheck};

// `tileprof diff A B`: compares two runs or two builds; exits 1 if a case got slower.
const Command kDiffCommand{
    "diff", "Compare two JSON reports or baselines, or two ROM builds run on the scenarios; exit 1 if a case got slower",
    defineDiff};

} // namespace tileprof
