#include "tests/support/temp_dir.hpp"

#include <fstream>
#include <random>
#include <stdexcept>

namespace tileprof::test {

TempDir::TempDir() : path_(std::filesystem::temp_directory_path() / ("tileprof-test-" + std::to_string(std::random_device{}())))
{
    std::filesystem::create_directories(path_);
}

TempDir::~TempDir()
{
    std::error_code leftBehind; // a destructor must not throw; a stray temp dir is harmless
    std::filesystem::remove_all(path_, leftBehind);
}

std::filesystem::path TempDir::write(const std::string& name, std::string_view text) const
{
    std::filesystem::create_directories(file(name).parent_path());
    std::ofstream out(file(name), std::ios::binary);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (!out) {
        throw std::runtime_error("cannot write " + file(name).string());
    }
    return file(name);
}

std::filesystem::path TempDir::write(const std::string& name, const std::vector<std::uint8_t>& bytes) const
{
    return write(name, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

std::string TempDir::relative(std::string message) const
{
    const std::string prefix = (path_ / "").string();
    for (std::size_t at = message.find(prefix); at != std::string::npos; at = message.find(prefix)) {
        message.erase(at, prefix.size());
    }
    return message;
}

std::vector<std::string> partialFiles(const std::filesystem::path& dir)
{
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().filename().string().find(".tileprof-partial") != std::string::npos) {
            names.push_back(entry.path().filename().string());
        }
    }
    return names;
}

} // namespace tileprof::test
