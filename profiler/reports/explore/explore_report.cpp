#include "profiler/reports/explore/explore_report.hpp"

#include "base/counted.hpp"
#include "base/printf_string.hpp"
#include "profiler/reports/markup/json.hpp"
#include "profiler/reports/markup/markdown_text.hpp"
#include "profiler/reports/markup/xml_text.hpp"

#include <nlohmann/json.hpp>

namespace tileprof {

namespace {


std::string formatTable(const std::vector<Explored>& all, std::uint32_t seed)
{
    std::string out;
    for (const Explored& e : all) {
        const ExploreResult& r = e.result;
        out += printfString("tileprof explore: %s on %s, seed %u: %s, %s; %s kept for new code\n",
                            e.scenario.c_str(), e.rom.c_str(), seed, counted(r.sessions, "session").c_str(),
                            counted(r.calls, "call").c_str(), counted(r.corpus, "session").c_str());
        out += printfString("  coverage: %zu of %zu lines of the routine ran", e.linesRun, e.linesThatCouldRun);
        std::string growth;
        for (const CoverageMilestone& m : r.growth) {
            const std::string calls = std::to_string(m.calls);
            const bool powerOfTen = calls[0] == '1' && calls.find_first_not_of('0', 1) == std::string::npos;
            if (powerOfTen || &m == &r.growth.back()) {
                growth += printfString("%s%llu calls %zu", growth.empty() ? "" : ", ",
                                       static_cast<unsigned long long>(m.calls), m.features);
            }
        }
        out += growth.empty() ? "\n" : "; instructions and branch directions reached after " + growth + "\n";
        if (r.findings.empty()) {
            out += "  no failure: every call kept the design's invariants and returned properly\n";
        } else {
            out += printfString("  %s:\n", counted(r.findings.size(), "failure kind").c_str());
        }
        for (std::size_t i = 0; i < r.findings.size(); ++i) {
            const ExploreFinding& f = r.findings[i];
            out += printfString("  - %s\n    %s, the first in session %d; replays in %s: %s%s\n", f.kind.c_str(),
                                counted(f.sessions, "session").c_str(), f.firstSession,
                                counted(f.shrunk.frames, "frame").c_str(), e.replayCommand.c_str(),
                                e.findingFiles[i].c_str());
        }
        out += printfString("  worst call of each case      explored  scenario    budget\n");
        for (std::size_t c = 0; c < r.worst.size(); ++c) {
            const ExploreWorst& w = r.worst[c];
            if (w.cycles == 0) {
                out += printfString("    %-24s %8s %9s\n", w.caseName.c_str(), "-", "-");
                continue;
            }
            const double share = 100.0 * w.cycles / e.budgetCycles;
            const std::string scenarioWorst = e.scenarioWorst[c] == 0 ? "-" : std::to_string(e.scenarioWorst[c]);
            out += printfString("    %-24s %8u %9s %8.1f%%%s  %s\n", w.caseName.c_str(), w.cycles, scenarioWorst.c_str(),
                                share, w.cycles > static_cast<std::uint32_t>(e.budgetCycles) ? " OVER BUDGET" : "",
                                e.worstFiles[c].c_str());
        }
    }
    return out;
}

std::string formatJson(const std::vector<Explored>& all, std::uint32_t seed)
{
    Json scenarios = Json::array();
    for (const Explored& e : all) {
        const ExploreResult& r = e.result;
        Json findings = Json::array();
        for (std::size_t i = 0; i < r.findings.size(); ++i) {
            const ExploreFinding& f = r.findings[i];
            findings.push_back({{"kind", f.kind},
                                {"message", f.message},
                                {"sessions", f.sessions},
                                {"first_session", f.firstSession},
                                {"frames", f.shrunk.frames},
                                {"file", e.findingFiles[i]}});
        }
        Json worst = Json::array();
        for (std::size_t c = 0; c < r.worst.size(); ++c) {
            const ExploreWorst& w = r.worst[c];
            worst.push_back({{"case", w.caseName},
                             {"explored_cycles", w.cycles},
                             {"scenario_cycles", e.scenarioWorst[c]},
                             {"budget_cycles", e.budgetCycles},
                             {"file", e.worstFiles[c]}});
        }
        Json growth = Json::array();
        for (const CoverageMilestone& m : r.growth) {
            growth.push_back({{"calls", m.calls}, {"features", m.features}});
        }
        scenarios.push_back({{"scenario", e.scenario},
                             {"rom", e.rom},
                             {"sessions", r.sessions},
                             {"calls", r.calls},
                             {"corpus", r.corpus},
                             {"lines_run", e.linesRun},
                             {"lines_that_could_run", e.linesThatCouldRun},
                             {"coverage_growth", std::move(growth)},
                             {"failures", std::move(findings)},
                             {"worst_calls", std::move(worst)}});
    }
    return Json{{"tileprof", "explore"}, {"schema", 1}, {"seed", seed}, {"scenarios", std::move(scenarios)}}.dump(2) +
           "\n";
}

// A heading per scenario, its failures and its worst calls as tables.
std::string formatMarkdown(const std::vector<Explored>& all, std::uint32_t seed)
{
    std::string out;
    for (const Explored& e : all) {
        const ExploreResult& r = e.result;
        out += printfString("### tileprof explore: %s on %s: %s\n\n", markdownCode(e.scenario).c_str(), e.rom.c_str(),
                            r.findings.empty() ? "nothing failed" : counted(r.findings.size(), "failure kind").c_str());
        out += printfString("Seed %u: %s, %s; %zu of %zu lines of the routine ran.\n\n", seed,
                            counted(r.sessions, "session").c_str(), counted(r.calls, "call").c_str(), e.linesRun,
                            e.linesThatCouldRun);
        if (!r.findings.empty()) {
            out += "| failure | sessions | replay |\n|---|--:|---|\n";
            for (std::size_t i = 0; i < r.findings.size(); ++i) {
                const ExploreFinding& f = r.findings[i];
                out += "| " + markdownCell(f.kind) + " | " + std::to_string(f.sessions) + " | " +
                       markdownCode(e.replayCommand + e.findingFiles[i]) + " (" + counted(f.shrunk.frames, "frame") +
                       ") |\n";
            }
            out += "\n";
        }
        out += "| case | worst explored | scenario's worst | budget |\n|---|--:|--:|--:|\n";
        for (std::size_t c = 0; c < r.worst.size(); ++c) {
            const ExploreWorst& w = r.worst[c];
            if (w.cycles == 0) {
                continue;
            }
            const bool over = w.cycles > static_cast<std::uint32_t>(e.budgetCycles);
            out += printfString("| %s | %s%u%s | %s | %.1f%% |\n", markdownCell(w.caseName).c_str(), over ? "**" : "",
                                w.cycles, over ? "**" : "",
                                e.scenarioWorst[c] == 0 ? "-" : std::to_string(e.scenarioWorst[c]).c_str(),
                                100.0 * w.cycles / e.budgetCycles);
        }
        out += "\n";
    }
    return out;
}

// A test suite per scenario: a failing test case per failure kind, or one passing case saying how
// many calls kept every invariant.
std::string formatJunit(const std::vector<Explored>& all, std::uint32_t seed)
{
    std::size_t tests = 0;
    std::size_t failures = 0;
    std::string suites;
    for (const Explored& e : all) {
        const ExploreResult& r = e.result;
        const std::size_t cases = std::max<std::size_t>(1, r.findings.size());
        tests += cases;
        failures += r.findings.size();
        suites += printfString("  <testsuite name=\"%s\" tests=\"%zu\" failures=\"%zu\" errors=\"0\">\n",
                               xmlEscaped("explore " + e.scenario).c_str(), cases, r.findings.size());
        if (r.findings.empty()) {
            suites += printfString("    <testcase classname=\"%s\" name=\"%s\"/>\n", xmlEscaped(e.rom).c_str(),
                                   xmlEscaped("every invariant held in " + counted(r.calls, "call") + ", seed " +
                                              std::to_string(seed)).c_str());
        }
        for (std::size_t i = 0; i < r.findings.size(); ++i) {
            const ExploreFinding& f = r.findings[i];
            suites += printfString("    <testcase classname=\"%s\" name=\"%s\">\n      <failure message=\"%s\">%s</failure>\n"
                                   "    </testcase>\n",
                                   xmlEscaped(e.rom).c_str(), xmlEscaped(f.kind).c_str(), xmlEscaped(f.message).c_str(),
                                   xmlEscaped(e.replayCommand + e.findingFiles[i] + " replays it in " +
                                              counted(f.shrunk.frames, "frame")).c_str());
        }
        suites += "  </testsuite>\n";
    }
    return printfString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"tileprof explore\" tests=\"%zu\" "
                        "failures=\"%zu\" errors=\"0\">\n",
                        tests, failures) +
           suites + "</testsuites>\n";
}

} // namespace

std::string formatExploreReport(const std::vector<Explored>& all, std::uint32_t seed, ReportFormat format)
{
    switch (format) {
    case ReportFormat::Json:
        return formatJson(all, seed);
    case ReportFormat::Markdown:
        return formatMarkdown(all, seed);
    case ReportFormat::Junit:
        return formatJunit(all, seed);
    default:
        return formatTable(all, seed);
    }
}

} // namespace tileprof
