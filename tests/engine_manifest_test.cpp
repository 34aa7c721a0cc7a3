// The manifest keys that describe other engines' conventions (issue 25), on the block engine's
// manifests: each loads into the fields its text gives, and each refusal names the file, the line
// and what is wrong.

#include "profiler/model/target/manifest.hpp"
#include "profiler/model/opening/game_opener.hpp"

#include "tests/support/block_engine.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <string>

namespace tileprof::test {
namespace {

Manifest loadEngineManifest(const std::string& text)
{
    const TempDir dir;
    return loadManifest(writeEngineManifest(dir, text));
}

void checkSymbol(const SymbolRef& symbol, const std::string& name, std::uint32_t offset, int line)
{
    CAPTURE(name);
    CHECK(symbol.name == name);
    CHECK(symbol.offset == offset);
    CHECK(symbol.line == line);
}

void checkField(const EntityField& field, std::uint32_t offset, FieldFormat format)
{
    CHECK(field.offset == offset);
    CHECK(field.format == format);
    CHECK_FALSE(field.at.has_value());
}

// Every field of the entity the four manifests share: 27-byte actors with 12.4 fields, a box of a
// width and a height from the feet, and the type byte as whether the actor is alive.
void checkActorFields(const Manifest& m)
{
    CHECK(m.movement == Movement::Routine);
    checkField(m.xPosition.integer, 2, FieldFormat::U12_4);
    checkField(m.yPosition.integer, 4, FieldFormat::U12_4);
    CHECK_FALSE(m.xVelocity.has_value()); // movement = "routine" keeps none the host must write
    REQUIRE(m.yVelocity);
    checkField(m.yVelocity->integer, 8, FieldFormat::S12_4);
    REQUIRE(m.hitboxWidth);
    checkField(*m.hitboxWidth, 10, FieldFormat::U12_4);
    checkField(m.hitboxHeight, 12, FieldFormat::U12_4);
    checkField(*m.collisionState, 14, FieldFormat::U8);
    CHECK_FALSE(m.hitboxRecords.has_value());
    CHECK(m.stateBits.down.mask == 1);
    CHECK(m.stateBits.up.mask == 0);
}

void checkBlockMap(const Manifest& m, const std::string& text)
{
    checkSymbol(m.mapTiles, "LevelBlocks", 0, lineWith(text, "\"LevelBlocks\""));
    CHECK(m.cell.bytes == 2);
    CHECK(m.cell.mask == 0xFFFF);
    CHECK(m.cell.shift == 0);
    CHECK(m.cell.scale == 2);
    CHECK(m.cell.cellOf(35) == 70);
    CHECK(m.columnStride == 64);
    CHECK(m.rowStride == 2);
    CHECK(m.columnHeight == 0);
    CHECK_FALSE(m.mapBytesPerRow.has_value());
    CHECK_FALSE(m.mapWidth.has_value());
    CHECK_FALSE(m.mapHeight.has_value());
    CHECK(m.maxMapWidth == 256);
    CHECK(m.maxMapHeight == 32);
    REQUIRE(m.tables.size() == 2);
    CHECK(m.tables[0].name == "block_flags");
    checkSymbol(m.tables[0].symbol, "BlockFlags", 0, lineWith(text, "block_flags = "));
    CHECK(m.tables[1].name == "slope_heights");
    checkSymbol(m.tables[1].symbol, "SlopeHeights", 0, lineWith(text, "slope_heights = "));
}

TEST_CASE("engine manifest: actor-walk.toml loads its routine movement, inputs, outcome, cells and line markers")
{
    const std::string text = blockEngineText("actor-walk.toml");
    const Manifest m = loadEngineManifest(text);
    checkActorFields(m);
    checkBlockMap(m, text);
    checkSymbol(m.entitySlots, "Actors", 0, lineWith(text, "\"Actors\""));
    CHECK(m.entityStride == 27);
    REQUIRE(m.alive);
    checkField(*m.alive, 0, FieldFormat::U8);
    CHECK(m.x.kind == RegisterValue::Kind::EntityAddress);

    REQUIRE(m.inputs.size() == 3);
    const RoutineInput& type = *m.input("type");
    CHECK(type.kind == RoutineInput::Kind::Field);
    checkField(type.field, 0, FieldFormat::U8);
    CHECK(type.defaultValue == 1);
    CHECK(type.line == lineWith(text, "type = {"));
    const RoutineInput& direction = *m.input("direction");
    checkField(direction.field, 1, FieldFormat::U8);
    CHECK(direction.defaultValue == 0); // no default: 0
    const RoutineInput& speed = *m.input("speed");
    CHECK(speed.kind == RoutineInput::Kind::Register);
    CHECK(speed.reg == 'a');
    CHECK(speed.defaultValue == 0x10);
    CHECK(speed.line == lineWith(text, "speed = {"));
    CHECK(m.input("facing") == nullptr);
    CHECK_FALSE(m.controller.has_value());

    REQUIRE(m.moveAnswer);
    CHECK(m.moveAnswer->from == MoveAnswer::From::Carry);
    CHECK(m.moveAnswer->wallWhenSet);
    CHECK(m.moveAnswer->wallSide == "direction");
    CHECK(m.moveAnswer->wallLeftValue == 1);
    CHECK(m.moveAnswer->reportsWall());
    // state_bits names down only: the answer's walls take the next free bits.
    CHECK(m.stateBits.right.mask == 2);
    CHECK(m.stateBits.left.mask == 4);

    REQUIRE(m.cases.size() == 4);
    CHECK(m.cases[0].name == "bumps-right");
    REQUIRE(m.cases[0].sourceLine);
    CHECK(m.cases[0].sourceLine->file == "actors.s");
    CHECK(m.cases[0].sourceLine->line == 291);
    CHECK_FALSE(m.cases[0].label.has_value());
    // Messages about a marker point at it, not at its [[case]].
    CHECK(m.cases[0].line == lineWith(text, "line = \"actors.s:291\""));
    CHECK(m.cases[1].sourceLine->line == 311);
    CHECK(m.cases[2].name == "left");
    REQUIRE(m.cases[2].label);
    checkSymbol(*m.cases[2].label, "ActorWalk::Left", 0, lineWith(text, "label = \"ActorWalk::Left\""));
    CHECK_FALSE(m.cases[2].sourceLine.has_value());
}

TEST_CASE("engine manifest: actor-fall.toml loads a label + offset marker and no outcome")
{
    const std::string text = blockEngineText("actor-fall.toml");
    const Manifest m = loadEngineManifest(text);
    checkActorFields(m);
    checkBlockMap(m, text);
    CHECK_FALSE(m.moveAnswer.has_value());
    // Without an [outcome] no wall bits are given.
    CHECK(m.stateBits.right.mask == 0);
    CHECK(m.stateBits.left.mask == 0);
    REQUIRE(m.inputs.size() == 1);
    CHECK(m.inputs[0].name == "type");
    REQUIRE(m.cases.size() == 6);
    CHECK(m.cases[2].name == "bumps-head");
    REQUIRE(m.cases[2].label);
    checkSymbol(*m.cases[2].label, "ActorFall::Rising", 33, lineWith(text, "\"ActorFall::Rising + 33\""));
    CHECK(m.cases[2].label->text() == "ActorFall::Rising + 33");
    CHECK(m.cases[4].sourceLine->line == 188);
}

TEST_CASE("engine manifest: player-frame.toml loads one entity at a symbol and a controller")
{
    const std::string text = blockEngineText("player-frame.toml");
    const Manifest m = loadEngineManifest(text);
    checkActorFields(m);
    checkSymbol(m.entitySlots, "PlayerBody", 0, lineWith(text, "at = \"PlayerBody\""));
    CHECK(m.entityStride == 0);
    CHECK_FALSE(m.alive.has_value());
    CHECK(m.x.kind == RegisterValue::Kind::Constant);
    CHECK(m.inputs.empty());
    REQUIRE(m.controller);
    checkSymbol(m.controller->at, "Joypad", 0, lineWith(text, "at = \"Joypad\""));
    CHECK(m.controller->address == 0); // resolved by loadProfiledRom only
    REQUIRE(m.cases.size() == 8);
    CHECK(m.cases[0].sourceLine->file == "player.s");
    CHECK(m.cases[0].sourceLine->line == 42);
}

TEST_CASE("engine manifest: enemy-frame.toml loads")
{
    const Manifest m = loadEngineManifest(blockEngineText("enemy-frame.toml"));
    checkActorFields(m);
    CHECK(m.inputs.size() == 2);
    CHECK(m.cases.size() == 6);
    CHECK(m.cases[0].sourceLine->line == 372);
}

// actor-walk.toml as a routine the host moves: velocities of its own, no outcome.
std::string hostWalk()
{
    std::string text = blockEngineText("actor-walk.toml");
    text = replaced(text, "movement = \"routine\"", "movement = \"host\"");
    text = replaced(text, "y_velocity = {", "x_velocity = { offset = 6, format = \"s12.4\" }\ny_velocity = {");
    const std::size_t outcome = text.find("[outcome]");
    return text.erase(outcome, text.find("[map]") - outcome);
}

TEST_CASE("engine manifest: movement = \"host\" needs both velocities and takes the host's gravity")
{
    const std::string text = hostWalk();
    const Manifest m = loadEngineManifest(text);
    CHECK(m.movement == Movement::Host);
    REQUIRE(m.xVelocity);
    checkField(m.xVelocity->integer, 6, FieldFormat::S12_4);
    CHECK(m.gravityWhen == GravityWhen::Always);
    const Manifest airborne = loadEngineManifest(replaced(text, "movement = \"host\"", "movement = \"host\"\ngravity_when = \"airborne\""));
    CHECK(airborne.gravityWhen == GravityWhen::Airborne);
    // Without the key, the host moves the entity.
    CHECK(loadEngineManifest(replaced(text, "movement = \"host\"", "")).movement == Movement::Host);
}

TEST_CASE("engine manifest: fields at symbols, hitbox fields in any format, and partial state bits load")
{
    std::string text = blockEngineText("actor-walk.toml");
    text = replaced(text, "x_position = { offset = 2, format = \"u12.4\" }", "x_position = { at = \"PlayerBody + 2\", format = \"u12.4\" }");
    text = replaced(text, "hitbox_width = { offset = 10, format = \"u12.4\" }", "hitbox_width = { offset = 10, format = \"u8\" }");
    text = replaced(text, "hitbox_height = { offset = 12, format = \"u12.4\" }", "hitbox_height = { offset = 12, format = \"s8.8\" }");
    text = replaced(text, "state_bits = { down = 1 }", "state_bits = { up = 0x40, left = 0x10 }");
    text = replaced(text, "alive = { offset = 0, format = \"u8\" }", "alive = { at = \"Temp+1\", format = \"s16\" }");
    text = replaced(text, "direction = { offset = 1, format = \"u8\" }", "direction = { at = \"Speed + 0x1\", format = \"u16\", default = 0xFFFF }");
    const Manifest m = loadEngineManifest(text);
    REQUIRE(m.xPosition.integer.at);
    checkSymbol(*m.xPosition.integer.at, "PlayerBody", 2, lineWith(text, "x_position = "));
    CHECK(m.xPosition.integer.format == FieldFormat::U12_4);
    CHECK(m.hitboxWidth->format == FieldFormat::U8);
    CHECK(m.hitboxHeight.format == FieldFormat::S8_8);
    REQUIRE(m.alive->at);
    checkSymbol(*m.alive->at, "Temp", 1, lineWith(text, "alive = "));
    CHECK(m.alive->format == FieldFormat::S16);
    const RoutineInput& direction = *m.input("direction");
    REQUIRE(direction.field.at);
    checkSymbol(*direction.field.at, "Speed", 1, lineWith(text, "direction = "));
    CHECK(direction.defaultValue == 0xFFFF);
    CHECK(m.stateBits.down.mask == 0);
    CHECK(m.stateBits.up.mask == 0x40);
    CHECK(m.stateBits.left.mask == 0x10);
    // The outcome's wall on the right takes the lowest bit the others leave free.
    CHECK(m.stateBits.right.mask == 1);
}

TEST_CASE("engine manifest: a state that is a counter or a value is said by a test of its bits")
{
    std::string text = blockEngineText("actor-walk.toml");
    text = replaced(text, "state_bits = { down = 1 }",
                    "state_bits = { down = { test = \"nonzero\" }, up = { test = \"equals\", mask = 0x0C, value = 4 }, "
                    "right = { test = \"all\", mask = 0x30 } }");
    const Manifest m = loadEngineManifest(text);
    const StateBits& bits = m.stateBits;
    // PlayerOnGround-style: 0 in the air, 1 on a floor, 2 on a slope.
    CHECK(bits.down.mask == 0xFF); // the u8 state's every bit
    CHECK_FALSE(bits.down.holds(0));
    CHECK(bits.down.holds(1));
    CHECK(bits.down.holds(2));
    CHECK(bits.up.holds(0x04));
    CHECK(bits.up.holds(0xF7)); // only the masked bits count
    CHECK_FALSE(bits.up.holds(0x0C));
    CHECK_FALSE(bits.right.holds(0x10));
    CHECK(bits.right.holds(0x31));
    // What the host writes when it reports an answer.
    CHECK(bits.up.set(0x0B) == 0x07);
    CHECK_FALSE(bits.up.holds(bits.up.cleared(0x04)));
    CHECK(bits.right.set(0x01) == 0x31);
    CHECK(bits.right.cleared(0x31) == 0x01);
    // The outcome's wall on the left takes the lowest bit no flag tests: above the u8 state's.
    CHECK(bits.left.mask == 0x100);
}

TEST_CASE("engine manifest: constant hitboxes, arguments, answers in memory and [tiled] refusals")
{
    const std::string walk = blockEngineText("actor-walk.toml");
    const std::string width = "hitbox_width = { offset = 10, format = \"u12.4\" }\nhitbox_height = { offset = 12, format = \"u12.4\" }\n"
                              "hitbox_origin = \"feet\"";
    checkManifestRefusals(walk, {
        {width, "hitbox = { left = 6, right = 6, top = 23, height = 23 }", "hitbox =",
         {"'entity.hitbox.height' (23) must be greater than 'top' (23) so that the origin lies inside the box"}},
        {width, "hitbox = { left = 0, right = 0, top = 3, height = 8 }", "hitbox =",
         {"'entity.hitbox.right' makes a box no pixel wide"}},
        {width, "hitbox = { left = 6, right = 6, top = 3, height = 8, boxes = [] }", "hitbox =",
         {"'entity.hitbox.boxes' needs kind: the input that says which box an entity has"}},
        {width, "hitbox = { kind = \"type\", left = 6, boxes = [{ kind = 1, left = 6, right = 6, top = 3, height = 8 }] }", "hitbox =",
         {"'entity.hitbox.left' cannot be given with kind: each kind's box is in boxes"}},
        {width, "hitbox = { kind = \"type\", boxes = [{ kind = 1, left = 6, right = 6, top = 3, height = 8 }, "
                "{ kind = 1, left = 4, right = 4, top = 3, height = 8 }] }", "hitbox =",
         {"'entity.hitbox.boxes.kind' 1 has a box already"}},
        {width, "hitbox = { kind = \"sort\", boxes = [{ kind = 1, left = 6, right = 6, top = 3, height = 8 }] }", "hitbox =",
         {"'entity.hitbox.kind' names no input of [inputs]: \"sort\""}},
        {width, "hitbox = { kind = \"speed\", boxes = [{ kind = 1, left = 6, right = 6, top = 3, height = 8 }] }", "hitbox =",
         {"'entity.hitbox.kind' names input \"speed\", a register: an entity's kind must be a field of it"}},
        {"stack = 0x1FFF", "stack = 0x1FFF\narguments = [\"entity\"]", "arguments =",
         {"'call.arguments' holds \"entity_index\", \"entity_offset\", \"entity_address\" or a number 0..65535 for each word pushed, not \"entity\""}},
        {"stack = 0x1FFF", "stack = 0x1FFF\narguments = [70000]", "arguments =", {"'call.arguments' must be 0..65535, not 70000"}},
        {"stack = 0x1FFF", "stack = 0x1FFF\narguments = 1", "arguments =", {"'call.arguments' must be an array of the words pushed"}},
        {"[map]", "[tiled]\nproperty = \"\"\n\n[map]", "property =", {"'tiled.property' must not be empty"}},
        {"[map]", "[tiled]\nproperty = \"Name\"\nvalues = { Rock = \"ROCK\" }\n\n[map]", "values =",
         {"'tiled.values.Rock' names no tile of the design blocks: \"ROCK\""}},
        {"[map]", "[tiled]\nproperty = \"Name\"\nvalues = { Rock = 64 }\n\n[map]", "values =", {"'tiled.values.Rock' must be 0..63, not 64"}},
    });
    // The answer in memory: a symbol of work RAM, u8 or u16.
    std::string answer = replaced(walk, "answer = \"carry\"", "answer = { at = \"Temp\", format = \"u16\" }");
    answer = replaced(answer, "wall_when = \"set\"", "wall_when = \"nonzero\"");
    const Manifest m = loadEngineManifest(answer);
    CHECK(m.moveAnswer->from == MoveAnswer::From::Memory);
    checkSymbol(*m.moveAnswer->at, "Temp", 0, lineWith(answer, "answer = "));
    checkManifestRefusals(answer, {{"format = \"u16\" }", "format = \"u24\" }", "answer =",
                                    {"'outcome.answer.format' must be one of \"u8\", \"u16\", not \"u24\""}}});
}

TEST_CASE("engine manifest: [controller] new is where the host writes the buttons pressed since the last call")
{
    std::string text = blockEngineText("player-frame.toml");
    text = replaced(text, "at = \"Joypad\"", "at = \"Joypad\"\nnew = \"Temp\"");
    const Manifest m = loadEngineManifest(text);
    REQUIRE(m.controller->newPresses);
    checkSymbol(*m.controller->newPresses, "Temp", 0, lineWith(text, "new = \"Temp\""));
    checkManifestRefusals(text, {{"new = \"Temp\"", "new = 3", "new =", {"'controller.new' must be a string"}}});
}

TEST_CASE("engine manifest: cells, strides and the map's size in u8 or u16 load as given")
{
    const std::string walk = blockEngineText("actor-walk.toml");
    const std::string cell = "cell = { bytes = 2, scale = 2 }";
    const Manifest packed = loadEngineManifest(replaced(walk, cell, "cell = { bytes = 2, mask = 0x0FC0, shift = 6 }"));
    CHECK(packed.cell.bytes == 2);
    CHECK(packed.cell.mask == 0x0FC0);
    CHECK(packed.cell.shift == 6);
    CHECK(packed.cell.scale == 1);
    CHECK(packed.cell.maxId() == 63);
    CHECK(packed.cell.cellOf(5) == 5 << 6);
    CHECK(packed.cell.idOf(0xF000 | 5 << 6) == 5u);
    const Manifest bytes = loadEngineManifest(replaced(walk, cell, "cell = { bytes = 1 }"));
    CHECK(bytes.cell.mask == 0xFF);
    CHECK(bytes.cell.scale == 1);
    // Without `cell`, one byte holding the id.
    const Manifest plain = loadEngineManifest(replaced(walk, cell, ""));
    CHECK(plain.cell.bytes == 1);
    CHECK(plain.cell.mask == 0xFF);

    const Manifest rowMajor = loadEngineManifest(replaced(walk, "column_stride = 64\nrow_stride = 2", "column_stride = 2\nrow_stride = 512"));
    CHECK(rowMajor.columnStride == 2);
    CHECK(rowMajor.rowStride == 512);

    const std::string sized = replaced(replaced(walk, "max_width = 256\nmax_height = 32", "max_width = 65535\nmax_height = 300"),
                                       "tiles = \"LevelBlocks\"", "tiles = \"LevelBlocks\"\nwidth = \"Temp\"\nheight = \"Temp + 2\"\nsize_format = \"u16\"");
    const Manifest wide = loadEngineManifest(sized);
    REQUIRE(wide.mapWidth);
    checkSymbol(*wide.mapWidth, "Temp", 0, lineWith(sized, "width = \"Temp\""));
    REQUIRE(wide.mapHeight);
    checkSymbol(*wide.mapHeight, "Temp", 2, lineWith(sized, "height = \"Temp + 2\""));
    CHECK(wide.mapSizeFormat == FieldFormat::U16);
    CHECK(wide.maxMapWidth == 65535);
    CHECK(wide.maxMapHeight == 300);
    // The u8 size limits only the side whose size the host writes.
    const Manifest heightOnly = loadEngineManifest(
        replaced(walk, "tiles = \"LevelBlocks\"", "tiles = \"LevelBlocks\"\nheight = \"Temp\"\nsize_format = \"u8\""));
    CHECK(heightOnly.mapSizeFormat == FieldFormat::U8);
    CHECK(heightOnly.maxMapWidth == 256);
}

TEST_CASE("engine manifest: inputs in registers and controllers load, and symbols take hexadecimal offsets")
{
    std::string text = blockEngineText("actor-walk.toml");
    text = replaced(text, "speed = { register = \"a\", default = 0x10 }", "speed = { register = \"y\", default = 0xFFFF }");
    text = replaced(text, "[outcome]", "[controller]\nat = \"Joypad + $1\"\n\n[outcome]");
    text = replaced(text, "entry = \"ActorWalk\"", "entry = \"ActorWalk + 0x0\"");
    const Manifest m = loadEngineManifest(text);
    const RoutineInput& speed = *m.input("speed");
    CHECK(speed.reg == 'y');
    CHECK(speed.defaultValue == 0xFFFF);
    REQUIRE(m.controller);
    checkSymbol(m.controller->at, "Joypad", 1, lineWith(text, "at = \"Joypad + $1\""));
    checkSymbol(m.entry, "ActorWalk", 0, lineWith(text, "entry = "));
    CHECK(m.entry.text() == "ActorWalk");
}

TEST_CASE("engine manifest: [call] movement and gravity_when refusals")
{
    checkManifestRefusals(blockEngineText("actor-walk.toml"), {
        {"movement = \"routine\"", "movement = \"walk\"", "movement =", {"'call.movement' must be one of \"host\", \"routine\", not \"walk\""}},
        {"movement = \"routine\"", "movement = \"routine\"\ngravity_when = \"always\"", "gravity_when =",
         {"'call.gravity_when' is for the host's gravity", "(movement = \"routine\")"}},
        {"movement = \"routine\"", "movement = 1", "movement =", {"'call.movement' must be a string, not an integer"}},
    });
}

TEST_CASE("engine manifest: [entity] slots, at and stride refusals")
{
    const std::string walk = blockEngineText("actor-walk.toml");
    checkManifestRefusals(walk, {
        {"stride = 27", "stride = 27\nat = \"PlayerBody\"", "[entity]\n", {"[entity] needs slots = \"Entities\" with a stride", "or at = \"Player\"", "not both"}},
        {"slots = \"Actors\"", "", "[entity]\n", {"[entity] needs slots = \"Entities\" with a stride", "or at = \"Player\"", "; it has neither"}},
        {"stride = 27", "", "[entity]\n", {"[entity] is missing the required key 'stride'"}},
        {"slots = \"Actors\"", "slots = \"Actors + 27 + 1\"", "slots =", {"'entity.slots' must be a symbol or \"symbol + offset\"", "not \"Actors + 27 + 1\""}},
    });
    checkManifestRefusals(blockEngineText("player-frame.toml"), {
        {"at = \"PlayerBody\"", "at = \"PlayerBody\"\nstride = 27", "stride = 27", {"'entity.stride' is for slots: an entity at one place has no stride"}},
        {"at = \"PlayerBody\"", "at = \"Player Body\"", "at = \"Player Body\"", {"'entity.at' must be a symbol or \"symbol + offset\"", "not \"Player Body\""}},
        {"at = \"PlayerBody\"", "at = \"\"", "at = \"\"", {"'entity.at' must not be empty"}},
    });
}

TEST_CASE("engine manifest: field offset, at and format refusals")
{
    checkManifestRefusals(blockEngineText("actor-walk.toml"), {
        {"alive = { offset = 0, format = \"u8\" }", "alive = { offset = 0, at = \"Temp\", format = \"u8\" }", "alive =",
         {"'entity.alive' needs one of 'offset' (in the entity) or 'at'"}},
        {"alive = { offset = 0, format = \"u8\" }", "alive = { format = \"u8\" }", "alive =", {"'entity.alive' needs one of 'offset'"}},
        {"alive = { offset = 0, format = \"u8\" }", "alive = { offset = 0, format = \"u12.4\" }", "alive =",
         {"'entity.alive.format' must be u8, s8, u16 or s16: this field is a whole number"}},
        {"alive = { offset = 0, format = \"u8\" }", "alive = { offset = 0 }", "alive =", {"entity.alive is missing the required key 'format'"}},
        {"alive = { offset = 0, format = \"u8\" }", "alive = 0", "alive =", {"'entity.alive' must be a table like", "not an integer"}},
        {"alive = { offset = 0, format = \"u8\" }", "alive = { at = \"Temp + -1\", format = \"u8\" }", "alive =",
         {"'entity.alive.at' must be a symbol or \"symbol + offset\"", "not \"Temp + -1\""}},
        {"alive = { offset = 0, format = \"u8\" }", "alive = { at = \"Temp + 65536\", format = \"u8\" }", "alive =",
         {"'entity.alive.at'", "an offset of 0..65535"}},
        {"x_position = { offset = 2, format = \"u12.4\" }", "x_position = { offset = 2, at = \"PlayerBody\", format = \"u12.4\" }",
         "x_position =", {"'entity.x_position' needs one of 'offset' (in the entity) or 'at'"}},
        {"collision_state = { offset = 14, format = \"u8\" }", "collision_state = { offset = 14, format = \"u8.8\" }",
         "collision_state =", {"'entity.collision_state.format' must be u8, s8, u16 or s16"}},
    });
}

TEST_CASE("engine manifest: hitbox_width, hitbox_origin and their refusals")
{
    const std::string walk = blockEngineText("actor-walk.toml");
    const std::string origin = "hitbox_origin = \"feet\"";
    checkManifestRefusals(walk, {
        {origin, origin + "\nhitbox_left = { offset = 16, format = \"u8\" }", "hitbox_left =",
         {"'entity.hitbox_left' cannot be given with hitbox_width: a box of a width and a height from the feet has no other sizes"}},
        {origin, origin + "\nhitbox_right = { offset = 16, format = \"u8\" }", "hitbox_right =", {"'entity.hitbox_right' cannot be given with hitbox_width"}},
        {origin, origin + "\nhitbox_y_offset = { offset = 16, format = \"s8\" }", "hitbox_y_offset =",
         {"'entity.hitbox_y_offset' cannot be given with hitbox_width"}},
        {origin, "hitbox_origin = \"head\"", "hitbox_origin =", {"'entity.hitbox_origin' must be one of \"feet\", not \"head\""}},
        {origin, "", "[entity]\n", {"[entity] is missing the required key 'hitbox_origin'"}},
        {"hitbox_width = { offset = 10, format = \"u12.4\" }", "", "[entity]\n", {"[entity] is missing the required key 'hitbox_width'"}},
        {"hitbox_width = { offset = 10, format = \"u12.4\" }", "hitbox_width = { offset = 10, format = \"u24\" }", "hitbox_width =",
         {"'entity.hitbox_width.format' must be one of \"u8\"", "not \"u24\""}},
        {"hitbox_height = { offset = 12, format = \"u12.4\" }", "", "[entity]\n", {"[entity] is missing the required key 'hitbox_height'"}},
        // [entity.hitbox] refuses every in-entity hitbox key, the first of them in its list first.
        {origin, origin + "\nhitbox = { records = \"Frames\" }", "hitbox_height =",
         {"'entity.hitbox_height' cannot be given with [entity.hitbox]: the hitbox is in the entity, in a record or in the code, not more than one"}},
    });
    // Without hitbox_height, the next of its keys is refused, at its own line.
    const std::string noHeight = replaced(walk, "hitbox_height = { offset = 12, format = \"u12.4\" }\n", "");
    checkManifestRefusals(noHeight, {
        {origin, origin + "\nhitbox = { records = \"Frames\" }", "hitbox_width =", {"'entity.hitbox_width' cannot be given with [entity.hitbox]"}},
    });
    const std::string onlyOrigin = replaced(noHeight, "hitbox_width = { offset = 10, format = \"u12.4\" }\n", "");
    checkManifestRefusals(onlyOrigin, {
        {origin, origin + "\nhitbox = { records = \"Frames\" }", "hitbox_origin =", {"'entity.hitbox_origin' cannot be given with [entity.hitbox]"}},
    });
}

TEST_CASE("engine manifest: state_bits and velocity refusals")
{
    checkManifestRefusals(blockEngineText("actor-fall.toml"), {
        {"state_bits = { down = 1 }", "state_bits = {}", "state_bits =", {"'entity.state_bits' names no flag: give down, up, right or left"}},
        {"state_bits = { down = 1 }", "state_bits = { down = { test = \"sometimes\" } }", "state_bits =",
         {"'entity.state_bits.down.test' must be one of \"nonzero\", \"equals\", \"any\", \"all\", not \"sometimes\""}},
        {"state_bits = { down = 1 }", "state_bits = { down = { test = \"nonzero\", mask = 3 } }", "state_bits =",
         {"'entity.state_bits.down.mask' is not for \"nonzero\""}},
        {"state_bits = { down = 1 }", "state_bits = { down = { test = \"any\" } }", "state_bits =",
         {"entity.state_bits.down is missing the required key 'mask'"}},
        {"state_bits = { down = 1 }", "state_bits = { down = { test = \"all\", mask = 3, value = 1 } }", "state_bits =",
         {"'entity.state_bits.down.value' is for test = \"equals\""}},
        {"state_bits = { down = 1 }", "state_bits = { down = { test = \"equals\", mask = 3, value = 4 } }", "state_bits =",
         {"'entity.state_bits.down.value' has bits outside the mask: it can never be equal"}},
        {"state_bits = { down = 1 }", "state_bits = { down = { test = \"equals\" } }", "state_bits =",
         {"entity.state_bits.down is missing the required key 'value'"}},
        {"state_bits = { down = 1 }", "state_bits = { down = 0 }", "state_bits =", {"'entity.state_bits.down' must be 1..255, not 0"}},
        {"state_bits = { down = 1 }", "state_bits = { left = 256 }", "state_bits =", {"'entity.state_bits.left' must be 1..255, not 256"}},
        {"state_bits = { down = 1 }", "state_bits = { sideways = 1 }", "state_bits =",
         {"unknown key 'sideways' in entity.state_bits; expected down, up, right, left"}},
        {"state_bits = { down = 1 }\n", "", "[entity]\n", {"[entity] is missing the required key 'state_bits'"}},
        // A routine the host moves needs both velocities.
        {"movement = \"routine\"", "movement = \"host\"", "[entity]\n", {"[entity] is missing the required key 'x_velocity'"}},
    });
    checkManifestRefusals(hostWalk(), {
        {"y_velocity = { offset = 8, format = \"s12.4\" }\n", "", "[entity]\n", {"[entity] is missing the required key 'y_velocity'"}},
    });
}

TEST_CASE("engine manifest: [map] cell, strides and size refusals")
{
    const std::string cell = "cell = { bytes = 2, scale = 2 }";
    checkManifestRefusals(blockEngineText("actor-walk.toml"), {
        {cell, "cell = { bytes = 3 }", "cell =", {"'map.cell.bytes' must be 1..2, not 3"}},
        {cell, "cell = { bytes = 0 }", "cell =", {"'map.cell.bytes' must be 1..2, not 0"}},
        {cell, "cell = { bytes = 1, mask = 0x100 }", "cell =", {"'map.cell.mask' must be 1..255, not 256"}},
        {cell, "cell = { bytes = 2, mask = 0 }", "cell =", {"'map.cell.mask' must be 1..65535, not 0"}},
        {cell, "cell = { bytes = 1, shift = 8 }", "cell =", {"'map.cell.shift' must be 0..7, not 8"}},
        {cell, "cell = { bytes = 2, scale = 0 }", "cell =", {"'map.cell.scale' must be 1..65535, not 0"}},
        {cell, "cell = { bytes = 1, mask = 0x01, scale = 2 }", "cell =",
         {"'map.cell' holds no id but 0: mask >> shift / scale must reach 1 or more"}},
        {cell, "cell = { bytes = 2, mask = 0x0F, shift = 4 }", "cell =", {"'map.cell' holds no id but 0"}},
        {cell, "cell = { bytes = 2, size = 2 }", "cell =", {"unknown key 'size' in map.cell; expected bytes, mask, shift, scale"}},
        {cell, "cell = 2", "cell =", {"'map.cell' must be a table like { bytes = 2, scale = 2 }, not an integer"}},
        {"column_stride = 64\n", "", "row_stride =", {"'map.row_stride' needs the other stride too: column_stride and row_stride, in bytes"}},
        {"row_stride = 2\n", "", "column_stride =", {"'map.column_stride' needs the other stride too"}},
        {"column_stride = 64", "column_stride = 1", "column_stride =", {"'map.column_stride' must be 2..65536, not 1"}},
        {"row_stride = 2", "row_stride = 0x10001", "row_stride =", {"'map.row_stride' must be 2..65536, not 65537"}},
        {"row_stride = 2", "row_stride = 64", "row_stride =", {"'map.row_stride' equals column_stride: two cells would share their bytes"}},
        {"row_stride = 2", "row_stride = 2\ncolumn_height = 32", "column_height =",
         {"'map.column_height' cannot be given with column_stride and row_stride"}},
        {"row_stride = 2", "row_stride = 2\nbytes_per_row = \"Temp\"", "bytes_per_row =", {"'map.bytes_per_row' cannot be given with column_stride"}},
        {"max_width = 256", "max_width = 256\nsize_format = \"u32\"", "size_format =", {"'map.size_format' must be one of \"u8\", \"u16\", not \"u32\""}},
        {"max_width = 256", "max_width = 65536", "max_width =", {"'map.max_width' must be 1..65535, not 65536"}},
        {"max_height = 32", "max_height = 0", "max_height =", {"'map.max_height' must be 1..65535, not 0"}},
        // The host writes the size in a u8 unless size_format says u16.
        {"max_width = 256", "max_width = 256\nwidth = \"Temp\"", "max_width =",
         {"'map.max_width' (256) does not fit the u8 the host writes the map's size in (size_format): at most 255"}},
        {"max_height = 32", "max_height = 256\nheight = \"Temp\"", "max_height =", {"'map.max_height' (256) does not fit the u8"}},
        {"tiles = \"LevelBlocks\"", "tiles = \"LevelBlocks\"\nwidth = \"\"", "width = \"\"", {"'map.width' must not be empty"}},
        {"tiles = \"LevelBlocks\"", "tiles = \"LevelBlocks\"\nheight = \"Temp +\"", "height = \"Temp +\"", {"'map.height' must be a symbol or \"symbol + offset\""}},
    });
}

TEST_CASE("engine manifest: [[case]] label and line refusals")
{
    checkManifestRefusals(blockEngineText("actor-walk.toml"), {
        {"label = \"ActorWalk::Left\"", "label = \"ActorWalk::Left\"\nline = \"actors.s:300\"", "[[case]]\nname = \"left\"",
         {"[[case]] \"left\" needs one marker: label = \"Name\" (or \"Name + offset\"), or line = \"file.s:LINE\""}},
        {"line = \"actors.s:311\"", "line = \"actors.s\"", "line = \"actors.s\"",
         {"'case.line' must be a source file and a line, \"actors.s:151\", not \"actors.s\""}},
        {"line = \"actors.s:311\"", "line = \"actors.s:0\"", "line = \"actors.s:0\"", {"'case.line' must be a source file and a line", "not \"actors.s:0\""}},
        {"line = \"actors.s:311\"", "line = \"actors.s:\"", "line = \"actors.s:\"", {"'case.line' must be a source file and a line"}},
        {"line = \"actors.s:311\"", "line = \"actors.s:3x\"", "line = \"actors.s:3x\"", {"'case.line' must be a source file and a line"}},
        {"line = \"actors.s:311\"", "line = \":311\"", "line = \":311\"", {"'case.line' must be a source file and a line"}},
        {"line = \"actors.s:311\"", "line = 311", "line = 311", {"'case.line' must be a string, not an integer"}},
        {"label = \"ActorWalk::Left\"", "label = \"ActorWalk::Left + 0x10000\"", "label =",
         {"'case.label' must be a symbol or \"symbol + offset\" (an offset of 0..65535", "not \"ActorWalk::Left + 0x10000\""}},
        {"label = \"ActorWalk::Left\"", "label = \"+ 4\"", "label =", {"'case.label' must be a symbol or \"symbol + offset\""}},
    });
}

TEST_CASE("engine manifest: [inputs] refusals")
{
    const std::string walk = blockEngineText("actor-walk.toml");
    const std::string speed = "speed = { register = \"a\", default = 0x10 }";
    checkManifestRefusals(walk, {
        {speed, "speed = 16", "speed = 16", {"'inputs.speed' must be { offset = 1, format = \"u8\" } or { register = \"a\" }"}},
        {speed, "speed = { register = \"a\", offset = 3 }", "speed =", {"'inputs.speed.offset' cannot be given with register: an input is a field or a register"}},
        {speed, "speed = { register = \"a\", format = \"u8\" }", "speed =", {"'inputs.speed.format' cannot be given with register"}},
        {speed, "speed = { register = \"b\" }", "speed =", {"'inputs.speed.register' must be one of \"a\", \"x\", \"y\", \"db\", not \"b\""}},
        // X is the actor's address.
        {speed, "speed = { register = \"x\" }", "speed =", {"input \"speed\" is register x, which [call] sets already"}},
        {speed, "speed = { register = \"a\", default = 0x10000 }", "speed =", {"'inputs.speed.default' must be 0..65535, not 65536"}},
        {speed, "speed = { register = \"a\", default = -1 }", "speed =", {"'inputs.speed.default' must be 0..65535, not -1"}},
        {speed, "speed = { register = \"a\", value = 1 }", "speed =", {"unknown key 'value' in inputs.speed; expected offset, at, format, register, default"}},
        {"type = { offset = 0, format = \"u8\", default = 1 }", "type = { offset = 0, format = \"u8\", default = 256 }", "type =",
         {"'inputs.type.default' must be 0..255, not 256"}},
        {"type = { offset = 0, format = \"u8\", default = 1 }", "type = { offset = 0, format = \"s16\", default = 65536 }", "type =",
         {"'inputs.type.default' must be 0..65535, not 65536"}},
        {"type = { offset = 0, format = \"u8\", default = 1 }", "type = { offset = 256, format = \"u8\" }", "type =", {"'inputs.type.offset' must be 0..255, not 256"}},
        {"direction = { offset = 1, format = \"u8\" }", "direction = { offset = 1, format = \"u12.4\" }", "direction =",
         {"'inputs.direction.format' must be u8, s8, u16 or s16"}},
        {"direction = { offset = 1, format = \"u8\" }", "direction = { format = \"u8\" }", "direction =", {"'inputs.direction' needs one of 'offset' (in the entity) or 'at'"}},
        {"direction = { offset = 1, format = \"u8\" }", "direction = { offset = 1, at = \"Temp\", format = \"u8\" }", "direction =",
         {"'inputs.direction' needs one of 'offset' (in the entity) or 'at'"}},
        // A register [call] gives, even as 0, is [call]'s.
        {"data_bank = 0x7E", "data_bank = 0x7E\na = 0", "speed =", {"input \"speed\" is register a, which [call] sets already"}},
    });
    CHECK(engineManifestError(replaced(walk, "data_bank = 0x7E", "data_bank = 0x7E\ny = 3")).empty());
    // An 8-bit accumulator holds defaults up to 255.
    const std::string narrow = replaced(walk, "accumulator_bits = 16", "accumulator_bits = 8");
    CHECK(loadEngineManifest(replaced(narrow, speed, "speed = { register = \"a\", default = 255 }")).input("speed")->defaultValue == 255);
    checkManifestRefusals(narrow, {
        {speed, "speed = { register = \"a\", default = 256 }", "speed =", {"'inputs.speed.default' must be 0..255, not 256"}},
    });
    const std::string scalar = replaced(blockEngineText("actor-fall.toml"), "[inputs]\ntype = { offset = 0, format = \"u8\", default = 1 }\n", "");
    const std::string scalarInputs = replaced(scalar, "design = \"blocks.toml\"", "design = \"blocks.toml\"\ninputs = 3");
    checkMessage(engineManifestError(scalarInputs), "manifest.toml:" + std::to_string(lineWith(scalarInputs, "inputs = 3")),
                 {"'inputs' must be a table: [inputs] with direction = { offset = 1, format = \"u8\" }"});
}

TEST_CASE("engine manifest: [controller] refusals")
{
    checkManifestRefusals(blockEngineText("player-frame.toml"), {
        {"at = \"Joypad\"", "", "[controller]", {"[controller] is missing the required key 'at'"}},
        {"at = \"Joypad\"", "at = \"\"", "at = \"\"", {"'controller.at' must not be empty"}},
        {"at = \"Joypad\"", "at = \"Joy pad\"", "at = \"Joy pad\"", {"'controller.at' must be a symbol or \"symbol + offset\""}},
        {"at = \"Joypad\"", "at = \"Joypad\"\nmask = 0xFF", "mask = 0xFF", {"unknown key 'mask' in [controller]; expected at"}},
    });
    const std::string scalar = replaced(replaced(blockEngineText("player-frame.toml"), "[controller]\nat = \"Joypad\"", ""),
                                        "design = \"blocks.toml\"", "design = \"blocks.toml\"\ncontroller = \"Joypad\"");
    checkMessage(engineManifestError(scalar), "manifest.toml:" + std::to_string(lineWith(scalar, "controller = ")),
                 {"'controller' must be a table like [controller] at = \"Joypad\", not a string"});
}

TEST_CASE("engine manifest: [outcome] refusals, for a routine that moves itself and for one the host moves")
{
    checkManifestRefusals(blockEngineText("actor-walk.toml"), {
        {"wall_when = \"set\"", "wall_when = \"set\"\nmoves_when = \"clear\"", "moves_when =",
         {"'outcome.moves_when' is for a routine the host moves the entity for; this one moves it itself", "give wall_when and wall_side"}},
        {"wall_side = \"direction\"", "wall_side = \"facing\"", "wall_side =", {"'outcome.wall_side' names no input of [inputs]: \"facing\""}},
        {"wall_side = \"direction\"", "", "[outcome] ", {"[outcome] is missing the required key 'wall_side'"}},
        {"wall_when = \"set\"", "", "[outcome] ", {"[outcome] is missing the required key 'wall_when'"}},
        {"wall_when = \"set\"", "wall_when = \"nonzero\"", "wall_when =", {"'outcome.wall_when' must be one of \"clear\", \"set\", not \"nonzero\""}},
        {"answer = \"carry\"\nwall_when = \"set\"", "answer = \"y\"\nwall_when = \"set\"", "wall_when =",
         {"'outcome.wall_when' must be one of \"zero\", \"nonzero\", not \"set\""}},
        {"answer = \"carry\"", "answer = \"z\"", "answer =", {"'outcome.answer' must be one of \"carry\", \"a\", \"x\", \"y\", not \"z\""}},
        {"wall_left = 1", "wall_left = 65536", "wall_left =", {"'outcome.wall_left' must be 0..65535, not 65536"}},
    });
    const std::string host = hostWalk();
    const std::string outcome = "[outcome]\nanswer = \"carry\"\nmoves_when = \"clear\"\n";
    checkManifestRefusals(host, {
        {"[map]", outcome + "wall_left = 1\n\n[map]", "wall_left =", {"'outcome.wall_left' is for a routine that moves the entity itself (movement = \"routine\")"}},
        {"[map]", outcome + "wall_side = \"direction\"\n\n[map]", "wall_side =", {"'outcome.wall_side' is for a routine that moves the entity itself"}},
        {"[map]", outcome + "wall_when = \"set\"\n\n[map]", "wall_when =", {"'outcome.wall_when' is for a routine that moves the entity itself"}},
        {"[map]", "[outcome]\nanswer = \"carry\"\n\n[map]", "[outcome]", {"[outcome] is missing the required key 'moves_when'"}},
    });
    const Manifest m = loadEngineManifest(replaced(host, "[map]", outcome + "\n[map]"));
    REQUIRE(m.moveAnswer);
    CHECK_FALSE(m.moveAnswer->movesWhenSet);
    CHECK_FALSE(m.moveAnswer->reportsWall());
    CHECK(m.stateBits.right.mask == 0); // a host-moved answer gives no wall bits of its own
}

TEST_CASE("engine manifest: [tables] refusals, and a design's table the manifest does not name, at its design line")
{
    const std::string walk = blockEngineText("actor-walk.toml");
    const std::string blocks = blockEngineText("blocks.toml");
    checkManifestRefusals(walk, {
        {"block_flags = \"BlockFlags\"", "block_flags = 3", "block_flags =", {"'tables.block_flags' must name a symbol of the ROM's table, as a string"}},
        {"block_flags = \"BlockFlags\"", "block_flags = \"\"", "block_flags =", {"'tables.block_flags' must name a symbol of the ROM's table"}},
        {"block_flags = \"BlockFlags\"", "block_flags = \"Block Flags\"", "block_flags =",
         {"'tables.block_flags' must be a symbol or \"symbol + offset\"", "not \"Block Flags\""}},
        {"block_flags = \"BlockFlags\"", "", "design = ",
         {"[tables] does not name \"block_flags\", which the design reads (blocks.toml:" + std::to_string(lineWith(blocks, "[table]\n")) + ")"}},
        {"slope_heights = \"SlopeHeights\"", "", "design = ",
         {"[tables] does not name \"slope_heights\", which the design reads (blocks.toml:" + std::to_string(lineWith(blocks, "[[table.slope]]")) + ")"}},
        {"design = \"blocks.toml\"", "design = \"missing.toml\"", "design = ", {"'design' leads to a design that cannot be read", "missing.toml: cannot open"}},
    });
    std::string scalar = walk;
    scalar.erase(scalar.find("[tables]"), scalar.find("[call]") - scalar.find("[tables]"));
    scalar = replaced(scalar, "design = \"blocks.toml\"", "design = \"blocks.toml\"\ntables = \"BlockFlags\"");
    checkMessage(engineManifestError(scalar), "manifest.toml:" + std::to_string(lineWith(scalar, "tables = ")),
                 {"'tables' must be a table of names: [tables] with block_flags = \"BlockFlags\""});
    // A table may be "Name + offset", like every other symbol of a manifest.
    const std::string offset = replaced(walk, "block_flags = \"BlockFlags\"", "block_flags = \"BlockFlags + 0x2\"");
    const Manifest m = loadEngineManifest(offset);
    checkSymbol(m.tables[0].symbol, "BlockFlags", 2, lineWith(offset, "block_flags = "));
}

} // namespace
} // namespace tileprof::test
