#pragma once

#include <filesystem>
#include <string>

namespace tileprof::test {

// The bundled routine's manifest as written in the source tree, not the copy the build puts
// beside the ROM.
std::filesystem::path sourceManifestPath();

// What loadManifest throws for `text` saved as manifest.toml, with the directory cut out; "" if it loads.
std::string manifestError(const std::string& text);

} // namespace tileprof::test
