// ROM manifests: the real one loads into exactly the fields its text gives, and every kind of bad
// manifest fails with a message that starts with the file and line of the problem.

#include "profiler/model/target/manifest.hpp"

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"

#include "tests/support/manifest_text.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

// The copy the build of this test binary put beside tile-collision.sfc.
fs::path builtManifestPath()
{
    return bundledRomPath("tile-collision").replace_extension(".manifest.toml");
}

void checkSymbol(const SymbolRef& symbol, const std::string& name, const std::string& text)
{
    CAPTURE(name);
    CHECK(symbol.name == name);
    // The line is the one naming the symbol, so messages about it point there.
    CHECK(symbol.line == lineWith(text, "\"" + name + "\""));
}

void checkField(const EntityField& field, std::uint32_t offset, FieldFormat format)
{
    CHECK(field.offset == offset);
    CHECK(field.format == format);
}

// Every field of the real manifest, against the values and lines its text gives them.
void checkRealManifest(const Manifest& m, const std::string& text)
{
    checkSymbol(m.entry, "MoveEntityAndProcessTileCollisions", text);
    CHECK(m.call == CallKind::Jsr);
    CHECK(m.accumulatorBits == 16);
    CHECK(m.indexBits == 16);
    CHECK(m.dataBank == 0x7E);
    CHECK(m.stack == 0x1FFF);
    CHECK(m.cycleLimit == 20000);

    checkSymbol(m.entitySlots, "Entities", text);
    CHECK(m.entityStride == 256);
    checkField(m.xPosition.integer, 0, FieldFormat::U16_16);
    checkField(m.yPosition.integer, 4, FieldFormat::U16_16);
    REQUIRE(m.xVelocity);
    REQUIRE(m.yVelocity);
    checkField(m.xVelocity->integer, 8, FieldFormat::S16_16);
    checkField(m.yVelocity->integer, 12, FieldFormat::S16_16);
    for (const QuantityField* q : {&m.xPosition, &m.yPosition, &*m.xVelocity, &*m.yVelocity}) {
        CHECK_FALSE(q->fraction.has_value());
    }
    checkField(*m.collisionState, 16, FieldFormat::U8);
    checkField(m.hitboxLeft, 18, FieldFormat::U16);
    checkField(m.hitboxRight, 20, FieldFormat::U16);
    checkField(m.hitboxYOffset, 22, FieldFormat::S16);
    checkField(m.hitboxHeight, 24, FieldFormat::U16);
    CHECK(m.stateBits.down.mask == 0x80);
    CHECK(m.stateBits.up.mask == 0x40);
    CHECK(m.stateBits.right.mask == 0x20);
    CHECK(m.stateBits.left.mask == 0x10);

    checkSymbol(m.mapTiles, "MapData", text);
    checkSymbol(*m.mapWidth, "MapWidth", text);
    checkSymbol(*m.mapHeight, "MapHeight", text);
    checkSymbol(*m.mapBytesPerRow, "MapBytesPerRow", text);
    CHECK(m.columnHeight == 0);
    REQUIRE(m.mapRowOffsets.has_value());
    checkSymbol(*m.mapRowOffsets, "MapRowOffsets", text);
    REQUIRE(m.collisionMap);
    checkSymbol(*m.collisionMap, "CollisionMap", text);
    CHECK(m.maxMapWidth == 255);
    CHECK(m.maxMapHeight == 255);
    CHECK(m.originX == 0x1000);
    CHECK(m.originY == 0x1000);
    checkSymbol(*m.topHeightTable, "TopHeightTable", text);
    checkSymbol(*m.bottomHeightTable, "BottomHeightTable", text);

    struct ExpectedCase {
        std::string name;
        std::string label;
    };
    const std::vector<ExpectedCase> expected{{"falling", "MovingDown"},
                                             {"standing", "MovingDown_Standing"},
                                             {"rising", "MovingUp"},
                                             {"ceiling-standing", "MovingUp_Standing"},
                                             {"no-hitbox", "NoTileHitbox"}};
    REQUIRE(m.cases.size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        CAPTURE(i);
        CHECK(m.cases[i].name == expected[i].name);
        CHECK(m.cases[i].label->name == expected[i].label);
        // "MovingDown" is a prefix of "MovingDown_Standing": look for the whole line.
        CHECK(m.cases[i].label->line == lineWith(text, "label = \"" + expected[i].label + "\"\n"));
    }
}

TEST_CASE("manifest: the real manifest loads into exactly the fields its text gives")
{
    const fs::path path = sourceManifestPath();
    const std::string text = slurp(path);
    const Manifest m = loadManifest(path);
    CHECK(m.path == path);
    checkRealManifest(m, text);
}

TEST_CASE("manifest: the build copies the manifest beside the ROM unchanged")
{
    const fs::path path = builtManifestPath();
    CHECK(slurp(path) == slurp(sourceManifestPath()));
    const Manifest m = loadManifest(path);
    CHECK(m.path == path);
    checkRealManifest(m, slurp(path));
}

// The real manifest with `from` replaced by `to`, on the same number of lines, so the line of
// the problem is that of `at` in the edited text.
struct BadManifest {
    std::string from;
    std::string to;
    std::string at;
    std::initializer_list<std::string_view> words;
};

void checkBadManifests(const std::vector<BadManifest>& cases)
{
    const std::string real = slurp(sourceManifestPath());
    for (const BadManifest& bad : cases) {
        CAPTURE(bad.to);
        const std::string text = replaced(real, bad.from, bad.to);
        checkMessage(manifestError(text), "manifest.toml:" + std::to_string(lineWith(text, bad.at)), bad.words);
    }
}

TEST_CASE("manifest: malformed TOML is reported at its line and column")
{
    const std::string text = replaced(slurp(sourceManifestPath()), "stride = 256", "stride = = 256");
    const int line = lineWith(text, "stride = = 256");
    // toml++ stops at the second '=', the tenth character of the line.
    checkMessage(manifestError(text), "manifest.toml:" + std::to_string(line) + ":10", {});
}

TEST_CASE("manifest: the inputs fuzzing found taking toml++ into undefined behaviour are refused first")
{
    // A regression test: toml++ 3.3.0 read `64"` as the start of a number and tested U+FCFF, which
    // follows, with its Unicode whitespace test, which reaches __builtin_unreachable().
    const std::string found = "#+How tilepr---TL\nmaucuclats = 64\"^\xef\xb3\xbf^^^^     is";
    checkMessage(manifestError(found), "manifest.toml:2:16", {"a quote right after '4'"});
    // And one that failed its assertion that a time follows `0--------s 0`.
    checkMessage(manifestError("1 = 0--------s 0#--"), "manifest.toml:1:5", {"a date, a space and a single digit"});
    // And a quote after an '=' that is part of a number.
    checkMessage(manifestError("\naa= -1='\xef\xb3\xbfw"), "manifest.toml:2:8",
                 {"a quote inside a value that is not a string"});
    // And a date and a 't' with no digit after it, which failed its assertion that a time starts there.
    checkMessage(manifestError("i=0760-04-04t:="), "manifest.toml:1:3", {"a date and a 't' without a time after it"});
}

TEST_CASE("manifest: an unknown key is named with its line, wherever it is")
{
    checkBadManifests({
        {"never from here.\n\n", "never from here.\nbogus = 1\n", "bogus = 1",
         {"unknown key 'bogus'", "the manifest", "expected design, symbols, tables, call, entity, map, case"}},
        {"kind = \"jsr\"", "knd = \"jsr\"", "knd =", {"unknown key 'knd'", "[call]", "expected entry, kind"}},
        {"stride = 256", "strides = 256", "strides =", {"unknown key 'strides'", "[entity]", "expected slots, stride"}},
        {"x_position = { offset = 0, format = \"u16.16\" }", "x_position = { offset = 0, fmt = \"u16.16\" }",
         "x_position =", {"unknown key 'fmt'", "entity.x_position", "expected offset, at, format"}},
        {"state_bits = { down = 0x80,", "state_bits = { dwn = 0x80,", "state_bits =",
         {"unknown key 'dwn'", "entity.state_bits", "expected down, up, right, left"}},
        {"max_width = 255", "max_wdth = 255", "max_wdth =", {"unknown key 'max_wdth'", "[map]", "expected tiles"}},
        {"label = \"NoTileHitbox\"", "lable = \"NoTileHitbox\"", "lable =",
         {"unknown key 'lable'", "[[case]]", "expected name, label"}},
    });
}

TEST_CASE("manifest: missing keys and values out of range name the key and its line")
{
    checkBadManifests({
        // A missing key is reported at its table's header.
        {"cycle_limit = 20000", "", "[call]\n", {"[call] is missing the required key 'cycle_limit'"}},
        // A height table the design's shapes read, at [map].
        {"top_height_table = \"TopHeightTable\"", "", "[map]\n",
         {"[map] does not name top_height_table, which tile SOLID of the design reads", "untech.toml:"}},
        {"label = \"MovingUp\"\n", "\n", "[[case]]\nname = \"rising\"",
         {"[[case]] \"rising\" needs one marker: label = \"Name\" (or \"Name + offset\"), or line = \"file.s:LINE\""}},
        {"kind = \"jsr\"", "kind = \"jmp\"", "kind =", {"'call.kind'", "\"jsr\", \"jsl\"", "not \"jmp\""}},
        {"cycle_limit = 20000", "cycle_limit = 20000\ngravity_when = \"grounded\"", "gravity_when =",
         {"'call.gravity_when'", "\"always\", \"airborne\"", "not \"grounded\""}},
        {"accumulator_bits = 16", "accumulator_bits = 12", "accumulator_bits =",
         {"'call.accumulator_bits'", "must be 8 or 16, not 12"}},
        {"data_bank = 0x7E", "data_bank = 256", "data_bank =", {"'call.data_bank'", "must be 0..255, not 256"}},
        {"entry = \"MoveEntityAndProcessTileCollisions\"", "entry = \"\"", "entry =",
         {"'call.entry'", "must not be empty"}},
        {"y_position = { offset = 4, format = \"u16.16\" }", "y_position = { offset = 4, format = \"u32\" }",
         "y_position =",
         {"'entity.y_position.format'", "\"u8\", \"s8\", \"u16\", \"s16\", \"u8.8\", \"s8.8\", \"u12.4\", \"s12.4\", \"u16.16\", \"s16.16\"", "not \"u32\""}},
        {"hitbox_left = { offset = 18,", "hitbox_left = { offset = 300,", "hitbox_left =",
         {"'entity.hitbox_left.offset'", "must be 0..255, not 300"}},
        {"collision_state = { offset = 16, format = \"u8\" }", "collision_state = 16", "collision_state =",
         {"'entity.collision_state'", "must be a table", "not an integer"}},
        {"origin = [0x1000, 0x1000]", "origin = [0x1000]", "origin =",
         {"'map.origin'", "must be [x, y] (two integers)", "not an array of 1"}},
        {"origin = [0x1000, 0x1000]", "origin = 0x1000", "origin =",
         {"'map.origin'", "must be [x, y]", "not an integer"}},
        {"origin = [0x1000, 0x1000]", "origin = [0x1000, \"top\"]", "origin =",
         {"'map.origin'", "must be an integer, not a string"}},
        {"max_height = 255", "max_height = 256", "max_height =",
         {"'map.max_height' (256) does not fit the u8 the host writes the map's size in (size_format): at most 255"}},
        {"max_height = 255", "max_height = 65536", "max_height =", {"'map.max_height'", "must be 1..65535, not 65536"}},
    });
}

TEST_CASE("manifest: cases must exist and have distinct names")
{
    const std::string real = slurp(sourceManifestPath());
    // Everything from the first [[case]] on removed: the problem belongs to the whole file, so the
    // message points at its first line.
    const std::string noCases = real.substr(0, real.find("[[case]]"));
    checkMessage(manifestError(noCases), "manifest.toml:1", {"no [[case]]"});

    const std::string twice = replaced(real, "name = \"standing\"", "name = \"falling\"");
    // The second use is reported, at its line.
    const int second = lineWith(twice, "name = \"falling\"\nlabel = \"MovingDown_Standing\"");
    checkMessage(manifestError(twice), "manifest.toml:" + std::to_string(second),
                 {"'case.name'", "\"falling\" names a case twice"});

    // [[case]] written as a plain table.
    const std::string plain = noCases + "[case]\nname = \"falling\"\nlabel = \"MovingDown\"\n";
    checkMessage(manifestError(plain), "manifest.toml:" + std::to_string(lineWith(plain, "[case]")),
                 {"'case'", "must be an array of tables: write [[case]]"});
}

TEST_CASE("manifest: an empty file and a missing file are named")
{
    // An empty file is valid TOML, so the first thing missing is reported: [call].
    checkMessage(manifestError(""), "manifest.toml:1", {"the manifest is missing the required key 'call'"});
    try {
        loadManifest("/nonexistent/manifest.toml");
        FAIL("loadManifest accepted a missing file");
    } catch (const tileprof::InputError& e) {
        checkMessage(e.what(), "/nonexistent/manifest.toml", {"cannot open"});
    }
}

} // namespace
} // namespace tileprof::test

namespace tileprof::test {

TEST_CASE("manifest: tile-collision-frames' manifest reads its records, variables and symbols")
{
    const fs::path path = fs::path(TILEPROF_SOURCE_DIR) / "roms/tile-collision-frames/manifest.toml";
    const std::string text = slurp(path);
    const Manifest m = loadManifest(path);
    REQUIRE(m.hitboxRecords);
    const HitboxRecords& h = *m.hitboxRecords;
    checkField(h.pointer, 0x28, FieldFormat::U16);
    CHECK(h.records.name == "FrameRecords");
    CHECK(h.records.line == lineWith(text, "records = "));
    CHECK(h.recordBytes == 8);
    CHECK(h.recordCount == 16);
    checkField(h.left, 2, FieldFormat::U8);
    checkField(h.yOffset, 4, FieldFormat::S8);
    checkField(h.height, 5, FieldFormat::U8);
    REQUIRE(m.mapVariables.size() == 1);
    REQUIRE(m.mapVariables[0].symbol);
    CHECK(m.mapVariables[0].symbol->name == "MapRight");
    CHECK(m.mapVariables[0].format == FieldFormat::U16);
    CHECK(m.mapVariables[0].value.evaluate({32, 14, 16, 0x1000, 0x1000}) == 0x1200);
    CHECK(m.mapVariables[0].line == lineWith(text, "at = \"MapRight\"") - 1);
    REQUIRE(m.symbols.size() == 4);
    const auto given = [&](const std::string& name) {
        const auto found = std::ranges::find(m.symbols, name, &ManifestSymbol::name);
        REQUIRE(found != m.symbols.end());
        return *found;
    };
    CHECK_FALSE(given("Entities").address);
    CHECK(given("Entities").bytes == 0x1000);
    CHECK(given("Entities").line == lineWith(text, "Entities = "));
    CHECK(given("FrameRecords").bytes == 128);
}

TEST_CASE("manifest: bad hitbox records and map variables are named with their line")
{
    const std::string records = "[entity.hitbox]\npointer = { offset = 0x0D, format = \"u16\" }\n"
                                "records = \"Frames\"\nrecord_bytes = 12\nrecord_count = 9\n"
                                "left = { offset = 8, format = \"u8\" }\nright = { offset = 9, format = \"u8\" }\n"
                                "y_offset = { offset = 10, format = \"s8\" }\nheight = { offset = 11, format = \"u8\" }\n";
    const std::string real = slurp(sourceManifestPath());
    // The real manifest with its in-entity hitbox fields replaced by records, then `from` -> `to`.
    const auto withRecords = [&](const std::string& from, const std::string& to) {
        std::string text = real;
        for (const char* key : {"hitbox_left", "hitbox_right", "hitbox_y_offset", "hitbox_height"}) {
            const std::size_t at = text.find(std::string(key) + " = ");
            text.erase(at, text.find('\n', at) + 1 - at);
        }
        text = replaced(text, "[map]", records + "\n[map]");
        return from.empty() ? text : replaced(text, from, to);
    };
    CHECK(manifestError(withRecords("", "")) == "");
    const std::string wide = withRecords("height = { offset = 11", "height = { offset = 11, format = \"u16\" }\n#");
    checkMessage(manifestError(wide), "manifest.toml:" + std::to_string(lineWith(wide, "height = { offset = 11")),
                 {"'entity.hitbox.height' does not fit in a record of 12 bytes"});
    const std::string placed = withRecords("left = { offset = 8,", "left = { at = \"Frames\",");
    checkMessage(manifestError(placed), "manifest.toml:" + std::to_string(lineWith(placed, "left = { at")),
                 {"'entity.hitbox.left.at' is not for a record's fields: give their offset in the record"});
    const std::string pointer = withRecords("pointer = { offset = 0x0D, format = \"u16\" }", "pointer = { offset = 0x0D, format = \"u8\" }");
    checkMessage(manifestError(pointer), "manifest.toml:" + std::to_string(lineWith(pointer, "pointer =")),
                 {"'entity.hitbox.pointer.format' must be one of \"u16\", \"u24\", not \"u8\""});
    const std::string both = replaced(withRecords("", ""), "state_bits", "hitbox_left = { offset = 18, format = \"u16\" }\nstate_bits");
    checkMessage(manifestError(both), "manifest.toml:" + std::to_string(lineWith(both, "hitbox_left")),
                 {"'entity.hitbox_left' cannot be given with [entity.hitbox]"});

    const auto withVariable = [&](const std::string& variable) {
        return replaced(real, "# A call's case", "[[map.variable]]\n" + variable + "\n\n# A call's case");
    };
    const std::string unparsed = withVariable("at = 0x7E0010\nformat = \"u16\"\nvalue = \"16 * widht\"");
    checkMessage(manifestError(unparsed), "manifest.toml:" + std::to_string(lineWith(unparsed, "widht")),
                 {"'map.variable.value' \"16 * widht\" does not parse: unknown name 'widht'", "(at character 6)"});
    const std::string badAt = withVariable("at = 0x1000000\nformat = \"u16\"\nvalue = \"1\"");
    checkMessage(manifestError(badAt), "manifest.toml:" + std::to_string(lineWith(badAt, "at = 0x1000000")),
                 {"'map.variable.at' must be 0..16777215"});
    CHECK(manifestError(withVariable("at = \"MapWidth\"\nformat = \"s8\"\nvalue = \"-(width / 2)\"")) == "");
}

} // namespace tileprof::test
