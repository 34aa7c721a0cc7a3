#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace tileprof::gui {

// The scenarios opened lately, most recent first, kept in a file between sessions
// ($XDG_CONFIG_HOME/tileprof/recent-scenarios, else ~/.config/tileprof/recent-scenarios).
class RecentScenarios {
public:
    static constexpr std::size_t kKept = 12;

    explicit RecentScenarios(std::filesystem::path file);
    // Where the list lives by default; empty when neither variable is set.
    static std::filesystem::path defaultFile();

    const std::vector<std::string>& paths() const { return paths_; }
    // Puts `path` (made absolute) first and saves the list; a list that cannot be saved stays in memory.
    void add(const std::filesystem::path& path);

private:
    std::filesystem::path file_;
    std::vector<std::string> paths_;
};

} // namespace tileprof::gui
