#include "profiler/rom/manifest.hpp"

#include "emu/input_error.hpp"

#include <toml++/toml.h>

#include <initializer_list>
#include <string_view>

namespace tileprof {

namespace {

// Reads one TOML table strictly: every key must be expected, and every value of its type and range.
class TableReader {
public:
    TableReader(const std::filesystem::path& path, const toml::table& table, std::string_view name,
                std::initializer_list<std::string_view> keys)
        : path_(path), table_(table), name_(name)
    {
        for (auto&& [key, node] : table) {
            bool known = false;
            for (std::string_view expected : keys) {
                known = known || key.str() == expected;
            }
            if (!known) {
                fail(key.source(), "unknown key \"" + std::string(key.str()) + "\"" + where());
            }
        }
    }

    std::string string(std::string_view key) const
    {
        const toml::node& node = require(key);
        if (!node.is_string()) {
            fail(node.source(), keyName(key) + " must be a string");
        }
        return std::string(*node.value<std::string_view>());
    }

    SymbolRef symbol(std::string_view key) const
    {
        return {string(key), static_cast<int>(require(key).source().begin.line)};
    }

    std::int64_t integer(std::string_view key, std::int64_t min, std::int64_t max) const
    {
        return integerOf(require(key), keyName(key), min, max);
    }

    std::int64_t integerOf(const toml::node& node, const std::string& what, std::int64_t min, std::int64_t max) const
    {
        const std::optional<std::int64_t> value = node.is_integer() ? node.value<std::int64_t>() : std::nullopt;
        if (!value || *value < min || *value > max) {
            fail(node.source(), what + " must be an integer " + std::to_string(min) + ".." + std::to_string(max));
        }
        return *value;
    }

    const toml::table& subtable(std::string_view key) const
    {
        const toml::node& node = require(key);
        if (!node.is_table()) {
            fail(node.source(), keyName(key) + " must be a table");
        }
        return *node.as_table();
    }

    const toml::node& require(std::string_view key) const
    {
        const toml::node* node = table_.get(key);
        if (node == nullptr) {
            fail(table_.source(), "missing key \"" + std::string(key) + "\"" + where());
        }
        return *node;
    }

    [[noreturn]] void fail(const toml::source_region& at, const std::string& problem) const
    {
        throw emu::InputError(path_.string() + ":" + std::to_string(at.begin.line) + ": " + problem);
    }

private:
    std::string where() const { return name_.empty() ? std::string() : " in [" + std::string(name_) + "]"; }
    std::string keyName(std::string_view key) const
    {
        return (name_.empty() ? std::string() : std::string(name_) + ".") + std::string(key);
    }

    const std::filesystem::path& path_;
    const toml::table& table_;
    std::string_view name_;
};

EntityField readField(const TableReader& entity, const std::filesystem::path& path, std::string_view key)
{
    const TableReader field(path, entity.subtable(key), "entity." + std::string(key), {"offset", "format"});
    const auto offset = static_cast<std::uint32_t>(field.integer("offset", 0, 255));
    const std::string format = field.string("format");
    static constexpr std::pair<std::string_view, FieldFormat> kFormats[] = {
        {"u8", FieldFormat::U8},         {"u16", FieldFormat::U16},         {"s16", FieldFormat::S16},
        {"u16.16", FieldFormat::U16_16}, {"s16.16", FieldFormat::S16_16},
    };
    for (const auto& [name, value] : kFormats) {
        if (format == name) {
            return {offset, value};
        }
    }
    field.fail(field.require("format").source(),
               "format \"" + format + "\" is not one of u8, u16, s16, u16.16, s16.16");
}

StateBits readStateBits(const TableReader& entity, const std::filesystem::path& path)
{
    const TableReader bits(path, entity.subtable("state_bits"), "entity.state_bits", {"down", "up", "right", "left"});
    return {static_cast<std::uint8_t>(bits.integer("down", 1, 255)), static_cast<std::uint8_t>(bits.integer("up", 1, 255)),
            static_cast<std::uint8_t>(bits.integer("right", 1, 255)),
            static_cast<std::uint8_t>(bits.integer("left", 1, 255))};
}

} // namespace

Manifest loadManifest(const std::filesystem::path& path)
{
    toml::table root;
    try {
        root = toml::parse_file(path.string());
    } catch (const toml::parse_error& e) {
        const auto& begin = e.source().begin;
        throw emu::InputError(path.string() + ":" + std::to_string(begin.line) + ":" + std::to_string(begin.column) +
                              ": " + std::string(e.description()));
    }

    Manifest m;
    m.path = path;
    const TableReader top(path, root, "", {"call", "entity", "map", "case"});

    const TableReader call(path, top.subtable("call"), "call",
                           {"entry", "kind", "accumulator_bits", "index_bits", "direct_page", "data_bank", "stack",
                            "cycle_limit"});
    m.entry = call.symbol("entry");
    const std::string kind = call.string("kind");
    if (kind != "jsr" && kind != "jsl") {
        call.fail(call.require("kind").source(), "call.kind must be \"jsr\" or \"jsl\"");
    }
    m.call = kind == "jsr" ? CallKind::Jsr : CallKind::Jsl;
    m.accumulatorBits = static_cast<int>(call.integer("accumulator_bits", 8, 16));
    m.indexBits = static_cast<int>(call.integer("index_bits", 8, 16));
    for (const auto& [key, bits] : {std::pair{"accumulator_bits", m.accumulatorBits}, {"index_bits", m.indexBits}}) {
        if (bits != 8 && bits != 16) {
            call.fail(call.require(key).source(), std::string("call.") + key + " must be 8 or 16");
        }
    }
    if (call.string("direct_page") != "entity") {
        call.fail(call.require("direct_page").source(), "call.direct_page must be \"entity\"");
    }
    m.dataBank = static_cast<std::uint8_t>(call.integer("data_bank", 0, 255));
    m.stack = static_cast<std::uint16_t>(call.integer("stack", 0x0100, 0x1FFF));
    m.cycleLimit = static_cast<std::uint64_t>(call.integer("cycle_limit", 1, 100'000'000));

    const TableReader entity(path, top.subtable("entity"), "entity",
                             {"slots", "stride", "x_position", "y_position", "x_velocity", "y_velocity",
                              "collision_state", "hitbox_left", "hitbox_right", "hitbox_y_offset", "hitbox_height",
                              "state_bits"});
    m.entitySlots = entity.symbol("slots");
    m.entityStride = static_cast<std::uint32_t>(entity.integer("stride", 1, 0x1000));
    m.xPosition = readField(entity, path, "x_position");
    m.yPosition = readField(entity, path, "y_position");
    m.xVelocity = readField(entity, path, "x_velocity");
    m.yVelocity = readField(entity, path, "y_velocity");
    m.collisionState = readField(entity, path, "collision_state");
    m.hitboxLeft = readField(entity, path, "hitbox_left");
    m.hitboxRight = readField(entity, path, "hitbox_right");
    m.hitboxYOffset = readField(entity, path, "hitbox_y_offset");
    m.hitboxHeight = readField(entity, path, "hitbox_height");
    m.stateBits = readStateBits(entity, path);

    const TableReader map(path, top.subtable("map"), "map",
                          {"tiles", "width", "height", "bytes_per_row", "collision_map", "max_width", "max_height",
                           "origin", "top_height_table", "bottom_height_table"});
    m.mapTiles = map.symbol("tiles");
    m.mapWidth = map.symbol("width");
    m.mapHeight = map.symbol("height");
    m.mapBytesPerRow = map.symbol("bytes_per_row");
    m.collisionMap = map.symbol("collision_map");
    m.maxMapWidth = static_cast<int>(map.integer("max_width", 1, 255));
    m.maxMapHeight = static_cast<int>(map.integer("max_height", 1, 255));
    const toml::node& origin = map.require("origin");
    const toml::array* originPair = origin.as_array();
    if (originPair == nullptr || originPair->size() != 2) {
        map.fail(origin.source(), "map.origin must be [x, y]");
    }
    m.originX = static_cast<std::uint16_t>(map.integerOf(*originPair->get(0), "map.origin x", 0, 0xF000));
    m.originY = static_cast<std::uint16_t>(map.integerOf(*originPair->get(1), "map.origin y", 0, 0xF000));
    m.topHeightTable = map.symbol("top_height_table");
    m.bottomHeightTable = map.symbol("bottom_height_table");

    const toml::node& cases = top.require("case");
    const toml::array* caseArray = cases.as_array();
    if (caseArray == nullptr || caseArray->empty() || !caseArray->is_array_of_tables()) {
        top.fail(cases.source(), "[[case]] must be one or more tables with a name and a label");
    }
    for (const toml::node& node : *caseArray) {
        const TableReader entry(path, *node.as_table(), "case", {"name", "label"});
        CaseLabel label{entry.string("name"), entry.symbol("label")};
        for (const CaseLabel& earlier : m.cases) {
            if (earlier.name == label.name) {
                entry.fail(entry.require("name").source(), "case \"" + label.name + "\" is named twice");
            }
        }
        m.cases.push_back(std::move(label));
    }
    return m;
}

} // namespace tileprof
