#include "profiler/cli/explore_command.hpp"

#include "base/exit_codes.hpp"
#include "base/input_error.hpp"
#include "profiler/cli/report_file.hpp"
#include "profiler/cli/scenario_runs.hpp"
#include "profiler/engine/explore/explorer.hpp"
#include "profiler/model/scenario/scenario_writer.hpp"
#include "profiler/reports/explore/explore_report.hpp"

#include <cstdio>
#include <filesystem>
#include <thread>
#include <unistd.h>

namespace tileprof {

namespace {

namespace fs = std::filesystem;

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
std::string writeFinding(const Scenario& shrunk, const fs::path& path, const std::string& what, std::uint32_t seed,
                         const std::string& replayCommand)
{
    Scenario s = shrunk;
    s.name = path.stem().string();
    std::string text = "# tileprof explore --seed " + std::to_string(seed) + ": " + what + "\n" + "# Replay: " +
                       replayCommand + path.string() + "\n" + scenarioToml(s);
    if (!writeReport(text, path.string(), "explore")) {
        throw InputError(path.string() + ": cannot write the explored scenario");
    }
    return path.string();
}

} // namespace

int runExploreCommand(const ExploreCommandOptions& o)
{
    std::vector<Explored> all;
    ScenarioOpener opener(o.rom);
    std::vector<RomCoverage> coverage;
    bool failed = false;
    const bool terminal = isatty(STDERR_FILENO) == 1;
    try {
        for (const std::string& path : scenarioFiles(o.scenarios)) {
            OpenedScenario opened = opener.open(path);
            Scenario& scenario = opened.scenario;
            const ProfiledRom* rom = opened.rom;
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
            Explored e{path, opener.nameOf(*rom), scenario.budgetCycles,
                       explore(scenario, *rom, options), {}, {}, {}, 0, 0,
                       o.allowInvalidMap ? "tileprof run --allow-invalid-map " : "tileprof run "};
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
                e.findingFiles.push_back(writeFinding(f.shrunk, file, f.message, o.seed, e.replayCommand));
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
                    o.seed, e.replayCommand));
            }
            all.push_back(std::move(e));
        }
    } catch (const InputError& e) {
        std::fprintf(stderr, "tileprof explore: %s\n", e.what());
        return kExitBadInput;
    } catch (const fs::filesystem_error& e) {
        std::fprintf(stderr, "tileprof explore: %s\n", e.what());
        return kExitBadInput;
    }
    if (!o.coverage.empty() && !writeLcov(coverage, o.coverage, "explore")) {
        return kExitBadInput;
    }
    const std::string report = formatExploreReport(all, o.seed, o.format);
    if (!writeReport(report, o.report, "explore")) {
        return kExitBadInput;
    }
    return failed ? kExitFailed : kExitOk;
}

} // namespace tileprof
