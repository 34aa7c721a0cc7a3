#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tileprof {

// The little-endian word at `at` in bytes read into a string (a zip archive's fields, a snes9x
// movie's header); the caller has checked that it lies within them.
inline std::uint16_t littleEndian16(std::string_view bytes, std::size_t at)
{
    return static_cast<std::uint16_t>(static_cast<std::uint8_t>(bytes[at]) | static_cast<std::uint8_t>(bytes[at + 1]) << 8);
}

inline std::uint32_t littleEndian32(std::string_view bytes, std::size_t at)
{
    return littleEndian16(bytes, at) | static_cast<std::uint32_t>(littleEndian16(bytes, at + 2)) << 16;
}

} // namespace tileprof
