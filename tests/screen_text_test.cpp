// The text a background layer shows (profiler/reports/machine/screen_text.hpp): tile numbers read
// as characters from the layer's scroll, over a tilemap of one to four 32x32 screens.

#include "profiler/reports/machine/screen_text.hpp"

#include <doctest/doctest.h>

#include <string>

namespace tileprof::test {
namespace {

const emu::VideoPosition kVblank{0, 230, 0};

void setWord(emu::Ppu& ppu, unsigned wordAddress, std::uint16_t word)
{
    ppu.vram().bytes()[wordAddress * 2] = static_cast<std::uint8_t>(word);
    ppu.vram().bytes()[wordAddress * 2 + 1] = static_cast<std::uint8_t>(word >> 8);
}

void writeText(emu::Ppu& ppu, unsigned wordAddress, const std::string& text)
{
    for (const char c : text) {
        setWord(ppu, wordAddress++, static_cast<std::uint16_t>(0x2000 | c)); // priority bit: not part of the tile
    }
}

TEST_CASE("screen text: a 64x32 tilemap scrolled across its two screens, the main screen's layers only")
{
    emu::Ppu ppu;
    ppu.write(0x05, 0x01, kVblank); // mode 1: BG1-BG3
    ppu.write(0x07, 0x41, kVblank); // BG1: tilemap at $4000, 64x32
    ppu.write(0x08, 0x50, kVblank); // BG2: at $5000, 32x32, not on the main screen
    ppu.write(0x2C, 0x01, kVblank);
    ppu.write(0x0D, 28 * 8, kVblank); // BG1 HOFS = 224: columns 28-59 in view
    ppu.write(0x0D, 0, kVblank);
    ppu.write(0x0E, 7, kVblank); // VOFS 7: the first line shown is line 8, row 1
    ppu.write(0x0E, 0, kVblank);
    writeText(ppu, 0x4000 + 32 * 1 + 28, "LEFT");   // row 1, columns 28-31 of the first screen
    writeText(ppu, 0x4400 + 32 * 1 + 0, " RIGHT");  // columns 32-37: the second screen's 0-5
    writeText(ppu, 0x4000 + 32 * 3 + 29, "\x7F\x01"); // unprintable: blank
    writeText(ppu, 0x5000, "HIDDEN");

    const std::vector<ScreenLayer> layers = screenText(ppu, ' ');
    REQUIRE(layers.size() == 1);
    CHECK(layers[0].title == "BG1 (tilemap at word $4000, 64x32, scroll 224,7)");
    REQUIRE(layers[0].rows.size() == 1); // the blank rows below are trimmed
    CHECK(layers[0].rows[0] == "LEFT RIGHT");
}

TEST_CASE("screen text: BGnSC's top bit is not an address bit: $FC names the tilemap at word $7C00")
{
    emu::Ppu ppu;
    ppu.write(0x05, 0x01, kVblank);
    ppu.write(0x07, 0xFC, kVblank);
    ppu.write(0x2C, 0x01, kVblank);
    ppu.write(0x0E, 0xFF, kVblank); // VOFS 1023: the first line shown is line 0
    ppu.write(0x0E, 0x03, kVblank);
    writeText(ppu, 0x7C00, "TOP");
    const std::vector<ScreenLayer> layers = screenText(ppu, ' ');
    REQUIRE(layers.size() == 1);
    CHECK(layers[0].title == "BG1 (tilemap at word $7C00, 32x32, scroll 0,1023)");
    CHECK(layers[0].rows.at(0) == "TOP");
}

TEST_CASE("screen text: mode 7 and a main screen without layers show nothing")
{
    emu::Ppu ppu;
    ppu.write(0x2C, 0x01, kVblank);
    ppu.write(0x05, 0x07, kVblank);
    CHECK(screenText(ppu, ' ').empty());
    ppu.write(0x05, 0x00, kVblank);
    ppu.write(0x2C, 0x00, kVblank);
    CHECK(screenText(ppu, ' ').empty());
}

} // namespace
} // namespace tileprof::test
