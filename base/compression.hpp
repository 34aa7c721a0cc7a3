#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tileprof {

// The wrappings of a deflate stream zlib reads and writes: zlib's, gzip's, or none (RawDeflate, as a
// zip archive holds a member).
enum class Compression : std::uint8_t { Zlib, Gzip, RawDeflate };

// "zlib", "gzip" or "deflate", as messages name it.
std::string_view compressionName(Compression compression);

// What `compressed` inflates to: one stream, or several one after another (`cat a.gz b.gz`). It
// stops after `most` + 1 bytes, so that a caller refuses more than it takes without inflating a
// bomb. Throws InputError "WHERE: corrupt gzip data: ZLIB'S REASON" (or zlib), "...: the stream is
// truncated" when the input ends inside one.
std::string inflated(std::string_view compressed, Compression compression, std::uint64_t most,
                     const std::string& where);

// `bytes` deflated at zlib's default level in the wrapping `compression`.
std::string deflated(std::string_view bytes, Compression compression);

} // namespace tileprof
