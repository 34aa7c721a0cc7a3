#include "profiler/reports/run/run_report.hpp"

#include "base/counted.hpp"
#include "profiler/reports/flame/profile_view.hpp"

#include <algorithm>

namespace tileprof {

std::size_t totalCalls(const RunReport& report)
{
    std::size_t calls = 0;
    for (const ScenarioResult& result : report.scenarios) {
        calls += result.calls.size();
    }
    return calls;
}

std::size_t totalFailures(const RunReport& report)
{
    std::size_t failures = 0;
    for (const ScenarioResult& result : report.scenarios) {
        failures += result.failures.size();
    }
    return failures;
}

bool runFailed(const RunReport& report)
{
    return totalFailures(report) > 0 ||
           std::any_of(report.cases.begin(), report.cases.end(), [](const CaseStatistics& statistics) { return statistics.overBudget(); });
}

std::string runSummary(const RunReport& report)
{
    std::string summary = counted(report.scenarios.size(), "scenario") + ", " + counted(totalCalls(report), "call");
    if (!report.inputProblems.empty()) {
        summary += ", " + counted(report.inputProblems.size(), "scenario") + " not run";
    }
    return summary;
}

std::string notRunText(const InputProblem& problem)
{
    // Messages that list several problems put each on an indented line of its own.
    std::string text = "not run: ";
    for (std::size_t i = 0; i < problem.message.size(); ++i) {
        if (problem.message[i] != '\n') {
            text += problem.message[i];
            continue;
        }
        text += ' ';
        while (i + 1 < problem.message.size() && problem.message[i + 1] == ' ') {
            ++i;
        }
    }
    return text;
}

std::vector<std::string> failureLines(const RunReport& report)
{
    std::vector<std::string> lines;
    for (const InputProblem& problem : report.inputProblems) {
        lines.push_back(notRunText(problem));
    }
    for (const ScenarioResult& result : report.scenarios) {
        for (const Failure& failure : result.failures) {
            lines.push_back(failure.text());
        }
    }
    return lines;
}

std::vector<std::string> despawnLines(const RunReport& report)
{
    std::vector<std::string> lines;
    for (const ScenarioResult& result : report.scenarios) {
        for (const Despawn& despawn : result.despawns) {
            lines.push_back(result.scenario + ": entity \"" + result.entities[static_cast<std::size_t>(despawn.entity)] +
                            "\" despawned on frame " + std::to_string(despawn.frame));
        }
    }
    return lines;
}

namespace {

// The attribution as the callgrind and flame-graph formats show it, with the scenarios not run.
ProfileView profileView(const RunReport& report)
{
    ProfileView view{report.attribution->selected, report.command, report.attribution->selection.describe(), {}};
    for (const InputProblem& problem : report.inputProblems) {
        view.notRun.push_back(notRunText(problem));
    }
    return view;
}

} // namespace

std::string formatRunReport(const RunReport& report, ReportFormat format, std::size_t top)
{
    switch (format) {
    case ReportFormat::Json:
        return formatJson(report);
    case ReportFormat::Csv:
        return formatCsv(report);
    case ReportFormat::Markdown:
        return formatMarkdown(report, top);
    case ReportFormat::Junit:
        return formatJunit(report);
    case ReportFormat::Callgrind:
        return formatCallgrind(profileView(report));
    case ReportFormat::Folded:
        return formatFolded(profileView(report));
    case ReportFormat::Speedscope:
        return formatSpeedscope(profileView(report));
    case ReportFormat::Table:
        break;
    }
    return report.kind == RunReportKind::Profile ? formatProfileTable(report, top) : formatRunTable(report);
}

} // namespace tileprof
