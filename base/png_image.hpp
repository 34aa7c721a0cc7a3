#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace tileprof {

// A PNG file of an 8-bit RGB image (colour type 2, no interlace) from XRGB8888 pixels, row after
// row, `width` x `height` of them; the top byte of each pixel is ignored.
std::string pngImage(std::span<const std::uint32_t> pixels, unsigned width, unsigned height);

} // namespace tileprof
