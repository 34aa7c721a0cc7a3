#pragma once

#include "profiler/engine/call/entity_state.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/target/manifest.hpp"

namespace tileprof {

// The host's share of an entity's motion (docs/scenarios.md, "Movement"): before each call it
// sets the walk velocity of the script step, a jump's velocity on the step's first frame, the
// step's walk on Y, or else adds gravity (every frame, or while airborne, as the manifest says) and
// clamps the fall speed. The routine under test only moves and collides.
// The script may grow while the entity moves (live mode appends steps, or lengthens the last one
// before it ends).
class EntityMotion {
public:
    EntityMotion(const EntitySpec& spec, const Manifest& manifest);

    // The script step of a frame, and whether the frame is its first.
    struct Step {
        const ScriptStep* step = nullptr; // nothing once the script is over
        bool starts = false;
    };

    // Sets the velocities (unless the routine moves the entity itself) and a starting step's hitbox
    // for frame `frame`; frames come 1, 2, 3, ...
    Step beforeCall(int frame, EntityState& entity);

private:
    const EntitySpec& spec_;
    Movement movement_;
    GravityWhen gravityWhen_;
    StateBits stateBits_;
    std::size_t step_ = 0; // the script step of the last frame; past the end, the entity stands still
    int stepStart_ = 0;    // the 0-based frame that step began on
    Gravity gravity_;
    bool walkedY_ = false; // the last frame's step walked on Y
};

} // namespace tileprof
