#pragma once

#include "profiler/gui/palette.hpp"

#include <doctest/doctest.h>
#include <stb/stb_image.h>

#include <cstddef>
#include <filesystem>
#include <memory>

namespace tileprof::test {

// A PNG the headless debugger wrote, pixel by pixel.
class Picture {
public:
    explicit Picture(const std::filesystem::path& png)
    {
        int channels = 0;
        pixels_.reset(stbi_load(png.string().c_str(), &width_, &height_, &channels, 3));
        REQUIRE_MESSAGE(pixels_, "cannot read " << png.string());
    }
    int width() const { return width_; }
    int height() const { return height_; }
    gui::Rgb at(int x, int y) const
    {
        REQUIRE(x >= 0);
        REQUIRE(y >= 0);
        REQUIRE(x < width_);
        REQUIRE(y < height_);
        const unsigned char* p = pixels_.get() + (static_cast<std::size_t>(y) * width_ + x) * 3;
        return {p[0], p[1], p[2]};
    }

private:
    struct Free {
        void operator()(unsigned char* p) const { stbi_image_free(p); }
    };
    std::unique_ptr<unsigned char, Free> pixels_;
    int width_ = 0;
    int height_ = 0;
};

} // namespace tileprof::test
