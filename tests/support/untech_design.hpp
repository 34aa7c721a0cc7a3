#pragma once

#include "profiler/formats/design/design.hpp"

#include <string_view>

namespace tileprof::test {

// The bundled untech design (roms/designs/untech.toml), read once.
const Design& untechDesign();

// One of its tile types by name ("SOLID", "DOWN_RIGHT_SLOPE"); a name it lacks fails the test run.
TileId untechTile(std::string_view name);

} // namespace tileprof::test
