// tileprof validate: maps against their design's placement rules, scenarios against their
// entities' clearance.

#include "base/exit_codes.hpp"
#include "base/input_error.hpp"
#include "profiler/arguments/rom_arguments.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/cli/command.hpp"
#include "profiler/formats/map/map_validator.hpp"
#include "profiler/formats/map/tiled_map.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario_validator.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace tileprof {

namespace {

struct ValidateCommandOptions {
    std::vector<std::string> files;
    std::string design{kDefaultDesign}; // what a Tiled map is drawn in
    RomArguments rom;                   // the ROM whose design every scenario's map is read in
};

struct CheckedMap {
    int width = 0;
    int height = 0;
    std::vector<std::string> violations; // formatted, one line each
};

// A .tmj or .tmx file is a Tiled map, checked against the placement rules of `design`; anything else
// is read as a scenario, whose entities' clearance is checked too, with the shapes of its ROM's design,
// after the checks run makes of whether its ROM can take it (a map over the manifest's limits is
// refused here as there).
CheckedMap checkFile(const std::string& file, const std::string& design, ScenarioOpener& opener)
{
    CheckedMap checked;
    if (isTiledMapPath(file)) {
        const Design tiles = loadDesign(resolveDesignPath(design, std::filesystem::current_path()));
        const TileMap map = loadTiledMap(file, tiles);
        checked.width = map.width;
        checked.height = map.height;
        for (const MapViolation& violation : validateMap(map, tiles)) {
            checked.violations.push_back(formatViolation(violation, tiles, file, {}));
        }
        return checked;
    }
    const OpenedScenario opened = opener.open(file);
    const Scenario& scenario = opened.scenario;
    checkScenarioFits(scenario, *opened.rom);
    checked.width = scenario.map.width;
    checked.height = scenario.map.height;
    for (const MapViolation& violation : validateScenario(scenario, {scenario.map, opened.rom->design})) {
        checked.violations.push_back(formatViolation(violation, scenario));
    }
    return checked;
}

int validate(const ValidateCommandOptions& o)
{
    int exitCode = kExitOk;
    ScenarioOpener opener(o.rom.files());
    for (const std::string& file : o.files) {
        try {
            const CheckedMap checked = checkFile(file, o.design, opener);
            for (const std::string& line : checked.violations) {
                std::printf("%s\n", line.c_str());
            }
            const std::size_t count = checked.violations.size();
            if (count == 0) {
                std::printf("%s: valid (%d x %d tiles)\n", file.c_str(), checked.width, checked.height);
            } else {
                std::printf("%s: %zu violation%s\n", file.c_str(), count, count == 1 ? "" : "s");
                exitCode = std::max(exitCode, kExitFailed);
            }
        } catch (const InputError& e) {
            std::fprintf(stderr, "tileprof validate: %s\n", e.what());
            exitCode = kExitBadInput;
        }
    }
    return exitCode;
}

CommandAction defineValidate(CLI::App& command)
{
    auto o = std::make_shared<ValidateCommandOptions>();
    command.add_option("files", o->files, "Scenario (.toml) or Tiled map (.tmj, .tmx) files")->required();
    o->rom.addTo(command);
    command.add_option("--design", o->design,
                       "The design a Tiled map is drawn in: a bundled one by name, or a design file (default untech); "
                       "a scenario's is its ROM's");
    return [o] { return validate(*o); };
}

} // namespace

// `tileprof validate [--design D] MAP_OR_SCENARIO...`: checks each map (a scenario's, or a Tiled
// .tmj or .tmx file) against its design's placement rules (a scenario's ROM's design; for a Tiled
// file `design`, a bundled design's name or a design file), and a scenario's against the clearance
// its entities need. Prints one line per violation; exits 0 when every map is valid, 1 when a map
// breaks a rule, 2 when a file cannot be read.
const Command kValidateCommand{
    "validate", "Check maps against their design's placement rules, and scenarios against their entities' clearance",
    defineValidate};

} // namespace tileprof
