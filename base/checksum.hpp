#pragma once

#include <cstdint>
#include <string_view>

namespace tileprof {

// The CRC-32 of zip, gzip and PNG (polynomial $EDB88320, reflected), which WLA-DX's symbol files
// record of the ROM they describe.
std::uint32_t crc32Of(std::string_view bytes);

} // namespace tileprof
