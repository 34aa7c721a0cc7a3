#include "profiler/model/target/manifest.hpp"

#include "base/input_error.hpp"
#include "profiler/formats/toml/toml_section.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <initializer_list>
#include <tuple>
#include <utility>

namespace tileprof {

namespace {

// "Name" or "Name + offset", the offset decimal or hexadecimal (0x or $): `text`, the value of `node`,
// which messages call `key` of `section`.
SymbolRef symbolOf(const TomlSection& section, const toml::node& node, std::string_view key, const std::string& text)
{
    const int line = lineOf(node);
    const std::size_t plus = text.find('+');
    const auto trimmed = [](std::string_view part) {
        const std::size_t first = part.find_first_not_of(" \t");
        return first == std::string_view::npos ? std::string_view{} : part.substr(first, part.find_last_not_of(" \t") - first + 1);
    };
    const std::string_view name = trimmed(std::string_view(text).substr(0, plus));
    const bool badName = name.empty() || name.find_first_of(" \t") != std::string_view::npos;
    if (plus == std::string::npos && !badName) {
        return {text, line};
    }
    const std::string_view number = plus == std::string::npos ? std::string_view{} : trimmed(std::string_view(text).substr(plus + 1));
    const bool hex = number.starts_with("0x") || number.starts_with("$");
    const std::string_view digits = number.substr(number.starts_with("0x") ? 2 : hex ? 1 : 0);
    std::uint32_t offset = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), offset, hex ? 16 : 10);
    if (badName || digits.empty() || error != std::errc{} || end != digits.data() + digits.size() || offset > 0xFFFF) {
        section.fail(node, key, "must be a symbol or \"symbol + offset\" (an offset of 0..65535, decimal or 0x hexadecimal), not \"" + text + "\"");
    }
    return {std::string(name), line, offset};
}

SymbolRef readSymbol(const TomlSection& section, std::string_view key)
{
    const std::string text = section.requiredString(key);
    return symbolOf(section, section.require(key), key, text);
}

std::optional<SymbolRef> readOptionalSymbol(const TomlSection& section, std::string_view key)
{
    return section.find(key) ? std::optional(readSymbol(section, key)) : std::nullopt;
}

// One of `choices`, by its name in the file.
template <class T>
T readChoice(const TomlSection& section, std::string_view key,
             std::initializer_list<std::pair<std::string_view, T>> choices)
{
    const std::string name = section.requiredString(key);
    std::string names;
    for (const auto& [choice, value] : choices) {
        if (name == choice) {
            return value;
        }
        names += (names.empty() ? "\"" : ", \"") + std::string(choice) + "\"";
    }
    section.fail(section.require(key), key, "must be one of " + names + ", not \"" + name + "\"");
}

// A register width: 8 or 16.
int readBits(const TomlSection& section, std::string_view key)
{
    const std::int64_t bits = section.requiredInteger(key, 8, 16);
    if (bits != 8 && bits != 16) {
        section.fail(section.require(key), key, "must be 8 or 16, not " + std::to_string(bits));
    }
    return static_cast<int>(bits);
}

FieldFormat readFormat(const TomlSection& section)
{
    return readChoice<FieldFormat>(section, "format",
                                   {{"u8", FieldFormat::U8},
                                    {"s8", FieldFormat::S8},
                                    {"u16", FieldFormat::U16},
                                    {"s16", FieldFormat::S16},
                                    {"u8.8", FieldFormat::U8_8},
                                    {"s8.8", FieldFormat::S8_8},
                                    {"u12.4", FieldFormat::U12_4},
                                    {"s12.4", FieldFormat::S12_4},
                                    {"u16.16", FieldFormat::U16_16},
                                    {"s16.16", FieldFormat::S16_16}});
}

// A whole number's format: the fixed-point ones are for positions and velocities.
FieldFormat readWholeFormat(const TomlSection& section)
{
    const FieldFormat format = readFormat(section);
    if (fractionBits(format) != 0) {
        section.fail(section.require("format"), "format",
                     "must be u8, s8, u16 or s16: this field is a whole number, not a fixed-point value");
    }
    return format;
}

// A field as { offset, format } or { at = "Symbol + offset", format }, read from its own table's
// section; `name` is how messages name it ("entity.alive"). With `whole`, the format is a whole
// number's.
EntityField readFieldOf(const TomlSection& field, const std::string& name, bool whole)
{
    EntityField result;
    result.format = whole ? readWholeFormat(field) : readFormat(field);
    if ((field.find("offset") == nullptr) == (field.find("at") == nullptr)) {
        field.file().fail(field.line(), "'" + name + "' needs one of 'offset' (in the entity) or 'at' (a variable: \"Symbol\" or "
                                                      "\"Symbol + offset\")");
    }
    if (field.find("at") != nullptr) {
        result.at = readSymbol(field, "at");
    } else {
        result.offset = static_cast<std::uint32_t>(field.requiredInteger("offset", 0, 255));
    }
    return result;
}

// Where a field lies: in the entity, or anywhere work RAM has a symbol; in a record, only at an
// offset within it.
enum class FieldPlace : std::uint8_t { Entity, Record };

// `key` of `owner` as a field; `ownerName` is how messages name the owner ("entity").
EntityField readField(const TomlSection& owner, std::string_view ownerName, std::string_view key, bool whole = true,
                      FieldPlace place = FieldPlace::Entity)
{
    const std::string name = std::string(ownerName) + "." + std::string(key);
    const TomlSection field(owner.file(), owner.table(key, "{ offset = 0, format = \"u16\" }"), name, name + ".",
                            {"offset", "at", "format"});
    if (const toml::node* at = field.find("at"); at != nullptr && place == FieldPlace::Record) {
        field.fail(*at, "at", "is not for a record's fields: give their offset in the record");
    }
    return readFieldOf(field, name, whole);
}

EntityField readField(const TomlSection& entity, std::string_view key)
{
    return readField(entity, "entity", key);
}

// A position or velocity: { offset | at, format } in any format, or { integer = { offset, format },
// fraction = { offset, format } } with a whole-number integer part and a u8 or u16 fraction.
QuantityField readQuantity(const TomlSection& entity, std::string_view key)
{
    const std::string name = "entity." + std::string(key);
    const TomlSection field(entity.file(), entity.table(key, "{ offset = 0, format = \"u16.16\" }"), name, name + ".",
                            {"offset", "at", "format", "integer", "fraction"});
    const bool split = field.find("integer") != nullptr || field.find("fraction") != nullptr;
    if (!split) {
        return {readField(entity, "entity", key, false), std::nullopt};
    }
    for (const char* whole : {"offset", "at", "format"}) {
        if (field.find(whole) != nullptr) {
            field.fail(*field.find(whole), whole,
                       "cannot be given with integer and fraction: the quantity is one field or two parts, not both");
        }
    }
    field.require("integer");
    field.require("fraction");
    QuantityField q{readField(field, name, "integer"), readField(field, name, "fraction")};
    if (q.fraction->format != FieldFormat::U8 && q.fraction->format != FieldFormat::U16) {
        field.fail(field.require("fraction"), "fraction", "must be a u8 (the fraction's top 8 bits) or a u16");
    }
    return q;
}

HitboxRecords readHitboxRecords(const TomlSection& entity)
{
    const TomlSection hitbox(entity.file(), entity.table("hitbox", "[entity.hitbox] with pointer = { offset = 13, format = \"u16\" }"),
                             "[entity.hitbox]", "entity.hitbox.",
                             {"pointer", "records", "record_bytes", "record_count", "left", "right", "y_offset", "height"});
    HitboxRecords r;
    const TomlSection pointer(hitbox.file(), hitbox.table("pointer", "{ offset = 13, format = \"u16\" }"),
                              "entity.hitbox.pointer", "entity.hitbox.pointer.", {"offset", "format"});
    r.pointer.offset = static_cast<std::uint32_t>(pointer.requiredInteger("offset", 0, 255));
    r.pointer.format = readChoice<FieldFormat>(pointer, "format", {{"u16", FieldFormat::U16}, {"u24", FieldFormat::U24}});
    r.records = readSymbol(hitbox, "records");
    r.recordBytes = static_cast<std::uint32_t>(hitbox.requiredInteger("record_bytes", 1, 256));
    r.recordCount = static_cast<std::uint32_t>(hitbox.requiredInteger("record_count", 1, 256));
    r.left = readField(hitbox, "entity.hitbox", "left", true, FieldPlace::Record);
    r.right = readField(hitbox, "entity.hitbox", "right", true, FieldPlace::Record);
    r.yOffset = readField(hitbox, "entity.hitbox", "y_offset", true, FieldPlace::Record);
    r.height = readField(hitbox, "entity.hitbox", "height", true, FieldPlace::Record);
    const std::pair<const char*, EntityField> fields[] = {
        {"left", r.left}, {"right", r.right}, {"y_offset", r.yOffset}, {"height", r.height}};
    for (const auto& [key, field] : fields) {
        if (field.offset + bytesOf(field.format) > r.recordBytes) {
            hitbox.fail(hitbox.require(key), key, "does not fit in a record of " + std::to_string(r.recordBytes) + " bytes");
        }
    }
    r.line = hitbox.line();
    return r;
}

// A box of constants: { left, right, top, height } in whole pixels from the origin, in `box`; `kind`
// is read too when `withKind`.
ConstantHitboxes::Box readConstantBox(const TomlSection& box, bool withKind)
{
    ConstantHitboxes::Box result;
    result.line = box.line();
    if (withKind) {
        result.kind = static_cast<std::uint32_t>(box.requiredInteger("kind", 0, 0xFFFF));
    }
    const auto size = [&box](std::string_view key, int min) { return static_cast<int>(box.requiredInteger(key, min, 255)); };
    result.box = {size("left", 0), size("right", 0), size("top", 0), size("height", 1)};
    if (result.box.height <= result.box.top) {
        box.fail(box.require("height"), "height", "(" + std::to_string(result.box.height) + ") must be greater than 'top' (" +
                                                      std::to_string(result.box.top) + ") so that the origin lies inside the box");
    }
    if (result.box.left + result.box.right == 0) {
        box.fail(box.require("right"), "right", "makes a box no pixel wide: left + right must be 1 or more");
    }
    return result;
}

// [entity] hitbox = { left, right, top, height }: one box of constants for every entity; or
// [entity.hitbox] kind = "input" with boxes = [{ kind, left, right, top, height }, ...].
ConstantHitboxes readConstantHitboxes(const TomlSection& entity)
{
    const TomlSection hitbox(entity.file(), entity.table("hitbox", "{ left = 6, right = 6, top = 23, height = 24 }"),
                             "[entity.hitbox]", "entity.hitbox.", {"left", "right", "top", "height", "kind", "boxes"});
    ConstantHitboxes result;
    result.line = hitbox.line();
    if (hitbox.find("kind") == nullptr) {
        if (const toml::node* boxes = hitbox.find("boxes")) {
            hitbox.fail(*boxes, "boxes", "needs kind: the input that says which box an entity has");
        }
        result.boxes.push_back(readConstantBox(hitbox, false));
        return result;
    }
    for (const char* key : {"left", "right", "top", "height"}) {
        if (const toml::node* node = hitbox.find(key)) {
            hitbox.fail(*node, key, "cannot be given with kind: each kind's box is in boxes");
        }
    }
    result.kindInput = hitbox.requiredString("kind");
    const toml::node& boxesNode = hitbox.require("boxes");
    const toml::array* boxes = boxesNode.as_array();
    if (boxes == nullptr || boxes->empty()) {
        hitbox.fail(boxesNode, "boxes", "must be an array of { kind = 1, left = 8, right = 8, top = 15, height = 16 }");
    }
    for (const toml::node& node : *boxes) {
        if (!node.is_table()) {
            hitbox.fail(node, "boxes", "must hold tables like { kind = 1, left = 8, right = 8, top = 15, height = 16 }");
        }
        const TomlSection box(entity.file(), *node.as_table(), "a box of entity.hitbox.boxes", "entity.hitbox.boxes.",
                              {"kind", "left", "right", "top", "height"});
        const ConstantHitboxes::Box read = readConstantBox(box, true);
        if (std::ranges::any_of(result.boxes, [&](const ConstantHitboxes::Box& earlier) { return earlier.kind == read.kind; })) {
            box.fail(box.require("kind"), "kind", std::to_string(read.kind) + " has a box already");
        }
        result.boxes.push_back(read);
    }
    return result;
}

// One flag of [entity] state_bits: a number (any of its bits set) or { test, mask, value } on a
// state of `allBits`.
StateFlag readStateFlag(const TomlSection& bits, std::string_view key, std::uint16_t allBits)
{
    const toml::node* node = bits.find(key);
    if (node == nullptr) {
        return {};
    }
    if (node->is_integer()) {
        return {StateFlag::Test::Any, static_cast<std::uint16_t>(bits.asInteger(*node, key, 1, allBits)), 0};
    }
    const std::string name = "entity.state_bits." + std::string(key);
    const TomlSection flag(bits.file(), bits.table(key, "{ test = \"nonzero\" }"), name, name + ".", {"test", "mask", "value"});
    enum class Test : std::uint8_t { Any, All, Equals, Nonzero };
    const Test test = readChoice<Test>(flag, "test", {{"nonzero", Test::Nonzero}, {"equals", Test::Equals}, {"any", Test::Any}, {"all", Test::All}});
    const auto refuse = [&flag](const char* given, const char* why) {
        if (const toml::node* found = flag.find(given)) {
            flag.fail(*found, given, why);
        }
    };
    switch (test) {
    case Test::Nonzero:
        refuse("mask", "is not for \"nonzero\", which tests the whole state: give test = \"any\" with a mask");
        refuse("value", "is for test = \"equals\"");
        return {StateFlag::Test::Any, allBits, 0};
    case Test::Any:
    case Test::All:
        refuse("value", "is for test = \"equals\"");
        return {test == Test::Any ? StateFlag::Test::Any : StateFlag::Test::All,
                static_cast<std::uint16_t>(flag.requiredInteger("mask", 1, allBits)), 0};
    case Test::Equals: {
        const auto mask = static_cast<std::uint16_t>(flag.integer("mask", 1, allBits).value_or(allBits));
        const auto value = static_cast<std::uint16_t>(flag.requiredInteger("value", 0, allBits));
        if ((value & ~mask) != 0) {
            flag.fail(flag.require("value"), "value", "has bits outside the mask: it can never be equal");
        }
        return {StateFlag::Test::Equals, mask, value};
    }
    }
    return {};
}

// The flags of the collision state the routine reports (checkStateBits checks there is one).
StateBits readStateBits(const TomlSection& entity, const EntityField& state)
{
    const TomlSection bits(entity.file(),
                           entity.table("state_bits", "{ down = 0x80, up = 0x40, right = 0x20, left = 0x10 }"),
                           "entity.state_bits", "entity.state_bits.", {"down", "up", "right", "left"});
    const auto allBits = static_cast<std::uint16_t>((1u << (8 * bytesOf(state.format))) - 1);
    return {readStateFlag(bits, "down", allBits), readStateFlag(bits, "up", allBits), readStateFlag(bits, "right", allBits),
            readStateFlag(bits, "left", allBits)};
}

// Where the entity is, by the name a register or a pushed word gives it; nothing for another name.
std::optional<RegisterValue> entityValue(const std::optional<std::string>& name)
{
    constexpr std::array<std::pair<std::string_view, RegisterValue::Kind>, 3> kNames{{
        {"entity_address", RegisterValue::Kind::EntityAddress},
        {"entity_index", RegisterValue::Kind::EntityIndex},
        {"entity_offset", RegisterValue::Kind::EntityOffset},
    }};
    for (const auto& [known, kind] : kNames) {
        if (name == known) {
            return RegisterValue{kind, 0};
        }
    }
    return std::nullopt;
}

// A register's value: "entity_address", "entity_index", "entity_offset" or a number the register's
// `bits` hold; 0 when the key is absent.
RegisterValue readRegister(const TomlSection& call, std::string_view key, int bits)
{
    const toml::node* node = call.find(key);
    if (node == nullptr) {
        return {};
    }
    if (node->is_integer()) {
        return {RegisterValue::Kind::Constant, static_cast<std::uint16_t>(call.asInteger(*node, key, 0, (1 << bits) - 1))};
    }
    const std::optional<std::string> name = node->value<std::string>();
    const std::optional<RegisterValue> found = entityValue(name);
    if (!found) {
        call.fail(*node, key, "must be one of \"entity_address\", \"entity_index\", \"entity_offset\" or a number, not " +
                                  (name ? "\"" + *name + "\"" : typeName(*node)));
    }
    const RegisterValue value = *found;
    if (value.kind == RegisterValue::Kind::EntityAddress && bits == 8) {
        call.fail(*node, key, "cannot hold the entity's 16-bit address in an 8-bit register: give it 16 bits, or \"entity_index\"");
    }
    return value;
}

void readCall(const TomlSection& top, Manifest& manifest)
{
    const TomlSection call(top.file(), top.table("call", "[call] with entry = \"Routine\""), "[call]", "call.",
                           {"entry", "kind", "accumulator_bits", "index_bits", "direct_page", "a", "x", "y", "data_bank",
                            "stack", "cycle_limit", "gravity_when", "movement", "arguments"});
    manifest.entry = readSymbol(call, "entry");
    manifest.call = readChoice<CallKind>(call, "kind", {{"jsr", CallKind::Jsr}, {"jsl", CallKind::Jsl}});
    manifest.accumulatorBits = readBits(call, "accumulator_bits");
    manifest.indexBits = readBits(call, "index_bits");
    const toml::node& directPage = call.require("direct_page");
    const bool isEntity = directPage.is_string() && directPage.value<std::string>() == "entity";
    manifest.directPage = isEntity ? RegisterValue{RegisterValue::Kind::EntityAddress, 0} : readRegister(call, "direct_page", 16);
    if (manifest.directPage.kind == RegisterValue::Kind::EntityIndex || manifest.directPage.kind == RegisterValue::Kind::EntityOffset) {
        call.fail(directPage, "direct_page", "must be \"entity\" (the entity's address) or a number, not the entity's index or offset");
    }
    manifest.a = readRegister(call, "a", manifest.accumulatorBits);
    manifest.x = readRegister(call, "x", manifest.indexBits);
    manifest.y = readRegister(call, "y", manifest.indexBits);
    if (const toml::node* arguments = call.find("arguments")) {
        const toml::array* words = arguments->as_array();
        if (words == nullptr) {
            call.fail(*arguments, "arguments", "must be an array of the words pushed: [\"entity_index\", 3]");
        }
        for (const toml::node& word : *words) {
            if (word.is_integer()) {
                manifest.arguments.push_back({RegisterValue::Kind::Constant, static_cast<std::uint16_t>(call.asInteger(word, "arguments", 0, 0xFFFF))});
                continue;
            }
            const std::optional<std::string> name = word.value<std::string>();
            const std::optional<RegisterValue> value = entityValue(name);
            if (!value) {
                call.fail(word, "arguments", "holds \"entity_index\", \"entity_offset\", \"entity_address\" or a number 0..65535 for "
                                             "each word pushed, not " + (name ? "\"" + *name + "\"" : typeName(word)));
            }
            manifest.arguments.push_back(*value);
        }
    }
    manifest.dataBank = static_cast<std::uint8_t>(call.requiredInteger("data_bank", 0, 0xFF));
    manifest.stack = static_cast<std::uint16_t>(call.requiredInteger("stack", 0x0100, 0x1FFF));
    manifest.cycleLimit = static_cast<std::uint64_t>(call.requiredInteger("cycle_limit", 1, 100'000'000));
    if (call.find("movement")) {
        manifest.movement = readChoice<Movement>(call, "movement", {{"host", Movement::Host}, {"routine", Movement::Routine}});
    }
    if (call.find("gravity_when")) {
        if (manifest.movement == Movement::Routine) {
            call.fail(*call.find("gravity_when"), "gravity_when", "is for the host's gravity: this routine moves the entity itself (movement = \"routine\")");
        }
        manifest.gravityWhen = readChoice<GravityWhen>(call, "gravity_when",
                                                {{gravityWhenName(GravityWhen::Always), GravityWhen::Always},
                                                 {gravityWhenName(GravityWhen::Airborne), GravityWhen::Airborne}});
    }
}

// The hitbox: four fields of the entity, a width and a height from the feet, or a record the entity
// points to ([entity.hitbox]).
void readHitboxFields(const TomlSection& entity, Manifest& manifest)
{
    const auto refuse = [&entity](std::initializer_list<const char*> keys, const std::string& why) {
        for (const char* key : keys) {
            if (entity.find(key)) {
                entity.fail(*entity.find(key), key, why);
            }
        }
    };
    if (const toml::node* hitbox = entity.find("hitbox")) {
        refuse({"hitbox_left", "hitbox_right", "hitbox_y_offset", "hitbox_height", "hitbox_width", "hitbox_origin"},
               "cannot be given with [entity.hitbox]: the hitbox is in the entity, in a record or in the code, not more than one");
        const toml::table* table = hitbox->as_table();
        if (table != nullptr && (table->contains("pointer") || table->contains("records"))) {
            manifest.hitboxRecords = readHitboxRecords(entity);
        } else {
            manifest.constantHitboxes = readConstantHitboxes(entity);
        }
        return;
    }
    manifest.hitboxHeight = readField(entity, "entity", "hitbox_height", false);
    if (entity.find("hitbox_width") || entity.find("hitbox_origin")) {
        refuse({"hitbox_left", "hitbox_right", "hitbox_y_offset"},
               "cannot be given with hitbox_width: a box of a width and a height from the feet has no other sizes");
        manifest.hitboxWidth = readField(entity, "entity", "hitbox_width", false);
        readChoice<bool>(entity, "hitbox_origin", {{"feet", true}});
        return;
    }
    manifest.hitboxLeft = readField(entity, "entity", "hitbox_left", false);
    manifest.hitboxRight = readField(entity, "entity", "hitbox_right", false);
    manifest.hitboxYOffset = readField(entity, "entity", "hitbox_y_offset", false);
}

void readEntity(const TomlSection& top, Manifest& manifest)
{
    const TomlSection entity(top.file(), top.table("entity", "[entity] with slots = \"Entities\""), "[entity]",
                             "entity.",
                             {"slots", "stride", "at", "x_position", "y_position", "x_velocity", "y_velocity",
                              "collision_state", "hitbox_left", "hitbox_right", "hitbox_y_offset", "hitbox_height",
                              "hitbox_width", "hitbox_origin", "hitbox", "state_bits", "alive"});
    if ((entity.find("slots") == nullptr) == (entity.find("at") == nullptr)) {
        const bool both = entity.find("slots") != nullptr;
        top.file().fail(entity.line(), std::string("[entity] needs slots = \"Entities\" with a stride (an array of entities), or at = \"Player\" "
                                                   "(one entity's record)") + (both ? ", not both" : "; it has neither"));
    }
    if (entity.find("at") != nullptr) {
        if (const toml::node* stride = entity.find("stride")) {
            entity.fail(*stride, "stride", "is for slots: an entity at one place has no stride");
        }
        manifest.entitySlots = readSymbol(entity, "at");
    } else {
        manifest.entitySlots = readSymbol(entity, "slots");
        manifest.entityStride = static_cast<std::uint32_t>(entity.requiredInteger("stride", 1, 0x1000));
    }
    manifest.xPosition = readQuantity(entity, "x_position");
    manifest.yPosition = readQuantity(entity, "y_position");
    // A routine with physics of its own may keep no velocity the host needs to write.
    const bool velocitiesOptional = manifest.movement == Movement::Routine;
    if (!velocitiesOptional || entity.find("x_velocity")) {
        manifest.xVelocity = readQuantity(entity, "x_velocity");
    }
    if (!velocitiesOptional || entity.find("y_velocity")) {
        manifest.yVelocity = readQuantity(entity, "y_velocity");
    }
    if (entity.find("collision_state")) {
        manifest.collisionState = readField(entity, "collision_state");
    }
    readHitboxFields(entity, manifest);
    manifest.stateBits = readStateBits(entity, manifest.collisionState.value_or(EntityField{}));
    if (entity.find("alive")) {
        manifest.alive = readField(entity, "alive");
    }
}

// [map] cell = { bytes, mask, shift, scale }: what a cell holds.
CellFormat readCell(const TomlSection& map)
{
    CellFormat cell;
    if (map.find("cell") == nullptr) {
        return cell;
    }
    const TomlSection section(map.file(), map.table("cell", "{ bytes = 2, scale = 2 }"), "map.cell", "map.cell.",
                              {"bytes", "mask", "shift", "scale"});
    cell.bytes = static_cast<std::uint32_t>(section.integer("bytes", 1, 2).value_or(1));
    const std::int64_t all = (std::int64_t{1} << (8 * cell.bytes)) - 1;
    cell.mask = static_cast<std::uint32_t>(section.integer("mask", 1, all).value_or(all));
    cell.shift = static_cast<std::uint32_t>(section.integer("shift", 0, 8 * cell.bytes - 1).value_or(0));
    cell.scale = static_cast<std::uint32_t>(section.integer("scale", 1, all).value_or(1));
    if (cell.maxId() == 0) {
        map.fail(map.require("cell"), "cell", "holds no id but 0: mask >> shift / scale must reach 1 or more");
    }
    return cell;
}

// The map's layout: fixed strides (column_stride and row_stride), or a row-major map of the map's
// width (bytes_per_row), or a column-major one of column_height cells a column.
void readLayout(const TomlSection& map, Manifest& manifest)
{
    const toml::node* columnStride = map.find("column_stride");
    const toml::node* rowStride = map.find("row_stride");
    if ((columnStride == nullptr) != (rowStride == nullptr)) {
        map.fail(columnStride ? *columnStride : *rowStride, columnStride ? "column_stride" : "row_stride",
                 "needs the other stride too: column_stride and row_stride, in bytes");
    }
    if (columnStride != nullptr) {
        manifest.columnStride = static_cast<std::uint32_t>(map.requiredInteger("column_stride", manifest.cell.bytes, 0x10000));
        manifest.rowStride = static_cast<std::uint32_t>(map.requiredInteger("row_stride", manifest.cell.bytes, 0x10000));
        if (manifest.columnStride == manifest.rowStride) {
            map.fail(*rowStride, "row_stride", "equals column_stride: two cells would share their bytes");
        }
        for (const char* key : {"bytes_per_row", "row_offsets", "column_height"}) {
            if (const toml::node* node = map.find(key)) {
                map.fail(*node, key, "cannot be given with column_stride and row_stride, which lay the map out already");
            }
        }
        return;
    }
    manifest.columnHeight = static_cast<int>(map.integer("column_height", 1, 256).value_or(0));
    if (manifest.columnHeight == 0) {
        manifest.mapBytesPerRow = readSymbol(map, "bytes_per_row");
        manifest.mapRowOffsets = readOptionalSymbol(map, "row_offsets");
    } else {
        for (const char* rowKey : {"bytes_per_row", "row_offsets"}) {
            if (const toml::node* node = map.find(rowKey)) {
                map.fail(*node, rowKey, "is for row-major maps; this one is column-major (column_height)");
            }
        }
    }
}

void readMap(const TomlSection& top, Manifest& manifest)
{
    const TomlSection map(top.file(), top.table("map", "[map] with tiles = \"MapData\""), "[map]", "map.",
                          {"tiles", "width", "height", "size_format", "cell", "column_stride", "row_stride",
                           "bytes_per_row", "row_offsets", "column_height", "collision_map", "min_width", "min_height",
                           "max_width", "max_height", "origin", "top_height_table", "bottom_height_table", "variable"});
    manifest.mapTiles = readSymbol(map, "tiles");
    manifest.mapWidth = readOptionalSymbol(map, "width");
    manifest.mapHeight = readOptionalSymbol(map, "height");
    if (map.find("size_format") != nullptr) {
        manifest.mapSizeFormat = readChoice<FieldFormat>(map, "size_format", {{"u8", FieldFormat::U8}, {"u16", FieldFormat::U16}});
    }
    manifest.cell = readCell(map);
    readLayout(map, manifest);
    manifest.collisionMap = readOptionalSymbol(map, "collision_map");
    manifest.maxMapWidth = static_cast<int>(map.requiredInteger("max_width", 1, 65535));
    manifest.maxMapHeight = static_cast<int>(map.requiredInteger("max_height", 1, 65535));
    manifest.minMapWidth = static_cast<int>(map.integer("min_width", 1, manifest.maxMapWidth).value_or(1));
    manifest.minMapHeight = static_cast<int>(map.integer("min_height", 1, manifest.maxMapHeight).value_or(1));
    if (manifest.columnHeight != 0 && manifest.maxMapHeight > manifest.columnHeight) {
        map.fail(map.require("max_height"), "max_height",
                 "(" + std::to_string(manifest.maxMapHeight) + ") exceeds column_height (" + std::to_string(manifest.columnHeight)
                     + "): a column holds no more rows");
    }
    const std::uint32_t sizeLimit = manifest.mapSizeFormat == FieldFormat::U8 ? 255 : 65535;
    for (const auto& [key, size, symbol] : {std::tuple{"max_width", manifest.maxMapWidth, &manifest.mapWidth},
                                            std::tuple{"max_height", manifest.maxMapHeight, &manifest.mapHeight}}) {
        if (*symbol && static_cast<std::uint32_t>(size) > sizeLimit) {
            map.fail(map.require(key), key,
                     "(" + std::to_string(size) + ") does not fit the " + (manifest.mapSizeFormat == FieldFormat::U8 ? "u8" : "u16") +
                         " the host writes the map's size in (size_format): at most " + std::to_string(sizeLimit));
        }
    }
    map.require("origin");
    const toml::array& origin = *map.pair("origin", "integers");
    manifest.originX = static_cast<std::uint16_t>(map.asInteger(origin[0], "origin", 0, 0xF000));
    manifest.originY = static_cast<std::uint16_t>(map.asInteger(origin[1], "origin", 0, 0xF000));
    manifest.topHeightTable = readOptionalSymbol(map, "top_height_table");
    manifest.bottomHeightTable = readOptionalSymbol(map, "bottom_height_table");
    for (const toml::table* table : map.tableArray("variable")) {
        const TomlSection entry(map.file(), *table, "[[map.variable]]", "map.variable.", {"at", "format", "value"});
        MapVariable variable;
        variable.line = entry.line();
        const toml::node& at = entry.require("at");
        if (at.is_string()) {
            variable.symbol = readSymbol(entry, "at");
        } else {
            variable.address = static_cast<std::uint32_t>(entry.requiredInteger("at", 0, 0xFFFFFF));
        }
        variable.format = readWholeFormat(entry);
        const std::string value = entry.requiredString("value");
        try {
            variable.value = MapExpression::parse(value);
        } catch (const ExpressionError& e) {
            entry.fail(entry.require("value"), "value",
                       "\"" + value + "\" does not parse: " + e.what() + " (at character " + std::to_string(e.column) + ")");
        }
        manifest.mapVariables.push_back(std::move(variable));
    }
}

void readSymbols(const TomlSection& top, Manifest& manifest)
{
    const toml::node* node = top.find("symbols");
    if (node == nullptr) {
        return;
    }
    const toml::table* table = node->as_table();
    if (table == nullptr) {
        top.fail(*node, "symbols", "must be a table of names: [symbols] with Name = 0x7E0100 or "
                                   "Name = { at = 0x7E0100, bytes = 64 }");
    }
    for (const auto& [key, value] : *table) {
        const std::string name(key.str());
        const std::string prefix = "symbols." + name;
        ManifestSymbol symbol{name, std::nullopt, std::nullopt, lineOf(value)};
        if (value.is_integer()) {
            symbol.address = static_cast<std::uint32_t>(top.asInteger(value, prefix, 0, 0xFFFFFF));
        } else if (const toml::table* entry = value.as_table()) {
            const TomlSection fields(top.file(), *entry, prefix, prefix + ".", {"at", "bytes"});
            if (const std::optional<std::int64_t> at = fields.integer("at", 0, 0xFFFFFF)) {
                symbol.address = static_cast<std::uint32_t>(*at);
            }
            if (const std::optional<std::int64_t> bytes = fields.integer("bytes", 1, 0x1000000)) {
                symbol.bytes = static_cast<std::uint32_t>(*bytes);
            }
            if (!symbol.address && !symbol.bytes) {
                top.fail(value, prefix, "gives neither an address (at) nor a size (bytes)");
            }
        } else {
            top.fail(value, prefix, "must be an address (0x7E0100) or { at = 0x7E0100, bytes = 64 }");
        }
        manifest.symbols.push_back(std::move(symbol));
    }
}

// "file.s:LINE": a line of a source file the debug file names.
SourceLine readSourceLine(const TomlSection& section, std::string_view key)
{
    const std::string text = section.requiredString(key);
    const std::size_t colon = text.rfind(':');
    int line = 0;
    const char* digits = colon == std::string::npos ? nullptr : text.data() + colon + 1;
    const bool parsed = digits != nullptr && colon > 0 &&
                        std::from_chars(digits, text.data() + text.size(), line).ptr == text.data() + text.size() && line >= 1;
    if (!parsed) {
        section.fail(section.require(key), key, "must be a source file and a line, \"actors.s:151\", not \"" + text + "\"");
    }
    return {text.substr(0, colon), line};
}

void readCases(const TomlSection& top, Manifest& manifest)
{
    const std::vector<const toml::table*> tables = top.tableArray("case");
    if (tables.empty()) {
        top.file().fail(top.line(), "the manifest has no [[case]]; name at least one case and its label");
    }
    for (const toml::table* table : tables) {
        const TomlSection entry(top.file(), *table, "[[case]]", "case.", {"name", "label", "line"});
        CaseLabel label{entry.requiredString("name"), std::nullopt, std::nullopt, 0};
        if ((entry.find("label") == nullptr) == (entry.find("line") == nullptr)) {
            entry.file().fail(entry.line(), "[[case]] \"" + label.name + "\" needs one marker: label = \"Name\" (or \"Name + offset\"), "
                                                "or line = \"file.s:LINE\"");
        }
        if (entry.find("label") != nullptr) {
            label.label = readSymbol(entry, "label");
        } else {
            label.sourceLine = readSourceLine(entry, "line");
        }
        label.line = lineOf(entry.require(label.label ? "label" : "line"));
        for (const CaseLabel& earlier : manifest.cases) {
            if (earlier.name == label.name) {
                entry.fail(entry.require("name"), "name", "\"" + label.name + "\" names a case twice");
            }
        }
        manifest.cases.push_back(std::move(label));
    }
}

// The answer reports walls in state bits the routine's state need not have: when state_bits names
// no left or right, the host's report takes the lowest bits no flag tests (the answer replaces
// whatever the routine left in them).
void giveWallBits(const TomlSection& outcome, StateBits& bits)
{
    for (StateFlag* wall : {&bits.right, &bits.left}) {
        if (!wall->reported()) {
            const unsigned taken = bits.down.mask | bits.up.mask | bits.right.mask | bits.left.mask;
            if (taken == 0xFFFF) {
                outcome.file().fail(outcome.line(), "[outcome] reports walls, but state_bits leaves no bit of the state for them");
            }
            *wall = {StateFlag::Test::Any, static_cast<std::uint16_t>(1u << std::countr_one(taken)), 0};
        }
    }
}

void readOutcome(const TomlSection& top, Manifest& manifest)
{
    if (top.find("outcome") == nullptr) {
        return;
    }
    const TomlSection outcome(top.file(), top.table("outcome", "[outcome] with answer = \"carry\""), "[outcome]",
                              "outcome.", {"answer", "moves_when", "wall_when", "wall_side", "wall_left"});
    MoveAnswer answer;
    const toml::node& answerNode = outcome.require("answer");
    if (answerNode.is_table()) {
        // A result left in memory: tcc-816's in its pseudo-register tcc__r0.
        const TomlSection at(top.file(), *answerNode.as_table(), "outcome.answer", "outcome.answer.", {"at", "format"});
        answer.from = MoveAnswer::From::Memory;
        answer.at = readSymbol(at, "at");
        answer.format = readChoice<FieldFormat>(at, "format", {{"u8", FieldFormat::U8}, {"u16", FieldFormat::U16}});
    } else {
        answer.from = readChoice<MoveAnswer::From>(outcome, "answer",
                                                   {{"carry", MoveAnswer::From::Carry}, {"a", MoveAnswer::From::A},
                                                    {"x", MoveAnswer::From::X}, {"y", MoveAnswer::From::Y}});
    }
    const bool carry = answer.from == MoveAnswer::From::Carry;
    const auto readWhen = [&](std::string_view key) {
        return carry ? readChoice<bool>(outcome, key, {{"clear", false}, {"set", true}})
                     : readChoice<bool>(outcome, key, {{"zero", false}, {"nonzero", true}});
    };
    if (manifest.movement == Movement::Routine) {
        // The routine moved the entity: the answer only reports what stopped it.
        if (const toml::node* moves = outcome.find("moves_when")) {
            outcome.fail(*moves, "moves_when", "is for a routine the host moves the entity for; this one moves it itself "
                                               "(movement = \"routine\"): give wall_when and wall_side");
        }
        answer.wallWhenSet = readWhen("wall_when");
        answer.wallSide = outcome.requiredString("wall_side");
        answer.wallLeftValue = static_cast<std::uint32_t>(outcome.integer("wall_left", 0, 0xFFFF).value_or(1));
        if (manifest.input(*answer.wallSide) == nullptr) {
            outcome.fail(outcome.require("wall_side"), "wall_side", "names no input of [inputs]: \"" + *answer.wallSide + "\"");
        }
        giveWallBits(outcome, manifest.stateBits);
    } else {
        for (const char* key : {"wall_when", "wall_side", "wall_left"}) {
            if (const toml::node* node = outcome.find(key)) {
                outcome.fail(*node, key, "is for a routine that moves the entity itself (movement = \"routine\")");
            }
        }
        answer.movesWhenSet = readWhen("moves_when");
    }
    manifest.moveAnswer = answer;
}

// [inputs]: name = { offset | at, format, default } for a field, or { register, default }.
void readInputs(const TomlSection& top, Manifest& manifest)
{
    const toml::node* node = top.find("inputs");
    if (node == nullptr) {
        return;
    }
    if (!node->is_table()) {
        top.fail(*node, "inputs", "must be a table: [inputs] with direction = { offset = 1, format = \"u8\" }");
    }
    for (const auto& [key, value] : *node->as_table()) {
        const std::string name(key.str());
        const std::string prefix = "inputs." + name;
        if (!value.is_table()) {
            top.file().fail(lineOf(value), "'" + prefix + "' must be { offset = 1, format = \"u8\" } or { register = \"a\" }");
        }
        const TomlSection entry(top.file(), *value.as_table(), prefix, prefix + ".", {"offset", "at", "format", "register", "default"});
        RoutineInput input;
        input.name = name;
        input.line = lineOf(value);
        if (entry.find("register") != nullptr) {
            for (const char* fieldKey : {"offset", "at", "format"}) {
                if (const toml::node* field = entry.find(fieldKey)) {
                    entry.fail(*field, fieldKey, "cannot be given with register: an input is a field or a register");
                }
            }
            input.kind = RoutineInput::Kind::Register;
            input.reg = readChoice<char>(entry, "register", {{"a", 'a'}, {"x", 'x'}, {"y", 'y'}, {"db", 'b'}});
            input.bits = static_cast<std::uint32_t>(input.reg == 'b' ? 8 : input.reg == 'a' ? manifest.accumulatorBits : manifest.indexBits);
        } else {
            input.field = readFieldOf(entry, prefix, true);
            input.bits = 8 * bytesOf(input.field.format);
        }
        // A data bank an entity may change starts as the [call]'s.
        const std::uint32_t unset = input.kind == RoutineInput::Kind::Register && input.reg == 'b' ? manifest.dataBank : 0;
        input.defaultValue = static_cast<std::uint32_t>(entry.integer("default", 0, (std::int64_t{1} << input.bits) - 1).value_or(unset));
        manifest.inputs.push_back(std::move(input));
    }
    // [call] a = 0 sets A as much as any other value does: the key, not its value, takes the register.
    const toml::table& call = *top.find("call")->as_table();
    for (const RoutineInput& input : manifest.inputs) {
        if (input.kind != RoutineInput::Kind::Register || input.reg == 'b') {
            continue;
        }
        if (call.contains(std::string(1, input.reg))) {
            top.file().fail(input.line, "input \"" + input.name + "\" is register " + std::string(1, input.reg) +
                                            ", which [call] sets already");
        }
    }
}

// The input that says an entity's kind, which chooses its constant box: a field, which the host
// writes and a game's own entities keep.
void checkKindInput(const TomlFile& file, const Manifest& manifest)
{
    if (!manifest.constantHitboxes || !manifest.constantHitboxes->kindInput) {
        return;
    }
    const ConstantHitboxes& boxes = *manifest.constantHitboxes;
    const RoutineInput* kind = manifest.input(*boxes.kindInput);
    if (kind == nullptr) {
        file.fail(boxes.line, "'entity.hitbox.kind' names no input of [inputs]: \"" + *boxes.kindInput + "\"");
    }
    if (kind->kind != RoutineInput::Kind::Field) {
        file.fail(boxes.line, "'entity.hitbox.kind' names input \"" + kind->name + "\", a register: an entity's kind must be a field of it");
    }
}

// [controller] at = "Joypad": the word the host writes the held buttons to; new = "JoypadNew": the
// word it writes the buttons pressed since the entity's previous call to.
void readController(const TomlSection& top, Manifest& manifest)
{
    if (top.find("controller") == nullptr) {
        return;
    }
    const TomlSection controller(top.file(), top.table("controller", "[controller] at = \"Joypad\""), "[controller]",
                                 "controller.", {"at", "new"});
    manifest.controller = Controller{readSymbol(controller, "at"), readOptionalSymbol(controller, "new")};
}

// The design file, and the tables its surfaces read, which [map] must name.
void readDesign(const TomlSection& top, Manifest& manifest)
{
    const int mapLine = lineOf(top.require("map"));
    const std::string name = top.find("design") ? top.requiredString("design") : std::string(kDefaultDesign);
    try {
        manifest.design = loadDesign(resolveDesignPath(name, manifest.path.parent_path()));
    } catch (const InputError& e) {
        if (!top.find("design")) {
            throw;
        }
        top.fail(top.require("design"), "design", std::string("leads to a design that cannot be read: ") + e.what());
    }
    if (const std::optional<TileTable>& table = manifest.design.table) {
        const auto named = [&](const std::string& role, int line) {
            if (std::ranges::none_of(manifest.tables, [&](const RomTable& rom) { return rom.name == role; })) {
                top.file().fail(lineOf(*top.find("design")), "[tables] does not name \"" + role + "\", which the design reads ("
                                                            + manifest.design.path.string() + ":" + std::to_string(line) + ")");
            }
        };
        named(table->flags, table->line);
        for (const SlopeRange& slopes : table->slopes) {
            named(slopes.heights, slopes.line);
        }
    }
    for (const TileKind& kind : manifest.design.tiles) {
        for (const Surface* surface : {&kind.floor, &kind.ceiling}) {
            const bool readsTop = surface->from == Surface::From::TopHeightTable;
            const bool readsBottom = surface->from == Surface::From::BottomHeightTable;
            if ((readsTop && !manifest.topHeightTable) || (readsBottom && !manifest.bottomHeightTable)) {
                top.file().fail(mapLine, std::string("[map] does not name ")
                                                + (readsTop ? "top_height_table" : "bottom_height_table")
                                                + ", which tile " + kind.name + " of the design reads ("
                                                + manifest.design.path.string() + ":" + std::to_string(kind.line) + ")");
            }
        }
    }
}

// [tiled] property = "Name", values = { Solid = "SOLID", ... }: how the game's Tiled tilesets say a
// tile's type, into the design the manifest's scenarios read maps with.
void readTiled(const TomlSection& top, Design& design)
{
    if (top.find("tiled") == nullptr) {
        return;
    }
    const TomlSection tiled(top.file(), top.table("tiled", "[tiled] property = \"Name\""), "[tiled]", "tiled.", {"property", "values"});
    design.tiled.property = tiled.requiredString("property");
    const toml::node* values = tiled.find("values");
    if (values == nullptr) {
        return;
    }
    if (!values->is_table()) {
        tiled.fail(*values, "values", "must be a table: { Solid = \"SOLID\", Air = 0 }");
    }
    for (const auto& [key, value] : *values->as_table()) {
        const std::string name(key.str());
        const std::string where = "values." + name;
        std::optional<TileId> tile;
        if (value.is_integer()) {
            tile = static_cast<TileId>(tiled.asInteger(value, where, 0, static_cast<std::int64_t>(design.tiles.size()) - 1));
        } else if (const std::optional<std::string> tileName = value.value<std::string>()) {
            tile = design.byName(*tileName);
            if (!tile) {
                tiled.fail(value, where, "names no tile of the design " + design.name + ": \"" + *tileName + "\"");
            }
        } else {
            tiled.fail(value, where, "must be a tile's name in the design or its id");
        }
        design.tiled.values.emplace_back(name, *tile);
    }
}

// [tables]: the ROM's tables a design reads, by the names the design gives them.
void readTables(const TomlSection& top, Manifest& manifest)
{
    const toml::node* node = top.find("tables");
    if (node == nullptr) {
        return;
    }
    const toml::table* tables = node->as_table();
    if (tables == nullptr) {
        top.fail(*node, "tables", "must be a table of names: [tables] with block_flags = \"BlockFlags\"");
    }
    for (const auto& [key, value] : *tables) {
        const std::string name(key.str());
        const toml::value<std::string>* symbol = value.as_string();
        if (symbol == nullptr || symbol->get().empty()) {
            top.fail(value, "tables." + name, "must name a symbol of the ROM's table, as a string");
        }
        manifest.tables.push_back({name, symbolOf(top, value, "tables." + name, symbol->get())});
    }
}

Manifest readManifest(const std::filesystem::path& path, const TomlFile& file)
{
    const TomlSection top(file, file.root, "the manifest", "",
                          {"design", "symbols", "tables", "call", "entity", "map", "case", "inputs", "controller", "outcome", "tiled"});
    Manifest m;
    m.path = path;
    readSymbols(top, m);
    readTables(top, m);
    readCall(top, m);
    readEntity(top, m);
    readMap(top, m);
    readCases(top, m);
    readInputs(top, m);
    checkKindInput(file, m);
    readController(top, m);
    readOutcome(top, m);
    // A routine whose answer reports its walls may say nothing else: the walls' flags are the host's.
    const StateBits& bits = m.stateBits;
    if (!bits.down.reported() && !bits.up.reported() && !bits.right.reported() && !bits.left.reported()) {
        const toml::node& stateBits = *top.require("entity").as_table()->get("state_bits");
        top.file().fail(lineOf(stateBits), "'entity.state_bits' names no flag: give down, up, right or left");
    }
    if (!m.collisionState && (!m.moveAnswer || m.moveAnswer->reportsWall())) {
        const toml::node& entity = top.require("entity");
        top.file().fail(lineOf(entity), "[entity] is missing the required key 'collision_state' (only a routine that answers "
                                        "whether the entity may move, [outcome] moves_when, may have none)");
    }
    readDesign(top, m);
    readTiled(top, m.design);
    return m;
}

} // namespace

const RoutineInput* Manifest::input(std::string_view name) const
{
    const auto found = std::ranges::find(inputs, name, &RoutineInput::name);
    return found == inputs.end() ? nullptr : &*found;
}

MapLayout mapLayout(const Manifest& manifest, int width, std::uint32_t bufferBytes)
{
    MapLayout layout;
    layout.cellBytes = manifest.cell.bytes;
    if (manifest.columnStride != 0) {
        layout.columnStride = manifest.columnStride;
        layout.rowStride = manifest.rowStride;
        layout.columnMajor = layout.columnStride > layout.rowStride;
    } else if (manifest.columnHeight != 0) {
        layout.columnStride = static_cast<std::uint32_t>(manifest.columnHeight) * layout.cellBytes;
        layout.rowStride = layout.cellBytes;
        layout.columnMajor = true;
    } else {
        layout.columnStride = layout.cellBytes;
        layout.rowStride = static_cast<std::uint32_t>(width) * layout.cellBytes;
    }
    // The cells of one outer stride (a column's rows, or a row's columns), then as many strides as
    // the buffer holds whole.
    const std::uint32_t outer = layout.byColumn() ? layout.columnStride : layout.rowStride;
    const std::uint32_t inner = layout.byColumn() ? layout.rowStride : layout.columnStride;
    const std::uint32_t cells = (outer - layout.cellBytes) / inner + 1;
    const std::uint32_t span = (cells - 1) * inner + layout.cellBytes;
    const std::uint32_t strides = bufferBytes < span ? 0 : (bufferBytes - span) / outer + 1;
    layout.rows = layout.byColumn() ? cells : strides;
    layout.columns = layout.byColumn() ? strides : cells;
    return layout;
}

Manifest loadManifest(const std::filesystem::path& path)
{
    return readManifest(path, readTomlFile(path));
}

Manifest parseManifest(const std::filesystem::path& path, std::string text)
{
    return readManifest(path, parseTomlFile(path.string(), std::move(text)));
}

} // namespace tileprof
