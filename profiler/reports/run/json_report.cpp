#include "profiler/reports/run/run_report.hpp"

#include "base/rounding.hpp"
#include "profiler/reports/run/case_json.hpp"

#include <nlohmann/json.hpp>

namespace tileprof {

namespace {

constexpr int kSchemaVersion = 2;

Json costJson(const char* prefix, const Cost& cost)
{
    return {{std::string(prefix) + "cycles", cost.cycles}, {std::string(prefix) + "master_clocks", cost.masterClocks}};
}

Json functionsJson(const Profile& p)
{
    Json functions = Json::array();
    for (const FunctionProfile& f : p.functions) {
        Json entry{{"name", f.name}, {"file", f.file}, {"line", f.line}, {"calls", f.calls}};
        entry.update(costJson("exclusive_", f.exclusive));
        entry.update(costJson("inclusive_", f.inclusive));
        functions.push_back(std::move(entry));
    }
    return functions;
}

Json linesJson(const Profile& p)
{
    Json lines = Json::array();
    for (const LineProfile& l : p.lines) {
        Json entry{{"file", l.file}, {"line", l.line}, {"function", l.function}, {"executions", l.executions}};
        if (l.address) {
            entry["address"] = *l.address;
            entry["instruction"] = l.instruction;
        }
        entry.update(costJson("exclusive_", l.exclusive));
        entry.update(costJson("inclusive_", l.inclusive));
        lines.push_back(std::move(entry));
    }
    return lines;
}

Json callSummaries(const ScenarioResult& s)
{
    Json calls = Json::array();
    for (const CallRecord& call : s.calls) {
        Json tiles = Json::array();
        for (const TileRead& t : call.tilesRead) {
            tiles.push_back({{"column", t.column}, {"row", t.row},
                             {"type", s.tileTypes[t.type]}, {"cycle", t.cycle}});
        }
        calls.push_back({{"frame", call.frame},
                         {"entity", s.entities[static_cast<std::size_t>(call.entity)]},
                         {"case", caseNameOf(s, call)},
                         {"cycles", call.cycles},
                         {"master_clocks", call.masterClocks},
                         {"scanlines", rounded(call.scanlines(), 4)},
                         {"start_scanline", call.startLine},
                         {"tiles_read", std::move(tiles)}});
    }
    return calls;
}

Json failuresJson(const ScenarioResult& s)
{
    Json failures = Json::array();
    for (const Failure& f : s.failures) {
        failures.push_back({{"file", f.file}, {"line", f.line}, {"frame", f.frame}, {"entity", f.entity},
                            {"message", f.message}});
    }
    return failures;
}

const Profile* caseProfile(const RunReport& r, const std::string& name)
{
    if (!r.attribution) {
        return nullptr;
    }
    for (const CaseProfile& c : r.attribution->cases) {
        if (c.name == name) {
            return &c.profile;
        }
    }
    return nullptr;
}

} // namespace

std::string formatJson(const RunReport& r)
{
    Json scenarios = Json::array();
    for (const ScenarioResult& s : r.scenarios) {
        Json cases = Json::array();
        for (const CaseStatistics& c : caseStatistics(std::span(&s, 1))) {
            cases.push_back(caseJson(c, &s.scenario));
        }
        scenarios.push_back({{"scenario", s.scenario},
                             {"budget_cycles", s.budgetCycles},
                             {"calls", s.calls.size()},
                             {"failures", failuresJson(s)},
                             {"cases", std::move(cases)},
                             {"call_summaries", callSummaries(s)}});
    }
    Json notRun = Json::array();
    for (const InputProblem& problem : r.inputProblems) {
        notRun.push_back({{"scenario", problem.scenario}, {"error", problem.message}});
    }
    Json cases = Json::array();
    for (const CaseStatistics& c : r.cases) {
        Json entry = caseJson(c);
        if (const Profile* p = caseProfile(r, c.name)) {
            entry["functions"] = functionsJson(*p);
        }
        cases.push_back(std::move(entry));
    }
    Json root = {
        {"tileprof", r.command},
        {"schema", kSchemaVersion},
        {"units",
         {{"cycles", "CPU cycles"},
          {"master_clocks", "21.477 MHz master clocks, DRAM refresh included"},
          {"scanlines", "master clocks / 1364"}}},
        {"scenarios", std::move(scenarios)},
        {"scenarios_not_run", std::move(notRun)},
        {"cases", std::move(cases)},
    };
    if (!r.fastRom.empty()) {
        Json fastRom = Json::array();
        for (const FastRomCase& c : r.fastRom) {
            fastRom.push_back({{"case", c.name},
                               {"calls", c.calls},
                               {"slowrom_mean_master_clocks", rounded(c.slowMeanMasterClocks, 2)},
                               {"fastrom_mean_master_clocks", rounded(c.fastMeanMasterClocks, 2)},
                               {"slowrom_mean_scanlines", rounded(c.slowMeanMasterClocks / 1364.0, 4)},
                               {"fastrom_mean_scanlines", rounded(c.fastMeanMasterClocks / 1364.0, 4)},
                               {"saving_master_clocks", rounded(c.savingMasterClocks(), 2)},
                               {"slow_rom_reads_per_call", rounded(c.slowRomReadsPerCall, 2)}});
        }
        root["fastrom"] = std::move(fastRom);
    }
    if (r.attribution) {
        const Attribution& a = *r.attribution;
        Json selection = {{"description", a.selection.describe()}, {"calls", a.selected.calls}};
        selection.update(costJson("", a.selected.total));
        root["selection"] = std::move(selection);
        root["functions"] = functionsJson(a.selected);
        root["lines"] = linesJson(a.selected);
    }
    return root.dump(2) + "\n";
}

} // namespace tileprof
