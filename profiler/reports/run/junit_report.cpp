#include "profiler/reports/run/run_report.hpp"

#include "base/counted.hpp"
#include "base/printf_string.hpp"
#include "profiler/reports/markup/xml_text.hpp"

#include <algorithm>

namespace tileprof {

namespace {

// The case of the call a failure happened in.
std::string caseOfFailure(const ScenarioResult& s, const Failure& f)
{
    for (const CallRecord& call : s.calls) {
        if (call.frame == f.frame && s.entities[static_cast<std::size_t>(call.entity)] == f.entity) {
            return caseNameOf(s, call);
        }
    }
    return "";
}

std::string testCase(const ScenarioResult& s, const CaseStatistics& c, const std::vector<const Failure*>& failures)
{
    std::string out = printfString("    <testcase classname=\"%s\" name=\"%s\">\n", xmlEscaped(s.scenario).c_str(),
                                   xmlEscaped(c.name).c_str());
    std::string problems;
    if (c.overBudget()) {
        problems += printfString("mean %.1f cycles is %.1f%% of the %d-cycle budget\n", c.cycles.mean,
                                 100.0 * c.meanBudgetShare, s.budgetCycles);
    }
    for (const Failure* f : failures) {
        problems += f->text() + "\n";
    }
    if (!problems.empty()) {
        const std::string message = c.overBudget() ? "over budget" : failures.front()->message;
        out += printfString("      <failure message=\"%s\" type=\"%s\">%s</failure>\n", xmlEscaped(message).c_str(),
                            c.overBudget() ? "budget" : "expectation", xmlEscaped(problems).c_str());
    }
    out += printfString("      <system-out>%s; cycles min %.0f mean %.1f p95 %.0f max %.0f; scanlines mean "
                        "%.2f max %.2f; worst: frame %d, entity \"%s\"</system-out>\n",
                        counted(c.calls, "call").c_str(), c.cycles.min, c.cycles.mean, c.cycles.p95, c.cycles.max, c.scanlines.mean,
                        c.scanlines.max, c.worst.frame, xmlEscaped(c.worst.entity).c_str());
    return out + "    </testcase>\n";
}

} // namespace

std::string formatJunit(const RunReport& r)
{
    std::string suites;
    std::size_t tests = 0;
    std::size_t failed = 0;
    for (const ScenarioResult& s : r.scenarios) {
        std::string cases;
        std::size_t suiteFailed = 0;
        const std::vector<CaseStatistics> stats = caseStatistics(std::span(&s, 1));
        for (const CaseStatistics& c : stats) {
            std::vector<const Failure*> failures;
            for (const Failure& f : s.failures) {
                if (caseOfFailure(s, f) == c.name) {
                    failures.push_back(&f);
                }
            }
            suiteFailed += c.overBudget() || !failures.empty() ? 1 : 0;
            cases += testCase(s, c, failures);
        }
        suites += printfString("  <testsuite name=\"%s\" tests=\"%zu\" failures=\"%zu\" errors=\"0\">\n",
                               xmlEscaped(s.scenario).c_str(), stats.size(), suiteFailed) +
                  cases + "  </testsuite>\n";
        tests += stats.size();
        failed += suiteFailed;
    }
    for (const InputProblem& problem : r.inputProblems) {
        suites += printfString("  <testsuite name=\"%s\" tests=\"1\" failures=\"0\" errors=\"1\">\n"
                               "    <testcase classname=\"%s\" name=\"(load)\">\n"
                               "      <error message=\"%s\" type=\"input\"/>\n"
                               "    </testcase>\n  </testsuite>\n",
                               xmlEscaped(problem.scenario).c_str(), xmlEscaped(problem.scenario).c_str(),
                               xmlEscaped(problem.message).c_str());
    }
    return printfString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        "<testsuites name=\"tileprof %s\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\">\n",
                        r.command.c_str(), tests + r.inputProblems.size(), failed, r.inputProblems.size()) +
           suites + "</testsuites>\n";
}

} // namespace tileprof
