// tileprof compare: a tour's designs side by side.

#include "base/counted.hpp"
#include "base/exit_codes.hpp"
#include "base/printf_string.hpp"
#include "profiler/arguments/format_argument.hpp"
#include "profiler/cli/command.hpp"
#include "profiler/cli/report_file.hpp"
#include "profiler/cli/scenario_runs.hpp"
#include "profiler/model/target/routine_footprint.hpp"
#include "profiler/reports/run/case_json.hpp"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace tileprof {

namespace {

struct CompareOptions {
    std::vector<std::string> scenarios; // files or directories: a tour, one walk of it per design
    ReportFormat format = ReportFormat::Table;
    std::string out; // empty: stdout
    bool allowInvalidMap = false;
};

constexpr const char* kEveryCall = "every call";

// One ROM's walk of the tour: every scenario that ran on it.
struct DesignRun {
    std::string rom; // the image's name without its extension
    std::vector<std::string> scenarios;
    std::vector<ScenarioResult> results;
    std::optional<CaseStatistics> everyCall;
    std::vector<CaseStatistics> cases;
    std::optional<RoutineFootprint> footprint;
    std::size_t failures = 0;
};

std::size_t callsOf(const DesignRun& design)
{
    return design.everyCall ? design.everyCall->calls : 0;
}

std::vector<DesignRun> designRuns(ScenarioRuns& runs)
{
    std::vector<DesignRun> designs;
    std::vector<const ProfiledRom*> order;
    for (std::size_t i = 0; i < runs.results.size(); ++i) {
        const ProfiledRom* rom = runs.romOf[i];
        auto found = std::ranges::find(order, rom);
        if (found == order.end()) {
            order.push_back(rom);
            DesignRun& design = designs.emplace_back();
            design.rom = romNameOf(runs, i);
            design.footprint = footprintOf(*rom);
            found = order.end() - 1;
        }
        DesignRun& design = designs[static_cast<std::size_t>(found - order.begin())];
        design.scenarios.push_back(runs.results[i].scenario);
        design.failures += runs.results[i].failures.size();
        design.results.push_back(std::move(runs.results[i]));
    }
    for (DesignRun& design : designs) {
        design.everyCall = callStatistics(design.results, kEveryCall);
        design.cases = caseStatistics(design.results);
    }
    return designs;
}

// Each design's rows: every call first, then its cases.
template <class Row>
void forEachRow(const std::vector<DesignRun>& designs, const Row& row)
{
    for (const DesignRun& design : designs) {
        bool first = true;
        if (design.everyCall) {
            row(design, *design.everyCall, first);
            first = false;
        }
        for (const CaseStatistics& c : design.cases) {
            row(design, c, first);
            first = false;
        }
    }
}

std::string bytesText(const DesignRun& design, bool rom)
{
    if (!design.footprint) {
        return "?";
    }
    return std::to_string(rom ? design.footprint->romBytes : design.footprint->ramBytes);
}

std::string summary(const std::vector<DesignRun>& designs, std::size_t notRun)
{
    std::size_t scenarios = 0;
    std::size_t calls = 0;
    for (const DesignRun& d : designs) {
        scenarios += d.scenarios.size();
        calls += callsOf(d);
    }
    std::string text = counted(designs.size(), "design") + ", " + counted(scenarios, "scenario") + ", " +
                       counted(calls, "call");
    return notRun > 0 ? text + ", " + counted(notRun, "scenario") + " not run" : text;
}

const char* const kBytesNote = "ROM: the image's code and data (header and vectors left out); RAM: the work RAM it "
                               "reserves, the map's tiles and the entity slots left out (from the ld65 debug file; ? "
                               "without one)";

std::string failureText(const DesignRun& design)
{
    return design.failures == 0 ? "" : "  " + counted(design.failures, "failure");
}

// What a row adds after its figures: over budget (a mean over it), and on a design's first row its
// failures.
std::string verdictText(const DesignRun& design, const CaseStatistics& statistics, bool first)
{
    return (statistics.overBudget() ? "  OVER BUDGET" : "") + (first ? failureText(design) : "");
}

// One walk of a tour per design makes as many calls on each: a warning when they differ, as the
// designs then did not do the same work.
std::string unevenCallsText(const std::vector<DesignRun>& designs)
{
    std::string counts;
    bool uneven = false;
    for (const DesignRun& d : designs) {
        uneven = uneven || callsOf(d) != callsOf(designs.front());
        counts += (counts.empty() ? "" : ", ") + d.rom + " " + std::to_string(callsOf(d));
    }
    return uneven ? "warning: the designs made different numbers of calls (" + counts +
                        "): their walks are not the same tour, so their figures do not compare\n"
                  : "";
}

// The scenarios that could not be run, a line each, as `run` lists them.
std::string notRunLines(const std::vector<InputProblem>& problems, const char* bullet)
{
    std::string out;
    for (const InputProblem& p : problems) {
        out += bullet + notRunText(p) + "\n";
    }
    return out.empty() ? out : "\n" + out;
}

std::string formatTable(const std::vector<DesignRun>& designs, const std::vector<InputProblem>& problems)
{
    const std::size_t notRun = problems.size();
    std::size_t width = 6;
    for (const DesignRun& d : designs) {
        width = std::max(width, d.rom.size());
    }
    const int w = static_cast<int>(width);
    std::string out = "tileprof compare: " + summary(designs, notRun) + "\n\n";
    out += printfString("%-*s %-18s %6s   %-19s   %-16s   %-13s   %s\n", w, "", "", "", "cycles", "scanlines", "budget",
                        "bytes");
    out += printfString("%-*s %-18s %6s   %6s %5s %5s   %5s %5s %5s   %6s %6s   %6s %6s\n", w, "design", "case",
                        "calls", "mean", "p95", "max", "mean", "p95", "max", "mean", "max", "ROM", "RAM");
    forEachRow(designs, [&](const DesignRun& design, const CaseStatistics& statistics, bool first) {
        std::string row = printfString("%-*s %-18s %6zu   %6.1f %5.0f %5.0f   %5.2f %5.2f %5.2f   %5.1f%% %5.1f%%   %6s %6s%s", w,
                            first ? design.rom.c_str() : "", statistics.name.c_str(), statistics.calls, statistics.cycles.mean, statistics.cycles.p95,
                            statistics.cycles.max, statistics.scanlines.mean, statistics.scanlines.p95, statistics.scanlines.max, 100.0 * statistics.meanBudgetShare,
                            100.0 * statistics.maxBudgetShare, first ? bytesText(design, true).c_str() : "",
                            first ? bytesText(design, false).c_str() : "", verdictText(design, statistics, first).c_str());
        row.erase(row.find_last_not_of(' ') + 1);
        out += row + "\n";
    });
    return out + "\n" + kBytesNote + "\n" + unevenCallsText(designs) + notRunLines(problems, "  ");
}

std::string formatMarkdown(const std::vector<DesignRun>& designs, const std::vector<InputProblem>& problems)
{
    const std::size_t notRun = problems.size();
    std::string out = "**tileprof compare**: " + summary(designs, notRun) + "\n\n";
    out += "| design | case | calls | mean cycles | p95 | max | mean scanlines | p95 | max | budget mean | max | ROM "
           "bytes | RAM bytes |\n";
    out += "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n";
    forEachRow(designs, [&](const DesignRun& design, const CaseStatistics& statistics, bool first) {
        out += printfString("| %s | %s%s | %zu | %.1f | %.0f | %.0f | %.2f | %.2f | %.2f | %.1f%% | %.1f%% | %s | %s |\n",
                            first ? ("`" + design.rom + "`" + failureText(design)).c_str() : "", statistics.name.c_str(),
                            statistics.overBudget() ? " (over budget)" : "", statistics.calls,
                            statistics.cycles.mean, statistics.cycles.p95, statistics.cycles.max, statistics.scanlines.mean, statistics.scanlines.p95,
                            statistics.scanlines.max, 100.0 * statistics.meanBudgetShare, 100.0 * statistics.maxBudgetShare,
                            first ? bytesText(design, true).c_str() : "", first ? bytesText(design, false).c_str() : "");
    });
    return out + "\n" + kBytesNote + ".\n" + unevenCallsText(designs) + notRunLines(problems, "- ");
}

std::string formatJson(const std::vector<DesignRun>& designs, const std::vector<InputProblem>& problems)
{
    Json designsJson = Json::array();
    for (const DesignRun& d : designs) {
        Json cases = Json::array();
        for (const CaseStatistics& c : d.cases) {
            cases.push_back(caseJson(c));
        }
        Json entry{{"rom", d.rom}, {"scenarios", d.scenarios}};
        entry["rom_bytes"] = d.footprint ? Json(d.footprint->romBytes) : Json(nullptr);
        entry["ram_bytes"] = d.footprint ? Json(d.footprint->ramBytes) : Json(nullptr);
        entry["failures"] = d.failures;
        entry["every_call"] = d.everyCall ? caseJson(*d.everyCall) : Json(nullptr);
        entry["cases"] = std::move(cases);
        designsJson.push_back(std::move(entry));
    }
    Json notRun = Json::array();
    for (const InputProblem& p : problems) {
        notRun.push_back({{"scenario", p.scenario}, {"error", p.message}});
    }
    Json report{{"tileprof", "compare"}, {"schema", 1}, {"designs", std::move(designsJson)}, {"not_run", std::move(notRun)}};
    return report.dump(2) + "\n";
}

int compare(const CompareOptions& o)
{
    RunOptions options;
    options.allowInvalidMap = o.allowInvalidMap;
    ScenarioRuns runs = runScenarios(o.scenarios, options, "compare");
    const std::vector<InputProblem> problems = runs.problems;
    const std::vector<DesignRun> designs = designRuns(runs);
    const std::string text = o.format == ReportFormat::Json       ? formatJson(designs, problems)
                             : o.format == ReportFormat::Markdown ? formatMarkdown(designs, problems)
                                                                  : formatTable(designs, problems);
    if (!writeReport(text, o.out, "compare")) {
        return kExitBadInput;
    }
    if (!problems.empty()) {
        return kExitBadInput;
    }
    const bool failed = std::ranges::any_of(designs, [](const DesignRun& design) { return design.failures > 0; });
    return failed ? kExitFailed : kExitOk;
}

CommandAction defineCompare(CLI::App& command)
{
    auto o = std::make_shared<CompareOptions>();
    command.add_option("scenarios", o->scenarios, "Scenario files (.toml) or directories: one walk of the tour per design")
        ->required();
    addFormatOption(command, o->format, kComparisonFormats);
    command.add_option("--out", o->out, "Write the report to this file instead of stdout");
    command.add_flag("--allow-invalid-map", o->allowInvalidMap, "Run maps that break the placement or clearance rules");
    return [o] { return compare(*o); };
}

} // namespace

// `tileprof compare`: runs each scenario on its own ROM and sets the ROMs side by side: per case
// and over every call, the calls, mean / p95 / max cycles and scanlines, the share of the budget,
// and the routine's ROM and RAM bytes. Exits 0, 1 when an expectation or invariant failed, 2 when
// a scenario or its ROM cannot be used.
const Command kCompareCommand{"compare",
                              "Run a tour's scenarios, each on its own ROM, and set the designs side by side: cycles per "
                              "case, budget, ROM and RAM bytes",
                              defineCompare};

} // namespace tileprof
