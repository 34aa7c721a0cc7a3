// A design whose tiles the ROM's tables describe ([table], [[table.slope]], [[tile]] with an id), on
// the block engine's blocks.toml: it loads into the fields its text gives, and each refusal names
// the file, the line and what is wrong.

#include "profiler/formats/design/design.hpp"

#include "base/input_error.hpp"
#include "tests/support/block_engine.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <string>

namespace tileprof::test {
namespace {

Design loadBlocks(const std::string& text)
{
    const TempDir dir;
    return loadDesign(dir.write("blocks.toml", text));
}

std::string blocksError(const std::string& text)
{
    const TempDir dir;
    try {
        loadDesign(dir.write("blocks.toml", text));
    } catch (const InputError& e) {
        return dir.relative(e.what());
    }
    return "";
}

// blocks.toml with `from` replaced by `to` fails at the line of `at`, saying each of `words`.
void checkRefusals(const std::string& text, const std::vector<Refusal>& refusals)
{
    for (const Refusal& refusal : refusals) {
        CAPTURE(refusal.to);
        const std::string edited = replaced(text, refusal.from, refusal.to);
        const std::string message = blocksError(edited);
        INFO(message);
        CHECK(message.starts_with("blocks.toml:" + std::to_string(lineWith(edited, refusal.at)) + ": "));
        for (const std::string& word : refusal.words) {
            CHECK(contains(message, word));
        }
    }
}

TEST_CASE("table design: blocks.toml loads its table, its slopes and the tiles it names")
{
    const std::string text = blockEngineText("blocks.toml");
    const Design design = loadBlocks(text);
    CHECK(design.name == "blocks");
    REQUIRE(design.table);
    const TileTable& table = *design.table;
    CHECK(table.ids == 64);
    CHECK(table.flags == "block_flags");
    CHECK(table.entryBytes == 2);
    CHECK(table.solid == 0x8000);
    CHECK(table.oneWay == 0x4000);
    CHECK(table.line == lineWith(text, "[table]\n"));
    REQUIRE(table.slopes.size() == 1);
    CHECK(table.slopes[0].first == 32);
    CHECK(table.slopes[0].last == 35);
    CHECK(table.slopes[0].heights == "slope_heights");
    CHECK(table.slopes[0].entryBytes == 2);
    CHECK(table.slopes[0].line == lineWith(text, "[[table.slope]]"));

    // Every id is a tile; the ones no [[tile]] names are BLOCK_<id>, without a legend, at [table].
    REQUIRE(design.tiles.size() == 64);
    CHECK(design.tiles[1].name == "GROUND");
    CHECK(design.tiles[1].legend == '#');
    CHECK(design.tiles[1].line == lineWith(text, "id = 1\n") - 1);
    CHECK(design.tiles[35].name == "SLOPE_UP_22_HIGH");
    CHECK(design.tiles[35].legend == 'b');
    CHECK(design.tiles[5].name == "BLOCK_5");
    CHECK(design.tiles[5].legend == 0);
    CHECK(design.tiles[5].line == table.line);
    CHECK(design.tiles[63].name == "BLOCK_63");
    // The ROM says what each tile is: nothing here yet.
    CHECK_FALSE(design.tiles[1].solid);
    CHECK_FALSE(design.tiles[32].floor.exists());
    CHECK(design.byName("block_63") == TileId{63});
    CHECK(design.byLegend('=') == TileId{16});
    CHECK(design.empty == 0);
    CHECK(design.outside == 0);
    CHECK(design.invariants.floorGap.min == -1);
}

TEST_CASE("table design: a tile's legend is optional, its abbreviation names it too, and unnamed ids may be the design's")
{
    const std::string text = blockEngineText("blocks.toml");
    std::string edited = replaced(text, "name = \"BRICK\"\nlegend = \"B\"", "name = \"BRICK\"\nabbreviation = \"brk\"");
    edited = replaced(edited, "empty = \"AIR\"", "empty = \"BLOCK_4\"");
    const Design design = loadBlocks(edited);
    CHECK(design.tiles[2].name == "BRICK");
    CHECK(design.tiles[2].legend == 0);
    CHECK(design.tiles[2].abbreviation == "brk");
    CHECK(design.byName("BRK") == TileId{2});
    CHECK_FALSE(design.byLegend('B').has_value());
    CHECK(design.empty == 4);
    // Slopes in two ranges of their own, with tables of bytes.
    const std::string two = replaced(text, "ids = [32, 35]\nheights = \"slope_heights\"\nentry_bytes = 2",
                                     "ids = [32, 33]\nheights = \"slope_heights\"\nentry_bytes = 1\n\n"
                                     "[[table.slope]]\nids = [34, 34]\nheights = \"low_slope_heights\"");
    const Design slopes = loadBlocks(two);
    REQUIRE(slopes.table->slopes.size() == 2);
    CHECK(slopes.table->slopes[0].entryBytes == 1);
    CHECK(slopes.table->slopes[1].first == 34);
    CHECK(slopes.table->slopes[1].last == 34);
    CHECK(slopes.table->slopes[1].heights == "low_slope_heights");
    CHECK(slopes.table->slopes[1].entryBytes == 1);
    CHECK(slopes.table->slopes[1].line == lineWith(two, "ids = [34, 34]") - 1);
}

TEST_CASE("table design: [table] refusals")
{
    checkRefusals(blockEngineText("blocks.toml"), {
        {"ids = 64", "ids = 0", "ids = 0", {"'table.ids' must be 1..4096, not 0"}},
        {"ids = 64", "ids = 4097", "ids = 4097", {"'table.ids' must be 1..4096, not 4097"}},
        {"ids = 64", "ids = \"64\"", "ids = ", {"'table.ids' must be an integer, not a string"}},
        {"flags = \"block_flags\"\n", "", "[table]\n", {"[table] is missing the required key 'flags'"}},
        {"flags = \"block_flags\"", "flags = \"\"", "flags = ", {"'table.flags' must not be empty"}},
        {"flags = \"block_flags\"", "flags = 3", "flags = ", {"'table.flags' must be a string, not an integer"}},
        {"entry_bytes = 2\nsolid", "entry_bytes = 3\nsolid", "entry_bytes = 3", {"'table.entry_bytes' must be 1..2, not 3"}},
        {"solid = 0x8000", "solid = 0x10000", "solid = ", {"'table.solid' must be 0..65535, not 65536"}},
        {"entry_bytes = 2\nsolid = 0x8000", "entry_bytes = 1\nsolid = 0x80", "one_way = ", {"'table.one_way' must be 0..255, not 16384"}},
        {"one_way = 0x4000", "one_way = 0x4000\nslopes = 4", "slopes = ",
         {"unknown key 'slopes' in [table]; expected ids, flags, entry_bytes, solid, one_way, slope"}},
        {"[table]\nids = 64", "[table.x]\nids = 64", "[table.x]", {"unknown key 'x' in [table]"}},
    });
}

TEST_CASE("table design: [[table.slope]] refusals")
{
    const std::string text = blockEngineText("blocks.toml");
    checkRefusals(text, {
        {"ids = [32, 35]", "ids = [35, 32]", "ids = [35, 32]", {"'table.slope.ids' must be 35..63, not 32"}},
        {"ids = [32, 35]", "ids = [32, 64]", "ids = [32, 64]", {"'table.slope.ids' must be 32..63, not 64"}},
        {"ids = [32, 35]", "ids = [64, 64]", "ids = [64, 64]", {"'table.slope.ids' must be 0..63, not 64"}},
        {"ids = [32, 35]", "ids = [-1, 3]", "ids = [-1, 3]", {"'table.slope.ids' must be 0..63, not -1"}},
        {"ids = [32, 35]", "ids = 32", "ids = 32", {"'table.slope.ids' must be [x, y] (two tile ids, [first, last]), not an integer"}},
        {"ids = [32, 35]", "ids = [32, 33, 35]", "ids = [32, 33, 35]", {"'table.slope.ids' must be [x, y]", "not an array of 3"}},
        {"ids = [32, 35]\n", "", "[[table.slope]]", {"[[table.slope]] 1 is missing the required key 'ids'"}},
        {"heights = \"slope_heights\"\n", "", "[[table.slope]]", {"[[table.slope]] 1 is missing the required key 'heights'"}},
        {"heights = \"slope_heights\"", "heights = \"\"", "heights = ", {"'table.slope.heights' must not be empty"}},
        {"heights = \"slope_heights\"\nentry_bytes = 2", "heights = \"slope_heights\"\nentry_bytes = 0", "entry_bytes = 0",
         {"'table.slope.entry_bytes' must be 1..2, not 0"}},
        {"heights = \"slope_heights\"", "heights = \"slope_heights\"\nwidths = \"w\"", "widths = ",
         {"unknown key 'widths' in [[table.slope]] 1; expected ids, heights, entry_bytes"}},
        {"[[table.slope]]", "[table.slope]", "[table.slope]", {"'table.slope' must be an array of tables: write [[slope]]"}},
    });
    // Two ranges may not share an id: the later one is refused, naming the earlier.
    const std::string second = "\n[[table.slope]]\nids = [36, 40]\nheights = \"more_heights\"\n";
    const std::string withSecond = replaced(text, "[[tile]]", second + "\n[[tile]]");
    CHECK(blocksError(withSecond).empty());
    checkRefusals(withSecond, {
        {"ids = [36, 40]", "ids = [35, 40]", "ids = [35, 40]",
         {"'table.slope.ids' [35, 40] overlaps [[table.slope]] 1's [32, 35] (line " + std::to_string(lineWith(text, "[[table.slope]]")) +
          "): a slope's heights come from one table"}},
        {"ids = [36, 40]", "ids = [20, 63]", "ids = [20, 63]", {"'table.slope.ids' [20, 63] overlaps [[table.slope]] 1's [32, 35]"}},
        {"ids = [36, 40]", "ids = [33, 33]", "ids = [33, 33]", {"overlaps [[table.slope]] 1's [32, 35]"}},
    });
}

TEST_CASE("table design: [[tile]] refusals in a design of the ROM's tiles")
{
    const std::string text = blockEngineText("blocks.toml");
    checkRefusals(text, {
        {"id = 2\n", "id = 1\n", "id = 1\nname = \"BRICK\"", {"'tile.id' names tile 1 a second time"}},
        {"id = 2\n", "id = 64\n", "id = 64", {"'tile.id' must be 0..63, not 64"}},
        {"id = 2\n", "id = -1\n", "id = -1", {"'tile.id' must be 0..63, not -1"}},
        {"id = 2\n", "", "[[tile]]\nname = \"BRICK\"", {"[[tile]] 3 is missing the required key 'id'"}},
        {"name = \"BRICK\"\n", "", "[[tile]]\nid = 2\nlegend", {"[[tile]] 3 is missing the required key 'name'"}},
        {"name = \"BRICK\"", "name = \"\"", "name = \"\"", {"'tile.name' must not be empty"}},
        // What the ROM's tables say is not the design's to give.
        {"name = \"BRICK\"", "name = \"BRICK\"\nsolid = true", "solid = true",
         {"unknown key 'solid' in [[tile]] 3; expected id, name, abbreviation, legend"}},
        {"name = \"BRICK\"", "name = \"BRICK\"\nvalue = 2", "value = 2", {"unknown key 'value' in [[tile]] 3"}},
        {"name = \"BRICK\"", "name = \"BRICK\"\nfloor = \"top_height_table\"", "floor = ", {"unknown key 'floor' in [[tile]] 3"}},
        {"legend = \"B\"", "legend = \"#\"", "[[tile]]\nid = 2", {"tile BRICK has the legend '#' of tile GROUND (line " + std::to_string(lineWith(text, "id = 1\n") - 1) + ")"}},
        {"legend = \"B\"", "legend = \"BB\"", "legend = \"BB\"", {"'tile.legend' must be one printable ASCII character"}},
        {"name = \"BRICK\"", "name = \"ground\"", "[[tile]]\nid = 2", {"tile ground: the name \"ground\" is tile GROUND's"}},
        {"empty = \"AIR\"", "empty = \"BLOCK_64\"", "empty = ", {"'design.empty' names no [[tile]] of the design: \"BLOCK_64\""}},
    });
}

} // namespace
} // namespace tileprof::test
