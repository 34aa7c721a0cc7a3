#pragma once

#include <algorithm>
#include <string>

namespace tileprof {

// Text for a Markdown table cell: a '|' inside it must not end the cell.
inline std::string markdownCell(const std::string& text)
{
    std::string out;
    for (const char c : text) {
        out += c == '|' ? "\\|" : std::string(1, c);
    }
    return out;
}

// `text` as an inline code span: fenced by more backticks than any run of them inside it, with a
// space inside the fence when it begins or ends with one (CommonMark strips one space each side).
inline std::string markdownCode(const std::string& text)
{
    std::size_t longest = 0;
    std::size_t run = 0;
    for (const char c : text) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const std::string fence(longest + 1, '`');
    const bool pad = !text.empty() && (text.front() == '`' || text.back() == '`');
    return fence + (pad ? " " : "") + text + (pad ? " " : "") + fence;
}

} // namespace tileprof
