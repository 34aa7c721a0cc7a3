#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tileprof::gui {

// The source files a debug file names, as the debugger's panels show them: each read once, line by
// line, within the bound every input has; one that cannot be read here has no lines.
class SourceTexts {
public:
    // The lines of the file the debug file records as `recorded`, found at `found` (or, when it was
    // not found, tried as recorded).
    const std::vector<std::string>& lines(const std::string& recorded, const std::optional<std::filesystem::path>& found);

private:
    std::map<std::string, std::vector<std::string>> text_;
};

} // namespace tileprof::gui
