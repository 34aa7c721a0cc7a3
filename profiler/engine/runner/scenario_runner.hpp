#pragma once

#include "profiler/engine/call/call_record.hpp"
#include "profiler/engine/call/entity_state.hpp"
#include "profiler/engine/coverage/code_coverage.hpp"
#include "profiler/engine/runner/entity_motion.hpp"
#include "profiler/engine/runner/failure.hpp"
#include "profiler/engine/runner/trace_observer.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/target/profiled_rom.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

struct RunOptions {
    bool allowInvalidMap = false; // run a map that breaks the slope placement rules
    bool recordSteps = false;     // keep every call's steps, for attribution
    std::optional<CallId> trace{}; // record this call step by step with its registers
    bool fastRom = false;         // run as a FastROM build would (CollisionMachine), counting slow ROM reads
    CoverageBuilder* coverage = nullptr; // counts every call's instructions and branches as it runs
};

// An entity whose alive field (the manifest's entity.alive) read 0 after a call: it is called no more.
struct Despawn {
    int entity = 0; // index into the scenario's entities
    int frame = 0;  // of the call that despawned it
};

struct ScenarioResult {
    std::string scenario;              // the scenario file
    int budgetCycles = 0;
    std::vector<std::string> entities; // entity names, by CallRecord::entity
    std::vector<std::string> cases;    // the ROM's case names, by CallRecord::caseIndex
    std::vector<std::string> tileTypes; // the design's tile type names, by TileRead::type
    std::vector<CallRecord> calls;     // frame by frame, entity by entity
    std::vector<Failure> failures;     // expectations and invariants, in the order they failed
    std::vector<Despawn> despawns;     // entities the routine despawned, in the order it did
    std::optional<CallTrace> trace;    // of RunOptions::trace
};

// A scenario run one frame at a time, for the debugger: it can watch each frame and extend the
// scenario as it goes (live mode appends script steps and frames). `scenario` and `rom` must
// outlive the run; the scenario may grow (more frames, longer scripts) but not gain entities.
class ScenarioRun {
public:
    // Throws InputError for a map the ROM cannot hold or that breaks the placement rules.
    ScenarioRun(const Scenario& scenario, const ProfiledRom& rom, const RunOptions& options = {});
    ~ScenarioRun();
    ScenarioRun(const ScenarioRun&) = delete;
    ScenarioRun& operator=(const ScenarioRun&) = delete;

    int framesRun() const;
    bool finished() const { return framesRun() >= scenario_.frames; }
    // Runs the next frame: every entity's call, the invariants and the frame's expectations.
    // Throws InputError for a call that does not return properly (see runScenario).
    void runFrame();
    // Records a later call step by step, as RunOptions::trace does (live mode traces as it goes).
    void setTrace(std::optional<CallId> call) { options_.trace = call; }

    const ScenarioResult& result() const { return result_; }
    ScenarioResult takeResult() { return std::move(result_); }
    // The entities as the last frame left them.
    const std::vector<EntityState>& entities() const;

private:
    struct Machine;

    // What the host writes before the entity's call of `frame`: the entity (or a step's hitbox),
    // its inputs and the controller word.
    void writeHostValues(int frame, std::uint32_t slot, const EntityMotion::Step& now);

    const Scenario& scenario_;
    const ProfiledRom& rom_;
    RunOptions options_;
    std::unique_ptr<Machine> machine_;
    ScenarioResult result_;
};

// Throws InputError at the scenario's line when its ROM cannot run it as written: a map of other
// tile types, larger or smaller than the manifest allows or than the ROM's buffer holds, tiles or
// host values its cells and fields cannot hold, more entities than slots, hitboxes no ROM frame
// record holds. validate checks it as run does.
void checkScenarioFits(const Scenario& scenario, const ProfiledRom& rom);

// Runs a scenario on its ROM (docs/architecture.md, "How a call becomes a report"): puts the map in WRAM and, for every frame and
// entity, applies the scripted motion, calls the routine, reads the entity back and checks the
// invariants and the frame's expectations. Throws InputError for what stops the run: a map
// the ROM cannot hold or that breaks the placement rules, and a call that runs away, stops, hits
// BRK/COP, writes ROM or returns with a different stack.
ScenarioResult runScenario(const Scenario& scenario, const ProfiledRom& rom, const RunOptions& options = {});

} // namespace tileprof
