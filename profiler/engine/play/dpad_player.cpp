#include "profiler/engine/play/dpad_player.hpp"

#include <algorithm>

namespace tileprof {

namespace {

template <class T>
std::size_t indexOf(const std::vector<T>& list, const T& value)
{
    return static_cast<std::size_t>(std::find(list.begin(), list.end(), value) - list.begin());
}

template <class T>
void addOnce(std::vector<T>& list, const T& value)
{
    if (std::find(list.begin(), list.end(), value) == list.end()) {
        list.push_back(value);
    }
}

} // namespace

ActionSpace ActionSpace::of(const Scenario& scenario)
{
    ActionSpace a;
    const auto addHitbox = [&a](const Hitbox& box, const EntitySpec& e) {
        if (std::find(a.hitboxes.begin(), a.hitboxes.end(), box) == a.hitboxes.end()) {
            a.hitboxes.push_back(box);
            a.hitboxInputs.push_back(e.inputs);
        }
    };
    for (const EntitySpec& e : scenario.entities) {
        addHitbox(e.hitbox, e);
        addOnce(a.gravities, e.gravity);
        for (const ScriptStep& step : e.script) {
            if (step.hitbox) {
                addHitbox(*step.hitbox, e);
            }
            if (step.gravity) {
                addOnce(a.gravities, *step.gravity);
            }
        }
    }
    a.topDown = a.gravities == std::vector<Gravity>{Gravity::None};
    a.diagonal = scenario.design.limits.diagonal;
    a.walk = std::min(a.topDown ? 1.0 : 2.5, scenario.design.limits.maxSpeed);
    a.maxJump = std::min(8.0, scenario.design.limits.maxSpeed);
    if (!scenario.entities.empty()) {
        a.gravityAccel = scenario.entities.front().gravityAccel;
        a.gravityWhen = scenario.entities.front().gravityWhen;
    }
    return a;
}

bool fitsClear(const MapPixels& pixels, const Hitbox& hitbox, int x, int y)
{
    const int left = x - hitbox.left;
    const int top = y - hitbox.top;
    if (left < 0 || top < 0 || left + hitbox.left + hitbox.right > pixels.widthPixels() || top + hitbox.height > pixels.heightPixels()) {
        return false;
    }
    for (int row = top; row < top + hitbox.height; ++row) {
        for (int column = left; column < x + hitbox.right; ++column) {
            // Clear of every surface as well: a box inside a slope is no state play can reach.
            if (pixels.solid(column, row) || pixels.floor(column, row) || pixels.ceiling(column, row)) {
                return false;
            }
        }
    }
    return true;
}

DpadPlayer::DpadPlayer(const ActionSpace& actions, const ProfiledRom& rom, const Hitbox& hitbox, Gravity gravity)
    : actions_(&actions), rom_(&rom), hitbox_(indexOf(actions.hitboxes, hitbox)), gravity_(indexOf(actions.gravities, gravity))
{
}

bool DpadPlayer::canJump(const EntityState& entity) const
{
    const StateBits& bits = rom_->manifest.stateBits;
    switch (gravity()) {
    case Gravity::Down:
        return bits.down.holds(entity.state);
    case Gravity::Up:
        return bits.up.holds(entity.state);
    case Gravity::None:
        break;
    }
    return true;
}

ScriptStep DpadPlayer::step(const DpadPress& press, const EntityState& entity, const MapPixels& pixels, int frames)
{
    const ActionSpace& actions = *actions_;
    ScriptStep step;
    step.frames = frames;
    step.walk = actions.walk * press.walkX;
    if (actions.topDown) {
        if (press.walkY != 0 && (actions.diagonal || press.walkX == 0)) {
            step.walkY = actions.walk * press.walkY;
        }
    } else if (press.jump > 0 && canJump(entity)) {
        const double speed = std::min(actions.maxJump, press.jump);
        const bool up = gravity() == Gravity::Down || (gravity() == Gravity::None && press.jumpUp);
        step.jump = up ? -speed : speed;
    }
    if (press.cycleGravity && actions.gravities.size() > 1) {
        gravity_ = (gravity_ + 1) % actions.gravities.size();
        step.gravity = actions.gravities[gravity_];
    }
    // A box that is constants in the routine's code is its entity's kind's for good.
    if (press.cycleHitbox && actions.hitboxes.size() > 1 && !rom_->manifest.constantHitboxes) {
        const int x = wholePixel(entity.x, rom_->manifest.originX);
        const int y = wholePixel(entity.y, rom_->manifest.originY);
        const Invariants& gaps = rom_->design.invariants;
        const int margin = 1 + std::max({0, gaps.floorGap.max, gaps.ceilingGap.max});
        for (std::size_t k = 1; k < actions.hitboxes.size(); ++k) {
            const std::size_t next = (hitbox_ + k) % actions.hitboxes.size();
            Hitbox roomy = actions.hitboxes[next];
            roomy.left += margin;
            roomy.right += margin;
            roomy.top += margin;
            roomy.height += 2 * margin;
            if (fitsClear(pixels, roomy, x, y)) {
                hitbox_ = next;
                step.hitbox = actions.hitboxes[next];
                break;
            }
        }
    }
    return step;
}

} // namespace tileprof
