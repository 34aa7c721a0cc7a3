#pragma once

#include "profiler/engine/coverage/code_coverage.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/target/profiled_rom.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

struct ExploreOptions {
    std::uint64_t calls = 200000;     // stop after this many calls of the routine
    std::optional<double> seconds;    // or after this long (then not deterministic)
    std::uint32_t seed = 1;
    int sessionFrames = 600;          // a session's frames at most
    unsigned jobs = 1;                // sessions played at once; the result does not depend on it
    bool allowInvalidMap = false;
    // Told every 10,000 calls: calls so far, how many distinct instructions and branch directions.
    std::function<void(std::uint64_t calls, std::size_t features)> progress;
};

// A kind of failure (what broke and where), how often sessions met it, and the smallest scenario
// found that replays it: its last call fails the same way.
struct ExploreFinding {
    std::string kind;     // the failure's message with the hitbox's exact rows and depth left out
    std::string message;  // the shrunk scenario's failure, as `tileprof run` reports it
    std::uint64_t sessions = 0;
    int firstSession = 0;
    Scenario shrunk;
};

// The costliest call of a case that exploration found, and a scenario whose last call is it.
struct ExploreWorst {
    std::string caseName;
    std::uint32_t cycles = 0;
    Scenario shrunk;
};

// Coverage as it grew: after `calls` calls, `features` distinct instructions and branch directions.
struct CoverageMilestone {
    std::uint64_t calls;
    std::size_t features;
};

struct ExploreResult {
    std::uint64_t sessions = 0;
    std::uint64_t calls = 0;
    std::size_t corpus = 0; // sessions kept for reaching code none before them reached
    std::vector<ExploreFinding> findings;          // in the order first met
    std::vector<ExploreWorst> worst;               // per case, in the manifest's order
    std::vector<CoverageMilestone> growth;
    std::vector<RomCoverage> coverage;
};

// Plays seeded random sessions on the scenario's map (see SessionPlayer) until the options' calls
// or seconds are spent, checking the design's invariants after every call and stopping a session
// at its first failure or fault. Sessions that reach an instruction or a branch direction no
// session reached before are kept, and later sessions replay the start of one of them and play on
// from there. Each kind of failure and each case's worst call is shrunk: the session is cut after
// the call, then restarted from the entity's state as few frames before it as still reproduce it.
// Sessions are planned in batches from what the batches before them found and played on `jobs`
// threads: with a number of calls, the same seed gives the same result, whatever the jobs. Throws InputError for a
// scenario whose map breaks its design's rules, unless the options allow it.
ExploreResult explore(const Scenario& scenario, const ProfiledRom& rom, const ExploreOptions& options);

} // namespace tileprof
