// tileprof run and tileprof profile: scenarios run and reported per case, or where their cycles went.

#include "base/exit_codes.hpp"
#include "profiler/arguments/count_argument.hpp"
#include "profiler/arguments/format_argument.hpp"
#include "profiler/arguments/rom_arguments.hpp"
#include "profiler/cli/command.hpp"
#include "profiler/cli/report_file.hpp"
#include "profiler/cli/scenario_runs.hpp"
#include "profiler/formats/symbols/source_files.hpp"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

namespace {

struct ReportCommandOptions {
    RunReportKind kind = RunReportKind::Cases;
    std::vector<std::string> scenarios; // empty: the bundled ones (bundledScenarioDirectory)
    ReportFormat format = ReportFormat::Table;
    std::string out;                    // empty: stdout
    bool allowInvalidMap = false;
    bool fastRom = false; // also run as FastROM and report what it would buy
    std::string coverage; // not empty: write the routines' line and branch coverage there (lcov)
    // `profile` only: which calls to attribute, and how many functions and lines to list.
    std::optional<std::string> caseName;
    std::optional<int> frame;
    std::optional<std::string> entity;
    std::size_t top = 20;
    std::vector<std::filesystem::path> sourceDirectories; // `profile` only: --source-dir
    RomArguments rom; // run every scenario on this ROM instead of its own
};

// The formats that show where cycles went need every call's steps.
bool needsAttribution(const ReportCommandOptions& o)
{
    return o.kind == RunReportKind::Profile ||
           (o.format != ReportFormat::Table && o.format != ReportFormat::Csv && o.format != ReportFormat::Junit);
}

// Why the selection picks no call, with what it could pick; nothing when it picks some.
std::optional<std::string> emptySelection(const RunReport& report)
{
    const Attribution& a = *report.attribution;
    if (a.selected.calls > 0) {
        return std::nullopt;
    }
    std::string cases;
    for (const CaseStatistics& c : report.cases) {
        cases += (cases.empty() ? "" : ", ") + c.name;
    }
    return "no call matches " + a.selection.describe() + " (cases that ran: " + cases + ")";
}

// The lcov tracefile of the runs' calls (and the disassembly listings of code without lines,
// beside it). False, with a message on stderr, when a file cannot be written.
bool writeCoverage(const ScenarioRuns& runs, const std::string& out, const char* command)
{
    CoverageBuilder builder;
    for (std::size_t i = 0; i < runs.results.size(); ++i) {
        for (const CallRecord& call : runs.results[i].calls) {
            builder.add(call, *runs.romOf[i]);
        }
    }
    return writeLcov(builder.build(), out, command);
}

int report(const char* command, const ReportCommandOptions& o)
{
    RunOptions options;
    options.allowInvalidMap = o.allowInvalidMap;
    const bool attributes = needsAttribution(o);
    options.recordSteps = attributes || !o.coverage.empty();
    const std::optional<Selection> selection =
        attributes ? std::optional(Selection{o.caseName, o.frame, o.entity}) : std::nullopt;
    ScenarioRuns runs = runScenarios(o.scenarios, options, command, o.rom.files());
    if (!o.coverage.empty() && !writeCoverage(runs, o.coverage, command)) {
        return kExitBadInput;
    }
    std::vector<std::filesystem::path> sourceDirectories = o.sourceDirectories;
    for (const ProfiledRom* rom : runs.romOf) {
        sourceDirectories = tileprof::sourceDirectories(std::move(sourceDirectories), rom->debug.path());
    }
    RunReport report = reportOf(std::move(runs), command, selection);
    report.kind = o.kind;
    report.sourceDirectories = std::move(sourceDirectories);
    if (o.fastRom) {
        RunOptions fast;
        fast.allowInvalidMap = o.allowInvalidMap;
        fast.fastRom = true;
        const ScenarioRuns fastRuns = runScenarios(o.scenarios, fast, command, o.rom.files());
        // Scenarios pair up by index: the comparison is only sound when both passes ran the same ones.
        if (fastRuns.problems.empty()) {
            report.fastRom = compareFastRom(report.scenarios, fastRuns.results);
        }
        for (const InputProblem& problem : fastRuns.problems) {
            const auto same = [&](const InputProblem& existing) { return existing.message == problem.message; };
            if (std::ranges::none_of(report.inputProblems, same)) {
                report.inputProblems.push_back(problem);
            }
        }
    }
    if (report.scenarios.empty() && report.inputProblems.empty()) {
        return kExitBadInput;
    }
    // With no scenario run there is no call to select: the report says why.
    if (report.attribution && o.kind == RunReportKind::Profile && !report.scenarios.empty()) {
        if (const std::optional<std::string> problem = emptySelection(report)) {
            std::fprintf(stderr, "tileprof %s: %s\n", command, problem->c_str());
            return kExitBadInput;
        }
    }
    if (!writeReport(formatRunReport(report, o.format, o.top), o.out, command)) {
        return kExitBadInput;
    }
    if (!report.inputProblems.empty()) {
        return kExitBadInput;
    }
    // A profile shows where the cycles went; what failed is run's to say.
    return o.kind == RunReportKind::Cases && runFailed(report) ? kExitFailed : kExitOk;
}

std::shared_ptr<ReportCommandOptions> addReportOptions(CLI::App& command, RunReportKind kind)
{
    auto o = std::make_shared<ReportCommandOptions>();
    o->kind = kind;
    command.add_option("scenarios", o->scenarios, "Scenario files (.toml); default: the bundled ones, roms/tile-collision/scenarios");
    addFormatOption(command, o->format, kRunReportFormats);
    command.add_option("--out", o->out, "Write the report to this file instead of stdout");
    command.add_flag("--allow-invalid-map", o->allowInvalidMap,
                     "Run maps that break the slope placement or clearance rules (to see the clip or zip they cause)");
    command.add_flag("--fastrom", o->fastRom,
                     "Also run the scenarios as a FastROM build (MEMSEL set, code in banks $80+) and report the saving");
    command.add_option("--coverage", o->coverage,
                       "Also write line and branch coverage of the routines' code to this file (lcov .info)");
    command.add_option("--top", o->top, "Functions and lines to list in table and markdown reports")
        ->check(CLI::Range(std::size_t{1}, std::size_t{100000}));
    o->rom.addTo(command);
    return o;
}

CommandAction defineRun(CLI::App& command)
{
    std::shared_ptr<ReportCommandOptions> o = addReportOptions(command, RunReportKind::Cases);
    return [o] { return report("run", *o); };
}

CommandAction defineProfile(CLI::App& command)
{
    std::shared_ptr<ReportCommandOptions> o = addReportOptions(command, RunReportKind::Profile);
    command.add_option("--case", o->caseName, "Only the calls that ran this case");
    addCount(command, "--frame", o->frame, "Only the calls of this frame (1-based)", 1, 1 << 30);
    command.add_option("--entity", o->entity, "Only the calls of this entity (its name)");
    command.add_option("--source-dir", o->sourceDirectories,
                       "Where to look for the sources a debug file names by relative paths (repeatable); "
                       "the debug file's directory and those above it are searched after these");
    return [o] { return report("profile", *o); };
}

} // namespace

// `tileprof run`: runs the scenarios and reports per case. Exits 0, 1 when an expectation, an
// invariant or a budget fails, 2 when a scenario or its ROM cannot be used.
const Command kRunCommand{"run", "Run scenarios and report the cost of every case (default: the bundled ones)", defineRun};

// `tileprof profile`: runs the scenarios and reports where the selected calls' cycles went, per
// function and per source line. Exits 0, or 2 for unusable input or a selection with no calls.
const Command kProfileCommand{
    "profile", "Run scenarios and show where the cycles go: per function, per source line, annotated source", defineProfile};

} // namespace tileprof
