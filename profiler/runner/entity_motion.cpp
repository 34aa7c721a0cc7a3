#include "profiler/runner/entity_motion.hpp"

#include <algorithm>

namespace tileprof {

EntityMotion::EntityMotion(const EntitySpec& spec) : spec_(spec), gravity_(spec.gravity)
{
    for (const ScriptStep& step : spec.script) {
        for (int i = 0; i < step.frames; ++i) {
            plan_.push_back({step.walk, i == 0 ? &step : nullptr});
        }
    }
}

void EntityMotion::beforeCall(int frame, EntityState& entity)
{
    const auto index = static_cast<std::size_t>(frame - 1);
    const FramePlan plan = index < plan_.size() ? plan_[index] : FramePlan{0, nullptr};
    entity.xVelocity = toFixed(plan.walk);
    if (plan.startsStep != nullptr && plan.startsStep->gravity) {
        gravity_ = *plan.startsStep->gravity;
    }
    if (plan.startsStep != nullptr && plan.startsStep->jump) {
        entity.yVelocity = toFixed(*plan.startsStep->jump);
        return;
    }
    const std::int32_t accel = toFixed(spec_.gravityAccel);
    const std::int32_t maxFall = toFixed(spec_.maxFall);
    if (gravity_ == Gravity::Down) {
        entity.yVelocity = std::min(entity.yVelocity + accel, maxFall);
    } else if (gravity_ == Gravity::Up) {
        entity.yVelocity = std::max(entity.yVelocity - accel, -maxFall);
    }
}

} // namespace tileprof
