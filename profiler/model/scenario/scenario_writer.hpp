#pragma once

#include "profiler/model/scenario/scenario.hpp"

#include <filesystem>
#include <string>

namespace tileprof {

// A scenario as a TOML file that loadScenario reads back to the same values: name, rom (unless it
// is the default "tile-collision" or empty), manifest (when given), frames, budget_cycles (unless
// 542), the map as ASCII `tiles` rows, or as `names` rows when a tile has no legend character (also
// for a map loaded from a Tiled file), every entity and every expectation.
// Optional keys with their default values are left out. Numbers are written in their shortest
// form that reads back as the same double. The source lines (`line`, mapRowLines, mapLine),
// `path` and `mapFile` are not written. A ROM path is written as it is: a relative one is taken
// relative to the directory the file is saved in. Throws std::invalid_argument if the map's tiles
// are not width x height.
std::string scenarioToml(const Scenario& scenario);

// A hitbox as a scenario file writes it: "{ left = 6, right = 6, top = 12, height = 24 }".
std::string hitboxTable(const Hitbox& box);

// Writes scenarioToml(scenario) to `path` through a temporary file beside it (see replaceFile), so
// a failed save leaves any previous file whole. Throws InputError "PATH: cannot write: reason".
void saveScenario(const Scenario& scenario, const std::filesystem::path& path);

} // namespace tileprof
