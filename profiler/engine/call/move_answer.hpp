#pragma once

#include "emu/cpu/registers.hpp"
#include "emu/scpu/snes_bus.hpp"
#include "profiler/engine/call/entity_state.hpp"
#include "profiler/model/target/manifest.hpp"

namespace tileprof {

// What a routine with an [outcome] answered, as it returned: whether its carry is set, or the
// register or memory the answer is in is not zero.
bool answerIsSet(const MoveAnswer& answer, const emu::Registers& registers, const emu::SnesBus& bus);

// The entity as the answer leaves it, the same in the harness and in a game: moved by its velocity
// when the answer lets it move, else its state's flags set for the directions it was stopped in;
// for a routine that moved the entity itself, a wall reported on the left (`wallLeft`) or the right.
void applyAnswer(const MoveAnswer& answer, bool set, const StateBits& bits, bool wallLeft, EntityState& entity);

} // namespace tileprof
