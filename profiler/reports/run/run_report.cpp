#include "profiler/reports/run/run_report.hpp"

#include "base/counted.hpp"

#include <algorithm>

namespace tileprof {

std::size_t totalCalls(const RunReport& r)
{
    std::size_t calls = 0;
    for (const ScenarioResult& s : r.scenarios) {
        calls += s.calls.size();
    }
    return calls;
}

std::size_t totalFailures(const RunReport& r)
{
    std::size_t failures = 0;
    for (const ScenarioResult& s : r.scenarios) {
        failures += s.failures.size();
    }
    return failures;
}

bool runFailed(const RunReport& r)
{
    return totalFailures(r) > 0 ||
           std::any_of(r.cases.begin(), r.cases.end(), [](const CaseStatistics& c) { return c.overBudget(); });
}

std::string runSummary(const RunReport& r)
{
    std::string summary = counted(r.scenarios.size(), "scenario") + ", " + counted(totalCalls(r), "call");
    if (!r.inputProblems.empty()) {
        summary += ", " + counted(r.inputProblems.size(), "scenario") + " not run";
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

std::vector<std::string> failureLines(const RunReport& r)
{
    std::vector<std::string> lines;
    for (const InputProblem& problem : r.inputProblems) {
        lines.push_back(notRunText(problem));
    }
    for (const ScenarioResult& s : r.scenarios) {
        for (const Failure& f : s.failures) {
            lines.push_back(f.text());
        }
    }
    return lines;
}

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
        return formatCallgrind(report);
    case ReportFormat::Folded:
        return formatFolded(report);
    case ReportFormat::Speedscope:
        return formatSpeedscope(report);
    case ReportFormat::Table:
        break;
    }
    return report.kind == RunReportKind::Profile ? formatProfileTable(report, top) : formatRunTable(report);
}

} // namespace tileprof
