#pragma once

#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/target/profiled_rom.hpp"
#include "profiler/model/target/rom_files.hpp"

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace tileprof {

// A scenario as it runs: read in the design of the ROM it runs on, and that ROM.
struct OpenedScenario {
    Scenario scenario;
    const ProfiledRom* rom = nullptr; // owned by the ScenarioOpener that opened it
};

// Opens scenarios on the ROMs they run on, loading each ROM once: the ROM a command line gives
// (--rom, with --symbols and --manifest when they are not beside it) for every scenario, or else
// the one each scenario names (Scenario::romPath, with Scenario::manifestPath when it names one).
// The scenario's map is read in that ROM's design.
// Every command and the debugger open scenarios through one of these.
class ScenarioOpener {
public:
    explicit ScenarioOpener(std::optional<RomFiles> romOverride = std::nullopt);

    // Throws InputError for a scenario or a ROM that cannot be loaded, naming the file (and line).
    OpenedScenario open(const std::filesystem::path& path);
    // The ROM at `files`, loaded on first use.
    const ProfiledRom& rom(const RomFiles& files);
    // The ROM every scenario runs on when the command line gives one.
    const std::optional<RomFiles>& romOverride() const { return romOverride_; }
    // The name reports give a ROM this opener loaded: its image's, without the extension, and
    // "/" and its manifest's when a scenario named one ("block-engine/actor-fall").
    std::string nameOf(const ProfiledRom& rom) const;

private:
    std::optional<RomFiles> romOverride_;
    // By image path and manifest path (empty: the one beside the image).
    std::map<std::pair<std::filesystem::path, std::filesystem::path>, std::unique_ptr<ProfiledRom>> roms_;
};

// The scenario at `path`, its map read in the design of the ROM it names (that ROM's manifest's),
// without loading the ROM itself.
Scenario loadScenario(const std::filesystem::path& path);

} // namespace tileprof
