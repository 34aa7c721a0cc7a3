#include "profiler/reports/run/run_report.hpp"

#include "base/printf_string.hpp"
#include "emu/cartridge/cpu_address.hpp"
#include "profiler/reports/markup/csv_field.hpp"

namespace tileprof {

namespace {

std::string caseRow(const std::string& scope, const std::string& scenario, const CaseStatistics& statistics)
{
    return printfString("%s,%s,%s,%zu,%.0f,%.2f,%.0f,%.0f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%zu,%s,%s,%d,%s,%u,\n",
                        scope.c_str(), csvField(scenario).c_str(), csvField(statistics.name).c_str(), statistics.calls, statistics.cycles.min,
                        statistics.cycles.mean, statistics.cycles.p95, statistics.cycles.max, statistics.scanlines.min, statistics.scanlines.mean, statistics.scanlines.p95,
                        statistics.scanlines.max, statistics.meanBudgetShare, statistics.maxBudgetShare, statistics.callsOverBudget,
                        statistics.overBudget() ? "true" : "false", csvField(statistics.worst.scenario).c_str(), statistics.worst.frame,
                        csvField(statistics.worst.entity).c_str(), statistics.worst.cycles);
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

std::string profileCsv(const RunReport& report)
{
    const Profile& profile = report.attribution->selected;
    std::string out = "kind,name,file,line,function,calls,executions,exclusive_cycles,exclusive_master_clocks,"
                      "inclusive_cycles,inclusive_master_clocks,error\n";
    for (const InputProblem& problem : report.inputProblems) {
        out += notRunRow(problem, 9);
    }
    for (const FunctionProfile& function : profile.functions) {
        out += printfString("function,%s,%s,%d,,%llu,,%s,\n", csvField(function.name).c_str(), csvField(function.file).c_str(), function.line,
                            static_cast<unsigned long long>(function.calls), costColumns(function.exclusive, function.inclusive).c_str());
    }
    for (const LineProfile& line : profile.lines) {
        // The name is quoted whole: a quoted file name followed by ":LINE" is no CSV field.
        const std::string name = line.address ? cpuAddressText(*line.address) : line.file + ":" + std::to_string(line.line);
        out += printfString("line,%s,%s,%d,%s,,%llu,%s,\n", csvField(name).c_str(),
                            csvField(line.file).c_str(), line.line, csvField(line.function).c_str(),
                            static_cast<unsigned long long>(line.executions),
                            costColumns(line.exclusive, line.inclusive).c_str());
    }
    return out;
}

} // namespace

std::string formatCsv(const RunReport& report)
{
    if (report.kind == RunReportKind::Profile) {
        return profileCsv(report);
    }
    std::string out = "scope,scenario,case,calls,min_cycles,mean_cycles,p95_cycles,max_cycles,min_scanlines,"
                      "mean_scanlines,p95_scanlines,max_scanlines,mean_budget_share,max_budget_share,"
                      "calls_over_budget,over_budget,worst_scenario,worst_frame,worst_entity,worst_cycles,error\n";
    for (const InputProblem& problem : report.inputProblems) {
        out += notRunRow(problem, 18);
    }
    for (const ScenarioResult& result : report.scenarios) {
        for (const CaseStatistics& statistics : caseStatistics(std::span(&result, 1))) {
            out += caseRow("scenario", result.scenario, statistics);
        }
    }
    for (const CaseStatistics& statistics : report.cases) {
        out += caseRow("all", "", statistics);
    }
    return out;
}

} // namespace tileprof
