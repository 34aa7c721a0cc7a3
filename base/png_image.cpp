#include "base/png_image.hpp"

#include "base/checksum.hpp"
#include "base/compression.hpp"

#include <stdexcept>

namespace tileprof {

namespace {

void appendBigEndian(std::string& out, std::uint32_t value)
{
    for (int shift = 24; shift >= 0; shift -= 8) {
        out.push_back(static_cast<char>((value >> shift) & 0xFF));
    }
}

// A chunk: its length, type and data, and the CRC-32 of type and data.
void appendChunk(std::string& out, std::string_view type, std::string_view data)
{
    appendBigEndian(out, static_cast<std::uint32_t>(data.size()));
    const std::string typed = std::string(type) + std::string(data);
    out += typed;
    appendBigEndian(out, crc32Of(typed));
}

} // namespace

std::string pngImage(std::span<const std::uint32_t> pixels, unsigned width, unsigned height)
{
    if (pixels.size() != std::size_t{width} * height || width == 0 || height == 0) {
        throw std::logic_error("pngImage: the pixels are not width x height");
    }
    // Each row: filter type 0 (none), then R, G, B for each pixel.
    std::string raw;
    raw.reserve((std::size_t{width} * 3 + 1) * height);
    for (unsigned y = 0; y < height; ++y) {
        raw.push_back('\0');
        for (const std::uint32_t pixel : pixels.subspan(std::size_t{y} * width, width)) {
            raw.push_back(static_cast<char>((pixel >> 16) & 0xFF));
            raw.push_back(static_cast<char>((pixel >> 8) & 0xFF));
            raw.push_back(static_cast<char>(pixel & 0xFF));
        }
    }
    std::string header;
    appendBigEndian(header, width);
    appendBigEndian(header, height);
    header += std::string("\x08\x02\x00\x00\x00", 5); // 8 bits a channel, RGB, deflate, filters, no interlace
    std::string png = "\x89PNG\r\n\x1A\n";
    appendChunk(png, "IHDR", header);
    appendChunk(png, "IDAT", deflated(raw, Compression::Zlib));
    appendChunk(png, "IEND", "");
    return png;
}

} // namespace tileprof
