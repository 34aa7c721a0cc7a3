#pragma once

#include <filesystem>
#include <string_view>

namespace tileprof {

// The bundled ROM tileprof profiles when a scenario or command names none.
inline constexpr std::string_view kDefaultRom = "tile-collision";

// Where the build put the ROMs assembled from roms/ (<name>.sfc and <name>.dbg).
inline std::filesystem::path bundledRomPath(std::string_view name)
{
    return std::filesystem::path(TILEPROF_ROM_DIR) / (std::string(name) + ".sfc");
}

} // namespace tileprof
