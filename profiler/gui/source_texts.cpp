#include "profiler/gui/source_texts.hpp"

#include "base/file_contents.hpp"
#include "base/text_lines.hpp"

namespace tileprof::gui {

const std::vector<std::string>& SourceTexts::lines(const std::string& recorded, const std::optional<std::filesystem::path>& found)
{
    auto [it, added] = text_.try_emplace(recorded);
    if (added) {
        try {
            const std::string contents = readFileContents(found.value_or(recorded), "source file", {16u << 20, "a source file"});
            forEachLine(contents, [&lines = it->second](std::string_view line, int) { lines.emplace_back(line); });
        } catch (const std::exception&) {
            // Shown as missing: the ROM's debug file names a source that is not here.
        }
    }
    return it->second;
}

} // namespace tileprof::gui
