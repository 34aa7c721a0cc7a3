#pragma once

#include <filesystem>
#include <string_view>

namespace tileprof {

// Where the build put the ROMs assembled from roms/ (<name>.sfc and <name>.dbg).
inline std::filesystem::path bundledRomPath(std::string_view name)
{
    return std::filesystem::path(TILEPROF_ROM_DIR) / (std::string(name) + ".sfc");
}

} // namespace tileprof
