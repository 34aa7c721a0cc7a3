#pragma once

#include "emu/scpu/joypads.hpp"
#include "profiler/engine/ingame/play_run.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

struct GameExploreOptions {
    std::uint64_t frames = 300'000;    // game frames to play in all; the same seed gives the same result
    std::optional<double> seconds;     // or stop after this long (then as far as the time went)
    std::uint32_t seed = 1;
    unsigned jobs = 1;                 // sessions played at once; the result does not depend on it
    std::uint64_t sessionFrames = 600; // a session's frames from the play's start
    // Inputs to play first (after the play's own): a corpus an earlier exploration kept.
    std::vector<std::vector<emu::PadFrame>> corpus;
    // Told after each batch of sessions: the frames played so far, the features reached.
    std::function<void(std::uint64_t frames, std::size_t features)> progress;
};

// Something sessions did that the play's rules forbid (a call over its routine's budget, a frame
// over the frame budget, a broken invariant), and the shortest input found that does it again.
struct GameFinding {
    std::string kind;                 // what broke, the same in every session that broke it
    std::uint64_t sessions = 0;       // sessions that broke it
    std::vector<emu::PadFrame> input; // shrunk: frame 0 is the play's first
    std::uint64_t frame = 0;          // the machine's frame the shrunk input breaks it in
    std::string shown;                // what it broke there: "5,320 master clocks"
};

// The costliest call of one case of a routine that sessions made.
struct GameWorst {
    std::size_t routine = 0;
    int caseIndex = -1; // -1: no case marker ran, or the routine has none
    std::uint64_t clocks = 0;
    std::uint64_t cycles = 0;
    std::uint64_t frame = 0;
};

struct GameExploreResult {
    std::uint64_t sessions = 0;
    std::uint64_t frames = 0;
    std::size_t corpus = 0;   // sessions kept for reaching something none before them did
    std::vector<std::vector<emu::PadFrame>> keptInputs; // their inputs, in the order kept
    // Branch directions taken in the profiled routines' calls; with a manifest, the map cells its
    // routine's entities went to, by direction and case.
    std::size_t features = 0;
    std::vector<std::uint32_t> reached; // those features, in order
    std::vector<GameFinding> findings; // in the order first met
    std::vector<GameWorst> worst;      // routine by routine, case by case
    std::uint64_t busiestFrame = 0;
    std::uint64_t busiestClocks = 0;
};

// Plays `play`'s game from its start (power-on, or its start state) with random input of the kinds
// players press (held directions, jumps, taps, combinations) and mutations of kept sessions: a
// session replays the start of one kept before (from a state it kept, not from the play's start)
// and plays on from there. Sessions that take a branch direction no session took in a profiled
// routine, take an entity to a map cell (going that way, in that case) none did, reach a routine's
// case none reached, or make a case's costliest call or the busiest frame so far are kept. Sessions are planned in batches from what the batches before them found
// and played on `jobs` threads: the same seed and frames give the same result, whatever the jobs.
// Each finding is shrunk to the shortest input found that breaks the same rule.
GameExploreResult exploreGame(const PreparedPlay& play, const GameExploreOptions& options);

// The seed shard `shard` (1 to `shards`) of a campaign of seed `seed` explores with: the campaign's
// own for the first, and seeds far apart for the others.
std::uint32_t shardSeed(std::uint32_t seed, unsigned shard);

// Campaigns (a sharded campaign's shards) merged as one: sessions and frames summed, the sessions
// they kept together (each input once),
// the features they reached together, each kind of finding once with the shortest input any shard
// shrank it to (the earlier shard's on a tie) and the sessions of all, each case's costliest call and
// the busiest frame of any.
GameExploreResult mergeGameResults(const std::vector<GameExploreResult>& shards);

} // namespace tileprof
