#include "profiler/cli/report_command.hpp"

#include "base/exit_codes.hpp"
#include "profiler/cli/report_file.hpp"
#include "profiler/cli/scenario_runs.hpp"

#include <algorithm>
#include <cstdio>

namespace tileprof {

namespace {

// The formats that show where cycles went need every call's steps.
bool needsAttribution(const std::string& command, const std::string& format)
{
    return command == "profile" || (format != "table" && format != "csv" && format != "junit");
}

std::string format(const RunReport& report, const ReportCommandOptions& o)
{
    if (o.format == "json") {
        return formatJson(report);
    }
    if (o.format == "csv") {
        return formatCsv(report);
    }
    if (o.format == "markdown") {
        return formatMarkdown(report, o.top);
    }
    if (o.format == "junit") {
        return formatJunit(report);
    }
    if (o.format == "callgrind") {
        return formatCallgrind(report);
    }
    if (o.format == "folded") {
        return formatFolded(report);
    }
    if (o.format == "speedscope") {
        return formatSpeedscope(report);
    }
    return report.command == "profile" ? formatProfileTable(report, o.top) : formatRunTable(report);
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
    const bool attributes = needsAttribution(command, o.format);
    options.recordSteps = attributes || !o.coverage.empty();
    const std::optional<Selection> selection =
        attributes ? std::optional(Selection{o.caseName, o.frame, o.entity}) : std::nullopt;
    ScenarioRuns runs = runScenarios(o.scenarios, options, command, o.rom);
    if (!o.coverage.empty() && !writeCoverage(runs, o.coverage, command)) {
        return kExitBadInput;
    }
    RunReport report = reportOf(std::move(runs), command, selection);
    if (o.fastRom) {
        RunOptions fast;
        fast.allowInvalidMap = o.allowInvalidMap;
        fast.fastRom = true;
        const ScenarioRuns fastRuns = runScenarios(o.scenarios, fast, command, o.rom);
        // Scenarios pair up by index: the comparison is only sound when both passes ran the same ones.
        if (fastRuns.problems.empty()) {
            report.fastRom = compareFastRom(report.scenarios, fastRuns.results);
        }
        for (const InputProblem& problem : fastRuns.problems) {
            const auto same = [&](const InputProblem& p) { return p.message == problem.message; };
            if (std::ranges::none_of(report.inputProblems, same)) {
                report.inputProblems.push_back(problem);
            }
        }
    }
    if (report.scenarios.empty() && report.inputProblems.empty()) {
        return kExitBadInput;
    }
    // With no scenario run there is no call to select: the report says why.
    if (report.attribution && report.command == std::string("profile") && !report.scenarios.empty()) {
        if (const std::optional<std::string> problem = emptySelection(report)) {
            std::fprintf(stderr, "tileprof %s: %s\n", command, problem->c_str());
            return kExitBadInput;
        }
    }
    if (!writeReport(format(report, o), o.out, command)) {
        return kExitBadInput;
    }
    if (!report.inputProblems.empty()) {
        return kExitBadInput;
    }
    return report.command == "run" && runFailed(report) ? kExitFailed : kExitOk;
}

} // namespace

int runRunCommand(const ReportCommandOptions& options)
{
    return report("run", options);
}

int runProfileCommand(const ReportCommandOptions& options)
{
    return report("profile", options);
}

} // namespace tileprof
