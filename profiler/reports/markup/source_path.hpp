#pragma once

#include <filesystem>
#include <string>

namespace tileprof {

// A source file's path as reports show it to a person: relative to the working directory when
// that is shorter, as ld65 recorded it otherwise.
inline std::string displayPath(const std::string& file)
{
    const std::string relative = std::filesystem::path(file).lexically_proximate(std::filesystem::current_path()).string();
    return relative.size() < file.size() ? relative : file;
}

} // namespace tileprof
