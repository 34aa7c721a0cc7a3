#include "profiler/report/run_report.hpp"

#include "profiler/text/printf_string.hpp"

namespace tileprof {

namespace {

std::string field(const std::string& text)
{
    if (text.find_first_of(",\"\n") == std::string::npos) {
        return text;
    }
    std::string quoted = "\"";
    for (const char c : text) {
        quoted += c == '"' ? "\"\"" : std::string(1, c);
    }
    return quoted + "\"";
}

std::string caseRow(const std::string& scope, const std::string& scenario, const CaseStatistics& c)
{
    return printfString("%s,%s,%s,%zu,%.0f,%.2f,%.0f,%.0f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%zu,%s,%s,%d,%s,%u\n",
                        scope.c_str(), field(scenario).c_str(), field(c.name).c_str(), c.calls, c.cycles.min,
                        c.cycles.mean, c.cycles.p95, c.cycles.max, c.scanlines.min, c.scanlines.mean, c.scanlines.p95,
                        c.scanlines.max, c.meanBudgetShare, c.maxBudgetShare, c.callsOverBudget,
                        c.overBudget() ? "true" : "false", field(c.worst.scenario).c_str(), c.worst.frame,
                        field(c.worst.entity).c_str(), c.worst.cycles);
}

std::string costColumns(const Cost& exclusive, const Cost& inclusive)
{
    return printfString("%llu,%llu,%llu,%llu", static_cast<unsigned long long>(exclusive.cycles),
                        static_cast<unsigned long long>(exclusive.masterClocks),
                        static_cast<unsigned long long>(inclusive.cycles),
                        static_cast<unsigned long long>(inclusive.masterClocks));
}

std::string profileCsv(const Profile& p)
{
    std::string out = "kind,name,file,line,function,calls,executions,exclusive_cycles,exclusive_master_clocks,"
                      "inclusive_cycles,inclusive_master_clocks\n";
    for (const FunctionProfile& f : p.functions) {
        out += printfString("function,%s,%s,%d,,%llu,,%s\n", field(f.name).c_str(), field(f.file).c_str(), f.line,
                            static_cast<unsigned long long>(f.calls), costColumns(f.exclusive, f.inclusive).c_str());
    }
    for (const LineProfile& l : p.lines) {
        // The name is quoted whole: a quoted file name followed by ":LINE" is no CSV field.
        out += printfString("line,%s,%s,%d,%s,,%llu,%s\n", field(l.file + ":" + std::to_string(l.line)).c_str(),
                            field(l.file).c_str(), l.line, field(l.function).c_str(),
                            static_cast<unsigned long long>(l.executions),
                            costColumns(l.exclusive, l.inclusive).c_str());
    }
    return out;
}

} // namespace

std::string formatCsv(const RunReport& r)
{
    if (r.command == "profile") {
        return profileCsv(r.attribution->selected);
    }
    std::string out = "scope,scenario,case,calls,min_cycles,mean_cycles,p95_cycles,max_cycles,min_scanlines,"
                      "mean_scanlines,p95_scanlines,max_scanlines,mean_budget_share,max_budget_share,"
                      "calls_over_budget,over_budget,worst_scenario,worst_frame,worst_entity,worst_cycles\n";
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
