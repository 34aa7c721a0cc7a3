#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace tileprof {

// Where tileprof finds what it ships with. In a build tree: the ROMs the build assembled (with
// their symbol files and manifests) in the build's roms/, and the rest in the sources' roms/. An
// installed tileprof (cmake --install, PREFIX/bin/tileprof) finds both in PREFIX/share/tileprof/roms,
// so it runs with the source tree gone.

// The bundled ROM tileprof profiles when a scenario or command names none.
inline constexpr std::string_view kDefaultRom = "tile-collision";

// The built ROM images, each NAME.sfc beside its symbol file and NAME.manifest.toml.
std::filesystem::path bundledRomDirectory();

// A bundled ROM by name ("tile-collision"): its image in bundledRomDirectory().
std::filesystem::path bundledRomPath(std::string_view name);

// The names of the bundled ROMs, sorted.
std::vector<std::string> bundledRomNames();

// The sources' roms/ folder: designs/, each ROM's scenarios/ and explore/, tours/.
std::filesystem::path bundledSourceDirectory();

// The bundled collision designs, NAME.toml ("untech").
std::filesystem::path bundledDesignDirectory();

// The bundled scenarios: the default ROM's, which `run` and `profile` run when given none.
std::filesystem::path bundledScenarioDirectory();

} // namespace tileprof
