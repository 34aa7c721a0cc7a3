#include "profiler/engine/explore/explorer.hpp"

#include "base/input_error.hpp"
#include "profiler/engine/explore/in_parallel.hpp"
#include "profiler/engine/explore/session_player.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/formats/map/map_pixels.hpp"
#include "profiler/model/scenario/scenario_writer.hpp"
#include "profiler/model/scenario/script_frames.hpp"

#include <algorithm>
#include <chrono>
#include <memory>

namespace tileprof {

namespace {

constexpr int kMaxShrunkFrames = 60;

// The scopes a call ran, in the order it first entered them: the path it took through the routine.
std::string pathOf(const CallRecord& call, const DebugInfo& debug)
{
    std::vector<std::string> scopes;
    for (const StepCost& step : call.steps) {
        const DebugScope* scope = debug.scopeAt(step.address);
        if (scope != nullptr && std::find(scopes.begin(), scopes.end(), scope->qualifiedName) == scopes.end()) {
            scopes.push_back(scope->qualifiedName);
        }
    }
    // "Root: Inner, Other" for scopes nested in the first one.
    std::string path;
    const std::string root = scopes.empty() ? "" : scopes.front() + std::string(debug.scopeSeparator());
    for (const std::string& scope : scopes) {
        if (path.empty()) {
            path = scope;
            continue;
        }
        const bool nested = !root.empty() && scope.starts_with(root);
        path += (path.find(": ") == std::string::npos && nested ? ": " : ", ") + (nested ? scope.substr(root.size()) : scope);
    }
    return path;
}

// What a failure is, whatever the exact rows the hitbox had or how deep it went: one bug is one
// kind. A failure that names a tile is placed there; one that names none, by the path the failing
// call took through the routine.
std::string kindOf(const std::string& message, const std::string& path)
{
    std::string kind = message;
    if (const std::size_t box = kind.find(" (columns "); box != std::string::npos) {
        kind.erase(box, kind.find(')', box) + 1 - box); // the hitbox's exact columns and rows
    }
    if (const std::size_t clips = kind.find("clips "); clips != std::string::npos) {
        const std::size_t px = kind.find(" px", clips);
        const std::size_t digits = clips + 6;
        if (px != std::string::npos && px > digits &&
            kind.find_first_not_of("0123456789", digits) == px) {
            kind.erase(clips + 5, px + 3 - (clips + 5)); // how deep: "clips 2 px into" is "clips into"
        }
    }
    if (kind.find("(column ") == std::string::npos && !path.empty()) {
        kind += ", in a call through " + path;
    }
    return kind;
}

// The message of a call that went wrong, without the scenario's name before it.
std::string faultMessage(const std::string& what)
{
    const std::size_t entity = what.find("entity \"");
    return entity == std::string::npos ? what : what.substr(entity);
}

// The session cut after frame `last`, restarted `frames` frames before it: the entity starts where
// the call before those frames left it, with the hitbox, gravity and y velocity it had then, and
// presses what the session pressed. (Its collision state starts cleared: the check that it
// reproduces says whether that mattered.)
Scenario restartBefore(const Scenario& session, const ScenarioResult& result, int last, int frames,
                       const ProfiledRom& rom)
{
    Scenario s = session;
    EntitySpec& e = s.entities.front();
    const int first = last - frames + 1; // the first frame kept
    const std::vector<ScriptStep>& script = session.entities.front().script;
    Gravity gravity = e.gravity; // as the steps begun by the first frame kept left it
    for (const ScriptStep& step : scriptFrames(script, 1, first)) {
        gravity = step.gravity.value_or(gravity);
    }
    std::vector<ScriptStep> kept = scriptFrames(script, first, last);
    if (first > 1) {
        const EntityState& before = result.calls[static_cast<std::size_t>(first - 2)].after;
        const EntityState& at = result.calls[static_cast<std::size_t>(first - 1)].before;
        e.x = mapPixels(before.x, rom.manifest.originX);
        e.y = mapPixels(before.y, rom.manifest.originY);
        e.hitbox = before.hitbox;
        e.gravity = gravity;
        if (kept.empty()) {
            kept.push_back(ScriptStep{.frames = frames});
        }
        kept.front().jump = at.yVelocity / 65536.0; // what the host set for that frame, jump or gravity
    }
    e.script = std::move(kept);
    s.frames = frames;
    return s;
}

// A scenario as `tileprof run` would read it back from the file explore writes, run.
struct Replay {
    ScenarioResult result;
    std::optional<std::string> fault;
};

// The map is not checked again: it is the explored scenario's, with fewer of its hitboxes.
std::optional<Replay> replay(const Scenario& scenario, const ProfiledRom& rom)
{
    Replay replayed;
    try {
        const Scenario loaded = parseScenario("explored.toml", scenarioToml(scenario), scenario.design);
        RunOptions options;
        options.allowInvalidMap = true;
        options.recordSteps = true;
        try {
            replayed.result = runScenario(loaded, rom, options);
        } catch (const InputError& e) {
            replayed.fault = faultMessage(e.what());
        }
    } catch (const InputError&) {
        return std::nullopt; // cannot be written as a scenario that loads (a start inside a wall)
    }
    return replayed;
}

class Explorer {
public:
    Explorer(const Scenario& scenario, const ProfiledRom& rom, const ExploreOptions& options)
        : scenario_(scenario), rom_(rom), options_(options), pixels_(scenario.map, rom.design),
          actions_(ActionSpace::of(scenario))
    {
        if (!options.allowInvalidMap) {
            ScenarioRun refusesInvalidMaps(scenario, rom); // throws, saying what is wrong, as `run` does
        }
        result_.worst.resize(rom.manifest.cases.size());
        for (std::size_t c = 0; c < rom.manifest.cases.size(); ++c) {
            result_.worst[c].caseName = rom.manifest.cases[c].name;
        }
    }

    ExploreResult run()
    {
        const auto start = std::chrono::steady_clock::now();
        const auto outOfTime = [&] {
            return options_.seconds &&
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= *options_.seconds;
        };
        std::mt19937 dice(options_.seed);
        std::uint64_t nextProgress = 10000;
        while (result_.calls < options_.calls && !outOfTime()) {
            // A batch is planned from what the batches before it found, whatever the jobs.
            std::vector<Plan> batch;
            std::uint64_t planned = result_.calls;
            while (batch.size() < kBatch && planned < options_.calls) {
                Plan plan;
                plan.seed = static_cast<std::uint32_t>(dice());
                if (!corpus_.empty() && std::bernoulli_distribution(0.5)(dice)) {
                    const Corpus& c = corpus_[std::uniform_int_distribution<std::size_t>(0, corpus_.size() - 1)(dice)];
                    plan.replay = c.entity;
                    plan.replayFrames = std::uniform_int_distribution<int>(1, c.frames)(dice);
                }
                plan.frames = static_cast<int>(std::min<std::uint64_t>(options_.sessionFrames, options_.calls - planned));
                planned += static_cast<std::uint64_t>(plan.frames);
                batch.push_back(std::move(plan));
            }
            std::vector<Played> played(batch.size());
            // What a session throws (a scenario it cannot write, a call that faults) reaches the
            // caller from whichever thread played it.
            inParallel(batch.size(), options_.jobs, [&](std::size_t i) { played[i] = play(batch[i]); });
            for (const Played& session : played) {
                merge(session);
                while (result_.calls >= nextProgress) {
                    result_.growth.push_back({nextProgress, features_});
                    if (options_.progress) {
                        options_.progress(result_.calls, features_);
                    }
                    nextProgress += 10000;
                }
            }
        }
        if (result_.growth.empty() || result_.growth.back().calls != result_.calls) {
            result_.growth.push_back({result_.calls, features_});
        }
        result_.corpus = corpus_.size();
        result_.coverage = coverage_.build();
        shrinkWorst();
        return std::move(result_);
    }

private:
    static constexpr std::size_t kBatch = 16;

    struct Corpus {
        EntitySpec entity;
        int frames;
    };
    // A session to play: its seed, the corpus entry whose start it replays, its frames at most.
    struct Plan {
        std::uint32_t seed = 0;
        std::optional<EntitySpec> replay;
        int replayFrames = 0;
        int frames = 0;
    };
    struct Played {
        Scenario session;
        std::shared_ptr<const ScenarioResult> result;
        std::optional<std::string> fault;
        CoverageBuilder coverage; // of its calls, counted on the thread that played it as they ran
    };
    struct Worst {
        Scenario session;
        std::shared_ptr<const ScenarioResult> result;
        int frame = 0;
    };

    // Plays a session on its own machine: safe on any thread.
    Played play(const Plan& plan) const
    {
        SessionPlayer player(scenario_, rom_, pixels_, actions_, plan.seed, plan.replay ? &*plan.replay : nullptr,
                             plan.replayFrames);
        Played played;
        for (int frame = 1; frame <= plan.frames; ++frame) {
            try {
                player.playFrame();
            } catch (const InputError& e) {
                played.fault = faultMessage(e.what());
                break;
            }
            if (!player.result().failures.empty()) {
                break;
            }
        }
        played.session = player.session();
        played.result = std::make_shared<const ScenarioResult>(player.takeResult());
        played.coverage = player.takeCoverage();
        return played;
    }

    // Counts a played session, in order: its coverage, the corpus, worst calls, failures.
    void merge(const Played& played)
    {
        const int sessionNumber = static_cast<int>(++result_.sessions);
        const ScenarioResult& result = *played.result;
        const std::size_t firsts = coverage_.add(played.coverage);
        features_ += firsts;
        const bool reachedNew = firsts > 0;
        std::vector<int> worstFrames(result_.worst.size(), 0);
        for (const CallRecord& call : result.calls) {
            ++result_.calls;
            if (call.caseIndex >= 0) {
                const auto c = static_cast<std::size_t>(call.caseIndex);
                if (call.cycles > result_.worst[c].cycles) {
                    result_.worst[c].cycles = call.cycles;
                    worstFrames[c] = call.frame;
                }
            }
        }
        worst_.resize(result_.worst.size());
        for (std::size_t c = 0; c < worstFrames.size(); ++c) {
            if (worstFrames[c] > 0) {
                worst_[c] = {played.session, played.result, worstFrames[c]};
            }
        }
        if (reachedNew) {
            corpus_.push_back({played.session.entities.front(), played.session.frames});
        }
        if (played.fault || !result.failures.empty()) {
            const std::string message = played.fault ? *played.fault : result.failures.front().message;
            noteFailure(played.session, result, message, played.fault.has_value(), sessionNumber);
        }
    }

    void noteFailure(const Scenario& session, const ScenarioResult& result, const std::string& message, bool isFault,
                     int sessionNumber)
    {
        const int last = session.frames;
        // Sessions keep no steps: the failing call's path comes from the session replayed.
        const std::optional<Replay> whole = replay(restartBefore(session, result, last, last, rom_), rom_);
        const std::string kind = kindOf(message, whole && !whole->result.calls.empty()
                                                     ? pathOf(whole->result.calls.back(), rom_.debug)
                                                     : "");
        for (ExploreFinding& f : result_.findings) {
            if (f.kind == kind) {
                ++f.sessions;
                return;
            }
        }
        ExploreFinding f{kind, message, 1, sessionNumber, session};
        f.shrunk.frames = last;
        // A fault stops the run at its call; an invariant fails after it: either way the last frame.
        for (int frames = 1; frames <= std::min(last, kMaxShrunkFrames); ++frames) {
            const Scenario candidate = restartBefore(session, result, last, frames, rom_);
            const std::optional<Replay> r = replay(candidate, rom_);
            if (!r) {
                continue;
            }
            const bool failsSo = isFault ? r->fault.has_value() && kindOfReplay(*r->fault, *r) == kind
                                         : !r->fault && !r->result.failures.empty() &&
                                               r->result.failures.back().frame == frames &&
                                               kindOfReplay(r->result.failures.back().message, *r) == kind;
            if (failsSo) {
                f.shrunk = candidate;
                f.message = isFault ? *r->fault : r->result.failures.back().message;
                break;
            }
        }
        result_.findings.push_back(std::move(f));
    }

    std::string kindOfReplay(const std::string& message, const Replay& replayed) const
    {
        return kindOf(message, replayed.result.calls.empty() ? "" : pathOf(replayed.result.calls.back(), rom_.debug));
    }

    // Each case's worst call, restarted as few frames before it as still cost the same.
    void shrinkWorst()
    {
        for (std::size_t c = 0; c < worst_.size(); ++c) {
            const Worst& w = worst_[c];
            if (w.frame == 0) {
                continue;
            }
            ExploreWorst& shown = result_.worst[c];
            shown.shrunk = restartBefore(w.session, *w.result, w.frame, w.frame, rom_);
            for (int frames = 1; frames <= std::min(w.frame, kMaxShrunkFrames); ++frames) {
                const Scenario candidate = restartBefore(w.session, *w.result, w.frame, frames, rom_);
                const std::optional<Replay> r = replay(candidate, rom_);
                if (r && !r->fault && !r->result.calls.empty() && r->result.calls.back().cycles == shown.cycles &&
                    r->result.calls.back().caseIndex == static_cast<int>(c)) {
                    shown.shrunk = candidate;
                    break;
                }
            }
        }
    }

    const Scenario& scenario_;
    const ProfiledRom& rom_;
    const ExploreOptions& options_;
    MapPixels pixels_;
    ActionSpace actions_;
    ExploreResult result_;
    CoverageBuilder coverage_;
    std::size_t features_ = 0; // instructions and branch directions run so far
    std::vector<Corpus> corpus_;
    std::vector<Worst> worst_;
};

} // namespace

ExploreResult explore(const Scenario& scenario, const ProfiledRom& rom, const ExploreOptions& options)
{
    if (rom.manifest.movement == Movement::Routine) {
        throw InputError(scenario.path.string() + ": explore plays an entity by the host's movement (walk, jump, gravity), and " +
                         rom.manifest.path.string() + " says the routine moves it itself (movement = \"routine\"): " +
                         "explore cannot play it; run its scenarios instead");
    }
    return Explorer(scenario, rom, options).run();
}

} // namespace tileprof
