#include "profiler/cli/run_command.hpp"

#include "emu/input_error.hpp"
#include "profiler/cli/exit_codes.hpp"
#include "profiler/report/run_report.hpp"
#include "profiler/rom/profiled_rom.hpp"
#include "profiler/scenario/scenario.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>

namespace tileprof {

namespace {

// Every scenario under scripts/, as paths relative to the working directory when it holds them.
std::vector<std::string> bundledScenarios()
{
    std::vector<std::string> found;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(TILEPROF_SCRIPTS_DIR)) {
        if (entry.is_regular_file() && entry.path().extension() == ".toml") {
            found.push_back(entry.path().lexically_proximate(std::filesystem::current_path()).string());
        }
    }
    std::sort(found.begin(), found.end());
    return found;
}

} // namespace

int runRunCommand(const RunCommandOptions& options)
{
    const std::vector<std::string> paths = options.scenarios.empty() ? bundledScenarios() : options.scenarios;
    std::map<std::filesystem::path, ProfiledRom> roms;
    RunReport report;
    bool inputError = false;
    for (const std::string& path : paths) {
        try {
            const Scenario scenario = loadScenario(path);
            const std::filesystem::path romPath = resolveRomPath(scenario.rom, scenario.path.parent_path());
            auto rom = roms.find(romPath);
            if (rom == roms.end()) {
                rom = roms.emplace(romPath, loadProfiledRom(romPath)).first;
            }
            report.scenarios.push_back(runScenario(scenario, rom->second, {options.allowInvalidMap}));
        } catch (const emu::InputError& e) {
            std::fprintf(stderr, "tileprof run: %s\n", e.what());
            inputError = true;
        }
    }
    report.cases = caseStatistics(report.scenarios);
    if (!report.scenarios.empty()) {
        const std::string text = options.format == "json" ? formatRunJson(report) : formatRunTable(report);
        std::fputs(text.c_str(), stdout);
    }

    if (inputError) {
        return kExitBadInput;
    }
    const bool failed = std::any_of(report.scenarios.begin(), report.scenarios.end(),
                                    [](const ScenarioResult& s) { return !s.failures.empty(); }) ||
                        std::any_of(report.cases.begin(), report.cases.end(),
                                    [](const CaseStatistics& c) { return c.overBudget(); });
    return failed ? kExitFailed : kExitOk;
}

} // namespace tileprof
