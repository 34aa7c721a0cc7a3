#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/opening/game_opener.hpp"

#include <utility>

namespace tileprof {

ScenarioOpener::ScenarioOpener(std::optional<RomFiles> romOverride) : romOverride_(std::move(romOverride)) {}

const ProfiledRom& ScenarioOpener::rom(const RomFiles& files)
{
    std::unique_ptr<ProfiledRom>& rom = roms_[{files.image, files.manifest.value_or("")}];
    if (!rom) {
        rom = std::make_unique<ProfiledRom>(loadProfiledRom(files));
    }
    return *rom;
}

OpenedScenario ScenarioOpener::open(const std::filesystem::path& path)
{
    OpenedScenario opened;
    opened.rom = romOverride_ ? &rom(*romOverride_) : nullptr;
    opened.scenario = loadScenario(path, [&](const Scenario& scenario) {
        if (opened.rom == nullptr) {
            opened.rom = &rom(RomFiles{scenario.romPath(), std::nullopt, scenario.manifestPath()});
        }
        return opened.rom->manifest.design;
    });
    return opened;
}

std::string ScenarioOpener::nameOf(const ProfiledRom& rom) const
{
    for (const auto& [files, loaded] : roms_) {
        if (loaded.get() == &rom) {
            const auto& [image, manifest] = files;
            return manifest.empty() ? image.stem().string() : image.stem().string() + "/" + manifest.stem().string();
        }
    }
    return "";
}

Scenario loadScenario(const std::filesystem::path& path)
{
    return loadScenario(path, [](const Scenario& scenario) {
        // Not value_or: it would look for a manifest beside the ROM, and fail, when the scenario names one.
        const std::optional<std::filesystem::path> named = scenario.manifestPath();
        return loadManifest(named ? *named : manifestBeside(scenario.romPath())).design;
    });
}

} // namespace tileprof
