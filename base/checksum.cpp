#include "base/checksum.hpp"

#include <zlib.h>

#include <algorithm>
#include <limits>

namespace tileprof {

std::uint32_t crc32Of(std::string_view bytes)
{
    uLong crc = crc32(0L, Z_NULL, 0);
    while (!bytes.empty()) {
        const std::size_t chunk = std::min<std::size_t>(bytes.size(), std::numeric_limits<uInt>::max());
        crc = crc32(crc, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(chunk));
        bytes.remove_prefix(chunk);
    }
    return static_cast<std::uint32_t>(crc);
}

} // namespace tileprof
