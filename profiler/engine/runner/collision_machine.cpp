#include "profiler/engine/runner/collision_machine.hpp"

#include "base/input_error.hpp"
#include "base/printf_string.hpp"
#include "profiler/engine/call/entity_fields.hpp"
#include "profiler/engine/call/move_answer.hpp"
#include "profiler/engine/runner/trace_observer.hpp"

#include <algorithm>
#include <string>

namespace tileprof {

namespace {

// The value of a map variable for this map, as its format holds it. Throws InputError at the
// manifest's line when it cannot be computed or does not fit.
std::uint32_t mapVariableValue(const Manifest& manifest, const MapVariable& variable, const MapFacts& facts)
{
    const std::string where = manifest.path.string() + ":" + std::to_string(variable.line) + ": map variable \"" + variable.value.text() + "\"";
    std::int64_t value = 0;
    try {
        value = variable.value.evaluate(facts);
    } catch (const ExpressionError& e) {
        throw InputError(where + ": " + e.what() + " for this map");
    }
    const std::int64_t span = std::int64_t{1} << (8 * bytesOf(variable.format));
    const std::int64_t low = isSigned(variable.format) ? -span / 2 : 0;
    if (value < low || value >= low + span) {
        throw InputError(where + " is " + std::to_string(value) + " for this map (" + std::to_string(facts.width) +
                              " x " + std::to_string(facts.height) + " tiles), which its format does not hold (" +
                              std::to_string(low) + ".." + std::to_string(low + span - 1) + ")");
    }
    return static_cast<std::uint32_t>(value);
}

} // namespace

namespace {

// The banks $80+ mirror of a bank below WRAM's ($00-$7D), which shows the same ROM in LoROM and
// HiROM alike; other banks as they are.
std::uint32_t fastMirror(std::uint32_t bank)
{
    return bank < 0x7E ? bank | 0x80 : bank;
}

} // namespace

CollisionMachine::CollisionMachine(const ProfiledRom& rom, bool fastRom)
    : rom_(rom), bus_(rom.image), cpu_(bus_), fastRom_(fastRom)
{
    if (fastRom && rom.image.header.fastRom()) {
        throw InputError(rom.image.name + ": its header already says FastROM (map mode " +
                              printfString("$%02X", rom.image.header.mapMode) + "): there is no SlowROM run to compare");
    }
    cpu_.reset();
    // A FastROM game sets MEMSEL while it boots; the host stands in for that boot.
    bus_.setFastRom(fastRom || rom.image.header.fastRom());
}

std::uint32_t CollisionMachine::runAddress(std::uint32_t address) const
{
    return fastRom_ ? fastMirror(address >> 16) << 16 | (address & 0xFFFF) : address;
}

std::vector<std::uint32_t> CollisionMachine::caseLabels() const
{
    std::vector<std::uint32_t> labels;
    for (const std::uint32_t label : rom_.addresses.caseLabels) {
        labels.push_back(runAddress(label));
    }
    return labels;
}

void CollisionMachine::loadMap(const TileMap& map)
{
    const RoutineAddresses& a = rom_.addresses;
    const Design& design = rom_.design;
    const Manifest& m = rom_.manifest;
    if (a.collisionMap && a.romCollisionMap.empty()) {
        for (std::uint32_t id = 0; id < 256; ++id) {
            bus_.poke(*a.collisionMap + id, design[rom_.typeOfMapId[id]].value);
        }
    }
    // Every cell the buffer holds: the map's, and the design's outside around it, so that a
    // routine reading past the map's edge reads what the placement rules take to be there. The
    // resolver checked that the buffer is all work RAM, so its bytes lie together there.
    const MapLayout layout = mapLayout(m, map.width, a.mapTilesBytes);
    const std::span<std::uint8_t> buffer = bus_.wram().subspan(*emu::wramIndex(a.mapTiles), a.mapTilesBytes);
    // checkScenarioFits refused maps with a type the ROM's metatile table or the cells cannot hold.
    const auto cellOf = [&](TileId type) { return m.cell.cellOf(*rom_.mapIdOfType[type]); };
    const auto putAt = [&](std::size_t offset, std::uint32_t cell) {
        for (std::uint32_t i = 0; i < layout.cellBytes; ++i) {
            buffer[offset + i] = static_cast<std::uint8_t>(cell >> (8 * i));
        }
    };
    const auto put = [&](std::uint32_t column, std::uint32_t row, std::uint32_t cell) { putAt(layout.offsetOf(column, row), cell); };
    const std::uint32_t outside = cellOf(design.outside);
    // Cells that follow each other with no byte between are filled as one run (a buffer of 64 KiB
    // is loaded for every scenario and explore session); the bytes between sparser cells stay 0.
    const bool dense = layout.bytesOf(layout.columns, layout.rows) ==
                       std::uint64_t{layout.columns} * layout.rows * layout.cellBytes;
    if (dense) {
        const std::size_t cells = std::size_t{layout.columns} * layout.rows * layout.cellBytes;
        for (std::size_t at = 0; at < cells; at += layout.cellBytes) {
            putAt(at, outside);
        }
        std::fill(buffer.begin() + static_cast<std::ptrdiff_t>(cells), buffer.end(), std::uint8_t{0});
    } else {
        std::ranges::fill(buffer, std::uint8_t{0});
        for (std::uint32_t column = 0; column < layout.columns; ++column) {
            for (std::uint32_t row = 0; row < layout.rows; ++row) {
                put(column, row, outside);
            }
        }
    }
    const auto width = static_cast<std::uint32_t>(std::min<std::int64_t>(map.width, layout.columns));
    const auto height = static_cast<std::uint32_t>(std::min<std::int64_t>(map.height, layout.rows));
    for (std::uint32_t row = 0; row < height; ++row) {
        for (std::uint32_t column = 0; column < width; ++column) {
            put(column, row, cellOf(map.at(static_cast<int>(column), static_cast<int>(row))));
        }
    }
    const FieldFormat sizeFormat = m.mapSizeFormat;
    if (a.mapWidth) {
        writeAt(*a.mapWidth, sizeFormat, static_cast<std::uint32_t>(map.width));
    }
    if (a.mapHeight) {
        writeAt(*a.mapHeight, sizeFormat, static_cast<std::uint32_t>(map.height));
    }
    if (a.mapBytesPerRow) {
        writeAt(*a.mapBytesPerRow, FieldFormat::U16, layout.rowStride);
    }
    if (a.mapRowOffsets) {
        for (std::uint32_t row = 0; row < a.mapRowOffsetRows; ++row) {
            writeAt(*a.mapRowOffsets + 2 * row, FieldFormat::U16, row * layout.rowStride);
        }
    }
    const MapFacts facts{map.width, map.height, design.tileSize, m.originX, m.originY};
    for (std::size_t i = 0; i < m.mapVariables.size(); ++i) {
        const MapVariable& variable = m.mapVariables[i];
        writeAt(a.mapVariables[i], variable.format, mapVariableValue(m, variable, facts));
    }
    mapWindow_ = {a.mapTiles, a.mapTilesBytes, layout, m.cell, buffer.data(), rom_.typeOfMapId};
}

void CollisionMachine::writeAt(std::uint32_t address, FieldFormat format, std::uint32_t value)
{
    for (unsigned i = 0; i < bytesOf(format); ++i) {
        bus_.poke(address + i, static_cast<std::uint8_t>(value >> (8 * i)));
    }
}

// With stride 0, the one entity's record.
std::uint32_t CollisionMachine::slotAddress(std::uint32_t slot) const
{
    return tileprof::slotAddress(rom_, slot);
}

std::uint16_t CollisionMachine::registerValue(const RegisterValue& value, std::uint32_t slot) const
{
    switch (value.kind) {
    case RegisterValue::Kind::EntityAddress: return static_cast<std::uint16_t>(slotAddress(slot));
    case RegisterValue::Kind::EntityIndex: return static_cast<std::uint16_t>(slot);
    case RegisterValue::Kind::EntityOffset: return static_cast<std::uint16_t>(slot * rom_.manifest.entityStride);
    case RegisterValue::Kind::Constant: break;
    }
    return value.constant;
}

void CollisionMachine::writeField(std::uint32_t slot, const EntityField& field, std::uint32_t value)
{
    writeAt(fieldAddress(field, slotAddress(slot)), field.format, value);
}

void CollisionMachine::writePixels(std::uint32_t slot, const EntityField& field, int pixels)
{
    writeField(slot, field, toFieldBits(static_cast<std::uint32_t>(pixels) << 16, field.format));
}

void CollisionMachine::writeQuantity(std::uint32_t slot, const QuantityField& field, std::uint32_t value)
{
    writeField(slot, field.integer, toFieldBits(value, field.integer.format));
    if (field.fraction) {
        writeField(slot, *field.fraction, (value & 0xFFFF) >> (16 - 8 * bytesOf(field.fraction->format)));
    }
}

void CollisionMachine::writeEntity(std::uint32_t slot, const EntityState& entity)
{
    const Manifest& manifest = rom_.manifest;
    writeQuantity(slot, manifest.xPosition, entity.x);
    writeQuantity(slot, manifest.yPosition, entity.y);
    if (manifest.xVelocity) {
        writeQuantity(slot, *manifest.xVelocity, static_cast<std::uint32_t>(entity.xVelocity));
    }
    if (manifest.yVelocity) {
        writeQuantity(slot, *manifest.yVelocity, static_cast<std::uint32_t>(entity.yVelocity));
    }
    if (manifest.collisionState) {
        writeField(slot, *manifest.collisionState, entity.state);
    }
    writeHitbox(slot, entity.hitbox);
}

void CollisionMachine::writeHitbox(std::uint32_t slot, const Hitbox& hitbox)
{
    const Manifest& manifest = rom_.manifest;
    if (manifest.constantHitboxes) {
        return; // the routine's own; checkHostValues checked the scenario's is the same
    }
    if (manifest.hitboxWidth) {
        // checkScenarioFits refused boxes that are not centred on the feet.
        writePixels(slot, *manifest.hitboxWidth, hitbox.left + hitbox.right);
        writePixels(slot, manifest.hitboxHeight, hitbox.height);
        return;
    }
    if (!manifest.hitboxRecords) {
        writePixels(slot, manifest.hitboxLeft, hitbox.left);
        writePixels(slot, manifest.hitboxRight, hitbox.right);
        writePixels(slot, manifest.hitboxYOffset, -hitbox.top);
        writePixels(slot, manifest.hitboxHeight, hitbox.height);
        return;
    }
    const HitboxRecords& records = *manifest.hitboxRecords;
    const RoutineAddresses& addresses = rom_.addresses;
    // The ROM's records are fixed: the entity points to the one holding its hitbox, which the
    // runner checked is there. In RAM each slot has its own, which the host writes.
    const auto record = static_cast<std::uint32_t>(
        addresses.hitboxRecordsInRom ? std::find(addresses.romHitboxes.begin(), addresses.romHitboxes.end(), hitbox) - addresses.romHitboxes.begin()
                             : slot);
    const std::uint32_t offset = record * records.recordBytes;
    writeField(slot, records.pointer, records.pointer.format == FieldFormat::U24 ? addresses.hitboxRecords + offset : offset);
    if (!addresses.hitboxRecordsInRom) {
        const std::uint32_t at = addresses.hitboxRecords + record * records.recordBytes;
        writeAt(at + records.left.offset, records.left.format, static_cast<std::uint32_t>(hitbox.left));
        writeAt(at + records.right.offset, records.right.format, static_cast<std::uint32_t>(hitbox.right));
        writeAt(at + records.yOffset.offset, records.yOffset.format, static_cast<std::uint32_t>(-hitbox.top));
        writeAt(at + records.height.offset, records.height.format, static_cast<std::uint32_t>(hitbox.height));
    }
}

EntityState CollisionMachine::readEntity(std::uint32_t slot, const EntityState& before, const std::vector<std::uint32_t>& inputs) const
{
    EntityState e = readMotion(bus_, rom_, slotAddress(slot), before);
    if (const std::optional<MoveAnswer>& answer = rom_.manifest.moveAnswer) {
        const Manifest& m = rom_.manifest;
        const bool wallLeft = answer->reportsWall() && inputs[m.inputIndex(*answer->wallSide)] == answer->wallLeftValue;
        applyAnswer(*answer, answerIsSet(*answer, cpu_.state.regs, bus_), m.stateBits, wallLeft, e);
    }
    return e;
}

bool CollisionMachine::alive(std::uint32_t slot) const
{
    return !rom_.manifest.alive || readField(bus_, *rom_.manifest.alive, slotAddress(slot)) != 0;
}

void CollisionMachine::writeInput(std::uint32_t slot, std::size_t index, std::uint32_t value)
{
    const RoutineInput& input = rom_.manifest.inputs[index];
    if (input.kind == RoutineInput::Kind::Field) {
        writeField(slot, input.field, value);
        return;
    }
    registerInputs_[input.reg == 'a' ? 0 : input.reg == 'x' ? 1 : input.reg == 'y' ? 2 : 3] = static_cast<std::uint16_t>(value);
}

void CollisionMachine::writeButtons(std::uint16_t held, std::uint16_t before)
{
    const Controller& controller = *rom_.manifest.controller;
    writeAt(controller.address, FieldFormat::U16, held);
    if (controller.newPresses) {
        writeAt(controller.newPressesAddress, FieldFormat::U16, held & ~before);
    }
}

void CollisionMachine::waitForNextFrame()
{
    bus_.idleUntilNextFrame(cpu_.state.time);
}

template <class Observer>
CallOutcome CollisionMachine::call(std::uint32_t slot, Observer& observer)
{
    const Manifest& m = rom_.manifest;
    const std::uint32_t entry = runAddress(rom_.addresses.entry);
    // The return lands on $0000 of the bank the return goes to; the run breaks there before anything
    // at that address (WRAM, or ROM in a HiROM bank) executes.
    const std::uint32_t returnBank = m.call == CallKind::Jsl ? 0 : entry >> 16;
    const std::uint32_t returnAddress = returnBank << 16;

    emu::Registers& r = cpu_.state.regs;
    r.e = false;
    r.p = static_cast<std::uint8_t>(emu::flag::irqDisable | (m.accumulatorBits == 8 ? emu::flag::memory8 : 0) |
                                    (m.indexBits == 8 ? emu::flag::index8 : 0));
    r.a = registerInputs_[0].value_or(registerValue(m.a, slot));
    r.x = registerInputs_[1].value_or(registerValue(m.x, slot));
    r.y = registerInputs_[2].value_or(registerValue(m.y, slot));
    r.d = registerValue(m.directPage, slot);
    const auto dataBank = static_cast<std::uint8_t>(registerInputs_[3].value_or(m.dataBank));
    r.dbr = static_cast<std::uint8_t>(fastRom_ ? fastMirror(dataBank) : dataBank);
    r.pbr = static_cast<std::uint8_t>(entry >> 16);
    r.pc = static_cast<std::uint16_t>(entry);
    std::uint16_t s = m.stack;
    for (auto argument = m.arguments.rbegin(); argument != m.arguments.rend(); ++argument) {
        const std::uint16_t word = registerValue(*argument, slot);
        bus_.poke(s--, static_cast<std::uint8_t>(word >> 8));
        bus_.poke(s--, static_cast<std::uint8_t>(word));
    }
    const std::uint16_t callerStack = s; // where the return leaves S: the caller pops the arguments
    // RTS and RTL add one to the address they pull.
    const std::uint16_t pushed = 0xFFFF;
    if (m.call == CallKind::Jsl) {
        bus_.poke(s--, static_cast<std::uint8_t>(returnBank));
    }
    bus_.poke(s--, static_cast<std::uint8_t>(pushed >> 8));
    bus_.poke(s--, static_cast<std::uint8_t>(pushed));
    r.s = s;

    CallOutcome outcome{};
    outcome.stackBefore = callerStack;
    outcome.start = cpu_.state.time;
    outcome.returnAddress = returnAddress;
    outcome.stop = cpu_.run(emu::RunLimits{.cycles = m.cycleLimit, .breakAddress = returnAddress}, observer);
    outcome.end = cpu_.state.time;
    outcome.stackAfter = r.s;
    outcome.stoppedAt = r.programAddress();
    return outcome;
}

template CallOutcome CollisionMachine::call<CallObserver>(std::uint32_t, CallObserver&);
template CallOutcome CollisionMachine::call<TraceObserver>(std::uint32_t, TraceObserver&);

} // namespace tileprof
