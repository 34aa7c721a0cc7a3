#pragma once

#include <filesystem>

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

} // namespace tileprof::test
