#pragma once

#include "profiler/engine/explore/game_explorer.hpp"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace tileprof {

// What one exploration of a game found, as `tileprof explore GAME.play.toml` leaves it in its
// output directory (exploration.toml) for `tileprof explore merge`: the play file, the campaign's
// seed and which shard of it this was, the figures, the features reached, each case's costliest
// call, each finding with its input (an input script beside it, found-N.input.toml), and the inputs
// of the sessions it kept (corpus/kept-N.input.toml), which a later exploration can start from.
struct Exploration {
    std::filesystem::path play; // absolute
    std::uint32_t seed = 1;     // the campaign's
    unsigned shard = 1;
    unsigned shards = 1;
    GameExploreResult result;
};

inline constexpr const char* kExplorationFile = "exploration.toml";

// The file's text; finding i's input is `inputs[i]`, a file name beside it, and kept input i is
// corpus/`corpus[i]`.
std::string explorationToml(const Exploration& exploration, const std::vector<std::string>& inputs,
                            const std::vector<std::string>& corpus);

// DIR/exploration.toml with the findings' inputs beside it. Throws InputError naming the file, the
// line and the key for anything it cannot use.
Exploration loadExploration(const std::filesystem::path& dir);

} // namespace tileprof
