#include "profiler/debugger/recent_scenarios.hpp"

#include "base/input_error.hpp"
#include "base/output_file.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <system_error>

namespace tileprof::gui {

RecentScenarios::RecentScenarios(std::filesystem::path file) : file_(std::move(file))
{
    std::ifstream in(file_);
    std::string line;
    while (paths_.size() < kKept && std::getline(in, line)) {
        if (!line.empty()) {
            paths_.push_back(line);
        }
    }
}

std::filesystem::path RecentScenarios::defaultFile()
{
    if (const char* config = std::getenv("XDG_CONFIG_HOME"); config != nullptr && *config != '\0') {
        return std::filesystem::path(config) / "tileprof" / "recent-scenarios";
    }
    if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
        return std::filesystem::path(home) / ".config" / "tileprof" / "recent-scenarios";
    }
    return {};
}

void RecentScenarios::add(const std::filesystem::path& path)
{
    std::error_code error;
    const std::string absolute = std::filesystem::absolute(path, error).lexically_normal().string();
    std::erase(paths_, absolute);
    paths_.insert(paths_.begin(), absolute);
    if (paths_.size() > kKept) {
        paths_.resize(kKept);
    }
    if (file_.empty()) {
        return;
    }
    std::filesystem::create_directories(file_.parent_path(), error);
    try {
        std::string text;
        for (const std::string& p : paths_) {
            text += p + '\n';
        }
        replaceFile(file_, text);
    } catch (const InputError&) {
        // Remembering is a convenience: a configuration directory it cannot write costs nothing else.
    }
}

} // namespace tileprof::gui
