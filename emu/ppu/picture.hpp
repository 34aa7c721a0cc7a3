#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace emu {

// One frame the PPU drew, as bsnes v094's libretro output has it (the picture tileprof is compared
// with): 512 pixels a row, each low-resolution pixel twice, and a row a line drawn (224, or 239
// with overscan), XRGB8888. An interlaced frame has twice the rows: each line's even field above
// its odd field's.
class Picture {
public:
    static constexpr unsigned kWidth = 512;
    static constexpr unsigned kMaxLines = 239;
    static constexpr unsigned kMaxRows = 2 * kMaxLines;

    Picture() : pixels_(std::size_t{kWidth} * kMaxRows) {}

    unsigned width() const { return kWidth; }
    unsigned height() const { return rows_; }
    std::span<const std::uint32_t> pixels() const { return {pixels_.data(), std::size_t{kWidth} * rows_}; }
    std::span<std::uint32_t, kWidth> row(unsigned y) { return std::span<std::uint32_t, kWidth>{pixels_.data() + y * kWidth, kWidth}; }
    // The frame it is of (from power-on, counting from 0).
    std::uint64_t frame() const { return frame_; }
    void finish(std::uint64_t frame, unsigned rows)
    {
        frame_ = frame;
        rows_ = rows;
    }

private:
    std::vector<std::uint32_t> pixels_;
    unsigned rows_ = 224;
    std::uint64_t frame_ = 0;
};

} // namespace emu
