#include "tests/support/loaded_rom.hpp"
#include "profiler/model/opening/game_opener.hpp"

#include "base/bundled_files.hpp"

#include <map>
#include <string>

namespace tileprof::test {

const ProfiledRom& loadedBundledRom(std::string_view name)
{
    static std::map<std::string, ProfiledRom, std::less<>> loaded;
    const auto found = loaded.find(name);
    if (found != loaded.end()) {
        return found->second;
    }
    return loaded.emplace(std::string(name), loadProfiledRom(bundledRomPath(name))).first->second;
}

} // namespace tileprof::test
