#pragma once

#include "emu/scpu/snes_bus.hpp"
#include "profiler/engine/call/entity_state.hpp"
#include "profiler/model/target/profiled_rom.hpp"

#include <cstdint>

namespace tileprof {

// The entity's fields as the machine's memory holds them, found and read the way the manifest
// says, for the entity whose slot begins at `slot` (its address).

// The address of entity slot `slot` (with stride 0, the one entity's record).
inline std::uint32_t slotAddress(const ProfiledRom& rom, std::uint32_t slot)
{
    return rom.addresses.entitySlots + slot * rom.manifest.entityStride;
}

// The `bytes` little-endian bytes at `address`.
std::uint32_t readBytes(const emu::SnesBus& bus, std::uint32_t address, std::uint32_t bytes);

inline std::uint32_t fieldAddress(const EntityField& field, std::uint32_t slot)
{
    return field.address ? *field.address : slot + field.offset;
}

// The field's bits, as stored.
inline std::uint32_t readField(const emu::SnesBus& bus, const EntityField& field, std::uint32_t slot)
{
    return readBytes(bus, fieldAddress(field, slot), bytesOf(field.format));
}

// A position or velocity, 16.16.
std::uint32_t readQuantity(const emu::SnesBus& bus, const QuantityField& field, std::uint32_t slot);

// The hitbox the entity has: in its fields, or in the record it points to.
Hitbox readHitbox(const emu::SnesBus& bus, const ProfiledRom& rom, std::uint32_t slot);

// What the routine may change of the entity: its position, the velocities the manifest places and
// its state bits, over `entity` (which keeps its hitbox and the velocities the manifest does not place).
EntityState readMotion(const emu::SnesBus& bus, const ProfiledRom& rom, std::uint32_t slot, EntityState entity);

// All of it as the machine holds it: readMotion's fields and the hitbox.
inline EntityState readEntity(const emu::SnesBus& bus, const ProfiledRom& rom, std::uint32_t slot)
{
    EntityState entity = readMotion(bus, rom, slot, {});
    entity.hitbox = readHitbox(bus, rom, slot);
    return entity;
}

} // namespace tileprof
