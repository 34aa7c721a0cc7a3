#pragma once

#include <cstdint>
#include <string>

namespace tileprof {

// "1 call", "2 calls": a count and its noun, plural unless the count is one.
inline std::string counted(std::uint64_t count, const std::string& noun)
{
    return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

// "1,282,964,864": a count with its thousands grouped.
inline std::string grouped(std::uint64_t n)
{
    const std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) {
            out += ',';
        }
        out += digits[i];
    }
    return out;
}

// "1,916 frames": a count with its thousands grouped, and its noun.
inline std::string groupedCount(std::uint64_t count, const std::string& noun)
{
    return grouped(count) + " " + noun + (count == 1 ? "" : "s");
}

} // namespace tileprof
