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

Json functionsJson(const Profile& profile)
{
    Json functions = Json::array();
    for (const FunctionProfile& function : profile.functions) {
        Json entry{{"name", function.name}, {"file", function.file}, {"line", function.line}, {"calls", function.calls}};
        entry.update(costJson("exclusive_", function.exclusive));
        entry.update(costJson("inclusive_", function.inclusive));
        functions.push_back(std::move(entry));
    }
    return functions;
}

Json linesJson(const Profile& profile)
{
    Json lines = Json::array();
    for (const LineProfile& line : profile.lines) {
        Json entry{{"file", line.file}, {"line", line.line}, {"function", line.function}, {"executions", line.executions}};
        if (line.address) {
            entry["address"] = *line.address;
            entry["instruction"] = line.instruction;
        }
        entry.update(costJson("exclusive_", line.exclusive));
        entry.update(costJson("inclusive_", line.inclusive));
        lines.push_back(std::move(entry));
    }
    return lines;
}

Json callSummaries(const ScenarioResult& result)
{
    Json calls = Json::array();
    for (const CallRecord& call : result.calls) {
        Json tiles = Json::array();
        for (const TileRead& tile : call.tilesRead) {
            tiles.push_back(tileReadJson(tile, result.tileTypes));
        }
        calls.push_back({{"frame", call.frame},
                         {"entity", result.entities[static_cast<std::size_t>(call.entity)]},
                         {"case", caseNameOf(result, call)},
                         {"cycles", call.cycles},
                         {"master_clocks", call.masterClocks},
                         {"scanlines", rounded(call.scanlines(), 4)},
                         {"start_scanline", call.startLine},
                         {"tiles_read", std::move(tiles)}});
    }
    return calls;
}

Json failuresJson(const ScenarioResult& result)
{
    Json failures = Json::array();
    for (const Failure& failure : result.failures) {
        failures.push_back({{"file", failure.file}, {"line", failure.line}, {"frame", failure.frame}, {"entity", failure.entity},
                            {"message", failure.message}});
    }
    return failures;
}

const Profile* caseProfile(const RunReport& report, const std::string& name)
{
    if (!report.attribution) {
        return nullptr;
    }
    for (const CaseProfile& candidate : report.attribution->cases) {
        if (candidate.name == name) {
            return &candidate.profile;
        }
    }
    return nullptr;
}

} // namespace

std::string formatJson(const RunReport& report)
{
    Json scenarios = Json::array();
    for (const ScenarioResult& result : report.scenarios) {
        Json cases = Json::array();
        for (const CaseStatistics& statistics : caseStatistics(std::span(&result, 1))) {
            cases.push_back(caseJson(statistics, &result.scenario));
        }
        Json& scenario = scenarios.emplace_back(Json{{"scenario", result.scenario},
                                                     {"budget_cycles", result.budgetCycles},
                                                     {"calls", result.calls.size()},
                                                     {"failures", failuresJson(result)},
                                                     {"cases", std::move(cases)},
                                                     {"call_summaries", callSummaries(result)}});
        // Only for a routine that despawns: the reports of the others keep their form.
        if (!result.despawns.empty()) {
            Json despawns = Json::array();
            for (const Despawn& despawn : result.despawns) {
                despawns.push_back({{"entity", result.entities[static_cast<std::size_t>(despawn.entity)]}, {"frame", despawn.frame}});
            }
            scenario["despawns"] = std::move(despawns);
        }
    }
    Json notRun = Json::array();
    for (const InputProblem& problem : report.inputProblems) {
        notRun.push_back({{"scenario", problem.scenario}, {"error", problem.message}});
    }
    Json cases = Json::array();
    for (const CaseStatistics& statistics : report.cases) {
        Json entry = caseJson(statistics);
        if (const Profile* profile = caseProfile(report, statistics.name)) {
            entry["functions"] = functionsJson(*profile);
        }
        cases.push_back(std::move(entry));
    }
    Json root = {
        {"tileprof", report.command},
        {"schema", kSchemaVersion},
        {"units",
         {{"cycles", "CPU cycles"},
          {"master_clocks", "21.477 MHz master clocks, DRAM refresh included"},
          {"scanlines", "master clocks / 1364"}}},
        {"scenarios", std::move(scenarios)},
        {"scenarios_not_run", std::move(notRun)},
        {"cases", std::move(cases)},
    };
    if (!report.fastRom.empty()) {
        Json fastRom = Json::array();
        for (const FastRomCase& fastRomCase : report.fastRom) {
            fastRom.push_back({{"case", fastRomCase.name},
                               {"calls", fastRomCase.calls},
                               {"slowrom_mean_master_clocks", rounded(fastRomCase.slowMeanMasterClocks, 2)},
                               {"fastrom_mean_master_clocks", rounded(fastRomCase.fastMeanMasterClocks, 2)},
                               {"slowrom_mean_scanlines", rounded(fastRomCase.slowMeanMasterClocks / 1364.0, 4)},
                               {"fastrom_mean_scanlines", rounded(fastRomCase.fastMeanMasterClocks / 1364.0, 4)},
                               {"saving_master_clocks", rounded(fastRomCase.savingMasterClocks(), 2)},
                               {"slow_rom_reads_per_call", rounded(fastRomCase.slowRomReadsPerCall, 2)}});
        }
        root["fastrom"] = std::move(fastRom);
    }
    if (report.attribution) {
        const Attribution& attribution = *report.attribution;
        Json selection = {{"description", attribution.selection.describe()}, {"calls", attribution.selected.calls}};
        selection.update(costJson("", attribution.selected.total));
        root["selection"] = std::move(selection);
        root["functions"] = functionsJson(attribution.selected);
        root["lines"] = linesJson(attribution.selected);
    }
    return root.dump(2) + "\n";
}

} // namespace tileprof
