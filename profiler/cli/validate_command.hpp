#pragma once

#include "profiler/formats/design/design.hpp"
#include "profiler/model/target/rom_files.hpp"

#include <optional>
#include <string>
#include <vector>

namespace tileprof {

struct ValidateCommandOptions {
    std::vector<std::string> files;
    std::string design{kDefaultDesign}; // what a Tiled map is drawn in
    std::optional<RomFiles> rom;        // the ROM whose design every scenario's map is read in
};

// `tileprof validate [--design D] MAP_OR_SCENARIO...`: checks each map (a scenario's, or a Tiled .tmj
// file) against its design's placement rules (a scenario's ROM's design; for a .tmj file `design`, a
// bundled design's name or a design file), and a scenario's against the clearance its entities
// need. Prints one line per violation; returns 0 when every map is valid, 1 when a map breaks a
// rule, 2 when a file cannot be read.
int runValidateCommand(const ValidateCommandOptions& options);

} // namespace tileprof
