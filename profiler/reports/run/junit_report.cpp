#include "profiler/reports/run/run_report.hpp"

#include "base/counted.hpp"
#include "base/printf_string.hpp"
#include "profiler/reports/markup/xml_text.hpp"

#include <algorithm>

namespace tileprof {

namespace {

// The case of the call a failure happened in.
std::string caseOfFailure(const ScenarioResult& result, const Failure& failure)
{
    for (const CallRecord& call : result.calls) {
        if (call.frame == failure.frame && result.entities[static_cast<std::size_t>(call.entity)] == failure.entity) {
            return caseNameOf(result, call);
        }
    }
    return "";
}

std::string testCase(const ScenarioResult& result, const CaseStatistics& statistics, const std::vector<const Failure*>& failures)
{
    std::string out = printfString("    <testcase classname=\"%s\" name=\"%s\">\n", xmlEscaped(result.scenario).c_str(),
                                   xmlEscaped(statistics.name).c_str());
    std::string problems;
    if (statistics.overBudget()) {
        problems += printfString("mean %.1f cycles is %.1f%% of the %d-cycle budget\n", statistics.cycles.mean,
                                 100.0 * statistics.meanBudgetShare, result.budgetCycles);
    }
    for (const Failure* failure : failures) {
        problems += failure->text() + "\n";
    }
    if (!problems.empty()) {
        const std::string message = statistics.overBudget() ? "over budget" : failures.front()->message;
        out += printfString("      <failure message=\"%s\" type=\"%s\">%s</failure>\n", xmlEscaped(message).c_str(),
                            statistics.overBudget() ? "budget" : "expectation", xmlEscaped(problems).c_str());
    }
    out += printfString("      <system-out>%s; cycles min %.0f mean %.1f p95 %.0f max %.0f; scanlines mean "
                        "%.2f max %.2f; worst: frame %d, entity \"%s\"</system-out>\n",
                        counted(statistics.calls, "call").c_str(), statistics.cycles.min, statistics.cycles.mean, statistics.cycles.p95, statistics.cycles.max, statistics.scanlines.mean,
                        statistics.scanlines.max, statistics.worst.frame, xmlEscaped(statistics.worst.entity).c_str());
    return out + "    </testcase>\n";
}

} // namespace

std::string formatJunit(const RunReport& report)
{
    std::string suites;
    std::size_t tests = 0;
    std::size_t failed = 0;
    for (const ScenarioResult& result : report.scenarios) {
        std::string cases;
        std::size_t suiteFailed = 0;
        const std::vector<CaseStatistics> stats = caseStatistics(std::span(&result, 1));
        for (const CaseStatistics& statistics : stats) {
            std::vector<const Failure*> failures;
            for (const Failure& failure : result.failures) {
                if (caseOfFailure(result, failure) == statistics.name) {
                    failures.push_back(&failure);
                }
            }
            suiteFailed += statistics.overBudget() || !failures.empty() ? 1 : 0;
            cases += testCase(result, statistics, failures);
        }
        suites += printfString("  <testsuite name=\"%s\" tests=\"%zu\" failures=\"%zu\" errors=\"0\">\n",
                               xmlEscaped(result.scenario).c_str(), stats.size(), suiteFailed) +
                  cases + "  </testsuite>\n";
        tests += stats.size();
        failed += suiteFailed;
    }
    for (const InputProblem& problem : report.inputProblems) {
        suites += printfString("  <testsuite name=\"%s\" tests=\"1\" failures=\"0\" errors=\"1\">\n"
                               "    <testcase classname=\"%s\" name=\"(load)\">\n"
                               "      <error message=\"%s\" type=\"input\"/>\n"
                               "    </testcase>\n  </testsuite>\n",
                               xmlEscaped(problem.scenario).c_str(), xmlEscaped(problem.scenario).c_str(),
                               xmlEscaped(problem.message).c_str());
    }
    return printfString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        "<testsuites name=\"tileprof %s\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\">\n",
                        report.command.c_str(), tests + report.inputProblems.size(), failed, report.inputProblems.size()) +
           suites + "</testsuites>\n";
}

} // namespace tileprof
