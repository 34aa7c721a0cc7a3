#include "profiler/model/scenario/scenario.hpp"

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "profiler/formats/input/joypad_buttons.hpp"
#include "profiler/formats/map/tiled_map.hpp"
#include "profiler/formats/toml/string_positions.hpp"
#include "profiler/formats/toml/toml_section.hpp"
#include "profiler/model/scenario/map_names.hpp"
#include "profiler/model/scenario/map_rows.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string_view>
#include <system_error>

namespace tileprof {
namespace {

constexpr std::int64_t kMaxFrames = 100000;
constexpr std::int64_t kMaxBudgetCycles = 100000;
constexpr std::size_t kMaxEntities = 16;

std::optional<Gravity> readGravity(const TomlSection& section, std::string_view key)
{
    const std::optional<std::string> name = section.string(key);
    if (!name) {
        return std::nullopt;
    }
    for (const Gravity gravity : {Gravity::Down, Gravity::Up, Gravity::None}) {
        if (*name == gravityName(gravity)) {
            return gravity;
        }
    }
    section.fail(*section.find(key), key, "must be \"down\", \"up\" or \"none\", not \"" + *name + "\"");
}

// A map string, `tiles` or `names`: one row per line, each row's tiles read by `readRow(text, row,
// index, positions)`, which appends them to the map and returns how many. Rows that differ in length
// are an error, not something to guess about.
template <typename ReadRow>
void readMapString(const TomlFile& file, const toml::node& node, Scenario& scenario, const std::string& emptyMessage,
                   ReadRow readRow)
{
    const std::string& text = node.as_string()->get();
    const SourcePosition start{lineOf(node), static_cast<int>(node.source().begin.column)};
    std::vector<SourcePosition> positions = valuePositions(file.text, start);
    if (positions.size() != text.size()) {
        positions.assign(text.size(), start); // a literal this reader misjudged: point at its start, not beyond
    }
    TileMap& map = scenario.map;
    const std::vector<MapRow> rows = asciiMapRows(text);
    for (std::size_t row = 0; row < rows.size(); ++row) {
        const int line = positions[rows[row].offset].line;
        scenario.mapRowLines.push_back(line);
        const std::size_t width = readRow(text, rows[row], row, positions);
        if (row == 0) {
            map.width = static_cast<int>(width);
        } else if (width != static_cast<std::size_t>(map.width)) {
            file.fail(line, "row " + std::to_string(row) + " has " + std::to_string(width) + " tiles but row 0 has "
                                + std::to_string(map.width) + "; every row must be equally long");
        }
    }
    map.height = static_cast<int>(scenario.mapRowLines.size());
    if (map.width == 0) {
        file.fail(lineOf(node), emptyMessage);
    }
    if (map.width > kMaxMapTiles) {
        file.fail(scenario.mapRowLines.front(), "the map is " + std::to_string(map.width) + " tiles wide; at most "
                                                    + std::to_string(kMaxMapTiles));
    }
    if (map.height > kMaxMapTiles) {
        file.fail(scenario.mapRowLines[kMaxMapTiles], "the map has " + std::to_string(map.height) + " rows; at most "
                                                          + std::to_string(kMaxMapTiles));
    }
}

// The `tiles` string: one legend character per tile (see asciiMapRows).
void readAsciiMap(const TomlFile& file, const toml::node& node, Scenario& scenario)
{
    readMapString(file, node, scenario, "'map.tiles' is empty: draw the map, one row of tiles per line",
                  [&](const std::string& text, const MapRow& row, std::size_t index, const std::vector<SourcePosition>& positions) {
                      for (std::size_t column = 0; column < row.length; ++column) {
                          const std::size_t at = row.offset + column;
                          const std::optional<TileId> type = scenario.design.byLegend(text[at]);
                          if (!type) {
                              file.fail(positions[at], "unknown map character " + describeCharacter(text, at) + " at row "
                                                           + std::to_string(index) + ", column " + std::to_string(column) + "; "
                                                           + scenario.design.legendText());
                          }
                          scenario.map.tiles.push_back(*type);
                      }
                      return row.length;
                  });
}

// The `names` string: a word a tile (see map_names.hpp).
void readNamesMap(const TomlFile& file, const toml::node& node, Scenario& scenario)
{
    const Design& design = scenario.design;
    readMapString(file, node, scenario, "'map.names' is empty: write the map, one row of tile names per line",
                  [&](const std::string& text, const MapRow& row, std::size_t index, const std::vector<SourcePosition>& positions) {
                      const std::string_view line = std::string_view(text).substr(row.offset, row.length);
                      const std::vector<MapWord> words = mapWords(line);
                      for (std::size_t column = 0; column < words.size(); ++column) {
                          const std::string_view word = line.substr(words[column].offset, words[column].length);
                          const std::optional<TileId> tile = tileOfWord(word, design);
                          if (!tile) {
                              file.fail(positions[row.offset + words[column].offset],
                                        "unknown tile \"" + std::string(word.substr(0, 40)) + "\" at row " + std::to_string(index) +
                                            ", column " + std::to_string(column) + "; a word is a tile name or abbreviation of " +
                                            design.name + " (" + design.path.string() + ") or an id 0.." +
                                            std::to_string(design.tiles.size() - 1));
                          }
                          scenario.map.tiles.push_back(*tile);
                      }
                      return words.size();
                  });
}

void readMap(const TomlSection& top, Scenario& scenario)
{
    const TomlFile& file = top.file();
    const TomlSection map(file, top.table("map", "[map] with tiles = \"\"\"...\"\"\" or file = \"level.tmj\""), "[map]",
                      "map.", {"tiles", "names", "file"});
    scenario.mapLine = map.line();
    const std::optional<std::string> tiles = map.string("tiles");
    const std::optional<std::string> names = map.string("names");
    const std::optional<std::string> mapFile = map.string("file");
    if (int{tiles.has_value()} + int{names.has_value()} + int{mapFile.has_value()} > 1) {
        file.fail(map.line(), "[map] has more than one of 'tiles', 'names' and 'file'; give one of them");
    }
    if (tiles) {
        readAsciiMap(file, *map.find("tiles"), scenario);
    } else if (names) {
        readNamesMap(file, *map.find("names"), scenario);
    } else if (mapFile) {
        if (mapFile->empty()) {
            map.fail(*map.find("file"), "file", "must not be empty");
        }
        scenario.mapFile = scenario.path.parent_path() / *mapFile;
        scenario.map = loadTiledMap(scenario.mapFile, scenario.design);
    } else {
        file.fail(map.line(), "[map] needs 'tiles' (an ASCII map), 'names' (a map of tile names or ids) or 'file' "
                              "(a Tiled .tmj or .tmx map)");
    }
}

// A hitbox table, the entity's or a script step's: `key` in `owner`, its keys named `prefix` + key in
// messages ("entity.hitbox.left", "entity.script.hitbox.left").
// Its sizes within the design's limits.
Hitbox readHitbox(const TomlSection& owner, std::string_view key, const std::string& prefix, const Limits& limits)
{
    const TomlSection box(owner.file(), owner.table(key, "{ left = 6, right = 6, top = 12, height = 24 }"),
                          "the hitbox", prefix, {"left", "right", "top", "height"});
    const auto size = [&box](std::string_view name, Limits::Range range) {
        return static_cast<int>(box.requiredInteger(name, range.min, range.max));
    };
    Hitbox hitbox;
    hitbox.left = size("left", limits.hitboxLeft);
    hitbox.right = size("right", limits.hitboxRight);
    hitbox.top = size("top", limits.hitboxTop);
    hitbox.height = size("height", limits.hitboxHeight);
    if (hitbox.height <= hitbox.top) {
        box.fail(*box.find("height"), "height", "(" + std::to_string(hitbox.height) + ") must be greater than 'top' ("
                                                    + std::to_string(hitbox.top)
                                                    + ") so that the origin lies inside the box");
    }
    return hitbox;
}

// `inputs = { direction = 1, speed = 0x10 }`: values for the manifest's inputs, which the runner
// checks against the ROM's manifest.
std::vector<InputValue> readInputValues(const TomlSection& owner, const std::string& prefix)
{
    std::vector<InputValue> values;
    const toml::node* node = owner.find("inputs");
    if (node == nullptr) {
        return values;
    }
    if (!node->is_table()) {
        owner.fail(*node, "inputs", "must be a table of input values like { direction = 1 }, not " + typeName(*node));
    }
    for (const auto& [key, value] : *node->as_table()) {
        const std::string name(key.str());
        if (!value.is_integer()) {
            owner.file().fail(lineOf(value), "'" + prefix + name + "' must be an integer, not " + typeName(value));
        }
        values.push_back({name, value.as_integer()->get(), lineOf(value)});
    }
    return values;
}

std::vector<ScriptStep> readScript(const TomlSection& entity, const Limits& limits)
{
    const double maxSpeed = limits.maxSpeed;
    std::vector<ScriptStep> script;
    const toml::node* node = entity.find("script");
    if (!node) {
        return script;
    }
    const std::string example = "{ frames = 60, walk = 2.5 }";
    if (!node->is_array()) {
        entity.fail(*node, "script", "must be an array of steps like [" + example + "], not " + typeName(*node));
    }
    for (const toml::node& element : *node->as_array()) {
        if (!element.is_table()) {
            entity.fail(element, "script", "must hold steps like " + example + ", not " + typeName(element));
        }
        const TomlSection step(entity.file(), *element.as_table(), "the script step", "entity.script.",
                           {"frames", "walk", "walk_y", "jump", "gravity", "hitbox", "inputs", "buttons"});
        ScriptStep result;
        result.line = step.line();
        result.frames = static_cast<int>(step.requiredInteger("frames", 1, kMaxFrames));
        result.walk = step.number("walk", -maxSpeed, maxSpeed).value_or(0);
        result.jump = step.number("jump", -maxSpeed, maxSpeed);
        result.walkY = step.number("walk_y", -maxSpeed, maxSpeed);
        if (result.jump && result.walkY) {
            step.fail(*step.find("walk_y"), "walk_y", "and 'jump' both set the y velocity: give one of them");
        }
        result.gravity = readGravity(step, "gravity");
        if (step.find("hitbox")) {
            result.hitbox = readHitbox(step, "hitbox", "entity.script.hitbox.", limits);
        }
        result.inputs = readInputValues(step, "entity.script.inputs.");
        result.buttons = readJoypadButtons(step, "buttons", ButtonCase::Lower);
        script.push_back(result);
    }
    return script;
}

// For a design whose routine answers for one direction a call ([limits] diagonal = false): a step
// that walks along x may not move the entity along y in the same frames, by walk_y, a jump or its
// gravity, since the host would move it along both axes on an answer about one.
void checkOneAxisSteps(const TomlFile& file, const EntitySpec& spec, const std::string& design)
{
    Gravity gravity = spec.gravity;
    for (const ScriptStep& step : spec.script) {
        gravity = step.gravity.value_or(gravity);
        if (step.walk == 0) {
            continue;
        }
        std::string alongY;
        if (step.walkY && *step.walkY != 0) {
            alongY = "walk_y = " + formatNumber(*step.walkY);
        } else if (step.jump && *step.jump != 0) {
            alongY = "jump = " + formatNumber(*step.jump);
        } else if (!step.walkY && gravity != Gravity::None) {
            alongY = "gravity \"" + std::string(gravityName(gravity)) + "\"";
        }
        if (!alongY.empty()) {
            file.fail(step.line, "the script step moves the entity along x (walk = " + formatNumber(step.walk) + ") and along y (" +
                                     alongY + ") in the same frames, but the design \"" + design +
                                     "\" answers for one direction a call ([limits] diagonal = false): give each axis a step of its own");
        }
    }
}

// The box in whole pixels, as the routine sees the position.
struct PixelBox {
    double left;
    double right;
    double top;
    double bottom;
};

std::string describeBox(const PixelBox& box)
{
    return "its hitbox covers pixels x " + formatNumber(box.left) + ".." + formatNumber(box.right) + ", y "
         + formatNumber(box.top) + ".." + formatNumber(box.bottom);
}

void checkPlacement(const TomlFile& file, const Scenario& scenario, const EntitySpec& entity)
{
    const TileMap& map = scenario.map;
    const Design& design = scenario.design;
    const Hitbox& hitbox = entity.hitbox;
    const double x = std::floor(entity.x);
    const double y = std::floor(entity.y);
    const PixelBox box{x - hitbox.left, x + hitbox.right - 1, y - hitbox.top, y - hitbox.top + hitbox.height - 1};
    const std::string who =
        "entity '" + entity.name + "' at (" + formatNumber(entity.x) + ", " + formatNumber(entity.y) + ")";
    // Compared as doubles: a position far off the map would overflow an int.
    const int size = design.tileSize;
    if (box.left < 0 || box.top < 0 || box.right >= map.width * size || box.bottom >= map.height * size) {
        file.fail(entity.line, who + " is outside the map: " + describeBox(box) + "; the map is "
                                   + std::to_string(map.width * size) + " x " + std::to_string(map.height * size)
                                   + " pixels");
    }
    // The rows the design rests in a floor or ceiling may overlap it; a masked tile blocks only its
    // mask's pixels: each tile is tested where the rest of the box covers it.
    const PixelBox solidFree{box.left, box.right, box.top + design.invariants.rowsInCeiling(),
                             box.bottom - design.invariants.rowsInFloor()};
    const auto overlaps = [&](const TileKind& tile, int column, int row) {
        const int left = std::max(static_cast<int>(solidFree.left) - column * size, 0);
        const int right = std::min(static_cast<int>(solidFree.right) - column * size, size - 1);
        const int top = std::max(static_cast<int>(solidFree.top) - row * size, 0);
        const int bottom = std::min(static_cast<int>(solidFree.bottom) - row * size, size - 1);
        for (int py = top; py <= bottom; ++py) {
            for (int px = left; px <= right; ++px) {
                if (tile.solidAt(px, py)) {
                    return true;
                }
            }
        }
        return false;
    };
    for (int row = static_cast<int>(solidFree.top) / size; row <= static_cast<int>(solidFree.bottom) / size; ++row) {
        for (int column = static_cast<int>(solidFree.left) / size; column <= static_cast<int>(solidFree.right) / size; ++column) {
            if (overlaps(design[map.at(column, row)], column, row)) {
                file.fail(entity.line, who + " overlaps the " + design[map.at(column, row)].name + " tile at row " + std::to_string(row) + ", column "
                                           + std::to_string(column) + ": " + describeBox(box));
            }
        }
    }
}

EntitySpec readEntity(const TomlSection& entity, const Limits& limits)
{
    EntitySpec spec;
    spec.line = entity.line();
    spec.name = entity.requiredString("name");
    spec.hitbox = readHitbox(entity, "hitbox", "entity.hitbox.", limits);
    entity.require("pos");
    const toml::array& pos = *entity.pair("pos", "numbers");
    spec.x = entity.asNumber(pos[0], "pos");
    spec.y = entity.asNumber(pos[1], "pos");
    spec.gravity = readGravity(entity, "gravity").value_or(spec.gravity);
    if (const std::optional<std::string> when = entity.string("gravity_when")) {
        for (const GravityWhen choice : {GravityWhen::Always, GravityWhen::Airborne}) {
            if (*when == gravityWhenName(choice)) {
                spec.gravityWhen = choice;
            }
        }
        if (!spec.gravityWhen) {
            entity.fail(*entity.find("gravity_when"), "gravity_when",
                        "must be \"always\" or \"airborne\", not \"" + *when + "\"");
        }
    }
    spec.gravityAccel = entity.positiveNumber("gravity_accel", limits.maxSpeed).value_or(spec.gravityAccel);
    spec.maxFall = entity.positiveNumber("max_fall", limits.maxSpeed).value_or(spec.maxFall);
    spec.script = readScript(entity, limits);
    spec.inputs = readInputValues(entity, "entity.inputs.");
    return spec;
}

void readEntities(const TomlSection& top, Scenario& scenario)
{
    const TomlFile& file = top.file();
    const std::vector<const toml::table*> tables = top.tableArray("entity");
    if (tables.empty()) {
        const toml::node* node = top.find("entity");
        file.fail(node ? lineOf(*node) : top.line(), "the scenario has no [[entity]]; it needs at least one");
    }
    if (tables.size() > kMaxEntities) {
        file.fail(lineOf(*tables[kMaxEntities]), "too many entities: " + std::to_string(tables.size()) + ", at most "
                                                     + std::to_string(kMaxEntities));
    }
    std::map<std::string, int> nameLines;
    for (const toml::table* table : tables) {
        const TomlSection entity(file, *table, "[[entity]]", "entity.",
                             {"name", "hitbox", "pos", "gravity", "gravity_when", "gravity_accel", "max_fall", "script", "inputs"});
        EntitySpec spec = readEntity(entity, scenario.design.limits);
        if (!scenario.design.limits.diagonal) {
            checkOneAxisSteps(file, spec, scenario.design.name);
        }
        const int nameLine = lineOf(*entity.find("name"));
        if (const auto [first, added] = nameLines.emplace(spec.name, nameLine); !added) {
            file.fail(nameLine, "duplicate entity name '" + spec.name + "' (also at line "
                                    + std::to_string(first->second) + ")");
        }
        checkPlacement(file, scenario, spec);
        scenario.entities.push_back(std::move(spec));
    }
}

// Expected positions are whole pixels, written 120 or 120.0, within the largest map of the design.
int readWholePixel(const TomlSection& expect, const toml::node& node, const Design& design)
{
    const double value = expect.asNumber(node, "pos");
    const int maxPixel = kMaxMapTiles * design.tileSize - 1;
    if (value != std::floor(value) || value < 0 || value > maxPixel) {
        expect.fail(node, "pos", "must be whole pixels 0.." + std::to_string(maxPixel) + ", not " + formatNumber(value));
    }
    return static_cast<int>(value);
}

Expectation readExpectation(const TomlSection& expect, const Scenario& scenario)
{
    Expectation result;
    result.line = expect.line();
    result.frame = static_cast<int>(expect.requiredInteger("frame", 1, scenario.frames));
    result.entity = expect.requiredString("entity");
    if (!findEntity(scenario, result.entity)) {
        std::string names;
        for (const EntitySpec& entity : scenario.entities) {
            names += (names.empty() ? "" : ", ") + entity.name;
        }
        expect.fail(*expect.find("entity"), "entity", "names no entity: '" + result.entity + "' (the entities are "
                                                          + names + ")");
    }
    if (const toml::array* pos = expect.pair("pos", "whole numbers")) {
        result.pos = {readWholePixel(expect, (*pos)[0], scenario.design), readWholePixel(expect, (*pos)[1], scenario.design)};
    }
    result.standing = expect.boolean("standing");
    result.ceiling = expect.boolean("ceiling");
    result.wallLeft = expect.boolean("wall_left");
    result.wallRight = expect.boolean("wall_right");
    result.alive = expect.boolean("alive");
    if (!result.pos && !result.standing && !result.ceiling && !result.wallLeft && !result.wallRight && !result.alive) {
        expect.file().fail(result.line,
                           "[[expect]] checks nothing: give pos, standing, ceiling, wall_left, wall_right or alive");
    }
    return result;
}

} // namespace

namespace {

// The design of the ROM the scenario names, as `designOf` finds it.
Design designOfRom(const TomlSection& top, const Scenario& scenario, const DesignOfRom& designOf)
{
    try {
        return designOf(scenario);
    } catch (const InputError& e) {
        const char* key = top.find("manifest") ? "manifest" : "rom";
        if (!top.find(key)) {
            throw;
        }
        top.fail(*top.find(key), key, std::string("leads to no design for the map: ") + e.what());
    }
}

DesignOfRom always(const Design& design)
{
    return [&design](const Scenario&) { return design; };
}

Scenario readScenario(const std::filesystem::path& path, const TomlFile& file, const DesignOfRom& designOf)
{
    const toml::table& root = file.root;
    Scenario scenario;
    scenario.path = path;
    const TomlSection top(file, root, "the scenario", "",
                      {"name", "rom", "manifest", "frames", "budget_cycles", "map", "entity", "expect"});
    scenario.name = top.requiredString("name");
    scenario.rom = top.string("rom").value_or(std::string(kDefaultRom));
    if (top.find("manifest")) {
        scenario.manifest = top.requiredString("manifest");
    }
    scenario.frames = static_cast<int>(top.requiredInteger("frames", 1, kMaxFrames));
    scenario.budgetCycles =
        static_cast<int>(top.integer("budget_cycles", 1, kMaxBudgetCycles).value_or(scenario.budgetCycles));
    scenario.design = designOfRom(top, scenario, designOf);
    readMap(top, scenario);
    readEntities(top, scenario);
    for (const toml::table* table : top.tableArray("expect")) {
        const TomlSection expect(file, *table, "[[expect]]", "expect.",
                             {"frame", "entity", "pos", "standing", "ceiling", "wall_left", "wall_right", "alive"});
        scenario.expectations.push_back(readExpectation(expect, scenario));
    }
    return scenario;
}

} // namespace

namespace {

bool namesBundledRom(const std::string& rom)
{
    return rom.find('/') == std::string::npos && !rom.ends_with(".sfc") && !rom.ends_with(".smc");
}

} // namespace

std::filesystem::path resolveRomPath(const std::string& rom, const std::filesystem::path& baseDirectory)
{
    return namesBundledRom(rom) ? bundledRomPath(rom) : baseDirectory / rom;
}

std::optional<std::string> romNotThere(const std::string& rom, const std::filesystem::path& baseDirectory)
{
    const std::filesystem::path path = resolveRomPath(rom, baseDirectory);
    std::error_code error;
    if (std::filesystem::exists(path, error)) {
        return std::nullopt;
    }
    if (!namesBundledRom(rom)) {
        return "names a file that is not there: " + path.string();
    }
    std::string names;
    for (const std::string& bundled : bundledRomNames()) {
        names += (names.empty() ? "" : ", ") + bundled;
    }
    return "names no bundled ROM: " + rom + " (bundled: " + names + "); a path to an image has a / or ends in .sfc or .smc";
}

std::filesystem::path Scenario::romPath() const
{
    return resolveRomPath(rom, path.parent_path());
}

std::optional<std::filesystem::path> Scenario::manifestPath() const
{
    return manifest ? std::optional(path.parent_path() / *manifest) : std::nullopt;
}

Scenario loadScenario(const std::filesystem::path& path, const DesignOfRom& designOf)
{
    return readScenario(path, readTomlFile(path), designOf);
}

Scenario loadScenario(const std::filesystem::path& path, const Design& design)
{
    return readScenario(path, readTomlFile(path), always(design));
}

Scenario parseScenario(const std::filesystem::path& path, std::string text, const Design& design)
{
    return readScenario(path, parseTomlFile(path.string(), std::move(text)), always(design));
}

} // namespace tileprof
