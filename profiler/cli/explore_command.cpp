#include "profiler/cli/explore_command.hpp"

#include "emu/input_error.hpp"
#include "profiler/cli/exit_codes.hpp"
#include "profiler/cli/report_file.hpp"
#include "profiler/cli/scenario_runs.hpp"
#include "profiler/explore/explorer.hpp"
#include "profiler/report/lcov_report.hpp"
#include "profiler/scenario/scenario_writer.hpp"
#include "profiler/text/counted.hpp"
#include "profiler/text/printf_string.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <thread>
#include <unistd.h>

namespace tileprof {

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

// One scenario explored: the findings, and the scenario's own worst calls to compare them with.
struct Explored {
    std::string scenario;
    std::string rom;
    int budgetCycles;
    ExploreResult result;
    std::vector<std::uint32_t> scenarioWorst; // per case, 0 for a case the scenario never ran
    std::vector<std::string> findingFiles;    // per finding
    std::vector<std::string> worstFiles;      // per case, "" for a case never reached
    std::size_t linesRun = 0;
    std::size_t linesThatCouldRun = 0;
};

// A name for a file: letters, digits and dashes.
std::string slug(const std::string& text)
{
    std::string out;
    for (const char c : text) {
        const bool plain = std::isalnum(static_cast<unsigned char>(c)) != 0;
        if (plain) {
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else if (!out.empty() && out.back() != '-') {
            out += '-';
        }
        if (out.size() >= 60) {
            break;
        }
    }
    while (!out.empty() && out.back() == '-') {
        out.pop_back();
    }
    return out;
}

// Writes a shrunk scenario with a comment saying where it came from and what it shows.
std::string writeFinding(const Scenario& shrunk, const fs::path& path, const std::string& what, std::uint32_t seed)
{
    Scenario s = shrunk;
    s.name = path.stem().string();
    std::string text = "# tileprof explore --seed " + std::to_string(seed) + ": " + what + "\n" +
                       "# Replay: tileprof run " + path.string() + "\n" + scenarioToml(s);
    if (!writeReport(text, path.string(), "explore")) {
        throw emu::InputError(path.string() + ": cannot write the explored scenario");
    }
    return path.string();
}

std::string formatTable(const std::vector<Explored>& all, std::uint32_t seed)
{
    std::string out;
    for (const Explored& e : all) {
        const ExploreResult& r = e.result;
        out += printfString("tileprof explore: %s on %s, seed %u: %s, %s; %zu sessions kept for new code\n",
                            e.scenario.c_str(), e.rom.c_str(), seed, counted(r.sessions, "session").c_str(),
                            counted(r.calls, "call").c_str(), r.corpus);
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
            out += printfString("  - %s\n    %s, the first in session %d; replays in %s: %s\n", f.kind.c_str(),
                                counted(f.sessions, "session").c_str(), f.firstSession,
                                counted(f.shrunk.frames, "frame").c_str(), e.findingFiles[i].c_str());
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

} // namespace

int runExploreCommand(const ExploreCommandOptions& o)
{
    std::vector<Explored> all;
    std::map<fs::path, std::unique_ptr<ProfiledRom>> roms;
    std::vector<RomCoverage> coverage;
    bool failed = false;
    const bool terminal = isatty(STDERR_FILENO) == 1;
    try {
        for (const std::string& path : scenarioFiles(o.scenarios)) {
            const ProfiledRom* rom = nullptr;
            const auto romOf = [&](const RomFiles& files) -> const ProfiledRom* {
                auto& loaded = roms[files.image];
                if (!loaded) {
                    loaded = std::make_unique<ProfiledRom>(loadProfiledRom(files));
                }
                return loaded.get();
            };
            if (o.rom) {
                rom = romOf(*o.rom);
            }
            Scenario scenario = loadScenario(path, [&](const fs::path& romPath) {
                if (rom == nullptr) {
                    rom = romOf(RomFiles{romPath, std::nullopt, std::nullopt});
                }
                return rom->manifest.design;
            });
            // The files explore writes name the ROM by a path that still leads there from them.
            if (scenario.rom.find('/') != std::string::npos || scenario.rom.ends_with(".sfc")) {
                scenario.rom = fs::absolute(rom->image.name).lexically_normal().string();
            }
            RunOptions runOptions;
            runOptions.allowInvalidMap = o.allowInvalidMap;
            const ScenarioResult own = runScenario(scenario, *rom, runOptions);

            ExploreOptions options;
            options.calls = o.calls;
            options.seconds = o.seconds;
            options.seed = o.seed;
            options.jobs = o.jobs != 0 ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
            options.allowInvalidMap = o.allowInvalidMap;
            if (terminal) {
                options.progress = [&](std::uint64_t calls, std::size_t features) {
                    std::fprintf(stderr, "\rtileprof explore %s: %llu calls, %zu instructions and branch directions",
                                 path.c_str(), static_cast<unsigned long long>(calls), features);
                };
            }
            Explored e{path, fs::path(rom->image.name).stem().string(), scenario.budgetCycles,
                       explore(scenario, *rom, options), {}, {}, {}, 0, 0};
            if (terminal) {
                std::fprintf(stderr, "\n");
            }
            e.scenarioWorst.resize(rom->manifest.cases.size());
            for (const CallRecord& call : own.calls) {
                if (call.caseIndex >= 0) {
                    std::uint32_t& w = e.scenarioWorst[static_cast<std::size_t>(call.caseIndex)];
                    w = std::max(w, call.cycles);
                }
            }
            for (const RomCoverage& c : e.result.coverage) {
                for (const FileCoverage& file : sourceCoverage(c, "").files) {
                    for (const auto& [line, tally] : file.lines) {
                        ++e.linesThatCouldRun;
                        e.linesRun += tally.executions > 0;
                    }
                }
                coverage.push_back(c);
            }
            fs::create_directories(o.out);
            const std::string stem = slug(scenario.name);
            for (std::size_t i = 0; i < e.result.findings.size(); ++i) {
                const ExploreFinding& f = e.result.findings[i];
                const fs::path file = fs::path(o.out) / (stem + "-failure-" + std::to_string(i + 1) + ".toml");
                e.findingFiles.push_back(writeFinding(f.shrunk, file, f.message, o.seed));
                failed = true;
            }
            for (const ExploreWorst& w : e.result.worst) {
                if (w.cycles == 0) {
                    e.worstFiles.emplace_back();
                    continue;
                }
                const fs::path file = fs::path(o.out) / (stem + "-worst-" + slug(w.caseName) + ".toml");
                e.worstFiles.push_back(writeFinding(
                    w.shrunk, file, "the worst " + w.caseName + " call found, " + std::to_string(w.cycles) + " cycles",
                    o.seed));
            }
            all.push_back(std::move(e));
        }
    } catch (const emu::InputError& e) {
        std::fprintf(stderr, "tileprof explore: %s\n", e.what());
        return kExitBadInput;
    } catch (const fs::filesystem_error& e) {
        std::fprintf(stderr, "tileprof explore: %s\n", e.what());
        return kExitBadInput;
    }
    if (!o.coverage.empty()) {
        const LcovReport lcov = formatLcov(coverage, fs::path(o.coverage).parent_path());
        for (const auto& [path, text] : lcov.listings) {
            if (!writeReport(text, path.string(), "explore")) {
                return kExitBadInput;
            }
        }
        if (!writeReport(lcov.tracefile, o.coverage, "explore")) {
            return kExitBadInput;
        }
    }
    const std::string report = o.format == "json" ? formatJson(all, o.seed) : formatTable(all, o.seed);
    if (!writeReport(report, o.report, "explore")) {
        return kExitBadInput;
    }
    return failed ? kExitFailed : kExitOk;
}

} // namespace tileprof
