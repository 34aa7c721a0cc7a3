#pragma once

#include "profiler/engine/play/dpad_player.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/formats/map/map_pixels.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/target/profiled_rom.hpp"

#include <cstdint>
#include <optional>
#include <random>
#include <vector>

namespace tileprof {

// One seeded random session, played frame by frame by the rules live mode plays by (DpadPlayer):
// each frame the player holds or changes what it presses, seeing where the entity is. The session
// is a scenario with one entity whose script is what was pressed, so `tileprof run` replays it
// call for call.
class SessionPlayer {
public:
    // `scenario` gives the map (`pixels`, in its ROM's design), the ROM and the budget. With
    // `replay`, an earlier session's entity, the session replays its first `replayFrames` frames,
    // then presses anew (a corpus entry, mutated); without, the entity starts anywhere it fits.
    // The map is not checked again: its scenario's hitboxes are the session's.
    SessionPlayer(const Scenario& scenario, const ProfiledRom& rom, const MapPixels& pixels, const ActionSpace& actions,
                  std::uint32_t seed, const EntitySpec* replay, int replayFrames);
    ~SessionPlayer();
    SessionPlayer(const SessionPlayer&) = delete;
    SessionPlayer& operator=(const SessionPlayer&) = delete;

    // Plays one more frame. Throws InputError for a call that went wrong (see runScenario).
    void playFrame();
    const Scenario& session() const { return *session_; }
    const ScenarioResult& result() const { return run_->result(); }
    ScenarioResult takeResult() { return run_->takeResult(); }
    // The coverage of the session's calls, counted as they ran (their steps are not recorded).
    CoverageBuilder takeCoverage() { return std::move(coverage_); }

private:
    ScriptStep nextPress(const EntityState& entity);

    std::unique_ptr<Scenario> session_; // the ScenarioRun keeps a reference: it must not move
    const MapPixels& pixels_;
    const ActionSpace& actions_;
    std::mt19937 dice_;
    CoverageBuilder coverage_;
    std::unique_ptr<ScenarioRun> run_;
    int replayFrames_;
    std::optional<DpadPlayer> player_;
    int held_ = 0; // frames the current press lasts yet
};

} // namespace tileprof
