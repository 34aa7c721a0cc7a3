#pragma once

#include "profiler/engine/call/entity_state.hpp"
#include "profiler/formats/map/map_pixels.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/target/profiled_rom.hpp"

#include <cstddef>
#include <optional>
#include <vector>

namespace tileprof {

// What a person with a D-pad may do to an entity of a scenario's design: walk, jump, cycle its
// gravity (R) and its hitbox (L), at the speeds the design allows.
struct ActionSpace {
    std::vector<Hitbox> hitboxes;
    std::vector<std::vector<InputValue>> hitboxInputs; // the inputs of the entity each box is first seen on
    std::vector<Gravity> gravities;
    bool topDown = false;   // no gravity but "none": the D-pad walks four ways, with nothing to jump against
    bool diagonal = true;   // the design's [limits] diagonal: false walks one axis at a time, x first
    double walk = 2.5;      // px/frame, the reference engine's interactive test's
    double maxJump = 8.0;   // px/frame
    double gravityAccel = 0.25;
    std::optional<GravityWhen> gravityWhen;

    // The hitboxes and gravities the scenario's entities have, in their scripts too: what explore
    // plays, so that what it finds is the routine's doing and not a box the scenario never had.
    static ActionSpace of(const Scenario& scenario);
};

// One frame's buttons.
struct DpadPress {
    int walkX = 0;            // -1 left, 1 right
    int walkY = 0;            // -1 up, 1 down; top-down designs only
    double jump = 0;          // the speed asked for (px/frame), 0 when not pressed
    bool jumpUp = true;       // which way an entity without gravity jumps
    bool cycleGravity = false;
    bool cycleHitbox = false;
};

// The rules of play, one set for the debugger's live mode and explore's random sessions: a press
// becomes the script step the host applies before the next call. An entity jumps only from a
// surface (a floor, or a ceiling under upward gravity), against its gravity, at most maxJump; R
// takes the next gravity of the space; L the next hitbox that fits where the entity is with room
// around it (a player would not take one that starts inside a wall, or nearer a surface than the
// design rests a box: the routine never leaves a box there).
class DpadPlayer {
public:
    // The entity has `hitbox` and `gravity` now; both are in `actions`, which must outlive the player.
    DpadPlayer(const ActionSpace& actions, const ProfiledRom& rom, const Hitbox& hitbox, Gravity gravity);

    // Whether a jump press would jump: the entity stands on a surface, or has no gravity.
    bool canJump(const EntityState& entity) const;
    Gravity gravity() const { return actions_->gravities[gravity_]; }
    // The step `press` makes, lasting `frames`, for the entity as the last call left it on `pixels`.
    ScriptStep step(const DpadPress& press, const EntityState& entity, const MapPixels& pixels, int frames = 1);

private:
    const ActionSpace* actions_;
    const ProfiledRom* rom_;
    std::size_t hitbox_;
    std::size_t gravity_;
};

// Whether a box at the origin (x, y) lies inside the map and clear of every surface (solid
// pixels, floors and ceilings): where play can put an entity.
bool fitsClear(const MapPixels& pixels, const Hitbox& hitbox, int x, int y);

} // namespace tileprof
