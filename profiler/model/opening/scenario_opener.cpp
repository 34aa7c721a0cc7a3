#include "profiler/model/opening/scenario_opener.hpp"

#include <utility>

namespace tileprof {

ScenarioOpener::ScenarioOpener(std::optional<RomFiles> romOverride) : romOverride_(std::move(romOverride)) {}

const ProfiledRom& ScenarioOpener::rom(const RomFiles& files)
{
    std::unique_ptr<ProfiledRom>& rom = roms_[files.image];
    if (!rom) {
        rom = std::make_unique<ProfiledRom>(loadProfiledRom(files));
    }
    return *rom;
}

OpenedScenario ScenarioOpener::open(const std::filesystem::path& path)
{
    OpenedScenario opened;
    opened.rom = romOverride_ ? &rom(*romOverride_) : nullptr;
    opened.scenario = loadScenario(path, [&](const std::filesystem::path& romPath) {
        if (opened.rom == nullptr) {
            opened.rom = &rom(RomFiles{romPath, std::nullopt, std::nullopt});
        }
        return opened.rom->manifest.design;
    });
    return opened;
}

std::string ScenarioOpener::nameOf(const ProfiledRom& rom) const
{
    for (const auto& [image, loaded] : roms_) {
        if (loaded.get() == &rom) {
            return image.stem().string();
        }
    }
    return "";
}

Scenario loadScenario(const std::filesystem::path& path)
{
    return loadScenario(path, [](const std::filesystem::path& romPath) { return loadManifest(manifestBeside(romPath)).design; });
}

} // namespace tileprof
