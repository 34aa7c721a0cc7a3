#include "profiler/reports/run/run_report.hpp"

#include "base/printf_string.hpp"
#include "emu/cpu_address.hpp"
#include "profiler/reports/markup/csv_field.hpp"

namespace tileprof {

namespace {

std::string caseRow(const std::string& scope, const std::string& scenario, const CaseStatistics& c)
{
    return printfString("%s,%s,%s,%zu,%.0f,%.2f,%.0f,%.0f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%zu,%s,%s,%d,%s,%u,\n",
                        scope.c_str(), csvField(scenario).c_str(), csvField(c.name).c_str(), c.calls, c.cycles.min,
                        c.cycles.mean, c.cycles.p95, c.cycles.max, c.scanlines.min, c.scanlines.mean, c.scanlines.p95,
                        c.scanlines.max, c.meanBudgetShare, c.maxBudgetShare, c.callsOverBudget,
                        c.overBudget() ? "true" : "false", csvField(c.worst.scenario).c_str(), c.worst.frame,
                        csvField(c.worst.entity).c_str(), c.worst.cycles);
}

std::string costColumns(const Cost& exclusive, const Cost& inclusive)
{
    return printfString("%llu,%llu,%llu,%llu", static_cast<unsigned long long>(exclusive.cycles),
                        static_cast<unsigned long long>(exclusive.masterClocks),
                        static_cast<unsigned long long>(inclusive.cycles),
                        static_cast<unsigned long long>(inclusive.masterClocks));
}

// A row for a scenario that could not be run: its kind, the scenario, as many empty fields as
// the figures take, and the error.
std::string notRunRow(const InputProblem& problem, std::size_t figures)
{
    return "not_run," + csvField(problem.scenario) + std::string(figures + 1, ',') + csvField(problem.message) + "\n";
}

std::string profileCsv(const RunReport& r)
{
    const Profile& p = r.attribution->selected;
    std::string out = "kind,name,file,line,function,calls,executions,exclusive_cycles,exclusive_master_clocks,"
                      "inclusive_cycles,inclusive_master_clocks,error\n";
    for (const InputProblem& problem : r.inputProblems) {
        out += notRunRow(problem, 9);
    }
    for (const FunctionProfile& f : p.functions) {
        out += printfString("function,%s,%s,%d,,%llu,,%s,\n", csvField(f.name).c_str(), csvField(f.file).c_str(), f.line,
                            static_cast<unsigned long long>(f.calls), costColumns(f.exclusive, f.inclusive).c_str());
    }
    for (const LineProfile& l : p.lines) {
        // The name is quoted whole: a quoted file name followed by ":LINE" is no CSV field.
        const std::string name = l.address ? cpuAddressText(*l.address) : l.file + ":" + std::to_string(l.line);
        out += printfString("line,%s,%s,%d,%s,,%llu,%s,\n", csvField(name).c_str(),
                            csvField(l.file).c_str(), l.line, csvField(l.function).c_str(),
                            static_cast<unsigned long long>(l.executions),
                            costColumns(l.exclusive, l.inclusive).c_str());
    }
    return out;
}

} // namespace

std::string formatCsv(const RunReport& r)
{
    if (r.kind == RunReportKind::Profile) {
        return profileCsv(r);
    }
    std::string out = "scope,scenario,case,calls,min_cycles,mean_cycles,p95_cycles,max_cycles,min_scanlines,"
                      "mean_scanlines,p95_scanlines,max_scanlines,mean_budget_share,max_budget_share,"
                      "calls_over_budget,over_budget,worst_scenario,worst_frame,worst_entity,worst_cycles,error\n";
    for (const InputProblem& problem : r.inputProblems) {
        out += notRunRow(problem, 18);
    }
    for (const ScenarioResult& s : r.scenarios) {
        for (const CaseStatistics& c : caseStatistics(std::span(&s, 1))) {
            out += caseRow("scenario", s.scenario, c);
        }
    }
    for (const CaseStatistics& c : r.cases) {
        out += caseRow("all", "", c);
    }
    return out;
}

} // namespace tileprof
