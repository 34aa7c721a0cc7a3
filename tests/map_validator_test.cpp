// The slope placement rules: each rule on a small map that breaks only it, maps that keep every
// rule, the reference design's own test map, and `tileprof validate`.

#include "profiler/formats/map/map_validator.hpp"

#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/scenario/scenario_validator.hpp"
#include "tests/support/command.hpp"
#include "tests/support/random_play.hpp"
#include "tests/support/untech_design.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>

namespace fs = std::filesystem;

namespace tileprof {
namespace {

using test::untechDesign;
using test::untechTile;

std::vector<MapViolation> validateUntech(const TileMap& map)
{
    return validateMap(map, untechDesign());
}

const fs::path scenarioDir = TILEPROF_TEST_DATA_DIR "/scenarios";
const fs::path mapDir = TILEPROF_TEST_DATA_DIR "/maps";

TileMap mapOf(std::initializer_list<std::string_view> rows)
{
    TileMap map;
    map.width = static_cast<int>(rows.begin()->size());
    map.height = static_cast<int>(rows.size());
    for (const std::string_view row : rows) {
        REQUIRE(row.size() == rows.begin()->size());
        for (const char c : row) {
            const std::optional<TileId> type = untechDesign().byLegend(c);
            REQUIRE(type);
            map.tiles.push_back(*type);
        }
    }
    return map;
}

// The map breaks exactly one rule, at one tile; returns the violation's detail.
std::string onlyViolation(const TileMap& map, int row, int column, TileId tile, const std::string& rule)
{
    const std::vector<MapViolation> violations = validateUntech(map);
    REQUIRE(violations.size() == 1);
    const MapViolation& v = violations[0];
    CHECK(v.row == row);
    CHECK(v.column == column);
    CHECK(v.tile == tile);
    CHECK(v.rule == rule);
    return v.detail;
}

TEST_CASE("map validator: NO_EMPTY_TILE_ABOVE_DOWN_SLOPE")
{
    const TileMap map = mapOf({
        "#####",
        "##..#",
        "#AB.#",
        "#####",
    });
    CHECK(onlyViolation(map, 2, 1, untechTile("DOWN_RIGHT_SLOPE"), "NO_EMPTY_TILE_ABOVE_DOWN_SLOPE")
          == "the tile above is '#' SOLID; a floor slope needs EMPTY above it");
}

TEST_CASE("map validator: NO_FLOOR_BELOW_DOWN_SLOPE, with UP_PLATFORM accepted as a floor")
{
    const TileMap map = mapOf({
        "######",
        "#....#",
        "#.AB.#",
        "#..^.#",
        "######",
    });
    CHECK(onlyViolation(map, 2, 2, untechTile("DOWN_RIGHT_SLOPE"), "NO_FLOOR_BELOW_DOWN_SLOPE")
          == "the tile below is '.' EMPTY; a floor slope needs SOLID, END_SLOPE or UP_PLATFORM below it");
}

TEST_CASE("map validator: NO_CEILING_ABOVE_UP_SLOPE, with DOWN_PLATFORM accepted as a ceiling")
{
    const TileMap map = mapOf({
        "######",
        "#..v.#",
        "#.ab.#",
        "#....#",
        "######",
    });
    CHECK(onlyViolation(map, 2, 2, untechTile("UP_RIGHT_SLOPE"), "NO_CEILING_ABOVE_UP_SLOPE")
          == "the tile above is '.' EMPTY; a ceiling slope needs SOLID, END_SLOPE or DOWN_PLATFORM above it");
}

TEST_CASE("map validator: NO_EMPTY_TILE_BELOW_UP_SLOPE")
{
    const TileMap map = mapOf({
        "#####",
        "#####",
        "#ab.#",
        "##..#",
        "#####",
    });
    CHECK(onlyViolation(map, 2, 1, untechTile("UP_RIGHT_SLOPE"), "NO_EMPTY_TILE_BELOW_UP_SLOPE")
          == "the tile below is '#' SOLID; a ceiling slope needs EMPTY below it");
}

TEST_CASE("map validator: INVALID_TILE_ON_THE_RIGHT and _LEFT, a neighbour outside the allowed set")
{
    const TileMap right = mapOf({
        "#####",
        "#...#",
        "#A..#",
        "#####",
    });
    CHECK(onlyViolation(right, 2, 1, untechTile("DOWN_RIGHT_SLOPE"), "INVALID_TILE_ON_THE_RIGHT")
          == "the tile on the right is '.' EMPTY; DOWN_RIGHT_SLOPE needs DOWN_LEFT_SLOPE, DOWN_LEFT_TALL_SLOPE, "
             "END_SLOPE or a SOLID wall on its right");

    const TileMap left = mapOf({
        "#####",
        "#...#",
        "#.^E#",
        "#####",
    });
    CHECK(onlyViolation(left, 2, 3, untechTile("DOWN_LEFT_TALL_SLOPE"), "INVALID_TILE_ON_THE_LEFT")
          == "the tile on the left is '^' UP_PLATFORM; DOWN_LEFT_TALL_SLOPE needs DOWN_RIGHT_SLOPE, "
             "DOWN_RIGHT_TALL_SLOPE, END_SLOPE or a SOLID wall on its left");

    // The UP_* rows mirror the DOWN_* ones: a 30-degree ceiling pair split by a DOWN slope.
    const TileMap ceiling = mapOf({
        "#####",
        "#####",
        "#cB.#",
        "#...#",
        "#####",
    });
    const std::vector<MapViolation> violations = validateUntech(ceiling);
    REQUIRE(violations.size() == 4);
    CHECK(violations[0].rule == "INVALID_TILE_ON_THE_RIGHT");
    CHECK(violations[0].detail
          == "the tile on the right is 'B' DOWN_LEFT_SLOPE; UP_RIGHT_SHORT_SLOPE needs UP_RIGHT_TALL_SLOPE, "
             "UP_LEFT_SHORT_SLOPE or a SOLID wall on its right");
    // ... and the 'B' under a SOLID ceiling, over EMPTY, beside the 'c', breaks three floor rules.
    CHECK(violations[1].rule == "NO_EMPTY_TILE_ABOVE_DOWN_SLOPE");
    CHECK(violations[2].rule == "NO_FLOOR_BELOW_DOWN_SLOPE");
    CHECK(violations[3].rule == "INVALID_TILE_ON_THE_LEFT");
    CHECK(violations[3].detail
          == "the tile on the left is 'c' UP_RIGHT_SHORT_SLOPE; DOWN_LEFT_SLOPE needs DOWN_RIGHT_SLOPE, "
             "DOWN_RIGHT_TALL_SLOPE, END_SLOPE or a SOLID wall on its left");
}

TEST_CASE("map validator: a SOLID neighbour must be part of a wall")
{
    const TileMap step = mapOf({
        "#####",
        "#...#",
        "#A#.#",
        "#####",
    });
    CHECK(onlyViolation(step, 2, 1, untechTile("DOWN_RIGHT_SLOPE"), "INVALID_TILE_ON_THE_RIGHT")
          == "the tile on the right is '#' SOLID but the tile above it is '.' EMPTY; a SOLID neighbour must be part "
             "of a wall, SOLID above it too");

    const TileMap ceilingStep = mapOf({
        "#####",
        "#####",
        "#.#b#",
        "#...#",
        "#####",
    });
    CHECK(onlyViolation(ceilingStep, 2, 3, untechTile("UP_LEFT_SLOPE"), "INVALID_TILE_ON_THE_LEFT")
          == "the tile on the left is '#' SOLID but the tile below it is '.' EMPTY; a SOLID neighbour must be part "
             "of a wall, SOLID below it too");
}

TEST_CASE("map validator: END_SLOPE may not have EMPTY or a platform beside it")
{
    const TileMap empty = mapOf({
        "#####",
        "#...#",
        "#.=B#",
        "#####",
    });
    CHECK(onlyViolation(empty, 2, 2, untechTile("END_SLOPE"), "INVALID_TILE_ON_THE_LEFT")
          == "the tile on the left is '.' EMPTY; END_SLOPE needs DOWN_RIGHT_SLOPE, DOWN_RIGHT_TALL_SLOPE, "
             "UP_RIGHT_TALL_SLOPE, UP_RIGHT_SLOPE, END_SLOPE or SOLID on its left");

    const TileMap platform = mapOf({
        "#####",
        "#...#",
        "#A=v#",
        "#####",
    });
    onlyViolation(platform, 2, 2, untechTile("END_SLOPE"), "INVALID_TILE_ON_THE_RIGHT");

    // SOLID beside END_SLOPE needs no wall, and outside the map counts as SOLID.
    CHECK(validateUntech(mapOf({"####", "#..#", "=###"})).empty());
}

TEST_CASE("map validator: SLOPE_ON_BORDER, and no other rule for a slope on the border")
{
    CHECK(onlyViolation(mapOf({"###", "A.#", "###"}), 1, 0, untechTile("DOWN_RIGHT_SLOPE"), "SLOPE_ON_BORDER")
          == "the slope is on the map's left edge; the engine needs a tile on every side of a slope");
    CHECK(onlyViolation(mapOf({"###", "#.f", "###"}), 1, 2, untechTile("UP_LEFT_SHORT_SLOPE"), "SLOPE_ON_BORDER")
          == "the slope is on the map's right edge; the engine needs a tile on every side of a slope");
    CHECK(onlyViolation(mapOf({"#C#", "#.#", "###"}), 0, 1, untechTile("DOWN_RIGHT_SHORT_SLOPE"), "SLOPE_ON_BORDER")
          == "the slope is on the map's top edge; the engine needs a tile on every side of a slope");
    CHECK(onlyViolation(mapOf({"###", "#.#", "#d#"}), 2, 1, untechTile("UP_RIGHT_TALL_SLOPE"), "SLOPE_ON_BORDER")
          == "the slope is on the map's bottom edge; the engine needs a tile on every side of a slope");
}

TEST_CASE("map validator: TOP_LEFT_NOT_SOLID")
{
    // An open top-left tile is an open edge as well.
    const std::vector<MapViolation> open = validateUntech(mapOf({".##", "#.#", "###"}));
    REQUIRE(open.size() == 2);
    CHECK(open[0].rule == "OPEN_EDGE");
    CHECK(open[1].rule == "TOP_LEFT_NOT_SOLID");
    CHECK(open[1].detail == "the top-left tile is '.' EMPTY; the engine assumes it is SOLID");

    const std::vector<MapViolation> slope = validateUntech(mapOf({"A#", "##"}));
    REQUIRE(slope.size() == 2);
    CHECK(slope[0].rule == "SLOPE_ON_BORDER");
    CHECK(slope[1].rule == "TOP_LEFT_NOT_SOLID");
}

TEST_CASE("map validator: violations come in row-major order, one per rule")
{
    const TileMap map = mapOf({
        "######",
        "#..#.#",
        "#.A..#",
        "#=...#",
        "######",
    });
    const std::vector<MapViolation> violations = validateUntech(map);
    REQUIRE(violations.size() == 3);
    CHECK(violations[0].row == 2);
    CHECK(violations[0].column == 2);
    CHECK(violations[0].rule == "NO_FLOOR_BELOW_DOWN_SLOPE");
    CHECK(violations[1].row == 2);
    CHECK(violations[1].column == 2);
    CHECK(violations[1].rule == "INVALID_TILE_ON_THE_RIGHT");
    CHECK(violations[2].row == 3);
    CHECK(violations[2].column == 1);
    CHECK(violations[2].tile == untechTile("END_SLOPE"));
    CHECK(violations[2].rule == "INVALID_TILE_ON_THE_RIGHT");
}

TEST_CASE("map validator: valid maps give nothing")
{
    // A 45-degree hill capped with END_SLOPE, and the stacked pyramid of the reference map.
    CHECK(validateUntech(mapOf({
                          "#######",
                          "#.....#",
                          "#.A=B.#",
                          "#######",
                      }))
              .empty());
    CHECK(validateUntech(mapOf({
                          "#########",
                          "#.......#",
                          "#..A=B..#",
                          "#.A=#=B.#",
                          "#########",
                      }))
              .empty());
    // A 30-degree hill: SHORT+TALL pairs either side of an END_SLOPE.
    CHECK(validateUntech(mapOf({
                          "#########",
                          "#.......#",
                          "#.CD=EF.#",
                          "#########",
                      }))
              .empty());
    // A valley between two-tile walls, and its mirror on the ceiling.
    CHECK(validateUntech(mapOf({
                          "######",
                          "##..##",
                          "##BA##",
                          "######",
                      }))
              .empty());
    CHECK(validateUntech(mapOf({
                          "######",
                          "##ba##",
                          "##..##",
                          "######",
                      }))
              .empty());
}

TEST_CASE("map validator: the reference design's test map keeps every rule")
{
    // untech-collision.md section 7, the a3c3266 map (tests/support/random_play). It reports nothing, which is right: the tiles
    // that look suspicious all keep the rules.
    // - 'f' (row 1, column 1) is not on the border (row 0 and column 0 are): SOLID above, EMPTY
    //   below, a wall on its left (columns 0 of rows 1 and 2 are SOLID), its right is unchecked.
    // - 'E' (row 12, column 1) leans on the left wall (SOLID at row 12 and row 11, column 0) and has
    //   'F' on its right; 'F' has 'E' on its left, and both have EMPTY above and SOLID below.
    // - 'A' (row 3, column 30), 'a' (row 10, column 30) and 'C' (row 12, column 30) lean on the right
    //   wall, which is SOLID in column 31 above (for the floor slopes) or below (for the ceiling one).
    // - Every END_SLOPE has a slope with its tall side towards it, another END_SLOPE or SOLID beside it.
    CHECK(validateUntech(test::referenceRoom()).empty());
}

TEST_CASE("map validator: formatted violations name the file, the row's line, the tile and the rule")
{
    const MapViolation v{2, 1, untechTile("DOWN_RIGHT_SLOPE"), "SLOPE_ON_BORDER", "detail"};
    CHECK(formatViolation(v, untechDesign(), "a.toml", {5, 6, 7})
          == "a.toml:7: row 2, column 1, tile 'A' DOWN_RIGHT_SLOPE: SLOPE_ON_BORDER: detail");
    CHECK(formatViolation(v, untechDesign(), "a.tmj", {})
          == "a.tmj: row 2, column 1, tile 'A' DOWN_RIGHT_SLOPE: SLOPE_ON_BORDER: detail");

    const Scenario ascii = loadScenario(scenarioDir / "invalid_map.toml");
    const std::vector<MapViolation> violations = validateUntech(ascii.map);
    REQUIRE(violations.size() == 1);
    CHECK(formatViolation(violations[0], ascii)
          == (scenarioDir / "invalid_map.toml").string()
                 + ":8: row 2, column 1, tile 'A' DOWN_RIGHT_SLOPE: INVALID_TILE_ON_THE_RIGHT: the tile on the right "
                   "is '.' EMPTY; DOWN_RIGHT_SLOPE needs DOWN_LEFT_SLOPE, DOWN_LEFT_TALL_SLOPE, END_SLOPE or a "
                   "SOLID wall on its right");

    const Scenario tiled = loadScenario(scenarioDir / "tiled.toml");
    const std::string tiledLine = formatViolation(validateUntech(tiled.map).at(1), tiled);
    CHECK(tiledLine.starts_with(tiled.mapFile.string() + ": row 0, column 2, "));
}

TEST_CASE("map validator: tileprof validate")
{
    const std::string valid = (scenarioDir / "defaults.toml").string();
    const test::CommandResult ok = test::runTileprof({"validate", valid});
    CHECK(ok.exitCode == 0);
    CHECK(ok.out == valid + ": valid (3 x 3 tiles)\n");
    CHECK(ok.err.empty());

    const std::string invalid = (scenarioDir / "invalid_map.toml").string();
    const test::CommandResult bad = test::runTileprof({"validate", valid, invalid});
    CHECK(bad.exitCode == 1);
    CHECK(bad.out
          == valid + ": valid (3 x 3 tiles)\n" + invalid
                 + ":8: row 2, column 1, tile 'A' DOWN_RIGHT_SLOPE: INVALID_TILE_ON_THE_RIGHT: the tile on the right "
                   "is '.' EMPTY; DOWN_RIGHT_SLOPE needs DOWN_LEFT_SLOPE, DOWN_LEFT_TALL_SLOPE, END_SLOPE or a "
                   "SOLID wall on its right\n"
                 + invalid + ": 1 violation\n");

    // A Tiled map on its own: five violations, no line numbers.
    const std::string tmj = (mapDir / "small.tmj").string();
    const test::CommandResult tiled = test::runTileprof({"validate", tmj});
    CHECK(tiled.exitCode == 1);
    CHECK(tiled.out.starts_with(tmj + ": row 0, column 1, tile '.' EMPTY: OPEN_EDGE: an open tile is on the map's top edge; "
                                      "the routine reads past the map's top, left and right edges when a box reaches them"));
    CHECK(tiled.out.find("\n" + tmj + ": row 0, column 2, tile 'B' DOWN_LEFT_SLOPE: SLOPE_ON_BORDER: ") != std::string::npos);
    CHECK(tiled.out.find("\n" + tmj + ": row 1, column 0, tile '.' EMPTY: OPEN_EDGE: an open tile is on the map's left edge")
          != std::string::npos);
    CHECK(tiled.out.find("\n" + tmj + ": row 1, column 1, tile 'A' DOWN_RIGHT_SLOPE: INVALID_TILE_ON_THE_RIGHT: ")
          != std::string::npos);
    CHECK(tiled.out.find("\n" + tmj + ": row 1, column 3, tile '=' END_SLOPE: INVALID_TILE_ON_THE_LEFT: ")
          != std::string::npos);
    CHECK(tiled.out.ends_with("\n" + tmj + ": 5 violations\n"));
    // The same map in XML, its tilesets in files of their own: the same violations.
    const std::string tmx = (mapDir / "small-external.tmx").string();
    const test::CommandResult xml = test::runTileprof({"validate", tmx});
    CHECK(xml.exitCode == 1);
    std::string expected = tiled.out;
    for (std::size_t at = expected.find(tmj); at != std::string::npos; at = expected.find(tmj, at + tmx.size())) {
        expected.replace(at, tmj.size(), tmx);
    }
    CHECK(xml.out == expected);

    // An unreadable file is bad input, whatever the other files hold.
    const std::string missing = (scenarioDir / "missing.toml").string();
    const test::CommandResult unreadable = test::runTileprof({"validate", missing, invalid});
    CHECK(unreadable.exitCode == 2);
    CHECK(unreadable.err == "tileprof validate: " + missing + ": cannot open: No such file or directory\n");
    CHECK(unreadable.out.ends_with(invalid + ": 1 violation\n"));
}

} // namespace
} // namespace tileprof
