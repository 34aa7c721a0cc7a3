#include "base/compression.hpp"

#include "base/input_error.hpp"

#define ZLIB_CONST
#include <zlib.h>

#include <algorithm>
#include <memory>
#include <new>

namespace tileprof {
namespace {

// zlib's windowBits: 16 more asks for a gzip header and trailer rather than a zlib stream's, and a
// negative one for neither.
int windowBits(Compression compression)
{
    switch (compression) {
    case Compression::Gzip:
        return 16 + MAX_WBITS;
    case Compression::RawDeflate:
        return -MAX_WBITS;
    case Compression::Zlib:
        break;
    }
    return MAX_WBITS;
}

} // namespace

std::string_view compressionName(Compression compression)
{
    switch (compression) {
    case Compression::Gzip:
        return "gzip";
    case Compression::RawDeflate:
        return "deflate";
    case Compression::Zlib:
        break;
    }
    return "zlib";
}

std::string inflated(std::string_view compressed, Compression compression, std::uint64_t most,
                     const std::string& where)
{
    z_stream stream{};
    if (inflateInit2(&stream, windowBits(compression)) != Z_OK)
        throw std::bad_alloc();
    const std::unique_ptr<z_stream, int (*)(z_streamp)> cleanup(&stream, inflateEnd);
    stream.next_in = reinterpret_cast<const Bytef*>(compressed.data());
    stream.avail_in = static_cast<uInt>(compressed.size());

    const std::string corrupt = where + ": corrupt " + std::string(compressionName(compression)) + " data: ";
    const std::size_t cap = static_cast<std::size_t>(std::min<std::uint64_t>(most, SIZE_MAX - 1) + 1);
    std::string bytes;
    std::size_t produced = 0;
    int status = Z_OK;
    while (status != Z_STREAM_END || stream.avail_in > 0) {
        if (status == Z_STREAM_END)
            inflateReset(&stream);
        if (produced == bytes.size()) {
            if (produced == cap)
                break;
            bytes.resize(std::min<std::size_t>(std::max<std::size_t>(2 * bytes.size(), 8 * compressed.size()), cap));
        }
        stream.next_out = reinterpret_cast<Bytef*>(bytes.data() + produced);
        stream.avail_out = static_cast<uInt>(std::min<std::size_t>(bytes.size() - produced, UINT32_MAX));
        status = inflate(&stream, Z_NO_FLUSH);
        produced = static_cast<std::size_t>(reinterpret_cast<const char*>(stream.next_out) - bytes.data());
        // With room left for output, Z_BUF_ERROR means the input ran out mid-stream.
        if (status == Z_BUF_ERROR)
            throw InputError(corrupt + "the stream is truncated");
        if (status != Z_OK && status != Z_STREAM_END)
            throw InputError(corrupt + (stream.msg ? stream.msg : zError(status)));
    }
    bytes.resize(produced);
    return bytes;
}

std::string deflated(std::string_view bytes, Compression compression)
{
    z_stream stream{};
    if (deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, windowBits(compression), 8, Z_DEFAULT_STRATEGY)
        != Z_OK)
        throw std::bad_alloc();
    const std::unique_ptr<z_stream, int (*)(z_streamp)> cleanup(&stream, deflateEnd);
    std::string out(deflateBound(&stream, static_cast<uLong>(bytes.size())), '\0');
    stream.next_in = reinterpret_cast<const Bytef*>(bytes.data());
    stream.avail_in = static_cast<uInt>(bytes.size());
    stream.next_out = reinterpret_cast<Bytef*>(out.data());
    stream.avail_out = static_cast<uInt>(out.size());
    // deflateBound's room takes the whole stream in one call.
    if (deflate(&stream, Z_FINISH) != Z_STREAM_END)
        throw std::bad_alloc();
    out.resize(stream.total_out);
    return out;
}

} // namespace tileprof
