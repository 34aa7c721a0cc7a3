#pragma once

#include <string>

namespace tileprof {

// `tileprof labels --mlb`: writes the ROM's labels (default: the bundled tile-collision ROM) as a
// Mesen label file. Returns 0, or 2 when the ROM, its debug file or its manifest cannot be used.
int runLabelsCommand(const std::string& rom, const std::string& out);

} // namespace tileprof
