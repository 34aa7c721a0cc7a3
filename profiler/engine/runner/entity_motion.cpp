#include "profiler/engine/runner/entity_motion.hpp"

#include <algorithm>

namespace tileprof {

EntityMotion::EntityMotion(const EntitySpec& spec, const Manifest& manifest)
    : spec_(spec), movement_(manifest.movement), gravityWhen_(spec.gravityWhen.value_or(manifest.gravityWhen)), stateBits_(manifest.stateBits), gravity_(spec.gravity)
{
}

EntityMotion::Step EntityMotion::beforeCall(int frame, EntityState& entity)
{
    const std::vector<ScriptStep>& script = spec_.script;
    const int index = frame - 1;
    while (step_ < script.size() && index >= stepStart_ + script[step_].frames) {
        stepStart_ += script[step_].frames;
        ++step_;
    }
    const ScriptStep* step = step_ < script.size() ? &script[step_] : nullptr;
    const ScriptStep* starts = step != nullptr && index == stepStart_ ? step : nullptr;
    const Step now{step, starts != nullptr};
    if (starts != nullptr && starts->hitbox) {
        entity.hitbox = *starts->hitbox;
    }
    if (movement_ == Movement::Routine) {
        return now;
    }
    entity.xVelocity = toFixed(step != nullptr ? step->walk : 0);
    if (starts != nullptr && starts->gravity) {
        gravity_ = *starts->gravity;
    }
    if (starts != nullptr && starts->jump) {
        entity.yVelocity = toFixed(*starts->jump);
        walkedY_ = false;
        return now;
    }
    if (step != nullptr && step->walkY) {
        entity.yVelocity = toFixed(*step->walkY);
        walkedY_ = true;
        return now;
    }
    if (walkedY_) {
        entity.yVelocity = 0; // the D-pad released: a walk on Y leaves no momentum, as a walk on X
        walkedY_ = false;
    }
    const StateFlag& ground = gravity_ == Gravity::Up ? stateBits_.up : stateBits_.down;
    if (gravityWhen_ == GravityWhen::Airborne && ground.holds(entity.state)) {
        return now;
    }
    const std::int32_t accel = toFixed(spec_.gravityAccel);
    const std::int32_t maxFall = toFixed(spec_.maxFall);
    if (gravity_ == Gravity::Down) {
        entity.yVelocity = std::min(entity.yVelocity + accel, maxFall);
    } else if (gravity_ == Gravity::Up) {
        entity.yVelocity = std::max(entity.yVelocity - accel, -maxFall);
    }
    return now;
}

} // namespace tileprof
