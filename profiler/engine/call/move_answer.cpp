#include "profiler/engine/call/move_answer.hpp"

#include "profiler/engine/call/entity_fields.hpp"

namespace tileprof {

bool answerIsSet(const MoveAnswer& answer, const emu::Registers& registers, const emu::SnesBus& bus)
{
    const auto wide = [&registers](std::uint16_t value, std::uint8_t narrowFlag) {
        return (registers.p & narrowFlag) ? value & 0xFF : value;
    };
    switch (answer.from) {
    case MoveAnswer::From::Carry: return (registers.p & emu::flag::carry) != 0;
    case MoveAnswer::From::A: return wide(registers.a, emu::flag::memory8) != 0;
    case MoveAnswer::From::X: return wide(registers.x, emu::flag::index8) != 0;
    case MoveAnswer::From::Y: return wide(registers.y, emu::flag::index8) != 0;
    case MoveAnswer::From::Memory: return readBytes(bus, answer.address, bytesOf(answer.format)) != 0;
    }
    return false;
}

void applyAnswer(const MoveAnswer& answer, bool set, const StateBits& bits, bool wallLeft, EntityState& entity)
{
    if (answer.reportsWall()) {
        entity.state = bits.right.cleared(bits.left.cleared(entity.state));
        if (set == answer.wallWhenSet) {
            entity.state = (wallLeft ? bits.left : bits.right).set(entity.state);
        }
        return;
    }
    entity.state = 0;
    if (set == answer.movesWhenSet) {
        entity.x += static_cast<std::uint32_t>(entity.xVelocity);
        entity.y += static_cast<std::uint32_t>(entity.yVelocity);
        return;
    }
    if (entity.xVelocity != 0) {
        entity.state = (entity.xVelocity > 0 ? bits.right : bits.left).set(entity.state);
    }
    if (entity.yVelocity != 0) {
        entity.state = (entity.yVelocity > 0 ? bits.down : bits.up).set(entity.state);
    }
}

} // namespace tileprof
