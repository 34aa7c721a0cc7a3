#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace tileprof::test {

// A fresh directory under the system temp folder, removed with everything in it at the end of
// the test.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return path_; }
    std::filesystem::path file(const std::string& name) const { return path_ / name; }

    std::filesystem::path write(const std::string& name, std::string_view text) const;
    std::filesystem::path write(const std::string& name, const std::vector<std::uint8_t>& bytes) const;

    // `message` with this directory cut out of every path in it, so tests can compare messages.
    std::string relative(std::string message) const;

private:
    std::filesystem::path path_;
};

// The names in `dir` of the temporary files an OutputFile writes before it puts them in place.
std::vector<std::string> partialFiles(const std::filesystem::path& dir);

} // namespace tileprof::test
