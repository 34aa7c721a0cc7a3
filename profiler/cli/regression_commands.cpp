#include "profiler/cli/regression_commands.hpp"

#include "base/bundled_files.hpp"
#include "base/exit_codes.hpp"
#include "base/input_error.hpp"
#include "profiler/cli/report_file.hpp"
#include "profiler/cli/scenario_runs.hpp"
#include "profiler/reports/baseline/comparison.hpp"

#include <cstdio>
#include <optional>

namespace tileprof {

namespace {

// Runs the scenarios with attribution and gives their figures; nothing if any could not be run
// (the reasons are on stderr), as figures over part of the scenarios would compare wrongly.
std::optional<Figures> measure(const std::vector<std::string>& scenarios, const RegressionOptions& o,
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
    return figuresOf(report, source);
}

int finish(const Comparison& c, const char* command, const RegressionOptions& o)
{
    if (!writeReport(formatComparison(c, command, o.format), o.out, command)) {
        return kExitBadInput;
    }
    return c.failed() ? kExitFailed : kExitOk;
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
    return std::filesystem::absolute(image).lexically_relative(directory).generic_string();
}

bool isRom(const std::string& path)
{
    const std::string extension = std::filesystem::path(path).extension().string();
    return extension == ".sfc" || extension == ".smc";
}

} // namespace

int runBaselineCommand(const RegressionOptions& o)
{
    std::optional<Figures> figures = measure(o.scenarios, o, "baseline", o.rom, "this run");
    if (!figures) {
        return kExitBadInput;
    }
    const std::filesystem::path file = o.out.empty() ? std::filesystem::current_path() / "-" : std::filesystem::path(o.out);
    if (o.rom) {
        figures->rom = romReference(o.rom->image, std::filesystem::absolute(file).parent_path());
    }
    return writeReport(baselineJson(*figures, file), o.out, "baseline") ? kExitOk : kExitBadInput;
}

int runCheckCommand(const RegressionOptions& o)
{
    try {
        const Figures baseline = loadFigures(o.baseline);
        if (baseline.scenarios.empty() && o.scenarios.empty()) {
            throw InputError(o.baseline + ": the baseline names no scenarios");
        }
        const std::vector<std::string> scenarios =
            o.scenarios.empty() ? baselineScenarios(baseline, o.baseline) : o.scenarios;
        // The baseline's own ROM, when it was made on one, unless --rom names another.
        std::optional<RomFiles> rom = o.rom;
        if (!rom && baseline.rom) {
            rom = romFiles(resolveRomPath(*baseline.rom, std::filesystem::path(o.baseline).parent_path()), "", "");
        }
        const std::optional<Figures> now = measure(scenarios, o, "check", rom, "this run");
        if (!now) {
            return kExitBadInput;
        }
        return finish(compare(baseline, *now, o.tolerance, true), "check", o);
    } catch (const InputError& e) {
        std::fprintf(stderr, "tileprof check: %s\n", e.what());
        return kExitBadInput;
    }
}

int runDiffCommand(const RegressionOptions& o)
{
    const std::string& a = o.compared[0];
    const std::string& b = o.compared[1];
    try {
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
            return finish(compare(loadFigures(a), loadFigures(b), o.tolerance, false), "diff", o);
        }
        const std::optional<Figures> old = measure(o.scenarios, o, "diff", romFiles(a, o.oldSymbols, o.oldManifest), a);
        const std::optional<Figures> now = measure(o.scenarios, o, "diff", romFiles(b, o.newSymbols, o.newManifest), b);
        if (!old || !now) {
            return kExitBadInput;
        }
        return finish(compare(*old, *now, o.tolerance, false), "diff", o);
    } catch (const InputError& e) {
        std::fprintf(stderr, "tileprof diff: %s\n", e.what());
        return kExitBadInput;
    }
}

} // namespace tileprof
