#include "profiler/cli/scenario_runs.hpp"

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "profiler/model/scenario/scenario.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iterator>

namespace tileprof {

namespace {

// "scenario 3 of 23" on one stderr line, once a run has taken a second, and only on a terminal.
class Progress {
public:
    Progress(const char* command, std::size_t total)
        : command_(command), total_(total), start_(std::chrono::steady_clock::now()), shown_(isatty(STDERR_FILENO) == 1)
    {
    }
    ~Progress()
    {
        if (drawn_) {
            std::fprintf(stderr, "\r\033[K");
        }
    }
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    void at(std::size_t done, const std::string& scenario)
    {
        if (!shown_ || std::chrono::steady_clock::now() - start_ < std::chrono::seconds(1)) {
            return;
        }
        std::fprintf(stderr, "\r\033[Ktileprof %s: scenario %zu of %zu: %s", command_, done + 1, total_, scenario.c_str());
        drawn_ = true;
    }

private:
    const char* command_;
    std::size_t total_;
    std::chrono::steady_clock::time_point start_;
    bool shown_;
    bool drawn_ = false;
};

} // namespace

namespace {

// Every .toml file under `directory`, in name order, each as `directory` joined with its path there.
std::vector<std::string> tomlFilesUnder(const std::filesystem::path& directory)
{
    std::vector<std::string> found;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(directory)) {
        if (entry.is_regular_file() && entry.path().extension() == ".toml") {
            found.push_back((directory / entry.path().lexically_relative(directory)).string());
        }
    }
    std::sort(found.begin(), found.end());
    return found;
}

} // namespace

std::vector<std::string> scenarioFiles(const std::vector<std::string>& paths)
{
    std::vector<std::string> files;
    for (const std::string& path : paths) {
        std::error_code error;
        if (!std::filesystem::is_directory(path, error)) {
            files.push_back(path);
            continue;
        }
        try {
            std::ranges::copy(tomlFilesUnder(path), std::back_inserter(files));
        } catch (const std::filesystem::filesystem_error&) {
            files.push_back(path); // loading it then says why it cannot be read
        }
    }
    return files;
}

std::vector<std::string> bundledScenarios()
{
    std::vector<std::string> found;
    for (const std::string& file : tomlFilesUnder(bundledScenarioDirectory())) {
        found.push_back(std::filesystem::path(file).lexically_proximate(std::filesystem::current_path()).string());
    }
    return found;
}

ScenarioRuns runScenarios(const std::vector<std::string>& requested, const RunOptions& options, const char* command,
                          const std::optional<RomFiles>& romOverride)
{
    const std::vector<std::string> paths = requested.empty() ? bundledScenarios() : scenarioFiles(requested);
    ScenarioRuns runs{ScenarioOpener(romOverride), {}, {}, {}};
    Progress progress(command, paths.size());
    for (std::size_t i = 0; i < paths.size(); ++i) {
        progress.at(i, paths[i]);
        try {
            const OpenedScenario opened = runs.opener.open(paths[i]);
            runs.results.push_back(runScenario(opened.scenario, *opened.rom, options));
            runs.romOf.push_back(opened.rom);
        } catch (const InputError& e) {
            std::fprintf(stderr, "tileprof %s: %s\n", command, e.what());
            runs.problems.push_back({paths[i], e.what()});
        }
    }
    return runs;
}

namespace {

// Scenarios run on different ROMs: the ROM of each, to name its cases "ROM: case" and its functions
// "ROM: function", so that two routines' cases or functions of one name ("falling") are not
// counted as one. Nothing when they all ran on one ROM.
std::vector<std::string> romNamesIfSeveral(const ScenarioRuns& runs)
{
    if (std::ranges::all_of(runs.romOf, [&](const ProfiledRom* rom) { return rom == runs.romOf.front(); })) {
        return {};
    }
    std::vector<std::string> names;
    for (std::size_t i = 0; i < runs.results.size(); ++i) {
        names.push_back(romNameOf(runs, i));
    }
    return names;
}

} // namespace

std::string romNameOf(const ScenarioRuns& runs, std::size_t result)
{
    return runs.opener.nameOf(*runs.romOf[result]);
}

RunReport reportOf(ScenarioRuns runs, const char* command, const std::optional<Selection>& selection)
{
    RunReport report;
    report.command = command;
    const std::vector<std::string> romNames = romNamesIfSeveral(runs);
    for (std::size_t i = 0; i < romNames.size(); ++i) {
        for (std::string& name : runs.results[i].cases) {
            name = romNames[i] + ": " + name;
        }
    }
    report.cases = caseStatistics(runs.results);
    if (selection) {
        report.attribution = attribute(runs.results, runs.romOf, *selection, romNames);
        CoverageBuilder coverage;
        for (std::size_t i = 0; i < runs.results.size(); ++i) {
            for (const CallRecord& call : runs.results[i].calls) {
                if (selection->selects(runs.results[i], call)) {
                    coverage.add(call, *runs.romOf[i]);
                }
            }
        }
        for (const RomCoverage& rom : coverage.build()) {
            report.coverage.push_back(sourceCoverage(rom, rom.rom + ".disassembly.s"));
        }
    }
    report.scenarios = std::move(runs.results);
    report.inputProblems = std::move(runs.problems);
    return report;
}

} // namespace tileprof
