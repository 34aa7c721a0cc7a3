#pragma once

#include "base/bundled_files.hpp"

#include <algorithm>
#include <filesystem>
#include <vector>

namespace tileprof::test {

inline std::filesystem::path sharedDir()
{
    return TILEPROF_SHARED_DIR;
}

inline std::filesystem::path testdataDir()
{
    return sharedDir() / "testdata";
}

inline std::filesystem::path tileprofBinary()
{
    return TILEPROF_BINARY;
}

inline std::filesystem::path tileprofGuiBinary()
{
    return TILEPROF_GUI_BINARY;
}

// Every bundled scenario (roms/tile-collision/scenarios/*.toml), in name order.
inline std::vector<std::filesystem::path> bundledScenarioPaths()
{
    std::vector<std::filesystem::path> found;
    for (const auto& entry : std::filesystem::directory_iterator(bundledScenarioDirectory())) {
        found.push_back(entry.path());
    }
    std::ranges::sort(found);
    return found;
}

} // namespace tileprof::test
