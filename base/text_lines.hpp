#pragma once

#include <algorithm>
#include <string_view>

namespace tileprof {

// Calls each(line, number) for every line of `text`, numbered from 1, without its "\n" or "\r\n".
// A final newline ends the last line rather than starting an empty one.
template <class Each>
void forEachLine(std::string_view text, Each each)
{
    int number = 0;
    for (std::size_t position = 0; position < text.size();) {
        const std::size_t newline = std::min(text.find('\n', position), text.size());
        std::string_view line = text.substr(position, newline - position);
        position = newline + 1;
        if (line.ends_with('\r')) {
            line.remove_suffix(1);
        }
        each(line, ++number);
    }
}

} // namespace tileprof
