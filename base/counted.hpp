#pragma once

#include <cstdint>
#include <string>

namespace tileprof {

// "1 call", "2 calls": a count and its noun, plural unless the count is one.
inline std::string counted(std::uint64_t count, const std::string& noun)
{
    return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

} // namespace tileprof
