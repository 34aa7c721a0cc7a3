#include "profiler/scenario/scenario.hpp"

#include "emu/input_error.hpp"
#include "profiler/map/tiled_map.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <map>
#include <string_view>

namespace tileprof {
namespace {

constexpr std::int64_t kMaxFrames = 100000;
constexpr std::int64_t kMaxBudgetCycles = 100000;
constexpr std::size_t kMaxEntities = 16;
constexpr double kMaxSpeed = 8; // px/frame: the routine assumes |velocity| <= 8
constexpr int kTilePixels = 16;
constexpr int kMaxMapPixel = kMaxMapTiles * kTilePixels - 1;

constexpr std::string_view kLegend = "the legend is # SOLID, = END_SLOPE, A-F floor slopes, ^ UP_PLATFORM, . EMPTY, "
                                     "v DOWN_PLATFORM, a-f ceiling slopes";

// A place in the scenario file, 1-based as toml++ counts it: columns in characters, not bytes.
struct SourcePosition {
    int line = 0;
    int column = 0;
};

// The scenario's text, and its name at the start of every message.
struct ScenarioFile {
    std::string name;
    std::string text;

    [[noreturn]] void fail(int line, const std::string& problem) const
    {
        throw emu::InputError(name + ":" + std::to_string(line) + ": " + problem);
    }

    [[noreturn]] void fail(SourcePosition at, const std::string& problem) const
    {
        throw emu::InputError(name + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + problem);
    }
};

std::string readText(const std::filesystem::path& path, const std::string& name)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw emu::InputError(name + ": cannot open: " + std::strerror(errno));
    }
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

int lineOf(const toml::node& node)
{
    return static_cast<int>(node.source().begin.line);
}

std::string formatNumber(double value)
{
    char buffer[32];
    return {buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr};
}

std::string typeName(const toml::node& node)
{
    switch (node.type()) {
    case toml::node_type::string:
        return "a string";
    case toml::node_type::integer:
        return "an integer";
    case toml::node_type::floating_point:
        return "a floating-point number";
    case toml::node_type::boolean:
        return "a boolean";
    case toml::node_type::array:
        return "an array";
    case toml::node_type::table:
        return "a table";
    default:
        return "a date or time";
    }
}

// One TOML table of the scenario. Its keys are checked against the ones it allows, and every read
// names the key and its line when a value is missing, of the wrong type or out of range.
class Section {
public:
    Section(const ScenarioFile& file, const toml::table& table, std::string title, std::string keyPrefix,
            std::initializer_list<std::string_view> keys)
        : file_(file), table_(table), title_(std::move(title)), prefix_(std::move(keyPrefix))
    {
        rejectUnknownKeys(keys);
    }

    const ScenarioFile& file() const { return file_; }
    int line() const { return lineOf(table_); }
    const toml::node* find(std::string_view key) const { return table_.get(key); }

    const toml::node& require(std::string_view key) const
    {
        const toml::node* node = find(key);
        if (!node) {
            file_.fail(line(), title_ + " is missing the required key '" + std::string(key) + "'");
        }
        return *node;
    }

    [[noreturn]] void fail(const toml::node& at, std::string_view key, const std::string& problem) const
    {
        file_.fail(lineOf(at), "'" + prefix_ + std::string(key) + "' " + problem);
    }

    std::int64_t asInteger(const toml::node& node, std::string_view key, std::int64_t min, std::int64_t max) const
    {
        const toml::value<std::int64_t>* value = node.as_integer();
        if (!value) {
            fail(node, key, "must be an integer, not " + typeName(node));
        }
        if (value->get() < min || value->get() > max) {
            fail(node, key, "must be " + std::to_string(min) + ".." + std::to_string(max) + ", not "
                                + std::to_string(value->get()));
        }
        return value->get();
    }

    double asNumber(const toml::node& node, std::string_view key) const
    {
        if (const toml::value<std::int64_t>* integer = node.as_integer()) {
            return static_cast<double>(integer->get());
        }
        const toml::value<double>* value = node.as_floating_point();
        if (!value) {
            fail(node, key, "must be a number, not " + typeName(node));
        }
        if (!std::isfinite(value->get())) {
            fail(node, key, "must be a finite number, not " + formatNumber(value->get()));
        }
        return value->get();
    }

    std::optional<std::int64_t> integer(std::string_view key, std::int64_t min, std::int64_t max) const
    {
        const toml::node* node = find(key);
        return node ? std::optional(asInteger(*node, key, min, max)) : std::nullopt;
    }

    std::int64_t requiredInteger(std::string_view key, std::int64_t min, std::int64_t max) const
    {
        return asInteger(require(key), key, min, max);
    }

    // -max..max
    std::optional<double> speed(std::string_view key) const
    {
        const toml::node* node = find(key);
        if (!node) {
            return std::nullopt;
        }
        const double value = asNumber(*node, key);
        if (value < -kMaxSpeed || value > kMaxSpeed) {
            fail(*node, key, "must be " + formatNumber(-kMaxSpeed) + ".." + formatNumber(kMaxSpeed) + ", not "
                                 + formatNumber(value));
        }
        return value;
    }

    // 0 excluded: a zero acceleration or fall speed is written as gravity = "none".
    std::optional<double> positiveUpTo(std::string_view key, double max) const
    {
        const toml::node* node = find(key);
        if (!node) {
            return std::nullopt;
        }
        const double value = asNumber(*node, key);
        if (value <= 0 || value > max) {
            fail(*node, key, "must be > 0 and <= " + formatNumber(max) + ", not " + formatNumber(value));
        }
        return value;
    }

    std::optional<std::string> string(std::string_view key) const
    {
        const toml::node* node = find(key);
        if (!node) {
            return std::nullopt;
        }
        if (!node->is_string()) {
            fail(*node, key, "must be a string, not " + typeName(*node));
        }
        return node->as_string()->get();
    }

    std::string requiredName(std::string_view key) const
    {
        const toml::node& node = require(key);
        const std::string name = *string(key);
        if (name.empty()) {
            fail(node, key, "must not be empty");
        }
        return name;
    }

    std::optional<bool> boolean(std::string_view key) const
    {
        const toml::node* node = find(key);
        if (!node) {
            return std::nullopt;
        }
        if (!node->is_boolean()) {
            fail(*node, key, "must be true or false, not " + typeName(*node));
        }
        return node->as_boolean()->get();
    }

    std::optional<Gravity> gravity(std::string_view key) const
    {
        const std::optional<std::string> name = string(key);
        if (!name) {
            return std::nullopt;
        }
        if (*name == "down") {
            return Gravity::Down;
        }
        if (*name == "up") {
            return Gravity::Up;
        }
        if (*name == "none") {
            return Gravity::None;
        }
        fail(*find(key), key, "must be \"down\", \"up\" or \"none\", not \"" + *name + "\"");
    }

    // [x, y]; `what` names the values for the message.
    const toml::array* pair(std::string_view key, const std::string& what) const
    {
        const toml::node* node = find(key);
        if (!node) {
            return nullptr;
        }
        const toml::array* array = node->as_array();
        if (!array || array->size() != 2) {
            fail(*node, key, "must be [x, y] (two " + what + "), not "
                                 + (array ? "an array of " + std::to_string(array->size()) : typeName(*node)));
        }
        return array;
    }

    const toml::table& table(std::string_view key, const std::string& example) const
    {
        const toml::node& node = require(key);
        if (!node.is_table()) {
            fail(node, key, "must be a table like " + example + ", not " + typeName(node));
        }
        return *node.as_table();
    }

    // The tables of a [[key]] array; none when the key is absent.
    std::vector<const toml::table*> tableArray(std::string_view key) const
    {
        std::vector<const toml::table*> tables;
        const toml::node* node = find(key);
        if (!node) {
            return tables;
        }
        const std::string header = "[[" + std::string(key) + "]]";
        if (!node->is_array()) {
            fail(*node, key, "must be an array of tables: write " + header + ", not " + typeName(*node));
        }
        for (const toml::node& element : *node->as_array()) {
            if (!element.is_table()) {
                fail(element, key, "must be an array of tables (" + header + "), but holds " + typeName(element));
            }
            tables.push_back(element.as_table());
        }
        return tables;
    }

private:
    // The first unknown key in the file, so the message points at what the author wrote first.
    void rejectUnknownKeys(std::initializer_list<std::string_view> keys) const
    {
        const toml::key* unknown = nullptr;
        for (const auto& [key, value] : table_) {
            const bool known = std::find(keys.begin(), keys.end(), key.str()) != keys.end();
            if (!known && (!unknown || key.source().begin < unknown->source().begin)) {
                unknown = &key;
            }
        }
        if (!unknown) {
            return;
        }
        std::string expected;
        for (const std::string_view key : keys) {
            expected += (expected.empty() ? "" : ", ") + std::string(key);
        }
        file_.fail(static_cast<int>(unknown->source().begin.line),
                   "unknown key '" + std::string(unknown->str()) + "' in " + title_ + "; expected " + expected);
    }

    const ScenarioFile& file_;
    const toml::table& table_;
    std::string title_;  // for messages: "[[entity]]", "the hitbox", ...
    std::string prefix_; // the section's keys' path: "entity.hitbox."
};

bool isContinuationByte(char c)
{
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

std::size_t offsetOf(std::string_view text, SourcePosition at)
{
    std::size_t offset = 0;
    for (int line = 1; line < at.line; ++line) {
        offset = text.find('\n', offset);
        if (offset == std::string_view::npos) {
            return text.size();
        }
        ++offset;
    }
    for (int column = 1; column < at.column && offset < text.size(); ++column) {
        ++offset;
        while (offset < text.size() && isContinuationByte(text[offset])) {
            ++offset;
        }
    }
    return offset;
}

std::size_t utf8Length(std::uint32_t codePoint)
{
    return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

// Where each byte of a string value sits in the file. toml++ gives only the literal's start, and a
// trimmed first newline, an escape or a line-ending backslash moves everything after it, so the
// literal is read again here. toml++ has accepted it, so it is well formed.
std::vector<SourcePosition> valuePositions(std::string_view text, SourcePosition start)
{
    std::vector<SourcePosition> positions;
    std::size_t i = offsetOf(text, start);
    SourcePosition here = start;
    const auto next = [&] {
        if (text[i] == '\n') {
            ++here.line;
            here.column = 1;
        } else if (i + 1 >= text.size() || !isContinuationByte(text[i + 1])) {
            ++here.column;
        }
        ++i;
    };
    const auto at = [&](std::size_t offset, std::string_view what) {
        return offset <= text.size() && text.substr(offset).starts_with(what);
    };

    const char quote = text[i];
    const bool multiLine = at(i, std::string(3, quote));
    const std::string delimiter(multiLine ? 3 : 1, quote);
    for (std::size_t n = 0; n < delimiter.size(); ++n) {
        next();
    }
    // TOML drops a newline right after the opening delimiter.
    if (multiLine && (at(i, "\n") || at(i, "\r\n"))) {
        while (text[i] != '\n') {
            next();
        }
        next();
    }
    while (i < text.size()) {
        // In a multi-line string up to two quotes before the closing delimiter are part of the value.
        if (at(i, delimiter) && !(multiLine && at(i + 3, std::string(1, quote)))) {
            break;
        }
        if (quote == '"' && text[i] == '\\') {
            const char escape = i + 1 < text.size() ? text[i + 1] : '\0';
            if (multiLine && std::string_view(" \t\r\n").find(escape) != std::string_view::npos) {
                // A line-ending backslash drops itself and every space and newline after it.
                next();
                while (i < text.size() && std::string_view(" \t\r\n").find(text[i]) != std::string_view::npos) {
                    next();
                }
                continue;
            }
            const std::size_t digits = escape == 'u' ? 4 : escape == 'U' ? 8 : 0;
            std::uint32_t codePoint = 0;
            std::from_chars(text.data() + i + 2, text.data() + i + 2 + digits, codePoint, 16);
            positions.insert(positions.end(), digits == 0 ? 1 : utf8Length(codePoint), here);
            for (std::size_t n = 0; n < 2 + digits; ++n) {
                next();
            }
            continue;
        }
        if (!at(i, "\r\n")) { // toml++ turns CRLF into LF
            positions.push_back(here);
        }
        next();
    }
    return positions;
}

std::string describeCharacter(std::string_view text, std::size_t index)
{
    const unsigned char c = static_cast<unsigned char>(text[index]);
    if (c == ' ') {
        return "' ' (a space)";
    }
    if (c < 0x20 || c == 0x7F) {
        char code[8];
        const auto end = std::to_chars(code, code + sizeof code, c, 16).ptr;
        return "U+" + std::string(4 - static_cast<std::size_t>(end - code), '0') + std::string(code, end)
             + " (a control character)";
    }
    std::size_t length = 1;
    while (index + length < text.size() && isContinuationByte(text[index + length])) {
        ++length;
    }
    return "'" + std::string(text.substr(index, length)) + "'";
}

// The `tiles` string: one row per line, one legend character per tile. Only the final newline is
// dropped; anything else that makes rows differ in length is an error, not something to guess about.
void readAsciiMap(const ScenarioFile& file, const toml::node& node, Scenario& scenario)
{
    const std::string& text = node.as_string()->get();
    const SourcePosition start{lineOf(node), static_cast<int>(node.source().begin.column)};
    std::vector<SourcePosition> positions = valuePositions(file.text, start);
    if (positions.size() != text.size()) {
        positions.assign(text.size(), start); // a literal this reader misjudged: point at its start, not beyond
    }
    std::string_view body = text;
    if (body.ends_with('\n')) {
        body.remove_suffix(1);
    }
    TileMap& map = scenario.map;
    for (std::size_t rowStart = 0; !body.empty();) {
        const std::size_t rowEnd = std::min(body.find('\n', rowStart), body.size());
        const std::size_t row = scenario.mapRowLines.size();
        const std::size_t width = rowEnd - rowStart;
        const int line = positions[rowStart].line;
        scenario.mapRowLines.push_back(line);
        for (std::size_t column = 0; column < width; ++column) {
            const std::size_t at = rowStart + column;
            const std::optional<TileType> type = tileTypeFromLegend(body[at]);
            if (!type) {
                file.fail(positions[at], "unknown map character " + describeCharacter(body, at) + " at row "
                                             + std::to_string(row) + ", column " + std::to_string(column) + "; "
                                             + std::string(kLegend));
            }
            map.tiles.push_back(*type);
        }
        if (row == 0) {
            map.width = static_cast<int>(width);
        } else if (width != static_cast<std::size_t>(map.width)) {
            file.fail(line, "row " + std::to_string(row) + " has " + std::to_string(width) + " tiles but row 0 has "
                                + std::to_string(map.width) + "; every row must be equally long");
        }
        if (rowEnd == body.size()) {
            break;
        }
        rowStart = rowEnd + 1;
    }
    map.height = static_cast<int>(scenario.mapRowLines.size());
    if (map.width == 0) {
        file.fail(lineOf(node), "'map.tiles' is empty: draw the map, one row of tiles per line");
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

void readMap(const Section& top, Scenario& scenario)
{
    const ScenarioFile& file = top.file();
    const Section map(file, top.table("map", "[map] with tiles = \"\"\"...\"\"\" or file = \"level.tmj\""), "[map]",
                      "map.", {"tiles", "file"});
    scenario.mapLine = map.line();
    const std::optional<std::string> tiles = map.string("tiles");
    const std::optional<std::string> mapFile = map.string("file");
    if (tiles && mapFile) {
        file.fail(map.line(), "[map] has both 'tiles' and 'file'; give one of them");
    }
    if (tiles) {
        readAsciiMap(file, *map.find("tiles"), scenario);
    } else if (mapFile) {
        if (mapFile->empty()) {
            map.fail(*map.find("file"), "file", "must not be empty");
        }
        scenario.mapFile = scenario.path.parent_path() / *mapFile;
        scenario.map = loadTiledMap(scenario.mapFile);
    } else {
        file.fail(map.line(), "[map] needs 'tiles' (an ASCII map) or 'file' (a Tiled .tmj map)");
    }
}

Hitbox readHitbox(const Section& entity)
{
    const Section box(entity.file(), entity.table("hitbox", "{ left = 6, right = 6, top = 12, height = 24 }"),
                      "the hitbox", "entity.hitbox.", {"left", "right", "top", "height"});
    Hitbox hitbox;
    hitbox.left = static_cast<int>(box.requiredInteger("left", 1, 32));
    hitbox.right = static_cast<int>(box.requiredInteger("right", 1, 32));
    hitbox.top = static_cast<int>(box.requiredInteger("top", 1, 127));
    hitbox.height = static_cast<int>(box.requiredInteger("height", 1, 127));
    if (hitbox.height <= hitbox.top) {
        box.fail(*box.find("height"), "height", "(" + std::to_string(hitbox.height) + ") must be greater than 'top' ("
                                                    + std::to_string(hitbox.top)
                                                    + ") so that the origin lies inside the box");
    }
    return hitbox;
}

std::vector<ScriptStep> readScript(const Section& entity)
{
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
        const Section step(entity.file(), *element.as_table(), "the script step", "entity.script.",
                           {"frames", "walk", "jump", "gravity"});
        ScriptStep result;
        result.line = step.line();
        result.frames = static_cast<int>(step.requiredInteger("frames", 1, kMaxFrames));
        result.walk = step.speed("walk").value_or(0);
        result.jump = step.speed("jump");
        result.gravity = step.gravity("gravity");
        script.push_back(result);
    }
    return script;
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

void checkPlacement(const ScenarioFile& file, const Scenario& scenario, const EntitySpec& entity)
{
    const TileMap& map = scenario.map;
    const Hitbox& hitbox = entity.hitbox;
    const double x = std::floor(entity.x);
    const double y = std::floor(entity.y);
    const PixelBox box{x - hitbox.left, x + hitbox.right - 1, y - hitbox.top, y - hitbox.top + hitbox.height - 1};
    const std::string who =
        "entity '" + entity.name + "' at (" + formatNumber(entity.x) + ", " + formatNumber(entity.y) + ")";
    // Compared as doubles: a position far off the map would overflow an int.
    if (box.left < 0 || box.top < 0 || box.right >= map.width * kTilePixels || box.bottom >= map.height * kTilePixels) {
        file.fail(entity.line, who + " is outside the map: " + describeBox(box) + "; the map is "
                                   + std::to_string(map.width * kTilePixels) + " x "
                                   + std::to_string(map.height * kTilePixels) + " pixels");
    }
    for (int row = static_cast<int>(box.top) / kTilePixels; row <= static_cast<int>(box.bottom) / kTilePixels; ++row) {
        for (int column = static_cast<int>(box.left) / kTilePixels;
             column <= static_cast<int>(box.right) / kTilePixels; ++column) {
            if (map.at(column, row) == TileType::Solid) {
                file.fail(entity.line, who + " overlaps the SOLID tile at row " + std::to_string(row) + ", column "
                                           + std::to_string(column) + ": " + describeBox(box));
            }
        }
    }
}

EntitySpec readEntity(const Section& entity)
{
    EntitySpec spec;
    spec.line = entity.line();
    spec.name = entity.requiredName("name");
    spec.hitbox = readHitbox(entity);
    entity.require("pos");
    const toml::array& pos = *entity.pair("pos", "numbers");
    spec.x = entity.asNumber(pos[0], "pos");
    spec.y = entity.asNumber(pos[1], "pos");
    spec.gravity = entity.gravity("gravity").value_or(spec.gravity);
    spec.gravityAccel = entity.positiveUpTo("gravity_accel", kMaxSpeed).value_or(spec.gravityAccel);
    spec.maxFall = entity.positiveUpTo("max_fall", kMaxSpeed).value_or(spec.maxFall);
    spec.script = readScript(entity);
    return spec;
}

void readEntities(const Section& top, Scenario& scenario)
{
    const ScenarioFile& file = top.file();
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
        const Section entity(file, *table, "[[entity]]", "entity.",
                             {"name", "hitbox", "pos", "gravity", "gravity_accel", "max_fall", "script"});
        EntitySpec spec = readEntity(entity);
        const int nameLine = lineOf(*entity.find("name"));
        if (const auto [first, added] = nameLines.emplace(spec.name, nameLine); !added) {
            file.fail(nameLine, "duplicate entity name '" + spec.name + "' (also at line "
                                    + std::to_string(first->second) + ")");
        }
        checkPlacement(file, scenario, spec);
        scenario.entities.push_back(std::move(spec));
    }
}

Expectation readExpectation(const Section& expect, const Scenario& scenario)
{
    Expectation result;
    result.line = expect.line();
    result.frame = static_cast<int>(expect.requiredInteger("frame", 1, scenario.frames));
    result.entity = expect.requiredName("entity");
    const auto named = [&](const EntitySpec& entity) { return entity.name == result.entity; };
    if (std::none_of(scenario.entities.begin(), scenario.entities.end(), named)) {
        std::string names;
        for (const EntitySpec& entity : scenario.entities) {
            names += (names.empty() ? "" : ", ") + entity.name;
        }
        expect.fail(*expect.find("entity"), "entity", "names no entity: '" + result.entity + "' (the entities are "
                                                          + names + ")");
    }
    if (const toml::array* pos = expect.pair("pos", "integers")) {
        result.pos = {static_cast<int>(expect.asInteger((*pos)[0], "pos", 0, kMaxMapPixel)),
                      static_cast<int>(expect.asInteger((*pos)[1], "pos", 0, kMaxMapPixel))};
    }
    result.standing = expect.boolean("standing");
    result.ceiling = expect.boolean("ceiling");
    result.wallLeft = expect.boolean("wall_left");
    result.wallRight = expect.boolean("wall_right");
    if (!result.pos && !result.standing && !result.ceiling && !result.wallLeft && !result.wallRight) {
        expect.file().fail(result.line,
                           "[[expect]] checks nothing: give pos, standing, ceiling, wall_left or wall_right");
    }
    return result;
}

} // namespace

Scenario loadScenario(const std::filesystem::path& path)
{
    ScenarioFile file{path.string(), readText(path, path.string())};
    toml::table root;
    try {
        root = toml::parse(file.text, file.name);
    } catch (const toml::parse_error& error) {
        const toml::source_position at = error.source().begin;
        file.fail({static_cast<int>(at.line), static_cast<int>(at.column)}, std::string(error.description()));
    }

    Scenario scenario;
    scenario.path = path;
    const Section top(file, root, "the scenario", "",
                      {"name", "rom", "frames", "budget_cycles", "map", "entity", "expect"});
    scenario.name = top.requiredName("name");
    scenario.rom = top.string("rom").value_or("tile-collision");
    scenario.frames = static_cast<int>(top.requiredInteger("frames", 1, kMaxFrames));
    scenario.budgetCycles =
        static_cast<int>(top.integer("budget_cycles", 1, kMaxBudgetCycles).value_or(scenario.budgetCycles));
    readMap(top, scenario);
    readEntities(top, scenario);
    for (const toml::table* table : top.tableArray("expect")) {
        const Section expect(file, *table, "[[expect]]", "expect.",
                             {"frame", "entity", "pos", "standing", "ceiling", "wall_left", "wall_right"});
        scenario.expectations.push_back(readExpectation(expect, scenario));
    }
    return scenario;
}

} // namespace tileprof
