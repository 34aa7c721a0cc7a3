#include "base/exit_codes.hpp"
#include "profiler/arguments/rom_arguments.hpp"
#include "profiler/cli/bench_command.hpp"
#include "profiler/cli/compare_command.hpp"
#include "profiler/cli/explore_command.hpp"
#include "profiler/cli/labels_command.hpp"
#include "profiler/cli/regression_commands.hpp"
#include "profiler/cli/report_command.hpp"
#include "profiler/cli/rom_command.hpp"
#include "profiler/cli/sst_command.hpp"
#include "profiler/cli/trace_command.hpp"
#include "profiler/cli/validate_command.hpp"
#include "profiler/engine/bench/workload.hpp"
#include "profiler/formats/design/design.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>

namespace {

void addReportOptions(CLI::App* command, tileprof::ReportCommandOptions& o)
{
    command->add_option("scenarios", o.scenarios, "Scenario files (.toml); default: the bundled ones, roms/tile-collision/scenarios");
    command->add_option("--format", o.format, "Report format")->check(CLI::IsMember(tileprof::kReportFormats));
    command->add_option("--out", o.out, "Write the report to this file instead of stdout");
    command->add_flag("--allow-invalid-map", o.allowInvalidMap,
                      "Run maps that break the slope placement or clearance rules (to see the clip or zip they cause)");
    command->add_flag("--fastrom", o.fastRom,
                      "Also run the scenarios as a FastROM build (MEMSEL set, code in banks $80+) and report the saving");
    command->add_option("--coverage", o.coverage,
                        "Also write line and branch coverage of the routines' code to this file (lcov .info)");
    command->add_option("--top", o.top, "Functions and lines to list in table and markdown reports")
        ->check(CLI::Range(std::size_t{1}, std::size_t{100000}));
}

} // namespace

int main(int argc, char** argv)
{
    using namespace tileprof;
    CLI::App app{"tileprof: a cycle-accurate 65816 emulator for profiling SNES code"};
    app.require_subcommand(1);

    ReportCommandOptions runOptions;
    RomArguments runRom;
    CLI::App* run = app.add_subcommand("run", "Run scenarios and report the cost of every case (default: the bundled ones)");
    addReportOptions(run, runOptions);
    runRom.addTo(*run);

    ReportCommandOptions profileOptions;
    CLI::App* profile = app.add_subcommand(
        "profile", "Run scenarios and show where the cycles go: per function, per source line, annotated source");
    addReportOptions(profile, profileOptions);
    RomArguments profileRom;
    profileRom.addTo(*profile);
    profile->add_option("--case", profileOptions.caseName, "Only the calls that ran this case");
    profile->add_option("--frame", profileOptions.frame, "Only the calls of this frame (1-based)")
        ->check(CLI::Range(1, 1 << 30));
    profile->add_option("--entity", profileOptions.entity, "Only the calls of this entity (its name)");

    TraceCommandOptions traceOptions;
    CLI::App* trace = app.add_subcommand(
        "trace", "Run a scenario and show one call instruction by instruction, with registers, costs and tile reads");
    trace->add_option("scenario", traceOptions.scenario, "Scenario file (.toml)")->required();
    trace->add_option("--frame", traceOptions.frame, "The frame of the call (1-based)")->required();
    trace->add_option("--entity", traceOptions.entity, "The entity of the call (its name)")->required();
    trace->add_option("--format", traceOptions.format, "Report format")->check(CLI::IsMember({"table", "json", "csv"}));
    trace->add_option("--out", traceOptions.out, "Write the trace to this file instead of stdout");
    trace->add_flag("--allow-invalid-map", traceOptions.allowInvalidMap, "Run maps that break the slope placement or clearance rules");
    RomArguments traceRom;
    traceRom.addTo(*trace);

    std::string labelsRom;
    std::string labelsOut;
    bool labelsMlb = false;
    CLI::App* labels = app.add_subcommand("labels", "Export a ROM's labels for other debuggers (default: the bundled ROM)");
    labels->add_option("rom", labelsRom, "ROM file (.sfc) with its symbol file and manifest beside it");
    labels->add_flag("--mlb", labelsMlb, "Mesen label file (.mlb), the one format so far")->required();
    labels->add_option("--out", labelsOut, "Write the labels to this file instead of stdout");

    RegressionOptions regression;
    const auto addRegressionOptions = [&regression](CLI::App* command, bool scenarios) {
        if (scenarios) {
            command->add_option("--scenarios", regression.scenarios, "Scenario files (.toml) to run instead");
        }
        command->add_option("--out", regression.out, "Write the report to this file instead of stdout");
        command->add_flag("--allow-invalid-map", regression.allowInvalidMap,
                          "Run maps that break the slope placement or clearance rules");
    };
    CLI::App* baseline =
        app.add_subcommand("baseline", "Run scenarios and write their per-case and per-function cycle figures (JSON)");
    baseline->add_option("scenarios", regression.scenarios, "Scenario files (.toml); default: the bundled ones, roms/tile-collision/scenarios");
    addRegressionOptions(baseline, false);
    RomArguments regressionRom;
    regressionRom.addTo(*baseline);
    const auto addComparisonOptions = [&regression](CLI::App* command) {
        command->add_option("--tolerance", regression.tolerance,
                            "Cycles a case's mean or max may grow before it counts as slower (default 0)")
            ->check(CLI::Range(0.0, 1e9));
        command->add_option("--format", regression.format, "Report format")
            ->check(CLI::IsMember({"table", "markdown", "json"}));
    };
    CLI::App* check = app.add_subcommand(
        "check", "Run a baseline's scenarios; exit 1 if a case got slower than the baseline or is over budget");
    check->add_option("--baseline", regression.baseline, "The baseline file (tileprof baseline)")->required();
    addComparisonOptions(check);
    addRegressionOptions(check, true);
    regressionRom.addTo(*check);
    CLI::App* diff = app.add_subcommand(
        "diff", "Compare two JSON reports or baselines, or two ROM builds run on the scenarios; exit 1 if a case got slower");
    diff->add_option("old_and_new", regression.compared, "A then B: .json reports/baselines, or .sfc ROMs")
        ->required()
        ->expected(2);
    addComparisonOptions(diff);
    addRegressionOptions(diff, true);
    diff->add_option("--old-symbols", regression.oldSymbols, "A's symbol file, when A is a ROM (default: beside it)");
    diff->add_option("--old-manifest", regression.oldManifest, "A's manifest, when A is a ROM (default: beside it)");
    diff->add_option("--new-symbols", regression.newSymbols, "B's symbol file, when B is a ROM (default: beside it)");
    diff->add_option("--new-manifest", regression.newManifest, "B's manifest, when B is a ROM (default: beside it)");

    tileprof::CompareOptions compareOptions;
    CLI::App* compare = app.add_subcommand(
        "compare", "Run a tour's scenarios, each on its own ROM, and set the designs side by side: cycles per case, budget, ROM and RAM bytes");
    compare->add_option("scenarios", compareOptions.scenarios, "Scenario files (.toml) or directories: one walk of the tour per design")
        ->required();
    compare->add_option("--format", compareOptions.format, "Report format")->check(CLI::IsMember(tileprof::kCompareFormats));
    compare->add_option("--out", compareOptions.out, "Write the report to this file instead of stdout");
    compare->add_flag("--allow-invalid-map", compareOptions.allowInvalidMap,
                      "Run maps that break the placement or clearance rules");

    tileprof::ExploreCommandOptions exploreOptions;
    RomArguments exploreRom;
    double exploreSeconds = 0;
    CLI::App* explore = app.add_subcommand(
        "explore", "Play seeded random sessions on each scenario's map: every failure and each case's worst call, shrunk to a "
                   "scenario file, and the coverage reached");
    explore->add_option("scenarios", exploreOptions.scenarios, "Scenario files (.toml) or directories whose maps to explore")
        ->required();
    CLI::Option* exploreCalls = explore->add_option("--calls", exploreOptions.calls, "Calls of the routine per scenario (default 200000)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000}));
    explore->add_option("--seconds", exploreSeconds, "Explore each scenario this long instead (the result then depends on speed)")
        ->check(CLI::Range(0.1, 1e6))
        ->excludes(exploreCalls);
    explore->add_option("--seed", exploreOptions.seed, "The random sessions' seed (default 1): the same seed, the same result");
    explore->add_option("--jobs", exploreOptions.jobs, "Sessions played at once (default: one per core); the result does not depend on it")
        ->check(CLI::Range(1u, 256u));
    explore->add_option("--out", exploreOptions.out, "Directory for the shrunk scenarios (default ./explored)");
    explore->add_option("--report", exploreOptions.report, "Write the report to this file instead of stdout");
    explore->add_option("--format", exploreOptions.format, "Report format")->check(CLI::IsMember(tileprof::kExploreFormats));
    explore->add_option("--coverage", exploreOptions.coverage, "Also write the explored calls' line and branch coverage (lcov .info)");
    explore->add_flag("--allow-invalid-map", exploreOptions.allowInvalidMap,
                      "Explore maps that break the placement or clearance rules (to find the clips they cause)");
    exploreRom.addTo(*explore);

    std::vector<std::string> sstFiles;
    bool sstQuiet = false;
    CLI::App* sst = app.add_subcommand("sst", "Run SingleStepTests-format CPU test vectors (.json or .json.gz)");
    sst->add_option("files", sstFiles, "Vector files")->required();
    sst->add_flag("-q,--quiet", sstQuiet, "Print only the final count");

    std::vector<std::string> romFiles;
    CLI::App* rom = app.add_subcommand("rom", "Inspect LoROM images: header, size, checksum");
    rom->add_option("files", romFiles, "ROM files (.sfc, or .smc with a copier header)")->required();

    ValidateCommandOptions validateOptions;
    RomArguments validateRom;
    CLI::App* validate = app.add_subcommand("validate", "Check maps against their design's placement rules, and scenarios against their entities' clearance");
    validate->add_option("files", validateOptions.files, "Scenario (.toml) or Tiled map (.tmj) files")->required();
    validateRom.addTo(*validate);
    validate->add_option("--design", validateOptions.design,
                         "The design a Tiled map is drawn in: a bundled one by name, or a design file (default untech); "
                         "a scenario's is its ROM's");

    unsigned benchRepeats = 3;
    std::uint64_t benchInstructions = kWorkloadInstructions;
    CLI::App* bench = app.add_subcommand("bench", "Measure emulation speed on the W8/W16 workloads");
    bench->add_option("--repeat", benchRepeats, "Runs per configuration; the fastest is reported")
        ->check(CLI::Range(1u, 100u));
    bench->add_option("--instructions", benchInstructions,
                      "Instructions per run (the design's totals are checked only at 50000000)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kExitBadInput;
    }

    runOptions.rom = runRom.files();
    profileOptions.rom = profileRom.files();
    traceOptions.rom = traceRom.files();
    regression.rom = regressionRom.files();
    if (*run) {
        return runRunCommand(runOptions);
    }
    if (*profile) {
        return runProfileCommand(profileOptions);
    }
    if (*labels) {
        return runLabelsCommand(labelsRom, labelsOut);
    }
    if (*trace) {
        return runTraceCommand(traceOptions);
    }
    if (*baseline) {
        return runBaselineCommand(regression);
    }
    if (*check) {
        return runCheckCommand(regression);
    }
    if (*diff) {
        return runDiffCommand(regression);
    }
    if (*compare) {
        return runCompareCommand(compareOptions);
    }
    if (*explore) {
        if (exploreSeconds > 0) {
            exploreOptions.seconds = exploreSeconds;
            exploreOptions.calls = std::numeric_limits<std::uint64_t>::max();
        }
        exploreOptions.rom = exploreRom.files();
        return runExploreCommand(exploreOptions);
    }
    if (*sst) {
        return runSstCommand(sstFiles, sstQuiet);
    }
    if (*rom) {
        return runRomCommand(romFiles);
    }
    if (*validate) {
        validateOptions.rom = validateRom.files();
        return runValidateCommand(validateOptions);
    }
    return runBenchCommand(benchRepeats, benchInstructions);
}
