#include "profiler/engine/explore/session_player.hpp"

#include "profiler/model/scenario/script_frames.hpp"

#include <algorithm>

namespace tileprof {

namespace {

int between(std::mt19937& dice, int low, int high)
{
    return std::uniform_int_distribution<int>(low, high)(dice);
}

bool chance(std::mt19937& dice, double p)
{
    return std::bernoulli_distribution(p)(dice);
}

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
    for (const EntitySpec& e : scenario.entities) {
        addOnce(a.hitboxes, e.hitbox);
        addOnce(a.gravities, e.gravity);
        for (const ScriptStep& step : e.script) {
            if (step.hitbox) {
                addOnce(a.hitboxes, *step.hitbox);
            }
            if (step.gravity) {
                addOnce(a.gravities, *step.gravity);
            }
        }
    }
    a.topDown = a.gravities == std::vector<Gravity>{Gravity::None};
    a.walk = std::min(a.topDown ? 1.0 : 2.5, scenario.design.limits.maxSpeed);
    a.maxJump = std::min(8.0, scenario.design.limits.maxSpeed);
    if (!scenario.entities.empty()) {
        a.gravityAccel = scenario.entities.front().gravityAccel;
        a.gravityWhen = scenario.entities.front().gravityWhen;
    }
    return a;
}

SessionPlayer::SessionPlayer(const Scenario& scenario, const ProfiledRom& rom, const MapPixels& pixels,
                             const ActionSpace& actions, std::uint32_t seed, const EntitySpec* replay, int replayFrames)
    : session_(std::make_unique<Scenario>()), rom_(rom), pixels_(pixels), actions_(actions), dice_(seed),
      replayFrames_(replay != nullptr ? replayFrames : 0)
{
    Scenario& s = *session_;
    s.name = scenario.name + "-explored";
    s.rom = scenario.rom;
    s.budgetCycles = scenario.budgetCycles;
    s.design = scenario.design;
    s.map = scenario.map;
    EntitySpec e;
    if (replay != nullptr) {
        e = *replay;
        e.script = scriptFrames(replay->script, 1, replayFrames);
        // L and R go on from the hitbox and gravity the replayed presses left.
        Hitbox hitbox = e.hitbox;
        Gravity gravity = e.gravity;
        for (const ScriptStep& step : e.script) {
            hitbox = step.hitbox.value_or(hitbox);
            gravity = step.gravity.value_or(gravity);
        }
        hitbox_ = indexOf(actions.hitboxes, hitbox);
        gravity_ = indexOf(actions.gravities, gravity);
    } else {
        e.name = "explorer";
        hitbox_ = static_cast<std::size_t>(between(dice_, 0, static_cast<int>(actions.hitboxes.size()) - 1));
        gravity_ = static_cast<std::size_t>(between(dice_, 0, static_cast<int>(actions.gravities.size()) - 1));
        e.hitbox = actions.hitboxes[hitbox_];
        e.gravity = actions.gravities[gravity_];
        e.gravityAccel = actions.gravityAccel;
        e.gravityWhen = actions.gravityWhen;
        // Anywhere the box fits: a map with no such place has no session to play.
        for (int tries = 0; tries < 10000; ++tries) {
            const int x = between(dice_, e.hitbox.left, pixels.widthPixels() - e.hitbox.right);
            const int y = between(dice_, e.hitbox.top, pixels.heightPixels() - e.hitbox.height + e.hitbox.top);
            if (fits(e.hitbox, x, y)) {
                e.x = x;
                e.y = y;
                break;
            }
        }
    }
    s.entities.push_back(std::move(e));
    RunOptions options;
    options.allowInvalidMap = true; // the explorer checked the map and its hitboxes once, not per session
    options.coverage = &coverage_;
    run_ = std::make_unique<ScenarioRun>(s, rom, options);
}

SessionPlayer::~SessionPlayer() = default;

bool SessionPlayer::fits(const Hitbox& h, int x, int y) const
{
    const int left = x - h.left;
    const int top = y - h.top;
    if (left < 0 || top < 0 || left + h.left + h.right > pixels_.widthPixels() ||
        top + h.height > pixels_.heightPixels()) {
        return false;
    }
    for (int row = top; row < top + h.height; ++row) {
        for (int column = left; column < x + h.right; ++column) {
            // Clear of every surface as well: a box inside a slope is no state play can reach.
            if (pixels_.solid(column, row) || pixels_.floor(column, row) || pixels_.ceiling(column, row)) {
                return false;
            }
        }
    }
    return true;
}

ScriptStep SessionPlayer::nextPress(const EntityState& entity)
{
    ScriptStep step;
    step.frames = between(dice_, 1, 40);
    step.walk = actions_.walk * between(dice_, -1, 1);
    if (actions_.topDown) {
        // Four ways, one at a time, or standing: a D-pad's diagonal is two moves a routine that
        // tests one direction per call (seed001's can_move_*) is not asked about at once.
        const int way = between(dice_, 0, 4);
        step.walk = way == 0 ? -actions_.walk : way == 1 ? actions_.walk : 0;
        if (way == 2 || way == 3) {
            step.walkY = way == 2 ? -actions_.walk : actions_.walk;
        }
        return step;
    }
    const Gravity gravity = actions_.gravities[gravity_];
    const StateBits& bits = rom_.manifest.stateBits;
    const bool standing = gravity != Gravity::None && (entity.state & (gravity == Gravity::Up ? bits.up : bits.down)) != 0;
    if ((standing || gravity == Gravity::None) && chance(dice_, 0.25)) {
        const double speed = std::min(actions_.maxJump, static_cast<double>(between(dice_, 3, 8)));
        const bool up = gravity == Gravity::Down || (gravity == Gravity::None && chance(dice_, 0.5));
        step.jump = up ? -speed : speed;
    }
    if (actions_.gravities.size() > 1 && chance(dice_, 0.05)) {
        gravity_ = (gravity_ + 1) % actions_.gravities.size();
        step.gravity = actions_.gravities[gravity_];
    }
    if (actions_.hitboxes.size() > 1 && chance(dice_, 0.05)) {
        // L: the next hitbox that fits where the entity is with room around it, as a player would
        // not take one that starts inside a wall or nearer a surface than the design rests a box
        // (the routine never leaves a box there, and what it does with one is not the design's).
        const int x = wholePixel(entity.x, rom_.manifest.originX);
        const int y = wholePixel(entity.y, rom_.manifest.originY);
        const Invariants& gaps = rom_.design.invariants;
        const int margin = 1 + std::max({0, gaps.floorGap.max, gaps.ceilingGap.max});
        for (std::size_t k = 1; k < actions_.hitboxes.size(); ++k) {
            const std::size_t next = (hitbox_ + k) % actions_.hitboxes.size();
            Hitbox roomy = actions_.hitboxes[next];
            roomy.left += margin;
            roomy.right += margin;
            roomy.top += margin;
            roomy.height += 2 * margin;
            if (fits(roomy, x, y)) {
                hitbox_ = next;
                step.hitbox = actions_.hitboxes[next];
                break;
            }
        }
    }
    return step;
}

void SessionPlayer::playFrame()
{
    Scenario& s = *session_;
    const int frame = run_->framesRun() + 1;
    if (frame > replayFrames_) {
        std::vector<ScriptStep>& script = s.entities.front().script;
        if (held_ == 0) {
            ScriptStep press = nextPress(run_->entities().front());
            held_ = press.frames;
            press.frames = 1;
            script.push_back(press);
        } else {
            ++script.back().frames;
        }
        --held_;
    }
    ++s.frames;
    run_->runFrame();
}

} // namespace tileprof
