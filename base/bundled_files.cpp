#include "base/bundled_files.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <system_error>

namespace tileprof {
namespace {

namespace fs = std::filesystem;

// PREFIX/share/tileprof/roms when this program runs installed as PREFIX/bin/NAME; nothing in a build tree.
const std::optional<fs::path>& installedRoms()
{
    static const std::optional<fs::path> found = []() -> std::optional<fs::path> {
        std::error_code error;
        const fs::path program = fs::read_symlink("/proc/self/exe", error);
        if (error) {
            return std::nullopt;
        }
        fs::path roms = program.parent_path().parent_path() / "share" / "tileprof" / "roms";
        if (!fs::is_directory(roms, error)) {
            return std::nullopt;
        }
        return roms;
    }();
    return found;
}

} // namespace

fs::path bundledRomDirectory()
{
    return installedRoms().value_or(fs::path(TILEPROF_BUILT_ROM_DIR));
}

fs::path bundledRomPath(std::string_view name)
{
    return bundledRomDirectory() / (std::string(name) + ".sfc");
}

std::vector<std::string> bundledRomNames()
{
    std::vector<std::string> names;
    std::error_code error;
    for (const fs::directory_entry& entry : fs::directory_iterator(bundledRomDirectory(), error)) {
        if (entry.path().extension() == ".sfc") {
            names.push_back(entry.path().stem().string());
        }
    }
    std::ranges::sort(names);
    return names;
}

fs::path bundledSourceDirectory()
{
    return installedRoms().value_or(fs::path(TILEPROF_SOURCE_ROM_DIR));
}

fs::path bundledDesignDirectory()
{
    return bundledSourceDirectory() / "designs";
}

fs::path bundledScenarioDirectory()
{
    return bundledSourceDirectory() / kDefaultRom / "scenarios";
}

} // namespace tileprof
