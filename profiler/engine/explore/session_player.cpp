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

} // namespace

SessionPlayer::SessionPlayer(const Scenario& scenario, const ProfiledRom& rom, const MapPixels& pixels,
                             const ActionSpace& actions, std::uint32_t seed, const EntitySpec* replay, int replayFrames)
    : session_(std::make_unique<Scenario>()), pixels_(pixels), actions_(actions), dice_(seed),
      replayFrames_(replay != nullptr ? replayFrames : 0)
{
    Scenario& s = *session_;
    s.name = scenario.name + "-explored";
    s.rom = scenario.rom;
    s.path = scenario.path; // where its manifest is found from
    s.manifest = scenario.manifest;
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
        player_.emplace(actions, rom, hitbox, gravity);
    } else {
        e.name = "explorer";
        const auto hitbox = static_cast<std::size_t>(between(dice_, 0, static_cast<int>(actions.hitboxes.size()) - 1));
        const auto gravity = static_cast<std::size_t>(between(dice_, 0, static_cast<int>(actions.gravities.size()) - 1));
        e.hitbox = actions.hitboxes[hitbox];
        if (rom.manifest.constantHitboxes) {
            e.inputs = actions.hitboxInputs[hitbox]; // the kind that has that box
        }
        e.gravity = actions.gravities[gravity];
        e.gravityAccel = actions.gravityAccel;
        e.gravityWhen = actions.gravityWhen;
        player_.emplace(actions, rom, e.hitbox, e.gravity);
        // Anywhere the box fits: a map with no such place has no session to play.
        for (int tries = 0; tries < 10000; ++tries) {
            const int x = between(dice_, e.hitbox.left, pixels.widthPixels() - e.hitbox.right);
            const int y = between(dice_, e.hitbox.top, pixels.heightPixels() - e.hitbox.height + e.hitbox.top);
            if (fitsClear(pixels, e.hitbox, x, y)) {
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

// A press as a player might make it: held 1 to 40 frames, walking either way or not, now and
// then jumping (harder or softer) where it can, and now and then pressing R or L.
ScriptStep SessionPlayer::nextPress(const EntityState& entity)
{
    DpadPress press;
    const int frames = between(dice_, 1, 40);
    press.walkX = between(dice_, -1, 1);
    if (actions_.topDown) {
        // Four ways, one at a time, or standing: a D-pad's diagonal is two moves a routine that
        // tests one direction per call (seed001's can_move_*) is not asked about at once.
        const int way = between(dice_, 0, 4);
        press.walkX = way == 0 ? -1 : way == 1 ? 1 : 0;
        press.walkY = way == 2 ? -1 : way == 3 ? 1 : 0;
        return player_->step(press, entity, pixels_, frames);
    }
    if (player_->canJump(entity) && chance(dice_, 0.25)) {
        press.jump = between(dice_, 3, 8);
        if (player_->gravity() == Gravity::None) {
            press.jumpUp = chance(dice_, 0.5);
        }
    }
    press.cycleGravity = actions_.gravities.size() > 1 && chance(dice_, 0.05);
    press.cycleHitbox = actions_.hitboxes.size() > 1 && chance(dice_, 0.05);
    return player_->step(press, entity, pixels_, frames);
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
