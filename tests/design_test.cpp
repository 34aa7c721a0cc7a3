// The design as data (docs/designs.md): the bundled untech design file, a small design of
// another shape, what reads maps and checks them through it, and bad design files.

#include "profiler/formats/design/design.hpp"

#include "base/file_contents.hpp"
#include "base/input_error.hpp"
#include "profiler/engine/runner/invariants.hpp"
#include "profiler/formats/map/map_pixels.hpp"
#include "profiler/formats/map/map_validator.hpp"
#include "profiler/formats/toml/toml_file.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "tests/support/manifest_text.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"
#include "tests/support/untech_design.hpp"

#include <doctest/doctest.h>

#include <string>

namespace tileprof::test {
namespace {

// Two tile types and a half-height floor, a wall that is not solid, and one rule.
constexpr const char* kSmallDesign = R"(
[design]
name = "small"
empty = "AIR"
outside = "ROCK"

[invariants]
never_overlaps_solid = true

[[tile]]
name = "AIR"
legend = "."
value = 0

[[tile]]
name = "ROCK"
abbreviation = "r"
legend = "X"
value = 1
floor = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
ceiling = [15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15]
solid = true

[[tile]]
name = "STEP"
legend = "s"
value = 2
floor = [8, 8, 8, 8, 8, 8, 8, 8, 99, 99, 99, 99, 99, 99, 99, 99]

[[rule]]
name = "STEP_NEEDS_ROCK_BELOW"
tiles = ["STEP"]
side = "below"
allowed = ["ROCK"]
subject = "a step"
)";

std::string designError(const std::string& text)
{
    TempDir dir;
    try {
        loadDesign(dir.write("d.toml", text));
    } catch (const tileprof::InputError& e) {
        return e.what();
    }
    return "";
}

TEST_CASE("design: the bundled untech design holds the 17 types, in collision-value order, and their rules")
{
    const Design& d = untechDesign();
    REQUIRE(d.tiles.size() == 17);
    CHECK(d.name == "untech");
    CHECK(d[untechTile("SOLID")].value == 0x00);
    CHECK(d[untechTile("END_SLOPE")].value == 0x08);
    CHECK(d[untechTile("ulss")].name == "UP_LEFT_SHORT_SLOPE"); // by abbreviation, any case
    CHECK(d[untechTile("up_platform")].oneWay);
    CHECK(d[d.empty].name == "EMPTY");
    CHECK(d[d.outside].name == "SOLID");
    CHECK(d.byLegend('^') == untechTile("UP_PLATFORM"));
    CHECK_FALSE(d.byLegend('?'));
    CHECK(d.rules.size() == 25);
    // The edges a box reads past: the top, left and right; the host fills the rows below.
    const PlacementRule& open = d.rules[1];
    CHECK(open.name == "OPEN_EDGE");
    CHECK(open.inside);
    CHECK(open.edges == std::vector<PlacementRule::Side>{PlacementRule::Side::Above, PlacementRule::Side::Left,
                                                         PlacementRule::Side::Right});
    CHECK(d.invariants.neverOverlapsSolid);
    CHECK(d.invariants.restsOnFloor);
    CHECK(d.invariants.touchesCeiling);
    CHECK(d.describe(untechTile("END_SLOPE")) == "'=' END_SLOPE");
}

TEST_CASE("design: another design's legend, surfaces and rules are the ones its file gives")
{
    TempDir dir;
    const Design design = loadDesign(dir.write("small.toml", kSmallDesign));
    const std::string scenario = "name = \"s\"\nframes = 1\n[map]\ntiles = \"\"\"\nXXXX\nX..X\nXs.X\nXXXX\n\"\"\"\n"
                                 "[[entity]]\nname = \"e\"\nhitbox = { left = 1, right = 1, top = 1, height = 2 }\n"
                                 "pos = [40, 24]\n";
    const Scenario s = loadScenario(dir.write("s.toml", scenario), design);
    CHECK(s.map.at(1, 2) == *design.byName("STEP"));
    const MapPixels pixels{s.map, design};
    CHECK_FALSE(pixels.floor(16 + 3, 32 + 7)); // the step's left half from row 8 down
    CHECK(pixels.floor(16 + 3, 32 + 8));
    CHECK_FALSE(pixels.floor(16 + 12, 32 + 15)); // its right half is no floor
    CHECK_FALSE(pixels.ceiling(16 + 3, 32 + 8));
    CHECK(pixels.solid(0, 0));
    CHECK_FALSE(pixels.solid(16 + 3, 32 + 8)); // a floor, but not solid
    CHECK(validateMap(s.map, design).empty());

    TileMap floating = s.map;
    floating.at(1, 1) = *design.byName("step");
    const std::vector<MapViolation> violations = validateMap(floating, design);
    REQUIRE(violations.size() == 1);
    CHECK(violations[0].rule == "STEP_NEEDS_ROCK_BELOW");
    CHECK(violations[0].detail == "the tile below is 's' STEP; a step needs ROCK below it");

    CHECK_THROWS_WITH_AS(loadScenario(dir.write("bad.toml", replaced(scenario, "Xs.X", "Xs#X")), design),
                         (dir.path() / "bad.toml").string().append(":7:3: unknown map character '#' at row 2, column 2; "
                                                                   "the legend is . AIR, X ROCK, s STEP")
                             .c_str(),
                         tileprof::InputError);
}

TEST_CASE("design: 8-pixel tiles: surfaces of 8 rows, maps, placement and invariants in 8-pixel tiles")
{
    TempDir dir;
    std::string text = replaced(kSmallDesign, "name = \"small\"", "name = \"small\"\ntile_size = 8");
    text = replaced(text, "floor = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]", "floor = [0, 0, 0, 0, 0, 0, 0, 0]");
    text = replaced(text, "ceiling = [15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15]",
                    "ceiling = [7, 7, 7, 7, 7, 7, 7, 7]");
    CHECK(designError(text).find("'tile.floor' must be 8 rows") != std::string::npos); // STEP's are still 16
    text = replaced(text, "floor = [8, 8, 8, 8, 8, 8, 8, 8, 99, 99, 99, 99, 99, 99, 99, 99]", "floor = [4, 4, 4, 4, 99, 99, 99, 99]");
    const Design design = loadDesign(dir.write("small8.toml", text));
    CHECK(design.tileSize == 8);
    CHECK(designError(replaced(text, "tile_size = 8", "tile_size = 12")).find("'design.tile_size' must be 8 or 16, not 12")
          != std::string::npos);

    const std::string scenario = "name = \"s\"\nframes = 1\n[map]\ntiles = \"\"\"\nXXXX\nX..X\nXs.X\nXXXX\n\"\"\"\n"
                                 "[[entity]]\nname = \"e\"\nhitbox = { left = 1, right = 1, top = 1, height = 2 }\n"
                                 "pos = [12, 12]\n";
    const Scenario s = loadScenario(dir.write("s.toml", scenario), design);
    const MapPixels pixels{s.map, design};
    CHECK(pixels.widthPixels() == 32);
    CHECK(pixels.tileAt(9, 17) == *design.byName("STEP")); // column 1, row 2
    CHECK_FALSE(pixels.floor(9, 16 + 3));
    CHECK(pixels.floor(9, 16 + 4));
    CHECK_FALSE(pixels.floor(12, 16 + 7)); // the step's right half is no floor
    CHECK(pixels.ceiling(0, 7));
    CHECK(validateMap(s.map, design).empty());

    const std::string outside = replaced(scenario, "pos = [12, 12]", "pos = [40, 12]");
    const std::string error = [&] {
        try {
            loadScenario(dir.write("out.toml", outside), design);
        } catch (const tileprof::InputError& e) {
            return std::string(e.what());
        }
        return std::string();
    }();
    CHECK(error.find("is outside the map") != std::string::npos);
    CHECK(error.find("the map is 32 x 32 pixels") != std::string::npos);

    // An entity whose box reaches into the ROCK of column 3 clips 2 px into it.
    EntityState entity;
    entity.hitbox = {1, 3, 1, 2};
    entity.x = static_cast<std::uint32_t>(0x1000 + 23) << 16;
    entity.y = static_cast<std::uint32_t>(0x1000 + 12) << 16;
    const CollisionGeometry geometry{pixels, 0x1000, 0x1000, {StateFlag::Test::Any, 0x80, 0}, {StateFlag::Test::Any, 0x40, 0}};
    const std::optional<std::string> clip = checkInvariants(entity, geometry);
    REQUIRE(clip);
    CHECK(*clip == "the hitbox (columns 22..25, rows 11..12) clips 2 px into a wall on its right: the ROCK tile "
                   "(column 3, row 1)");
}

TEST_CASE("design: a tile drawn as a mask blocks its '#' pixels from every side, and only those are solid")
{
    TempDir dir;
    std::string ramp = "\"\"\"\n";
    for (int y = 0; y < 16; ++y) {
        ramp += std::string(static_cast<std::size_t>(15 - y), '.') + std::string(static_cast<std::size_t>(y + 1), '#') + "\n";
    }
    ramp += "\"\"\"";
    const std::string text = replaced(kSmallDesign, "floor = [8, 8, 8, 8, 8, 8, 8, 8, 99, 99, 99, 99, 99, 99, 99, 99]",
                                      "mask = " + ramp + "\nsolid = true");
    const Design design = loadDesign(dir.write("masked.toml", text));
    const TileKind& step = design[*design.byName("STEP")];
    REQUIRE(step.mask);
    CHECK((*step.mask)[0] == 0x8000);
    CHECK((*step.mask)[15] == 0xFFFF);

    const std::string scenario = "name = \"s\"\nframes = 1\n[map]\ntiles = \"\"\"\nXXXX\nX..X\nXs.X\nXXXX\n\"\"\"\n"
                                 "[[entity]]\nname = \"e\"\nhitbox = { left = 1, right = 1, top = 1, height = 2 }\n"
                                 "pos = [40, 24]\n";
    const Scenario s = loadScenario(dir.write("s.toml", scenario), design);
    const MapPixels pixels{s.map, design};
    for (const Platforms platforms : {Platforms::Count, Platforms::Ignore}) {
        CHECK(pixels.floor(16 + 15, 32, platforms)); // the ramp's top right corner
        CHECK(pixels.ceiling(16 + 15, 32, platforms));
        CHECK_FALSE(pixels.floor(16 + 14, 32, platforms));
    }
    CHECK(pixels.solid(16 + 8, 32 + 7));
    CHECK_FALSE(pixels.solid(16 + 7, 32 + 7));
    CHECK(pixels.floor(16, 32 + 15));

    // A box in the ramp's open half keeps the invariant; one pixel lower it overlaps the ramp.
    EntityState entity;
    entity.hitbox = {1, 1, 1, 2};
    entity.x = static_cast<std::uint32_t>(0x1000 + 18) << 16;
    entity.y = static_cast<std::uint32_t>(0x1000 + 32 + 12) << 16;
    const CollisionGeometry geometry{pixels, 0x1000, 0x1000, {StateFlag::Test::Any, 0x80, 0}, {StateFlag::Test::Any, 0x40, 0}};
    CHECK_FALSE(checkInvariants(entity, geometry));
    entity.y += 1U << 16;
    const std::optional<std::string> clip = checkInvariants(entity, geometry);
    REQUIRE(clip);
    CHECK(clip->find("the STEP tile (column 1, row 2)") != std::string::npos);

    CHECK(designError(replaced(text, "#\n\"\"\"", "\n\"\"\"")).find("line 16 of the mask is \"")
          != std::string::npos);
    CHECK(designError(replaced(text, "solid = true\n\n[[rule]]", "solid = true\none_way = true\n\n[[rule]]"))
              .find("tile STEP has a mask: it takes no floor, ceiling or one_way")
          != std::string::npos);
}

TEST_CASE("design: hitbox sizes and speeds are the design's limits")
{
    TempDir dir;
    const Design open = loadDesign(dir.write("open.toml", kSmallDesign));
    CHECK(open.limits.hitboxLeft.min == 0);
    CHECK(open.limits.maxSpeed == 16);
    CHECK(untechDesign().limits.hitboxLeft.min == 1);
    CHECK(untechDesign().limits.hitboxHeight.max == 127);
    CHECK(untechDesign().limits.maxSpeed == 8);

    const std::string scenario = "name = \"s\"\nframes = 1\n[map]\ntiles = \"\"\"\nXXXX\nX..X\nXs.X\nXXXX\n\"\"\"\n"
                                 "[[entity]]\nname = \"e\"\nhitbox = { left = 0, right = 1, top = 0, height = 1 }\n"
                                 "pos = [24, 24]\nscript = [ { frames = 1, walk = 12.0 } ]\n";
    const Scenario point = loadScenario(dir.write("point.toml", scenario), open);
    CHECK(point.entities[0].hitbox == Hitbox{0, 1, 0, 1});

    const std::string limited = replaced(kSmallDesign, "[invariants]", "[limits]\nhitbox_left = [1, 8]\nmax_speed = 10\n\n[invariants]");
    const Design narrow = loadDesign(dir.write("narrow.toml", limited));
    const auto error = [&](const std::string& text) {
        try {
            loadScenario(dir.write("bad.toml", text), narrow);
        } catch (const tileprof::InputError& e) {
            return dir.relative(e.what());
        }
        return std::string();
    };
    CHECK(contains(error(scenario), "bad.toml:12: 'entity.hitbox.left' must be 1..8, not 0"));
    CHECK(contains(error(replaced(scenario, "left = 0", "left = 1")), "'entity.script.walk' must be -10..10"));

    CHECK(contains(designError(replaced(limited, "hitbox_left = [1, 8]", "hitbox_left = [8, 1]")),
                   "'limits.hitbox_left' must be [min, max] within 0..255, min first"));
    CHECK(contains(designError(replaced(limited, "hitbox_left = [1, 8]", "hitbox_left = 8")),
                   "'limits.hitbox_left' must be [min, max] within 0..255"));
    CHECK(contains(designError(replaced(limited, "max_speed = 10", "max_speed = 0")), "'limits.max_speed'"));
    CHECK(narrow.limits.diagonal);
    CHECK_FALSE(loadDesign(dir.write("one-axis.toml", replaced(limited, "max_speed = 10", "max_speed = 10\ndiagonal = false")))
                    .limits.diagonal);
    CHECK(contains(designError(replaced(limited, "max_speed = 10", "max_speed = 10\ndiagonal = 0")),
                   "'limits.diagonal' must be true or false"));
}

TEST_CASE("design: a scenario without a design reads its map in its ROM's, and says so when it has none")
{
    TempDir dir;
    const std::string entity = "[[entity]]\nname = \"e\"\nhitbox = { left = 1, right = 1, top = 1, height = 2 }\n"
                               "pos = [24, 24]\n";
    const Scenario bundled =
        loadScenario(dir.write("s.toml", "name = \"s\"\nframes = 1\n[map]\ntiles = \"\"\"\n###\n#.#\n###\n\"\"\"\n" + entity));
    CHECK(bundled.design.name == "untech");
    CHECK(bundled.map.at(1, 1) == untechTile("EMPTY"));
    const std::string error = [&] {
        try {
            loadScenario(dir.write("t.toml", "name = \"t\"\nrom = \"none.sfc\"\nframes = 1\n[map]\ntiles = \"#\"\n" + entity));
        } catch (const tileprof::InputError& e) {
            return std::string(e.what());
        }
        return std::string();
    }();
    CHECK(error.starts_with((dir.path() / "t.toml").string() + ":2:"));
    CHECK(error.find("'rom' leads to no design for the map") != std::string::npos);
    CHECK(error.find("none.sfc: no manifest") != std::string::npos);
}

TEST_CASE("design: bad design files are refused with the file, the line and what is wrong")
{
    const std::string good = kSmallDesign;
    CHECK(designError(good).empty());
    const auto check = [&](const std::string& from, const std::string& to, const std::string& expected) {
        CAPTURE(to);
        const std::string error = designError(replaced(good, from, to));
        CHECK(error.find(expected) != std::string::npos);
        CHECK(error.find("d.toml:") != std::string::npos);
    };
    check("legend = \"s\"", "legend = \"X\"", "tile STEP has the legend 'X' of tile ROCK");
    check("legend = \"s\"", "legend = \"ss\"", "'tile.legend' must be one printable ASCII character");
    check("name = \"STEP\"", "name = \"r\"", "the name \"r\" is tile ROCK's");
    check("empty = \"AIR\"", "empty = \"VOID\"", "'design.empty' names no [[tile]] of the design: \"VOID\"");
    check("value = 2", "value = 256", "'tile.value' must be 0..255, not 256");
    check("floor = [8, 8,", "floor = [8,", "'tile.floor' must be 16 rows");
    check("floor = [8, 8, 8, 8, 8, 8, 8, 8, 99, 99, 99, 99, 99, 99, 99, 99]", "floor = \"middle_table\"",
          "must name \"top_height_table\" or \"bottom_height_table\"");
    check("value = 2\n", "value = 2\none_way = true\nceiling = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]\n",
          "tile STEP is one_way: give it a floor or a ceiling, not both or neither");
    check("allowed = [\"ROCK\"]", "allowed = [\"LAVA\"]", "'rule.allowed' names no [[tile]] of the design: \"LAVA\"");
    check("side = \"below\"", "side = \"below\"\ninside = true", "must have exactly one of inside = true");
    check("side = \"below\"", "side = \"under\"", "'rule.side' must be \"above\", \"below\", \"left\" or \"right\"");
    check("never_overlaps_solid = true", "never_overlaps = true", "unknown key 'never_overlaps'");
    check("never_overlaps_solid = true", "floor_gap = 16", "'invariants.floor_gap' must be -15..15, not 16");
    check("never_overlaps_solid = true", "ceiling_gap = 1.5", "'invariants.ceiling_gap' must be");
    check("never_overlaps_solid = true", "floor_gap = [-1, -2]", "must be [min, max] within -15..15, min first");
    check("[design]\nname = \"small\"", "[design]\nname = \"small\"\nsize = 8", "unknown key 'size'");
}

TEST_CASE("design: a manifest names its design, and one that leads nowhere is refused at its line")
{
    const std::string manifest = tileprof::readFileContents(sourceManifestPath(), "manifest", kTomlFileLimit);
    CHECK(manifestError(manifest).empty());
    const std::string missing = replaced(manifest, "design = \"untech\"", "design = \"missing.toml\"");
    const std::string error = manifestError(missing);
    CHECK(error.starts_with("manifest.toml:4: 'design' leads to a design that cannot be read: "));
    CHECK(error.find("missing.toml: cannot open") != std::string::npos);
    CHECK(manifestError(replaced(manifest, "design = \"untech\"", "design = \"nothing\"")).find("nothing.toml: cannot open")
          != std::string::npos);
}

} // namespace
} // namespace tileprof::test

namespace tileprof::test {
namespace {

TEST_CASE("design: an accepted corner clip is the design's, a clip past the box's middle lines is not")
{
    // seed004's: a BLOCKED tile at column 2, row 2 (pixels 32..47); the 16x16 sprite around its
    // origin, x - 8 .. x + 7 by y - 8 .. y + 7.
    const Design design = loadDesign(resolveDesignPath("seed004", {}));
    REQUIRE(design.invariants.cornerClips);
    TileMap map{5, 5, std::vector<TileId>(25, 0)};
    map.at(2, 2) = 1;
    const MapPixels pixels{map, design};
    const CollisionGeometry geometry{pixels, 0, 0, {StateFlag::Test::Any, 0x80, 0}, {StateFlag::Test::Any, 0x40, 0}};
    EntityState sprite;
    sprite.hitbox = {8, 8, 8, 16};
    const auto at = [&](int x, int y) {
        sprite.x = static_cast<std::uint32_t>(x) << 16;
        sprite.y = static_cast<std::uint32_t>(y) << 16;
        return checkInvariants(sprite, geometry);
    };
    // Into the tile's corners, short of the sprite's middle lines: 7 x 7 pixels from above and
    // left (the sprite's right and bottom halves are 7 wide), 8 x 8 from below and right.
    CHECK_FALSE(at(31, 31));
    CHECK_FALSE(at(48, 48));
    CHECK_FALSE(at(31, 48));
    CHECK(at(47, 48));
    // One pixel more and the tile reaches the origin's column, then its row: a clip the probes see.
    const std::optional<std::string> column = at(32, 31);
    REQUIRE(column);
    CHECK(contains(*column, "the BLOCKED tile (column 2, row 2)"));
    CHECK(at(31, 32));
    // Without the key, the corner clip is reported too.
    Design strict = design;
    strict.invariants.cornerClips = false;
    const MapPixels strictPixels{map, strict};
    const CollisionGeometry strictGeometry{strictPixels, 0, 0, {StateFlag::Test::Any, 0x80, 0}, {StateFlag::Test::Any, 0x40, 0}};
    sprite.x = 31U << 16;
    sprite.y = 31U << 16;
    CHECK(checkInvariants(sprite, strictGeometry));

    CHECK(contains(designError(replaced(slurp(resolveDesignPath("seed004", {})), "accepted_clip = \"corner\"",
                                        "accepted_clip = \"edge\"")),
                   "'invariants.accepted_clip' must be \"corner\""));
}

} // namespace
} // namespace tileprof::test
