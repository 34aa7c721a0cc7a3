// The picture against bsnes-mercury's: each picture test ROM (roms/picture-tests/) runs in both
// machines from power-on, and every frame tileprof's PPU draws must be bsnes-mercury's libretro
// frame pixel for pixel. Pictures are finished as V-blank starts (line 225, or 240 with
// overscan), before either machine's frame ends (docs/picture.md).

#include "oracle/libretro_core.hpp"
#include "tests/support/oracle_frame.hpp"

#include "base/bundled_files.hpp"
#include "base/output_file.hpp"
#include "base/png_image.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/system/snes.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>

namespace tileprof::test {
namespace {

// Past the start of V-blank at line 225, or 240 with overscan, before the frame ends.
constexpr std::uint32_t kCutLine = 241;

std::uint16_t noButtons(std::uint64_t)
{
    return 0;
}

// Runs `rom` for `frames` frames in both machines, pad 1 holding `pad(frame)`'s buttons ($4218's
// order) through each frame; fails at the first pixel that differs, naming the frame, the pixel
// and both colours.
void comparePictures(const std::string& rom, std::uint64_t frames, std::uint16_t (*pad)(std::uint64_t) = noButtons)
{
    const emu::RomImage image = emu::loadRomFile(bundledRomPath(rom).string());
    const std::string corePath = oracle::defaultCorePath();
    REQUIRE_MESSAGE(std::filesystem::exists(corePath),
                    corePath << " is missing: install libretro-bsnes-mercury-accuracy with scripts/setup.sh --tests");
    oracle::LibretroCore core = oracle::LibretroCore::load(corePath, {.keepPictures = true});
    core.loadGame(image.bytes);
    emu::Snes snes(image);
    snes.bus().ppu().drawPictures(true);
    snes.bus().setAutoJoypadTiming(emu::AutoJoypadTiming::Bsnes094);
    std::uint64_t frameStart = 0;
    snes.bus().setJoypad(0, pad(0), 0);
    for (std::uint64_t frame = 0; frame < frames; ++frame) {
        // bsnes-mercury's frame holds its buttons from the end of its last frame (oracleFrameEnd),
        // which lies before this one's picture is finished.
        snes.runUntil(frameStart + kVblankLine * emu::VideoTiming::kLineClocks - 200);
        snes.bus().setJoypad(0, pad(frame + 1), oracleFrameEnd(frameStart, snes.bus().nmiEnabled()));
        snes.runUntil(frameStart + kCutLine * emu::VideoTiming::kLineClocks + emu::VideoTiming::kLineClocks / 2);
        frameStart = snes.bus().nextFrameStart();
        core.runFrame(pad(frame), 0);
        const emu::Picture* ours = snes.bus().ppu().picture();
        const oracle::Picture& theirs = core.picture();
        REQUIRE(ours != nullptr);
        REQUIRE(ours->width() == theirs.width);
        REQUIRE(ours->height() == theirs.height);
        const auto mismatch = std::ranges::mismatch(ours->pixels(), theirs.pixels);
        if (mismatch.in1 != ours->pixels().end()) {
            const std::size_t at = static_cast<std::size_t>(mismatch.in1 - ours->pixels().begin());
            // Both frames are kept beside each other, to be looked at.
            const std::filesystem::path kept = std::filesystem::temp_directory_path() / (rom + "-frame" + std::to_string(frame));
            replaceFile(kept.string() + "-tileprof.png", pngImage(ours->pixels(), ours->width(), ours->height()));
            replaceFile(kept.string() + "-bsnes.png", pngImage(theirs.pixels, theirs.width, theirs.height));
            char text[400];
            std::snprintf(text, sizeof text, "%s: frame %llu, pixel (%zu, %zu): tileprof %06X, bsnes-mercury %06X (both frames: %s-*.png)",
                          rom.c_str(), static_cast<unsigned long long>(frame), at % theirs.width, at / theirs.width,
                          *mismatch.in1, *mismatch.in2, kept.string().c_str());
            FAIL(text);
        }
    }
}

// Every level of each channel at every brightness, set line by line by HDMA.
TEST_CASE("picture: the colour ROM's frames are bsnes-mercury's, pixel for pixel")
{
    comparePictures("picture-colours", 12);
}

// Modes 0 and 1 from random VRAM and CGRAM: every layer, both tile sizes, the four tilemap
// sizes, scrolls across the maps' seams, flips, palettes and both priority orders of mode 1.
TEST_CASE("picture: the backgrounds ROM's frames are bsnes-mercury's, pixel for pixel")
{
    comparePictures("picture-backgrounds", 130);
}

// Random OAM: every size pair, both name tables, lines over 32 sprites and 34 slivers, the
// priority rotation, among the backgrounds of modes 0 and 1.
TEST_CASE("picture: the sprites ROM's frames are bsnes-mercury's, pixel for pixel")
{
    comparePictures("picture-sprites", 130);
}

// Colour math on random layers: the fixed colour or the sub screen, added or subtracted, halved,
// sprites of palettes 4-7 only, CGWSEL's black and math settings.
TEST_CASE("picture: the colour math ROM's frames are bsnes-mercury's, pixel for pixel")
{
    comparePictures("picture-colour-math", 140);
}

// The two windows on every layer and the colour window: each logic, inverted, empty and one-pixel
// windows, on the main and the sub screen, the colour window's black and colour math settings.
TEST_CASE("picture: the windows ROM's frames are bsnes-mercury's, pixel for pixel")
{
    comparePictures("picture-windows", 100);
}

// Modes 2-6 and mosaic: offset-per-tile from a random BG3 map, 8-bit pixels and direct colour,
// hi-res and pseudo-hires with colour math, mosaic in low and high resolution.
TEST_CASE("picture: the modes ROM's frames are bsnes-mercury's, pixel for pixel")
{
    comparePictures("picture-modes", 100);
}

// Mode 7 from random VRAM: the matrix, flips, the three outsides, EXTBG, direct colour, mosaic,
// colour math and pseudo-hires.
TEST_CASE("picture: the mode 7 ROM's frames are bsnes-mercury's, pixel for pixel")
{
    comparePictures("picture-mode7", 95);
}

// Overscan on and off, frames beginning with one setting and reaching V-blank with the other.
TEST_CASE("picture: the overscan ROM's frames are bsnes-mercury's, pixel for pixel")
{
    comparePictures("picture-overscan", 80);
}

// Interlace in modes 1, 5 and 6, with overscan, sprite interlace, mosaic and pseudo-hires, turned
// on and off: both fields' rows, hi-res backgrounds' own lines in each field.
TEST_CASE("picture: the interlace ROM's frames are bsnes-mercury's, pixel for pixel")
{
    comparePictures("picture-interlace", 60);
}

// The demo game: a room of 4bpp tiles on BG1, the player and the walkers as sprites, the sky's
// colours by HDMA.
TEST_CASE("picture: the demo's frames are bsnes-mercury's, pixel for pixel")
{
    comparePictures("demo", 600);
}

// START in frame 100 opens the demo's map view (mode 7, its matrix's scales and BG1's band set by
// HDMA line by line, the sky's HDMA beside them), START in frame 200 closes it.
std::uint16_t mapViewPad(std::uint64_t frame)
{
    return frame == 100 || frame == 200 ? 0x1000 : 0;
}

TEST_CASE("picture: the demo's map view in mode 7 is bsnes-mercury's, pixel for pixel")
{
    comparePictures("demo", 260, mapViewPad);
}

} // namespace
} // namespace tileprof::test
