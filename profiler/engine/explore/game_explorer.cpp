#include "profiler/engine/explore/game_explorer.hpp"

#include "base/counted.hpp"
#include "profiler/engine/explore/in_parallel.hpp"
#include "profiler/engine/ingame/game_play.hpp"
#include "profiler/engine/ingame/seek_points.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <map>
#include <memory>
#include <random>
#include <unordered_set>

namespace tileprof {

namespace {

constexpr std::uint64_t kStateFrames = 60; // a session keeps a state this often, to be played on from
constexpr std::size_t kBatch = 8;
constexpr unsigned kMostShrinkRuns = 150;

// BPL, BMI, BVC, BVS, BCC, BCS, BNE, BEQ: taken, they take a third cycle.
bool conditionalBranch(std::uint8_t opcode)
{
    return (opcode & 0x1F) == 0x10;
}

// A message with its numbers left out: one rule broken one way is one kind, wherever and by how much.
std::string numbersOut(const std::string& text)
{
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (std::isdigit(static_cast<unsigned char>(text[i])) != 0) {
            while (i + 1 < text.size() && (std::isdigit(static_cast<unsigned char>(text[i + 1])) != 0 || text[i + 1] == ',' ||
                                           text[i + 1] == '.')) {
                ++i;
            }
            out += 'N';
        } else {
            out += text[i];
        }
    }
    return out;
}

struct Event {
    std::string kind;
    std::uint64_t frame = 0;
    std::string shown;
};

using CaseKey = std::pair<std::size_t, int>; // routine, case

// What one run of the game met: the rules it broke (each kind first where), each case's costliest
// call, the busiest frame, the branch directions the profiled calls took.
class SessionWatcher final : public PlayListener, public StepWatcher {
public:
    explicit SessionWatcher(const PreparedPlay& play) : result_(play.result), firstFrame_(play.setup.firstFrame()) {}

    void call(std::size_t, const GameCall& call, const CallState* state) override
    {
        const std::uint64_t clocks = call.clocks.budgeted();
        GameWorst& worst = worst_[{call.routine, call.caseIndex}];
        if (clocks > worst.clocks || worst.frame == 0) {
            worst = GameWorst{call.routine, call.caseIndex, clocks, call.cycles, call.frame};
        }
        const RoutineRule& rule = result_.rules[call.routine];
        if (rule.budget && clocks > *rule.budget) {
            std::string kind = result_.routines[call.routine] + " over its budget of " + grouped(*rule.budget) + " master clocks";
            if (result_.casedRoutine == call.routine && call.caseIndex >= 0) {
                kind += " (" + result_.caseNames[static_cast<std::size_t>(call.caseIndex)] + ")";
            }
            meet(std::move(kind), call.frame, grouped(clocks) + " master clocks");
        }
        if (state != nullptr && state->broken) {
            meet("invariant broken: " + numbersOut(*state->broken), call.frame, *state->broken);
        }
        if (state != nullptr && state->entity >= 0) {
            // Where the entity went, its direction and the call's case: a place new to the game.
            const EntityState& after = state->after;
            features_.insert(0x80000000u | (static_cast<std::uint32_t>(state->entity) & 15) << 27 |
                             (static_cast<std::uint32_t>(call.caseIndex + 1) & 7) << 24 | (after.xVelocity < 0 ? 1u : 0u) << 23 |
                             (after.x >> 20 & 0x3FF) << 13 | (after.y >> 20 & 0x3FF) << 3);
        }
    }

    void frame(const FrameUse& use) override
    {
        if (use.frame <= firstFrame_) {
            return; // the play's first frame is never whole
        }
        if (use.busy() > busiestClocks_) {
            busiestClocks_ = use.busy();
            busiestFrame_ = use.frame;
        }
        const std::optional<FrameRule>& rule = result_.frameRule;
        if (rule && use.frame >= rule->from && (!rule->skipLag || use.padsRead) && use.busy() > rule->budget) {
            meet("frames over their budget of " + grouped(rule->budget) + " master clocks busy", use.frame,
                 grouped(use.busy()) + " master clocks busy");
        }
    }

    // Branch directions: the instruction's address and whether it was taken, below bit 31.
    void step(const emu::StepEvent& step, std::uint8_t, StepPlace place) override
    {
        if (place.call != StepPlace::kNoCall && !place.interrupt && step.kind == emu::StepKind::Instruction &&
            conditionalBranch(step.opcode)) {
            features_.insert(step.address << 1 | (step.cycles > 2 ? 1 : 0));
        }
    }
    void ended(std::size_t) override {}

    const std::vector<Event>& events() const { return events_; }
    const std::map<CaseKey, GameWorst>& worst() const { return worst_; }
    const std::unordered_set<std::uint32_t>& features() const { return features_; }
    std::uint64_t busiestFrame() const { return busiestFrame_; }
    std::uint64_t busiestClocks() const { return busiestClocks_; }

private:
    void meet(std::string kind, std::uint64_t frame, std::string shown)
    {
        if (std::ranges::none_of(events_, [&](const Event& event) { return event.kind == kind; })) {
            events_.push_back({std::move(kind), frame, std::move(shown)});
        }
    }

    const PlayResult& result_;
    std::uint64_t firstFrame_;
    std::vector<Event> events_;
    std::map<CaseKey, GameWorst> worst_;
    std::unordered_set<std::uint32_t> features_;
    std::uint64_t busiestFrame_ = 0;
    std::uint64_t busiestClocks_ = 0;
};

// The play's game under `input` (frame 0 the play's first), from its start or from `from` (a state
// of an earlier run of the same input up to there), watched; its states kept in `keep` when given.
void playInput(const PreparedPlay& play, const std::vector<emu::PadFrame>& input, const SeekPoints::Point* from,
               SessionWatcher& watcher, SeekPoints* keep)
{
    PlaySetup whole = play.setup;
    whole.input.frames = input;
    whole.frames = input.size();
    whole.steps = &watcher;
    whole.seekPoints = keep;
    whole.pictures = {};
    PlaySetup setup = fromPoint(whole, from);
    if (from != nullptr) {
        setup.start = startMachine(play.image, whole, from);
    }
    playGame(play.image, setup, watcher);
}

// Pads as players press them, gesture after gesture, until `count` frames: mostly moving one way
// and jumping, sometimes another button, a combination, letting go; Start (a pause, a menu) seldom.
void addGestures(std::vector<emu::PadFrame>& input, std::size_t count, std::mt19937& dice)
{
    constexpr std::uint16_t kB = 0x8000, kY = 0x4000, kSelect = 0x2000, kStart = 0x1000, kUp = 0x0800, kDown = 0x0400,
                            kLeft = 0x0200, kRight = 0x0100, kA = 0x0080, kX = 0x0040, kL = 0x0020, kR = 0x0010;
    constexpr std::uint16_t kButtons[] = {kA, kB, kX, kY, kL, kR, kSelect};
    enum Gesture : int { Walk, Jump, Crouch, Tap, Combination, LetGo, Start };
    std::discrete_distribution<int> gesture({34, 30, 6, 10, 10, 8, 2});
    const auto pick = [&](int low, int high) { return std::uniform_int_distribution<int>(low, high)(dice); };
    const auto button = [&] { return kButtons[pick(0, 6)]; };
    const auto direction = [&] { return std::array<std::uint16_t, 3>{kLeft, kRight, 0}[static_cast<std::size_t>(pick(0, 2))]; };
    while (input.size() < count) {
        std::uint16_t pad = 0;
        int frames = 1;
        switch (gesture(dice)) {
        case Walk:
            pad = pick(0, 9) == 0 ? direction() | kY : direction();
            frames = pick(5, 90);
            break;
        case Jump: // held for a higher one, steered
            pad = kB | direction();
            frames = pick(1, 24);
            break;
        case Crouch: // or look up
            pad = (pick(0, 1) == 0 ? kDown : kUp) | direction();
            frames = pick(3, 30);
            break;
        case Tap:
            pad = button() | direction();
            frames = pick(1, 3);
            break;
        case Combination:
            pad = static_cast<std::uint16_t>(button() | button() | direction() | (pick(0, 1) == 0 ? kDown : 0));
            frames = pick(1, 40);
            break;
        case LetGo:
            frames = pick(1, 12);
            break;
        default:
            pad = kStart;
            frames = pick(1, 3);
            break;
        }
        input.insert(input.end(), std::min<std::size_t>(static_cast<std::size_t>(frames), count - input.size()),
                     emu::PadFrame{pad, 0});
    }
}

// A session kept for what it reached: its input and the states it kept on the way.
struct Kept {
    std::vector<emu::PadFrame> input;
    std::vector<SeekPoints::Point> states;
};

struct Plan {
    std::uint32_t seed = 0;
    std::optional<std::size_t> base;  // the kept session it plays on from
    std::size_t state = 0;            // from that session's state: its index
    std::optional<std::size_t> given; // an input given: the play's own (0), then the corpus's
};

struct Played {
    std::vector<emu::PadFrame> input;
    std::vector<SeekPoints::Point> states;
    std::vector<Event> events;
    std::map<CaseKey, GameWorst> worst;
    std::unordered_set<std::uint32_t> features;
    std::uint64_t busiestFrame = 0;
    std::uint64_t busiestClocks = 0;
    std::uint64_t frames = 0; // played: those replayed from a state not counted
};

class GameExplorer {
public:
    GameExplorer(const PreparedPlay& play, const GameExploreOptions& options)
        : play_(play), options_(options), firstFrame_(play.setup.firstFrame())
    {
    }

    GameExploreResult run()
    {
        const auto start = std::chrono::steady_clock::now();
        const auto outOfTime = [&] {
            return options_.seconds &&
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= *options_.seconds;
        };
        std::mt19937 dice(options_.seed);
        given_.push_back(play_.setup.input.frames);
        given_.insert(given_.end(), options_.corpus.begin(), options_.corpus.end());
        std::size_t nextGiven = 0;
        while (result_.frames < options_.frames && !outOfTime()) {
            std::vector<Plan> batch;
            for (std::size_t i = 0; i < kBatch; ++i) {
                Plan plan;
                plan.seed = static_cast<std::uint32_t>(dice());
                if (nextGiven < given_.size()) {
                    plan.given = nextGiven++;
                } else if (!kept_.empty() && std::bernoulli_distribution(0.75)(dice)) {
                    // The sessions kept last reached furthest: played on from more often.
                    const double u = std::uniform_real_distribution<double>(0.0, 1.0)(dice);
                    const auto back = static_cast<std::size_t>(static_cast<double>(kept_.size()) * u * u * u);
                    plan.base = kept_.size() - 1 - std::min(back, kept_.size() - 1);
                    const std::size_t states = kept_[*plan.base].states.size();
                    plan.state = states == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, states)(dice);
                }
                batch.push_back(plan);
            }
            std::vector<Played> played(batch.size());
            inParallel(batch.size(), options_.jobs, [&](std::size_t i) { played[i] = play(batch[i]); });
            for (Played& session : played) {
                take(session);
            }
            if (options_.progress) {
                options_.progress(result_.frames, features_.size());
            }
        }
        result_.corpus = kept_.size();
        for (const Kept& kept : kept_) {
            result_.keptInputs.push_back(kept.input);
        }
        result_.features = features_.size();
        result_.reached.assign(features_.begin(), features_.end());
        std::ranges::sort(result_.reached);
        for (const auto& [key, worst] : worst_) {
            result_.worst.push_back(worst);
        }
        inParallel(result_.findings.size(), options_.jobs, [&](std::size_t i) { shrink(result_.findings[i]); });
        return result_;
    }

private:
    Played play(const Plan& plan) const
    {
        Played out;
        std::mt19937 dice(plan.seed);
        const SeekPoints::Point* from = nullptr;
        if (plan.given) {
            out.input = given_[*plan.given];
            out.input.resize(std::min<std::size_t>(out.input.size(), options_.sessionFrames));
        } else if (plan.base) {
            const Kept& base = kept_[*plan.base];
            if (plan.state < base.states.size()) {
                from = &base.states[plan.state];
                out.states.assign(base.states.begin(), base.states.begin() + static_cast<std::ptrdiff_t>(plan.state) + 1);
                out.input.assign(base.input.begin(), base.input.begin() + static_cast<std::ptrdiff_t>(from->frame - firstFrame_));
            }
        }
        addGestures(out.input, options_.sessionFrames, dice);
        SessionWatcher watcher(play_);
        SeekPoints keep(kStateFrames);
        playInput(play_, out.input, from, watcher, &keep);
        out.states.insert(out.states.end(), keep.points().begin(), keep.points().end());
        out.frames = out.input.size() - (from != nullptr ? from->frame - firstFrame_ : 0);
        out.events = watcher.events();
        out.worst = watcher.worst();
        out.features = watcher.features();
        out.busiestFrame = watcher.busiestFrame();
        out.busiestClocks = watcher.busiestClocks();
        return out;
    }

    // Merges a session into what was found, in the order sessions were planned.
    void take(Played& session)
    {
        ++result_.sessions;
        result_.frames += session.frames;
        bool reached = false;
        for (const std::uint32_t feature : session.features) {
            reached |= features_.insert(feature).second;
        }
        for (const auto& [key, worst] : session.worst) {
            const auto found = worst_.find(key);
            if (found == worst_.end() || worst.clocks > found->second.clocks) {
                worst_[key] = worst;
                reached = true;
            }
        }
        if (session.busiestClocks > result_.busiestClocks) {
            result_.busiestClocks = session.busiestClocks;
            result_.busiestFrame = session.busiestFrame;
            reached = true;
        }
        for (const Event& event : session.events) {
            const auto known = std::ranges::find(result_.findings, event.kind, &GameFinding::kind);
            if (known != result_.findings.end()) {
                ++known->sessions;
                continue;
            }
            GameFinding& finding = result_.findings.emplace_back();
            finding.kind = event.kind;
            finding.sessions = 1;
            finding.input.assign(session.input.begin(), session.input.begin() + static_cast<std::ptrdiff_t>(event.frame - firstFrame_ + 1));
            finding.frame = event.frame;
            finding.shown = event.shown;
        }
        if (reached) {
            kept_.push_back({std::move(session.input), std::move(session.states)});
        }
    }

    // The play under `input` from its start: where it breaks `kind`, if it does.
    std::optional<Event> breaks(const std::vector<emu::PadFrame>& input, const std::string& kind) const
    {
        SessionWatcher watcher(play_);
        playInput(play_, input, nullptr, watcher, nullptr);
        const auto found = std::ranges::find(watcher.events(), kind, &Event::kind);
        return found == watcher.events().end() ? std::nullopt : std::optional(*found);
    }

    // Cuts the input after the frame it breaks the rule in, then takes out runs of frames, halving
    // them, while what is left still breaks it.
    void shrink(GameFinding& finding) const
    {
        unsigned runs = 0;
        for (std::size_t chunk = finding.input.size() / 2; chunk >= 1 && runs < kMostShrinkRuns; chunk /= 2) {
            for (std::size_t at = 0; at + chunk <= finding.input.size() && runs < kMostShrinkRuns;) {
                std::vector<emu::PadFrame> shorter = finding.input;
                shorter.erase(shorter.begin() + static_cast<std::ptrdiff_t>(at),
                              shorter.begin() + static_cast<std::ptrdiff_t>(at + chunk));
                ++runs;
                if (const std::optional<Event> event = breaks(shorter, finding.kind)) {
                    shorter.resize(static_cast<std::size_t>(event->frame - firstFrame_ + 1));
                    finding.input = std::move(shorter);
                    finding.frame = event->frame;
                    finding.shown = event->shown;
                } else {
                    at += chunk;
                }
            }
        }
    }

    const PreparedPlay& play_;
    const GameExploreOptions& options_;
    std::uint64_t firstFrame_;
    GameExploreResult result_;
    std::vector<std::vector<emu::PadFrame>> given_;
    std::vector<Kept> kept_;
    std::unordered_set<std::uint32_t> features_;
    std::map<CaseKey, GameWorst> worst_;
};

} // namespace

GameExploreResult exploreGame(const PreparedPlay& play, const GameExploreOptions& options)
{
    return GameExplorer(play, options).run();
}

std::uint32_t shardSeed(std::uint32_t seed, unsigned shard)
{
    return seed + (shard - 1) * 0x9E3779B9u;
}

GameExploreResult mergeGameResults(const std::vector<GameExploreResult>& shards)
{
    GameExploreResult merged;
    std::unordered_set<std::uint32_t> reached;
    std::map<CaseKey, GameWorst> worst;
    for (const GameExploreResult& shard : shards) {
        merged.sessions += shard.sessions;
        merged.frames += shard.frames;
        for (const std::vector<emu::PadFrame>& input : shard.keptInputs) {
            if (std::ranges::find(merged.keptInputs, input) == merged.keptInputs.end()) {
                merged.keptInputs.push_back(input);
            }
        }
        reached.insert(shard.reached.begin(), shard.reached.end());
        for (const GameFinding& finding : shard.findings) {
            const auto known = std::ranges::find(merged.findings, finding.kind, &GameFinding::kind);
            if (known == merged.findings.end()) {
                merged.findings.push_back(finding);
                continue;
            }
            const std::uint64_t sessions = known->sessions + finding.sessions;
            if (finding.input.size() < known->input.size()) {
                *known = finding;
            }
            known->sessions = sessions;
        }
        for (const GameWorst& each : shard.worst) {
            const auto found = worst.find({each.routine, each.caseIndex});
            if (found == worst.end() || each.clocks > found->second.clocks) {
                worst[{each.routine, each.caseIndex}] = each;
            }
        }
        if (shard.busiestClocks > merged.busiestClocks) {
            merged.busiestClocks = shard.busiestClocks;
            merged.busiestFrame = shard.busiestFrame;
        }
    }
    merged.reached.assign(reached.begin(), reached.end());
    std::ranges::sort(merged.reached);
    merged.features = merged.reached.size();
    merged.corpus = merged.keptInputs.size();
    for (const auto& [key, each] : worst) {
        merged.worst.push_back(each);
    }
    return merged;
}

} // namespace tileprof
