#pragma once

#include "profiler/model/scenario/scenario.hpp"

namespace tileprof {

// Writes the scenario's map, edited in memory (tile types changed, the same width and height),
// back to where loadScenario read it from:
// - an ASCII map (`[map] tiles`): the characters of the changed tiles in the scenario file are
//   replaced by their legend characters; every other byte of the file (comments, other rows,
//   spacing, line endings) stays as it is;
// - a map of names (`[map] names`): the string holds the edited map's rows again, as
//   scenarioToml writes them; every byte of the file outside it stays as it is;
// - a Tiled map (`[map] file`): the changed tiles of its tile layer, see tiledMapWithTiles.
// The file is replaced through a temporary file beside it (see replaceFile). The file is read again
// first: if its map is no longer where and what size it was when loaded (rows on other lines, other
// sizes), it has changed since, and nothing is written. Entity placement is not checked again.
// Throws InputError naming the file and the problem.
void saveMap(const Scenario& scenario);

} // namespace tileprof
