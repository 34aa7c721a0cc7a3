#include "profiler/formats/design/design.hpp"

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "profiler/formats/toml/toml_section.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <span>
#include <utility>

namespace tileprof {

namespace {

bool sameName(std::string_view a, std::string_view b)
{
    return std::ranges::equal(a, b, [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
    });
}

Surface readSurface(const TomlSection& tile, std::string_view key, int tileSize)
{
    Surface surface;
    const toml::node* node = tile.find(key);
    if (node == nullptr) {
        return surface;
    }
    if (const toml::value<std::string>* table = node->as_string()) {
        if (table->get() == "top_height_table") {
            surface.from = Surface::From::TopHeightTable;
        } else if (table->get() == "bottom_height_table") {
            surface.from = Surface::From::BottomHeightTable;
        } else {
            tile.fail(*node, key, "must name \"top_height_table\" or \"bottom_height_table\" (the manifest's tables), not \""
                                      + table->get() + "\"");
        }
        return surface;
    }
    const toml::array* rows = node->as_array();
    const auto columns = static_cast<std::size_t>(tileSize);
    if (rows == nullptr || rows->size() != columns) {
        tile.fail(*node, key, "must be " + std::to_string(tileSize) + " rows, one a pixel column (a row over "
                                  + std::to_string(tileSize - 1) + " stops nothing there), or the name of a height table");
    }
    for (std::size_t column = 0; column < columns; ++column) {
        surface.rows[column] = static_cast<std::uint8_t>(tile.asInteger(*rows->get(column), key, 0, 255));
    }
    surface.from = Surface::From::Rows;
    return surface;
}

// A mask as the design file draws it: a string of tileSize lines, each tileSize pixels, '#' for a
// pixel the tile blocks and '.' for one it does not.
std::array<std::uint16_t, 16> readMask(const TomlSection& tile, int tileSize)
{
    const toml::node& node = tile.require("mask");
    const toml::value<std::string>* text = node.as_string();
    const std::string shape = "must draw the tile in " + std::to_string(tileSize) + " lines of " + std::to_string(tileSize)
                              + " pixels, '#' blocked and '.' open";
    if (text == nullptr) {
        tile.fail(node, "mask", shape);
    }
    std::array<std::uint16_t, 16> mask{};
    std::size_t row = 0;
    std::string_view rest = text->get();
    while (!rest.empty()) {
        const std::size_t end = rest.find('\n');
        const std::string_view line = rest.substr(0, end);
        rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
        if (row == static_cast<std::size_t>(tileSize) || line.size() != static_cast<std::size_t>(tileSize)
            || line.find_first_not_of("#.") != std::string_view::npos) {
            tile.fail(node, "mask", shape + " (line " + std::to_string(row + 1) + " of the mask is \"" + std::string(line)
                                        + "\")");
        }
        for (std::size_t x = 0; x < line.size(); ++x) {
            if (line[x] == '#') {
                mask[row] = static_cast<std::uint16_t>(mask[row] | 1U << x);
            }
        }
        ++row;
    }
    if (row != static_cast<std::size_t>(tileSize)) {
        tile.fail(node, "mask", shape + " (it has " + std::to_string(row) + " lines)");
    }
    return mask;
}

// A tile's legend character; 0 when it has none, as a tile a map never draws in ASCII needs none.
char readLegend(const TomlSection& tile)
{
    const std::optional<std::string> legend = tile.string("legend");
    if (!legend) {
        return 0;
    }
    const auto c = static_cast<unsigned char>(legend->empty() ? 0 : legend->front());
    if (legend->size() != 1 || !std::isgraph(c) || c == '"' || c == '\\') {
        tile.fail(tile.require("legend"), "legend",
                  "must be one printable ASCII character other than a space, '\"' or '\\', not \"" + *legend + "\"");
    }
    return legend->front();
}

TileKind readTile(const TomlFile& file, const toml::table& table, std::size_t index, int tileSize)
{
    const TomlSection tile(file, table, "[[tile]] " + std::to_string(index + 1), "tile.",
                           {"name", "abbreviation", "legend", "value", "floor", "ceiling", "mask", "solid", "one_way"});
    TileKind kind;
    kind.line = tile.line();
    kind.name = tile.requiredString("name");
    kind.abbreviation = tile.string("abbreviation").value_or("");
    kind.legend = readLegend(tile);
    kind.value = static_cast<std::uint8_t>(tile.requiredInteger("value", 0, 255));
    kind.floor = readSurface(tile, "floor", tileSize);
    kind.ceiling = readSurface(tile, "ceiling", tileSize);
    kind.solid = tile.boolean("solid").value_or(false);
    kind.oneWay = tile.boolean("one_way").value_or(false);
    if (tile.find("mask") != nullptr) {
        if (kind.floor.exists() || kind.ceiling.exists() || kind.oneWay) {
            file.fail(kind.line, "tile " + kind.name + " has a mask: it takes no floor, ceiling or one_way");
        }
        kind.mask = readMask(tile, tileSize);
    }
    if (kind.oneWay && kind.floor.exists() == kind.ceiling.exists()) {
        file.fail(kind.line, "tile " + kind.name + " is one_way: give it a floor or a ceiling, not both or neither");
    }
    return kind;
}

std::uint32_t readEntryBytes(const TomlSection& section)
{
    return static_cast<std::uint32_t>(section.integer("entry_bytes", 1, 2).value_or(1));
}

// collision_model = "box" (the default) or "points" with the probes the routine tests.
std::vector<BoxPoint> readProbes(const TomlSection& invariants)
{
    const std::optional<std::string> model = invariants.string("collision_model");
    if (model && *model != "box" && *model != "points") {
        invariants.fail(invariants.require("collision_model"), "collision_model",
                        "must be \"box\" (the routine keeps its whole hitbox out of solid tiles) or \"points\" (it tests "
                        "the probes named), not \"" + model->substr(0, 40) + "\"");
    }
    if (model != "points") {
        if (const toml::node* probes = invariants.find("probes")) {
            invariants.fail(*probes, "probes", "is for collision_model = \"points\"");
        }
        return {};
    }
    const toml::node& node = invariants.require("probes");
    const toml::array* names = node.as_array();
    if (names == nullptr || names->empty()) {
        invariants.fail(node, "probes", "must list the points the routine tests, e.g. [\"bottom_centre\", \"left_middle\"]");
    }
    std::vector<BoxPoint> probes;
    for (const toml::node& name : *names) {
        const std::optional<std::string> text = name.value<std::string>();
        std::string known;
        for (int p = 0; p <= static_cast<int>(BoxPoint::BottomRight); ++p) {
            const auto point = static_cast<BoxPoint>(p);
            if (text == boxPointName(point) && std::ranges::find(probes, point) == probes.end()) {
                probes.push_back(point);
            }
            known += (p == 0 ? "" : ", ") + std::string(boxPointName(point));
        }
        if (probes.empty() || text != boxPointName(probes.back())) {
            invariants.fail(name, "probes", "holds a point named twice or unknown: " + (text ? "\"" + *text + "\"" : typeName(name)) +
                                                " (the points: " + known + ")");
        }
    }
    return probes;
}

// A range of slopes; its ids may be in no `earlier` range, whose heights they would silently replace.
SlopeRange readSlopeRange(const TomlFile& file, const toml::table& table, std::size_t index, TileId ids,
                          const std::vector<SlopeRange>& earlier)
{
    const TomlSection section(file, table, "[[table.slope]] " + std::to_string(index + 1), "table.slope.",
                              {"ids", "heights", "entry_bytes", "scale", "origin", "direction", "span", "part"});
    section.require("ids");
    const toml::array& range = *section.pair("ids", "tile ids, [first, last]");
    SlopeRange slopes;
    slopes.line = section.line();
    slopes.first = static_cast<TileId>(section.asInteger(range[0], "ids", 0, ids - 1));
    slopes.last = static_cast<TileId>(section.asInteger(range[1], "ids", slopes.first, ids - 1));
    for (std::size_t other = 0; other < earlier.size(); ++other) {
        if (slopes.first <= earlier[other].last && earlier[other].first <= slopes.last) {
            section.fail(section.require("ids"), "ids", "[" + std::to_string(slopes.first) + ", " + std::to_string(slopes.last) +
                                                            "] overlaps [[table.slope]] " + std::to_string(other + 1) + "'s [" +
                                                            std::to_string(earlier[other].first) + ", " + std::to_string(earlier[other].last) +
                                                            "] (line " + std::to_string(earlier[other].line) + "): a slope's heights come from one table");
        }
    }
    slopes.heights = section.requiredString("heights");
    slopes.entryBytes = readEntryBytes(section);
    slopes.scale = static_cast<std::uint32_t>(section.integer("scale", 1, 256).value_or(1));
    const auto choice = [&section](std::string_view key, std::string_view first, std::string_view second) {
        const std::optional<std::string> given = section.string(key);
        if (given && *given != first && *given != second) {
            section.fail(section.require(key), key, "must be \"" + std::string(first) + "\" or \"" + std::string(second) + "\", not \"" + *given + "\"");
        }
        return given && *given == second;
    };
    slopes.origin = choice("origin", "bottom", "top") ? SlopeRange::Origin::Top : SlopeRange::Origin::Bottom;
    slopes.rightToLeft = choice("direction", "left_to_right", "right_to_left");
    const int span = static_cast<int>(section.integer("span", 1, 2).value_or(1));
    if (span == 2) {
        slopes.part = choice("part", "upper", "lower") ? SlopeRange::Part::Lower : SlopeRange::Part::Upper;
        section.require("part");
    } else if (const toml::node* part = section.find("part")) {
        section.fail(*part, "part", "is for a slope that spans two tiles (span = 2)");
    }
    return slopes;
}

// [table]: the tiles are the ROM's ids 0..ids-1, their collision in its tables.
TileTable readTileTable(const TomlSection& root)
{
    const TomlSection section(root.file(), root.table("table", "[table] ids = 64, flags = \"block_flags\""), "[table]",
                              "table.", {"ids", "flags", "entry_bytes", "solid", "one_way", "slope"});
    TileTable table;
    table.line = section.line();
    table.ids = static_cast<TileId>(section.requiredInteger("ids", 1, kMaxTileKinds));
    table.flags = section.requiredString("flags");
    table.entryBytes = readEntryBytes(section);
    const std::int64_t bits = (std::int64_t{1} << (8 * table.entryBytes)) - 1;
    table.solid = static_cast<std::uint32_t>(section.integer("solid", 0, bits).value_or(0));
    table.oneWay = static_cast<std::uint32_t>(section.integer("one_way", 0, bits).value_or(0));
    const std::vector<const toml::table*> slopes = section.tableArray("slope");
    for (std::size_t i = 0; i < slopes.size(); ++i) {
        table.slopes.push_back(readSlopeRange(root.file(), *slopes[i], i, table.ids, table.slopes));
    }
    return table;
}

// The tiles of a design read from the ROM: every id, named "BLOCK_<id>" unless a [[tile]] names
// it (with `id`, and a name, an abbreviation and a legend only: the ROM says the rest).
std::vector<TileKind> tableTiles(const TomlFile& file, const std::vector<const toml::table*>& named, const TileTable& table)
{
    std::vector<TileKind> tiles(table.ids);
    for (std::size_t id = 0; id < tiles.size(); ++id) {
        tiles[id].name = "BLOCK_" + std::to_string(id);
        tiles[id].line = table.line;
    }
    std::vector<bool> seen(table.ids);
    for (std::size_t i = 0; i < named.size(); ++i) {
        const TomlSection tile(file, *named[i], "[[tile]] " + std::to_string(i + 1), "tile.",
                               {"id", "name", "abbreviation", "legend"});
        const auto id = static_cast<std::size_t>(tile.requiredInteger("id", 0, table.ids - 1));
        if (seen[id]) {
            tile.fail(tile.require("id"), "id", "names tile " + std::to_string(id) + " a second time");
        }
        seen[id] = true;
        TileKind& kind = tiles[id];
        kind.line = tile.line();
        kind.name = tile.requiredString("name");
        kind.abbreviation = tile.string("abbreviation").value_or("");
        kind.legend = readLegend(tile);
    }
    return tiles;
}

std::string lowered(std::string_view name)
{
    std::string lower(name);
    for (char& c : lower) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return lower;
}

// Every name, abbreviation and legend names one tile (names ignoring case).
void checkUnique(const TomlFile& file, const std::vector<TileKind>& tiles)
{
    std::map<std::string, std::size_t> names;
    std::array<std::optional<std::size_t>, 256> legends{};
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        const TileKind& tile = tiles[i];
        if (tile.legend != 0) {
            std::optional<std::size_t>& owner = legends[static_cast<unsigned char>(tile.legend)];
            if (owner) {
                const TileKind& first = tiles[*owner];
                file.fail(tile.line, std::string("tile ") + tile.name + " has the legend '" + tile.legend + "' of tile "
                                         + first.name + " (line " + std::to_string(first.line) + ")");
            }
            owner = i;
        }
        for (const std::string& name : {tile.name, tile.abbreviation}) {
            if (name.empty()) {
                continue;
            }
            const auto [at, added] = names.emplace(lowered(name), i);
            if (!added && at->second != i) {
                const TileKind& first = tiles[at->second];
                file.fail(tile.line, "tile " + tile.name + ": the name \"" + name + "\" is tile " + first.name + "'s (line "
                                         + std::to_string(first.line) + ")");
            }
        }
    }
}

TileId readTileName(const TomlSection& section, const Design& design, std::string_view key, const toml::node& node)
{
    const toml::value<std::string>* name = node.as_string();
    if (name == nullptr) {
        section.fail(node, key, "must name tiles, not hold " + typeName(node));
    }
    const std::optional<TileId> id = design.byName(name->get());
    if (!id) {
        section.fail(node, key, "names no [[tile]] of the design: \"" + name->get() + "\"");
    }
    return *id;
}

std::vector<TileId> readTileNames(const TomlSection& section, const Design& design, std::string_view key)
{
    const toml::array* names = section.require(key).as_array();
    if (names == nullptr || names->empty()) {
        section.fail(section.require(key), key, "must be a list of tile names, at least one");
    }
    std::vector<TileId> ids;
    for (const toml::node& name : *names) {
        ids.push_back(readTileName(section, design, key, name));
    }
    return ids;
}

std::optional<PlacementRule::Side> readSide(const TomlSection& section, std::string_view key, bool sideways)
{
    const std::optional<std::string> text = section.string(key);
    if (!text) {
        return std::nullopt;
    }
    const std::pair<std::string_view, PlacementRule::Side> sides[] = {{"above", PlacementRule::Side::Above},
                                                                     {"below", PlacementRule::Side::Below},
                                                                     {"left", PlacementRule::Side::Left},
                                                                     {"right", PlacementRule::Side::Right}};
    for (const auto& [name, side] : std::span(sides).first(sideways ? 4 : 2)) {
        if (*text == name) {
            return side;
        }
    }
    section.fail(*section.find(key), key, std::string("must be ") + (sideways ? "\"above\", \"below\", \"left\" or \"right\""
                                                                              : "\"above\" or \"below\"")
                                              + ", not \"" + *text + "\"");
}

PlacementRule readRule(const TomlFile& file, const toml::table& table, std::size_t index, const Design& design)
{
    const TomlSection section(file, table, "[[rule]] " + std::to_string(index + 1), "rule.",
                              {"name", "tiles", "inside", "edges", "top_left", "side", "allowed", "wall", "subject", "reason"});
    PlacementRule rule;
    rule.line = section.line();
    rule.name = section.requiredString("name");
    rule.inside = section.boolean("inside").value_or(false);
    rule.topLeft = section.boolean("top_left").value_or(false);
    rule.side = readSide(section, "side", true);
    if (int{rule.inside} + int{rule.topLeft} + int{rule.side.has_value()} != 1) {
        file.fail(rule.line, "rule " + rule.name + " must have exactly one of inside = true, top_left = true or side");
    }
    if (!rule.topLeft) {
        rule.tiles = readTileNames(section, design, "tiles");
    }
    if (rule.side || rule.topLeft) {
        rule.allowed = readTileNames(section, design, "allowed");
    }
    rule.wall = readSide(section, "wall", false);
    if (rule.wall && !(rule.side == PlacementRule::Side::Left || rule.side == PlacementRule::Side::Right)) {
        section.fail(section.require("wall"), "wall", "applies to a left or right neighbour only");
    }
    if (const toml::node* edges = section.find("edges")) {
        const toml::array* names = edges->as_array();
        if (!rule.inside || names == nullptr || names->empty()) {
            section.fail(*edges, "edges", "is for an inside rule: a list of \"top\", \"bottom\", \"left\", \"right\"");
        }
        rule.edges.clear();
        for (const toml::node& edge : *names) {
            static const std::pair<std::string_view, PlacementRule::Side> kEdges[] = {
                {"top", PlacementRule::Side::Above}, {"bottom", PlacementRule::Side::Below},
                {"left", PlacementRule::Side::Left}, {"right", PlacementRule::Side::Right}};
            const std::optional<std::string_view> name = edge.value<std::string_view>();
            const auto* found = std::find_if(std::begin(kEdges), std::end(kEdges),
                                             [&](const auto& known) { return name == known.first; });
            if (found == std::end(kEdges)) {
                section.fail(edge, "edges", "names \"top\", \"bottom\", \"left\" or \"right\"");
            }
            rule.edges.push_back(found->second);
        }
    }
    rule.subject = section.string("subject").value_or("");
    rule.reason = section.string("reason").value_or("");
    if ((rule.inside || rule.topLeft) && rule.reason.empty()) {
        file.fail(rule.line, "rule " + rule.name + " needs a reason, for its messages");
    }
    return rule;
}

TileId readRequiredTile(const TomlSection& section, const Design& design, std::string_view key)
{
    return readTileName(section, design, key, section.require(key));
}

} // namespace

std::optional<TileId> Design::byLegend(char legend) const
{
    for (std::size_t id = 0; id < tiles.size(); ++id) {
        if (tiles[id].legend == legend) {
            return static_cast<TileId>(id);
        }
    }
    return std::nullopt;
}

std::optional<TileId> Design::byName(std::string_view wanted) const
{
    for (std::size_t id = 0; id < tiles.size(); ++id) {
        const TileKind& kind = tiles[id];
        if (sameName(wanted, kind.name) || (!kind.abbreviation.empty() && sameName(wanted, kind.abbreviation))) {
            return static_cast<TileId>(id);
        }
    }
    return std::nullopt;
}

std::string Design::describe(TileId id) const
{
    const TileKind& kind = tiles[id];
    return kind.legend == 0 ? kind.name : std::string{'\'', kind.legend, '\'', ' '} + kind.name;
}

std::string Design::legendText() const
{
    std::string text;
    for (const TileKind& kind : tiles) {
        if (kind.legend != 0) {
            text += (text.empty() ? "" : ", ") + std::string(1, kind.legend) + " " + kind.name;
        }
    }
    return text.empty() ? "the design gives no tile a legend" : "the legend is " + text;
}

PixelRange readRange(const TomlSection& limits, std::string_view key, PixelRange whole)
{
    const toml::node* node = limits.find(key);
    if (node == nullptr) {
        return whole;
    }
    const toml::array* range = node->as_array();
    const std::string shape = "must be [min, max] within " + std::to_string(whole.min) + ".." + std::to_string(whole.max);
    if (range == nullptr || range->size() != 2) {
        limits.fail(*node, key, shape);
    }
    const PixelRange r{static_cast<int>(limits.asInteger(*range->get(0), key, whole.min, whole.max)),
                          static_cast<int>(limits.asInteger(*range->get(1), key, whole.min, whole.max))};
    if (r.min > r.max) {
        limits.fail(*node, key, shape + ", min first");
    }
    return r;
}

// A gap: one number of pixels, or [min, max].
PixelRange readGap(const TomlSection& invariants, std::string_view key, int deepest)
{
    const toml::node* node = invariants.find(key);
    if (node == nullptr) {
        return {0, 0};
    }
    if (node->is_array()) {
        return readRange(invariants, key, {-deepest, deepest});
    }
    const int gap = static_cast<int>(invariants.asInteger(*node, key, -deepest, deepest));
    return {gap, gap};
}

Limits readLimits(const TomlSection& root)
{
    Limits limits;
    const toml::node* node = root.find("limits");
    if (node == nullptr) {
        return limits;
    }
    const TomlSection section(root.file(), root.table("limits", "[limits] hitbox_left = [1, 32]"), "[limits]", "limits.",
                              {"hitbox_left", "hitbox_right", "hitbox_top", "hitbox_height", "max_speed", "diagonal"});
    limits.hitboxLeft = readRange(section, "hitbox_left", limits.hitboxLeft);
    limits.hitboxRight = readRange(section, "hitbox_right", limits.hitboxRight);
    limits.hitboxTop = readRange(section, "hitbox_top", limits.hitboxTop);
    limits.hitboxHeight = readRange(section, "hitbox_height", limits.hitboxHeight);
    limits.maxSpeed = section.positiveNumber("max_speed", 127).value_or(limits.maxSpeed);
    limits.diagonal = section.boolean("diagonal").value_or(limits.diagonal);
    return limits;
}

namespace {

Design readDesign(const std::filesystem::path& path, const TomlFile& file)
{
    const TomlSection root(file, file.root, "the design file", "", {"design", "table", "tile", "rule", "invariants", "limits"});
    const TomlSection head(file, root.table("design", "[design] name = \"...\", empty = \"...\""), "[design]",
                           "design.", {"name", "tile_size", "empty", "outside"});
    Design design;
    design.path = path;
    design.name = head.requiredString("name");
    design.tileSize = static_cast<int>(head.integer("tile_size", 8, 16).value_or(16));
    if (design.tileSize != 8 && design.tileSize != 16) {
        head.fail(head.require("tile_size"), "tile_size", "must be 8 or 16, not " + std::to_string(design.tileSize));
    }
    const std::vector<const toml::table*> tiles = root.tableArray("tile");
    if (root.find("table") != nullptr) {
        design.table = readTileTable(root);
        design.tiles = tableTiles(file, tiles, *design.table);
    } else {
        if (tiles.empty() || tiles.size() > kMaxTileKinds) {
            file.fail(head.line(), "a design has 1.." + std::to_string(kMaxTileKinds) + " [[tile]] tables, not "
                                       + std::to_string(tiles.size()) + " (or a [table] of the ROM's)");
        }
        for (std::size_t i = 0; i < tiles.size(); ++i) {
            design.tiles.push_back(readTile(file, *tiles[i], i, design.tileSize));
        }
    }
    checkUnique(file, design.tiles);
    design.empty = readRequiredTile(head, design, "empty");
    design.outside = readRequiredTile(head, design, "outside");
    const std::vector<const toml::table*> rules = root.tableArray("rule");
    for (std::size_t i = 0; i < rules.size(); ++i) {
        design.rules.push_back(readRule(file, *rules[i], i, design));
    }
    if (const toml::node* node = root.find("invariants")) {
        if (!node->is_table()) {
            root.fail(*node, "invariants", "must be a table: [invariants]");
        }
        const TomlSection invariants(file, *node->as_table(), "[invariants]", "invariants.",
                                     {"never_overlaps_solid", "rests_on_floor", "touches_ceiling", "floor_gap",
                                      "ceiling_gap", "accepted_clip", "collision_model", "probes"});
        design.invariants.neverOverlapsSolid = invariants.boolean("never_overlaps_solid").value_or(false);
        design.invariants.restsOnFloor = invariants.boolean("rests_on_floor").value_or(false);
        design.invariants.touchesCeiling = invariants.boolean("touches_ceiling").value_or(false);
        design.invariants.floorGap = readGap(invariants, "floor_gap", design.tileSize - 1);
        design.invariants.ceilingGap = readGap(invariants, "ceiling_gap", design.tileSize - 1);
        if (const std::optional<std::string> clip = invariants.string("accepted_clip")) {
            if (*clip != "corner") {
                invariants.fail(invariants.require("accepted_clip"), "accepted_clip",
                                "must be \"corner\" (a solid tile may overlap the box where it stays clear of the "
                                "origin's column and row), not \"" + clip->substr(0, 40) + "\"");
            }
            design.invariants.cornerClips = true;
        }
        design.invariants.probes = readProbes(invariants);
    }
    design.limits = readLimits(root);
    return design;
}

} // namespace

Design loadDesign(const std::filesystem::path& path)
{
    return readDesign(path, readTomlFile(path));
}

Design parseDesign(const std::string& name, const std::string& text)
{
    return readDesign(name, parseTomlFile(name, text));
}

std::filesystem::path resolveDesignPath(const std::string& design, const std::filesystem::path& baseDirectory)
{
    const bool isPath = design.find('/') != std::string::npos || design.ends_with(".toml");
    return isPath ? baseDirectory / design : bundledDesignDirectory() / (design + ".toml");
}

std::string_view boxPointName(BoxPoint point)
{
    switch (point) {
    case BoxPoint::BottomCentre: return "bottom_centre";
    case BoxPoint::TopCentre: return "top_centre";
    case BoxPoint::LeftMiddle: return "left_middle";
    case BoxPoint::RightMiddle: return "right_middle";
    case BoxPoint::TopLeft: return "top_left";
    case BoxPoint::TopRight: return "top_right";
    case BoxPoint::BottomLeft: return "bottom_left";
    case BoxPoint::BottomRight: return "bottom_right";
    }
    return "";
}

} // namespace tileprof
