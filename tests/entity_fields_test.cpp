// Positions and velocities in the formats engines keep them in: whole pixels, 8.8, 12.4, 16.16,
// or an integer part and a fraction at separate offsets. The manifest reads each, the host writes
// a 16.16 value as the routine's format holds it and reads it back the same way.

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "profiler/engine/runner/collision_machine.hpp"
#include "profiler/model/target/manifest.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "tests/support/manifest_text.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <string>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

// The bundled manifest with its four quantity fields as given.
std::string withQuantities(const std::string& x, const std::string& y, const std::string& xVelocity,
                           const std::string& yVelocity)
{
    std::string text = slurp(sourceManifestPath());
    text = replaced(text, "x_position = { offset = 0, format = \"u16.16\" }", "x_position = " + x);
    text = replaced(text, "y_position = { offset = 4, format = \"u16.16\" }", "y_position = " + y);
    text = replaced(text, "x_velocity = { offset = 8, format = \"s16.16\" }", "x_velocity = " + xVelocity);
    return replaced(text, "y_velocity = { offset = 12, format = \"s16.16\" }", "y_velocity = " + yVelocity);
}

// Every kind at once: 12.4, an integer word and a fraction byte, signed 8.8, whole pixels.
std::string mixed()
{
    return withQuantities("{ offset = 0, format = \"u12.4\" }",
                          "{ integer = { offset = 4, format = \"u16\" }, fraction = { offset = 7, format = \"u8\" } }",
                          "{ offset = 8, format = \"s8.8\" }", "{ offset = 12, format = \"s16\" }");
}

TEST_CASE("entity fields: fixed-point formats keep their fraction bits, whole numbers the pixels")
{
    CHECK(toFieldBits(0x12345678, FieldFormat::U12_4) == 0x2345);     // sixteenths of a pixel, 12 bits of pixels
    CHECK(fromFieldBits(0x2345, FieldFormat::U12_4) == 0x02345000);
    CHECK(toFieldBits(0xFFFE8000, FieldFormat::S8_8) == 0xFE80);      // -1.5 px
    CHECK(fromFieldBits(0xFE80, FieldFormat::S8_8) == 0xFFFE8000);
    CHECK(fromFieldBits(0xFE80, FieldFormat::U8_8) == 0x00FE8000);
    CHECK(toFieldBits(0x1234ABCD, FieldFormat::U16) == 0x1234);
    CHECK(fromFieldBits(0x1234, FieldFormat::U16) == 0x12340000);
    CHECK(fromFieldBits(0x80, FieldFormat::S8) == 0xFF800000);
    CHECK(toFieldBits(0xFFFE8000, FieldFormat::S16_16) == 0xFFFE8000);
    CHECK(fromFieldBits(0xFFFE8000, FieldFormat::S16_16) == 0xFFFE8000);
}

TEST_CASE("entity fields: the manifest reads a quantity in one field or as an integer and a fraction")
{
    const TempDir dir;
    const Manifest m = loadManifest(dir.write("manifest.toml", mixed()));
    CHECK(m.xPosition.integer.offset == 0);
    CHECK(m.xPosition.integer.format == FieldFormat::U12_4);
    CHECK_FALSE(m.xPosition.fraction);
    CHECK(m.yPosition.integer.offset == 4);
    CHECK(m.yPosition.integer.format == FieldFormat::U16);
    REQUIRE(m.yPosition.fraction);
    CHECK(m.yPosition.fraction->offset == 7);
    CHECK(m.yPosition.fraction->format == FieldFormat::U8);
    CHECK(m.xVelocity->integer.format == FieldFormat::S8_8);
    CHECK(m.yVelocity->integer.format == FieldFormat::S16);
}

TEST_CASE("entity fields: the host writes each format as the routine reads it, and reads it back")
{
    const TempDir dir;
    const fs::path rom = bundledRomPath("tile-collision");
    const ProfiledRom profiled =
        loadProfiledRom(RomFiles{rom, std::nullopt, dir.write("mixed.manifest.toml", mixed())});
    CollisionMachine machine(profiled);
    EntityState e;
    e.x = 0x12345678;
    e.y = 0x1234ABCD;
    e.xVelocity = -0x18000; // -1.5 px a frame
    e.yVelocity = 0x00038000; // 3.5: a whole-pixel field keeps the 3
    e.state = 0x80;
    e.hitbox = {6, 6, 12, 24};
    machine.writeEntity(1, e);
    const std::uint32_t slot = profiled.addresses.entitySlots + profiled.manifest.entityStride;
    const auto byte = [&](std::uint32_t offset) { return unsigned{machine.bus().peek(slot + offset)}; };
    const auto word = [&](std::uint32_t offset) { return byte(offset) | byte(offset + 1) << 8; };
    CHECK(word(0) == 0x2345);
    CHECK(word(4) == 0x1234);
    CHECK(byte(7) == 0xAB);
    CHECK(word(8) == 0xFE80);
    CHECK(word(12) == 0x0003);

    const EntityState back = machine.readEntity(1, e);
    CHECK(back.x == 0x02345000u);
    CHECK(back.y == 0x1234AB00u);
    CHECK(back.xVelocity == -0x18000);
    CHECK(back.yVelocity == 0x30000);
    CHECK(back.state == 0x80);
}

TEST_CASE("entity fields: fixed point where a whole number belongs, and half-split quantities, are refused")
{
    const std::string state = replaced(slurp(sourceManifestPath()), "collision_state = { offset = 16, format = \"u8\" }",
                                       "collision_state = { offset = 16, format = \"u8.8\" }");
    checkMessage(manifestError(state), "manifest.toml:" + std::to_string(lineWith(state, "collision_state =")),
                 {"'entity.collision_state.format' must be u8, s8, u16 or s16: this field is a whole number"});

    // x_position given badly, the other quantities as the bundled manifest has them.
    const struct {
        const char* x;
        const char* problem;
    } badX[] = {
        {"{ offset = 0, integer = { offset = 2, format = \"u16\" }, fraction = { offset = 1, format = \"u8\" } }",
         "'entity.x_position.offset' cannot be given with integer and fraction"},
        {"{ integer = { offset = 2, format = \"u16\" } }", "fraction"},
        {"{ integer = { offset = 2, format = \"u16\" }, fraction = { offset = 1, format = \"s8\" } }",
         "'entity.x_position.fraction' must be a u8 (the fraction's top 8 bits) or a u16"},
        {"{ integer = { offset = 2, format = \"u8.8\" }, fraction = { offset = 1, format = \"u8\" } }",
         "'entity.x_position.integer.format' must be u8, s8, u16 or s16"},
    };
    for (const auto& [x, problem] : badX) {
        const std::string text = withQuantities(x, "{ offset = 4, format = \"u16.16\" }", "{ offset = 8, format = \"s16.16\" }",
                                                "{ offset = 12, format = \"s16.16\" }");
        checkMessage(manifestError(text), "manifest.toml:" + std::to_string(lineWith(text, "x_position =")), {problem});
    }
}

} // namespace
} // namespace tileprof::test
