#include "profiler/debugger/debugger_session.hpp"

#include "profiler/engine/coverage/code_coverage.hpp"

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "emu/cpu/disassembler.hpp"
#include "profiler/engine/attribution/profile_builder.hpp"
#include "profiler/engine/runner/invariants.hpp"
#include "profiler/formats/input/joypad_buttons.hpp"
#include "profiler/formats/symbols/source_files.hpp"
#include "profiler/model/scenario/map_saver.hpp"
#include "profiler/model/scenario/scenario_validator.hpp"
#include "profiler/model/scenario/scenario_writer.hpp"
#include "profiler/model/scenario/script_frames.hpp"

#include <algorithm>

namespace tileprof::gui {

const std::vector<Hitbox>& LiveTuning::hitboxes()
{
    // The boxes of roms/tile-collision/scenarios/eight-hitboxes.toml, smallest to largest, then lopsided ones.
    static const std::vector<Hitbox> boxes{
        {6, 6, 12, 24}, {1, 1, 4, 8}, {4, 4, 4, 8}, {8, 8, 16, 32},
        {16, 16, 9, 18}, {1, 15, 1, 16}, {15, 1, 15, 16}, {1, 3, 16, 32},
    };
    return boxes;
}

namespace {

// A frame of live play for a routine that reads the controller: the held directions, and B for
// the jump key (pressed this frame).
ScriptStep controllerStep(const LiveControls& controls)
{
    ScriptStep step;
    step.frames = 1;
    const std::pair<bool, const char*> held[] = {{controls.left, "left"}, {controls.right, "right"}, {controls.up, "up"},
                                                 {controls.down, "down"}, {controls.jump, "b"}};
    for (const auto& [down, name] : held) {
        step.buttons |= down ? *joypadBit(name) : 0;
    }
    return step;
}

// Whether a scenario could give the entity this hitbox in the design: the loader's checks.
bool withinLimits(const Hitbox& hitbox, const Limits& limits)
{
    return limits.hitboxLeft.holds(hitbox.left) && limits.hitboxRight.holds(hitbox.right) && limits.hitboxTop.holds(hitbox.top) &&
           limits.hitboxHeight.holds(hitbox.height) && hitbox.height > hitbox.top;
}

} // namespace

ActionSpace liveActions(const Scenario& scenario)
{
    ActionSpace actions = ActionSpace::of(scenario);
    if (!actions.topDown) {
        for (const Gravity gravity : {Gravity::Down, Gravity::Up}) {
            if (std::ranges::find(actions.gravities, gravity) == actions.gravities.end()) {
                actions.gravities.push_back(gravity);
            }
        }
    }
    for (const Hitbox& h : LiveTuning::hitboxes()) {
        if (withinLimits(h, scenario.design.limits) && std::ranges::find(actions.hitboxes, h) == actions.hitboxes.end()) {
            actions.hitboxes.push_back(h);
        }
    }
    return actions;
}

struct DebuggerSession::Loaded {
    ScenarioOpener opener; // a fresh one each time: a ROM rebuilt since is read again
    Scenario scenario;
    const ProfiledRom* rom = nullptr;
    ActionSpace liveActions;          // what live mode plays in, from its start
    std::unique_ptr<ScenarioRun> run; // null when the run could not start
    ScenarioResult emptyResult;
    std::string runError;
    std::vector<MapViolation> violations;
    bool mapModified = false;

    ProfileBuilder aggregateBuilder;
    std::size_t callsAttributed = 0;
    mutable std::optional<Profile> aggregate;
    std::map<std::uint32_t, std::uint8_t> executed; // instruction address -> P as it ran
    std::map<std::string, std::vector<ExecutedInstruction>> disassembly;
    CoverageBuilder coverageBuilder;
    std::optional<SourceCoverage> coverage;

    std::optional<CallTrace> trace;
    std::vector<TraceRow> traceRows;
    std::optional<CallId> traceOf;
    std::optional<Profile> selected;
    std::optional<CallId> selectedOf;

    const ScenarioResult& result() const { return run ? run->result() : emptyResult; }
};

namespace {

// Runs frames until the scenario ends; a call that does not return properly stops the run there.
void runToEnd(ScenarioRun& run, std::string& runError)
{
    try {
        while (!run.finished()) {
            run.runFrame();
        }
    } catch (const InputError& e) {
        runError = e.what();
    }
}

} // namespace

DebuggerSession::DebuggerSession(std::optional<RomFiles> romOverride) : romOverride_(std::move(romOverride)) {}
DebuggerSession::~DebuggerSession() = default;

bool DebuggerSession::open(const std::filesystem::path& scenarioPath)
{
    try {
        auto next = std::make_unique<Loaded>(ScenarioOpener(romOverride_));
        OpenedScenario opened = next->opener.open(scenarioPath);
        next->scenario = std::move(opened.scenario);
        next->rom = opened.rom;
        loaded_ = std::move(next);
    } catch (const std::exception& e) {
        error_ = e.what();
        return false;
    }
    error_.clear();
    ++generation_;
    live_.reset();
    playing_ = false;
    entity_ = 0;
    rerun(0);
    setFrame(framesRun() > 0 ? 1 : 0);
    return true;
}

const Scenario& DebuggerSession::scenario() const
{
    return loaded_->scenario;
}

const ProfiledRom& DebuggerSession::rom() const
{
    return *loaded_->rom;
}

const ScenarioResult& DebuggerSession::result() const
{
    return loaded_->result();
}

const std::string& DebuggerSession::runError() const
{
    return loaded_->runError;
}

const std::vector<MapViolation>& DebuggerSession::violations() const
{
    return loaded_->violations;
}

int DebuggerSession::framesRun() const
{
    return loaded_->run ? loaded_->run->framesRun() : 0;
}

void DebuggerSession::rerun(int keepFrame)
{
    Loaded& l = *loaded_;
    l.run.reset();
    l.runError.clear();
    l.violations = validateScenario(l.scenario, {l.scenario.map, l.rom->design});
    l.aggregateBuilder = ProfileBuilder();
    l.coverageBuilder = CoverageBuilder();
    l.coverage.reset();
    l.callsAttributed = 0;
    l.aggregate.reset();
    l.executed.clear();
    l.disassembly.clear();
    invalidateSelection();
    RunOptions options;
    options.allowInvalidMap = true; // the validator's findings are shown on the map instead
    options.recordSteps = true;
    try {
        l.run = std::make_unique<ScenarioRun>(l.scenario, *l.rom, options);
    } catch (const InputError& e) {
        l.runError = e.what();
        frame_ = 0;
        return;
    }
    runToEnd(*l.run, l.runError);
    frame_ = std::clamp(keepFrame, 0, framesRun());
}

void DebuggerSession::invalidateSelection()
{
    Loaded& l = *loaded_;
    l.trace.reset();
    l.traceRows.clear();
    l.traceOf.reset();
    l.selected.reset();
    l.selectedOf.reset();
    instruction_ = -1;
}

void DebuggerSession::setFrame(int frame)
{
    if (!loaded_) {
        return;
    }
    const int clamped = std::clamp(frame, 0, framesRun());
    if (clamped != frame_) {
        frame_ = clamped;
        instruction_ = -1;
    }
}

void DebuggerSession::stepBack()
{
    // The trace of the call on show comes from a deterministic re-run up to its frame.
    setFrame(frame_ - 1);
}

void DebuggerSession::setPlaying(bool playing)
{
    playing_ = playing && loaded_ != nullptr;
    playClock_ = 0;
    if (playing_ && frame_ >= framesRun()) {
        setFrame(0);
    }
}

void DebuggerSession::advance(double seconds)
{
    if (!playing_) {
        return;
    }
    constexpr double kFrame = 1.0 / 60.0;
    // A stalled window catches up by at most a few frames rather than jumping ahead.
    playClock_ = std::min(playClock_ + seconds, 4.5 * kFrame);
    while (playClock_ >= kFrame) {
        playClock_ -= kFrame;
        if (frame_ >= framesRun()) {
            playing_ = false;
            return;
        }
        setFrame(frame_ + 1);
    }
}

void DebuggerSession::selectEntity(int entity)
{
    if (loaded_ && entity >= 0 && entity < static_cast<int>(scenario().entities.size()) && entity != entity_) {
        entity_ = entity;
        instruction_ = -1;
    }
}

void DebuggerSession::select(CallId call)
{
    selectEntity(call.entity);
    setFrame(call.frame);
}

const CallRecord* DebuggerSession::call(CallId id) const
{
    if (!loaded_ || id.frame < 1 || id.entity < 0) {
        return nullptr;
    }
    const std::vector<CallRecord>& calls = result().calls;
    const std::size_t perFrame = scenario().entities.size();
    const std::size_t index = static_cast<std::size_t>(id.frame - 1) * perFrame + static_cast<std::size_t>(id.entity);
    if (static_cast<std::size_t>(id.entity) >= perFrame || index >= calls.size()) {
        return nullptr;
    }
    return &calls[index];
}

bool DebuggerSession::selectWorst(int caseIndex)
{
    if (!loaded_) {
        return false;
    }
    const CallRecord* worst = nullptr;
    for (const CallRecord& c : result().calls) {
        if (c.caseIndex == caseIndex && (worst == nullptr || c.cycles > worst->cycles)) {
            worst = &c;
        }
    }
    if (worst == nullptr) {
        return false;
    }
    select({worst->frame, worst->entity});
    return true;
}

const CallTrace* DebuggerSession::trace()
{
    const CallRecord* selected = selectedCall();
    if (selected == nullptr) {
        return nullptr;
    }
    Loaded& l = *loaded_;
    const CallId id{frame_, entity_};
    if (l.traceOf != id) {
        l.traceOf = id;
        l.trace.reset();
        l.traceRows.clear();
        const std::optional<CallTrace>& traced = l.run->result().trace; // live mode traces as it runs
        if (traced && traced->frame == id.frame && traced->entity == id.entity) {
            l.trace = traced;
        } else {
            RunOptions options;
            options.allowInvalidMap = true;
            options.trace = CallId{id.frame, id.entity};
            // The main run got this far with the same scenario and ROM, so this one starts too.
            ScenarioRun rerun(l.scenario, *l.rom, options);
            try {
                while (rerun.framesRun() < id.frame) {
                    rerun.runFrame();
                }
            } catch (const InputError&) {
                // This call, or a later one of its frame, did not return properly; the trace is
                // complete up to where it stopped, which is what there is to see.
            }
            l.trace = rerun.result().trace;
        }
        if (l.trace) {
            l.traceRows = tileprof::traceRows(*selected, *l.trace, l.rom->debug);
        }
    }
    return l.trace ? &*l.trace : nullptr;
}

const std::vector<TraceRow>& DebuggerSession::traceRows()
{
    static const std::vector<TraceRow> none;
    return trace() != nullptr ? loaded_->traceRows : none;
}

void DebuggerSession::setInstruction(int step)
{
    const CallTrace* t = trace();
    const int last = t ? static_cast<int>(t->steps.size()) - 1 : -1;
    instruction_ = std::clamp(step, -1, last);
}

void DebuggerSession::stepInstruction(int delta)
{
    setInstruction(instruction_ + delta);
}

std::uint32_t DebuggerSession::cyclesShown()
{
    const CallRecord* selected = selectedCall();
    if (selected == nullptr) {
        return 0;
    }
    const CallTrace* t = trace();
    if (instruction_ < 0 || t == nullptr) {
        return selected->cycles;
    }
    std::uint32_t cycles = 0;
    for (int i = 0; i <= instruction_; ++i) {
        cycles += t->steps[static_cast<std::size_t>(i)].cycles;
    }
    return cycles;
}

const Profile& DebuggerSession::aggregateProfile() const
{
    Loaded& l = *loaded_;
    const std::vector<CallRecord>& calls = l.result().calls;
    if (!l.aggregate || l.callsAttributed != calls.size()) {
        for (; l.callsAttributed < calls.size(); ++l.callsAttributed) {
            const CallRecord& c = calls[l.callsAttributed];
            l.aggregateBuilder.add(c, l.rom->debug, l.rom->image);
            l.coverageBuilder.add(c, *l.rom);
            for (const StepCost& step : c.steps) {
                if (step.kind == emu::StepKind::Instruction && l.executed.emplace(step.address, step.flags).second) {
                    const std::optional<SourceLine> line = l.rom->debug.lineAt(step.address);
                    const std::string key = line ? line->file + ":" + std::to_string(line->line) : "";
                    std::vector<ExecutedInstruction>& list = l.disassembly[key];
                    const ExecutedInstruction instruction{step.address, emu::disassembleRom(l.rom->image, step.address, step.flags).text()};
                    list.insert(std::upper_bound(list.begin(), list.end(), instruction,
                                                 [](const ExecutedInstruction& left, const ExecutedInstruction& right) {
                                                     return left.address < right.address;
                                                 }),
                                instruction);
                }
            }
        }
        l.aggregate = l.aggregateBuilder.build();
        const std::vector<RomCoverage> roms = l.coverageBuilder.build();
        l.coverage = roms.empty() ? SourceCoverage{} : sourceCoverage(roms.front(), "");
    }
    return *l.aggregate;
}

const FileCoverage* DebuggerSession::coverage(const std::string& file) const
{
    aggregateProfile();
    for (const FileCoverage& f : loaded_->coverage->files) {
        if (f.file == file) {
            return &f;
        }
    }
    return nullptr;
}

const std::map<std::string, std::vector<ExecutedInstruction>>& DebuggerSession::disassembly() const
{
    aggregateProfile();
    return loaded_->disassembly;
}

const Profile& DebuggerSession::selectedProfile()
{
    Loaded& l = *loaded_;
    const CallId id{frame_, entity_};
    if (l.selectedOf != id) {
        l.selectedOf = id;
        ProfileBuilder builder;
        if (const CallRecord* c = selectedCall()) {
            builder.add(*c, l.rom->debug, l.rom->image);
        }
        l.selected = builder.build();
    }
    return *l.selected;
}

void DebuggerSession::startLive(int entity)
{
    if (!loaded_ || entity < 0 || entity >= static_cast<int>(scenario().entities.size())) {
        return;
    }
    Loaded& l = *loaded_;
    const Manifest& m = l.rom->manifest;
    if (m.movement == Movement::Routine && !m.controller) {
        error_ = "Live mode drives an entity by the host's movement or by the controller: " + m.path.string() +
                 " says the routine moves the entity itself (movement = \"routine\") and names no [controller]";
        return;
    }
    const int at = frame_;
    EntitySpec& spec = l.scenario.entities[static_cast<std::size_t>(entity)];
    std::vector<ScriptStep> cut = scriptFrames(spec.script, 1, at);
    Hitbox hitbox = spec.hitbox;
    Gravity gravity = spec.gravity;
    int total = 0;
    for (const ScriptStep& step : cut) {
        total += step.frames;
        hitbox = step.hitbox.value_or(hitbox);
        gravity = step.gravity.value_or(gravity);
    }
    if (total < at) {
        // Standing still after the script ran out, spelled out so that live steps follow on.
        ScriptStep still;
        still.frames = at - total;
        cut.push_back(still);
    }
    l.liveActions = liveActions(l.scenario);
    spec.script = std::move(cut);
    l.scenario.frames = at;
    std::erase_if(l.scenario.expectations, [at](const Expectation& expectation) { return expectation.frame > at; });
    live_.emplace(LiveState{entity, DpadPlayer(l.liveActions, *l.rom, hitbox, gravity)});
    playing_ = false;
    entity_ = entity;
    rerun(at);
}

void DebuggerSession::liveFrame(const LiveControls& controls)
{
    if (!live_ || !loaded_->run || !loaded_->runError.empty()) {
        return;
    }
    Loaded& l = *loaded_;
    LiveState& state = *live_;
    EntitySpec& spec = l.scenario.entities[static_cast<std::size_t>(state.entity)];
    std::vector<ScriptStep>& script = spec.script;

    DpadPress press;
    press.walkX = (controls.right ? 1 : 0) - (controls.left ? 1 : 0);
    press.walkY = (controls.down ? 1 : 0) - (controls.up ? 1 : 0);
    press.jump = controls.jump ? LiveTuning::kJump : 0;
    press.cycleGravity = controls.flipGravity;
    press.cycleHitbox = controls.cycleHitbox;
    // The entity as the last call left it, or as it starts before the first.
    const CallRecord* last = call({l.run->framesRun(), state.entity});
    const Manifest& m = l.rom->manifest;
    const EntityState entity = last != nullptr ? last->after : startingState(spec, m.originX, m.originY);
    const ScriptStep step = m.controller ? controllerStep(controls) : state.player.step(press, entity, MapPixels(l.scenario.map, l.rom->design));
    const bool plain = !step.jump && !step.gravity && !step.hitbox;
    if (plain && !script.empty() && script.back().walk == step.walk && script.back().walkY == step.walkY &&
        script.back().buttons == step.buttons) {
        ++script.back().frames; // the entity is still on this step, so it carries on
    } else {
        script.push_back(step);
    }
    ++l.scenario.frames;
    const bool following = frame_ == l.run->framesRun();
    // The new call is traced as it runs: a re-run of a long live session every frame would not keep up.
    l.run->setTrace(CallId{l.run->framesRun() + 1, state.entity});
    try {
        l.run->runFrame();
    } catch (const InputError& e) {
        l.runError = e.what();
        live_.reset();
    }
    if (following) {
        setFrame(l.run->framesRun());
    }
}

std::optional<std::filesystem::path> DebuggerSession::sourceFile(const std::string& recorded) const
{
    return findSourceFile(recorded, sourceDirectories(sourceDirectories_, rom().debug.path()));
}

bool DebuggerSession::saveScenarioAs(const std::filesystem::path& path)
{
    if (!loaded_) {
        return false;
    }
    Scenario recording = scenario();
    recording.name = path.stem().string();
    // A ROM or manifest named by a path is relative to the scenario that names it: seen from the
    // new file.
    const auto seenFromNewFile = [&path](const std::filesystem::path& file) {
        std::error_code ignored;
        return std::filesystem::absolute(file, ignored)
            .lexically_normal()
            .lexically_proximate(std::filesystem::absolute(path, ignored).parent_path())
            .string();
    };
    const std::filesystem::path rom = scenario().romPath();
    if (rom != bundledRomPath(recording.rom)) {
        recording.rom = seenFromNewFile(rom);
    }
    if (const std::optional<std::filesystem::path> manifest = scenario().manifestPath()) {
        recording.manifest = seenFromNewFile(*manifest);
    }
    try {
        saveScenario(recording, path);
    } catch (const std::exception& e) {
        error_ = e.what();
        return false;
    }
    return true;
}

void DebuggerSession::paint(int column, int row, TileId type)
{
    if (!loaded_ || !scenario().map.contains(column, row)) {
        return;
    }
    Loaded& l = *loaded_;
    TileId& tile = l.scenario.map.at(column, row);
    if (tile == type) {
        return;
    }
    tile = type;
    l.mapModified = true;
    rerun(frame_);
}

bool DebuggerSession::mapModified() const
{
    return loaded_ && loaded_->mapModified;
}

bool DebuggerSession::saveMap()
{
    if (!loaded_) {
        return false;
    }
    // The loader refuses an entity that starts inside SOLID: such a map is not saved.
    const Scenario& s = scenario();
    const Manifest& m = rom().manifest;
    const CollisionGeometry geometry{{s.map, rom().design}, m.originX, m.originY,
                                     m.stateBits.down, m.stateBits.up};
    for (const EntitySpec& spec : s.entities) {
        if (const std::optional<std::string> problem =
                checkInvariants(startingState(spec, m.originX, m.originY), geometry)) {
            error_ = "the map is not saved: entity \"" + spec.name + "\" would start inside it: " + *problem;
            return false;
        }
    }
    try {
        tileprof::saveMap(scenario());
    } catch (const std::exception& e) {
        error_ = e.what();
        return false;
    }
    loaded_->mapModified = false;
    return true;
}

} // namespace tileprof::gui
