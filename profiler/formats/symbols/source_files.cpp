#include "profiler/formats/symbols/source_files.hpp"

#include <algorithm>
#include <system_error>
#include <vector>

namespace tileprof {

namespace {

bool isFile(const std::filesystem::path& path)
{
    std::error_code unreadable;
    return std::filesystem::is_regular_file(path, unreadable);
}

} // namespace

std::optional<std::filesystem::path> findSourceFile(const std::string& recorded,
                                                    const std::vector<std::filesystem::path>& directories)
{
    const std::filesystem::path name(recorded);
    if (name.empty() || isFile(name)) {
        return name.empty() ? std::nullopt : std::optional(name);
    }
    // The recorded name's trailing parts, longest first: an absolute name of the machine that built
    // the ROM ("/home/a/game/src/player.s") is found where the sources were copied with their
    // folders ("src/player.s" under a directory searched), before a file of the same name elsewhere.
    const std::filesystem::path unrooted = name.relative_path();
    const std::vector<std::filesystem::path> parts(unrooted.begin(), unrooted.end());
    for (std::size_t first = 0; first < parts.size(); ++first) {
        std::filesystem::path suffix;
        for (std::size_t i = first; i < parts.size(); ++i) {
            suffix /= parts[i];
        }
        for (const std::filesystem::path& directory : directories) {
            if (isFile(directory / suffix)) {
                return directory / suffix;
            }
        }
    }
    return std::nullopt;
}

std::vector<std::filesystem::path> sourceDirectories(std::vector<std::filesystem::path> given,
                                                     const std::filesystem::path& debugFile)
{
    std::error_code unresolved;
    std::filesystem::path directory = std::filesystem::absolute(debugFile, unresolved).parent_path();
    // An assembler runs in the project's root or a directory of it: a few levels up suffice, and
    // stop short of searching the whole file system by file name.
    for (int level = 0; level < 4 && !directory.empty(); ++level) {
        if (std::ranges::find(given, directory) == given.end()) {
            given.push_back(directory);
        }
        if (directory == directory.parent_path()) {
            break;
        }
        directory = directory.parent_path();
    }
    return given;
}

} // namespace tileprof
