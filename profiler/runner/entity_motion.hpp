#pragma once

#include "profiler/runner/entity_state.hpp"
#include "profiler/scenario/scenario.hpp"

#include <vector>

namespace tileprof {

// The host's share of an entity's motion (DESIGN section 4): before each call it sets the walk
// velocity of the script step, a jump's velocity on the step's first frame, or else adds gravity
// and clamps the fall speed. The routine under test only moves and collides.
class EntityMotion {
public:
    explicit EntityMotion(const EntitySpec& spec);

    // Sets the velocities for frame `frame` (1-based).
    void beforeCall(int frame, EntityState& entity);

private:
    struct FramePlan {
        double walk;
        const ScriptStep* startsStep; // the step whose first frame this is, if any
    };

    const EntitySpec& spec_;
    std::vector<FramePlan> plan_; // per frame of the script; later frames stand still
    Gravity gravity_;
};

} // namespace tileprof
