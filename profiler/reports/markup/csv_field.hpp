#pragma once

#include <string>

namespace tileprof {

// `text` as one CSV field (RFC 4180): as it is, or in double quotes (a quote inside doubled) when
// it holds a comma, a quote or a line break.
inline std::string csvField(const std::string& text)
{
    if (text.find_first_of(",\"\r\n") == std::string::npos) {
        return text;
    }
    std::string quoted = "\"";
    for (const char c : text) {
        quoted += c == '"' ? "\"\"" : std::string(1, c);
    }
    return quoted + "\"";
}

} // namespace tileprof
