#include "profiler/engine/call/entity_fields.hpp"

namespace tileprof {

namespace {

// Whole pixels in a field of `format`, as writePixels stores them.
int pixelsOf(std::uint32_t stored, FieldFormat format)
{
    return static_cast<std::int32_t>(fromFieldBits(stored, format)) >> 16;
}

int readPixels(const emu::SnesBus& bus, const EntityField& field, std::uint32_t slot)
{
    return pixelsOf(readField(bus, field, slot), field.format);
}

} // namespace

std::uint32_t readBytes(const emu::SnesBus& bus, std::uint32_t address, std::uint32_t bytes)
{
    std::uint32_t value = 0;
    for (std::uint32_t i = 0; i < bytes; ++i) {
        value |= std::uint32_t{bus.peek(address + i)} << (8 * i);
    }
    return value;
}

std::uint32_t readQuantity(const emu::SnesBus& bus, const QuantityField& field, std::uint32_t slot)
{
    const std::uint32_t value = fromFieldBits(readField(bus, field.integer, slot), field.integer.format);
    if (!field.fraction) {
        return value;
    }
    return value | readField(bus, *field.fraction, slot) << (16 - 8 * bytesOf(field.fraction->format));
}

Hitbox readHitbox(const emu::SnesBus& bus, const ProfiledRom& rom, std::uint32_t slot)
{
    const Manifest& manifest = rom.manifest;
    if (manifest.hitboxWidth) {
        const int width = readPixels(bus, *manifest.hitboxWidth, slot);
        const int height = readPixels(bus, manifest.hitboxHeight, slot);
        return {width / 2, width - width / 2, height - 1, height};
    }
    if (const std::optional<ConstantHitboxes>& constant = manifest.constantHitboxes) {
        const RoutineInput* kind = constant->kindInput ? manifest.input(*constant->kindInput) : nullptr;
        const Hitbox* box = constant->of(kind != nullptr ? readField(bus, kind->field, slot) : 0);
        return box != nullptr ? *box : Hitbox{};
    }
    if (!manifest.hitboxRecords) {
        return {readPixels(bus, manifest.hitboxLeft, slot), readPixels(bus, manifest.hitboxRight, slot),
                -readPixels(bus, manifest.hitboxYOffset, slot), readPixels(bus, manifest.hitboxHeight, slot)};
    }
    const HitboxRecords& records = *manifest.hitboxRecords;
    const std::uint32_t pointer = readField(bus, records.pointer, slot);
    const std::uint32_t record = records.pointer.format == FieldFormat::U24 ? pointer : rom.addresses.hitboxRecords + pointer;
    return {readPixels(bus, records.left, record), readPixels(bus, records.right, record),
            -readPixels(bus, records.yOffset, record), readPixels(bus, records.height, record)};
}

EntityState readMotion(const emu::SnesBus& bus, const ProfiledRom& rom, std::uint32_t slot, EntityState e)
{
    const Manifest& m = rom.manifest;
    e.x = readQuantity(bus, m.xPosition, slot);
    e.y = readQuantity(bus, m.yPosition, slot);
    if (m.xVelocity) {
        e.xVelocity = static_cast<std::int32_t>(readQuantity(bus, *m.xVelocity, slot));
    }
    if (m.yVelocity) {
        e.yVelocity = static_cast<std::int32_t>(readQuantity(bus, *m.yVelocity, slot));
    }
    if (m.collisionState) {
        e.state = static_cast<std::uint16_t>(readField(bus, *m.collisionState, slot));
    }
    return e;
}

} // namespace tileprof
