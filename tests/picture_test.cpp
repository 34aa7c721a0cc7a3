// The picture without the oracle: PNG files, pictures only when asked and at no change to the
// machine, and `tileprof boot --picture`. (picture_oracle_test.cpp compares the pixels with
// bsnes-mercury's.)

#include "base/bundled_files.hpp"
#include "base/png_image.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/system/snes.hpp"
#include "tests/support/command.hpp"
#include "tests/support/picture.hpp"
#include "tests/support/rom_builder.hpp"
#include "tests/support/temp_dir.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace tileprof::test {
namespace {

TEST_CASE("png image: another decoder reads back every pixel")
{
    const std::vector<std::uint32_t> pixels = {0xFF0000, 0x00FF00, 0x0000FF, 0x123456, 0xFFFFFFFF, 0x000000};
    TempDir dir;
    const auto png = dir.write("small.png", pngImage(pixels, 3, 2));
    const Picture read(png);
    REQUIRE(read.width() == 3);
    REQUIRE(read.height() == 2);
    for (int y = 0; y < 2; ++y) {
        for (int x = 0; x < 3; ++x) {
            const std::uint32_t pixel = pixels[y * 3 + x];
            const gui::Rgb rgb = read.at(x, y);
            CHECK(rgb.r == ((pixel >> 16) & 0xFF));
            CHECK(rgb.g == ((pixel >> 8) & 0xFF));
            CHECK(rgb.b == (pixel & 0xFF));
        }
    }
}

TEST_CASE("picture: none unless asked, and drawing one changes nothing of the machine")
{
    const emu::RomImage image = emu::loadRomFile(bundledRomPath("demo").string());
    emu::Snes plain(image);
    emu::Snes drawing(image);
    drawing.bus().ppu().drawPictures(true);
    CHECK(drawing.bus().ppu().picture() == nullptr); // none finished yet
    for (int frame = 0; frame < 300; ++frame) {
        plain.runFrame();
        drawing.runFrame();
    }
    CHECK(plain.bus().ppu().picture() == nullptr);
    REQUIRE(drawing.bus().ppu().picture() != nullptr);
    CHECK(drawing.bus().ppu().picture()->height() == 224);
    CHECK(plain.cpu().time == drawing.cpu().time);
    CHECK(plain.cpu().regs.programAddress() == drawing.cpu().regs.programAddress());
    CHECK(std::ranges::equal(plain.bus().wram(), drawing.bus().wram()));
}

TEST_CASE("boot --picture writes the last frame finished, as the machine drew it")
{
    TempDir dir;
    const std::string png = dir.file("colours.png").string();
    const CommandResult result = runTileprof({"boot", bundledRomPath("picture-colours").string(), "--frames", "7", "--picture", png});
    REQUIRE_MESSAGE(result.exitCode == 0, result.err);
    CHECK(result.out.find("  picture   " + png + " (512x224, frame 6: the last finished)") != std::string::npos);
    CHECK(result.out.find("left out") == std::string::npos); // the colour ROM draws with the backdrop alone

    const emu::RomImage image = emu::loadRomFile(bundledRomPath("picture-colours").string());
    emu::Snes snes(image);
    snes.bus().ppu().drawPictures(true);
    for (int frame = 0; frame < 7; ++frame) {
        snes.runFrame();
    }
    const emu::Picture& drawn = *snes.bus().ppu().picture();
    const Picture written(png);
    REQUIRE(written.width() == 512);
    REQUIRE(written.height() == 224);
    unsigned colours = 0;
    for (int y = 0; y < 224; ++y) {
        for (int x = 0; x < 512; ++x) {
            const std::uint32_t pixel = drawn.pixels()[static_cast<std::size_t>(y) * 512 + x];
            const gui::Rgb rgb = written.at(x, y);
            REQUIRE(((pixel >> 16) & 0xFF) == rgb.r);
            REQUIRE(((pixel >> 8) & 0xFF) == rgb.g);
            REQUIRE((pixel & 0xFF) == rgb.b);
        }
        colours += drawn.pixels()[static_cast<std::size_t>(y) * 512] != drawn.pixels()[static_cast<std::size_t>(y + 1) % 224 * 512];
    }
    CHECK(colours > 200); // the colour ROM changes colour at almost every line
}

// An interlaced frame's picture has both fields' rows: 448 (the demo, not interlaced, 224).
TEST_CASE("boot --picture of an interlaced frame has twice the rows")
{
    TempDir dir;
    const std::string png = dir.file("demo.png").string();
    const CommandResult plain = runTileprof({"boot", bundledRomPath("demo").string(), "--frames", "120", "--picture", png});
    REQUIRE_MESSAGE(plain.exitCode == 0, plain.err);
    CHECK(plain.out.find("(512x224, frame 119: the last finished)") != std::string::npos);

    // Interlace (SETINI bit 0) written in frame 0: frame 1 is the first interlaced one.
    const std::vector<std::uint8_t> code = {
        0xA9, 0x01, 0x8D, 0x33, 0x21, // LDA #$01 : STA SETINI
        0xA9, 0x11, 0x8D, 0x2C, 0x21, // LDA #$11 : STA TM
        0xA9, 0x0F, 0x8D, 0x00, 0x21, // LDA #$0F : STA INIDISP
        0x80, 0xFE,                   // BRA *
    };
    const auto rom = dir.write("interlace.sfc", makeLoRom(code).bytes);
    const CommandResult first = runTileprof({"boot", rom.string(), "--frames", "1", "--picture", png});
    REQUIRE_MESSAGE(first.exitCode == 0, first.err);
    CHECK(first.out.find("(512x224, frame 0: the last finished)") != std::string::npos);
    const CommandResult interlaced = runTileprof({"boot", rom.string(), "--frames", "3", "--picture", png});
    REQUIRE_MESSAGE(interlaced.exitCode == 0, interlaced.err);
    CHECK(interlaced.out.find("(512x448, frame 2: the last finished)") != std::string::npos);
}

TEST_CASE("boot --picture before the first frame is finished is refused")
{
    TempDir dir;
    const std::string png = dir.file("none.png").string();
    const CommandResult result = runTileprof({"boot", bundledRomPath("picture-colours").string(), "--frames", "0", "--picture", png});
    CHECK(result.exitCode == 2);
    CHECK(result.err.find("--picture " + png + ": the run stopped before the PPU finished a frame") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(png));
}

std::string walkPlay()
{
    return (std::filesystem::path(TILEPROF_SOURCE_DIR) / "roms" / "demo" / "walk.play.toml").string();
}

// The demo's walk (1,917 frames): pictures change nothing of the report.
TEST_CASE("play --pictures writes one frame in K, as boot draws it, and the report is the play's without them")
{
    TempDir dir;
    const std::string pictures = (dir.path() / "pictures").string();
    const CommandResult plain = runTileprof({"play", walkPlay(), "--format", "json"});
    const CommandResult drawn = runTileprof({"play", walkPlay(), "--format", "json", "--pictures", pictures, "--every", "500"});
    REQUIRE_MESSAGE(drawn.exitCode == 0, drawn.err);
    CHECK(plain.exitCode == 0);
    CHECK(drawn.out == plain.out);
    CHECK(drawn.err.find("tileprof play: 4 pictures in " + pictures + " (frame-NNNNNN.png, one every 500 frames from frame 0)") !=
          std::string::npos);
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(pictures)) {
        names.push_back(entry.path().filename().string());
    }
    std::ranges::sort(names);
    CHECK(names == std::vector<std::string>{"frame-000000.png", "frame-000500.png", "frame-001000.png", "frame-001500.png"});

    // Frame 1000 as boot draws it under the same input: the last frame finished before frame 1001.
    const std::string boot = dir.file("boot.png").string();
    const std::string input = (std::filesystem::path(TILEPROF_SOURCE_DIR) / "roms" / "demo" / "walk.toml").string();
    const CommandResult booted =
        runTileprof({"boot", bundledRomPath("demo").string(), "--input", input, "--frames", "1001", "--picture", boot});
    REQUIRE_MESSAGE(booted.exitCode == 0, booted.err);
    const Picture fromPlay(std::filesystem::path(pictures) / "frame-001000.png");
    const Picture fromBoot(boot);
    REQUIRE(fromPlay.width() == fromBoot.width());
    REQUIRE(fromPlay.height() == fromBoot.height());
    for (int y = 0; y < fromPlay.height(); ++y) {
        for (int x = 0; x < fromPlay.width(); ++x) {
            const gui::Rgb a = fromPlay.at(x, y);
            const gui::Rgb b = fromBoot.at(x, y);
            REQUIRE((a.r == b.r && a.g == b.g && a.b == b.b));
        }
    }
}

TEST_CASE("play --every without --pictures is refused")
{
    const CommandResult result = runTileprof({"play", walkPlay(), "--every", "10"});
    CHECK(result.exitCode == 2);
    CHECK(result.err.find("--every 10: it says which frames --pictures DIR draws; give --pictures") != std::string::npos);
}

} // namespace
} // namespace tileprof::test
