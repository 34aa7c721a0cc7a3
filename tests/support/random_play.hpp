#pragma once

#include "profiler/model/scenario/scenario.hpp"

#include <cstdint>
#include <vector>

namespace tileprof::test {

// The reference engine's 32x14 tile-collision test room (untech-collision.md section 7).
TileMap referenceRoom();

// The eight hitboxes of the engine's interactive test, in its order (hitbox 7 is the 32-px tall one).
const std::vector<Hitbox>& referenceHitboxes();

// A seeded random session on `map` as a person with a D-pad plays the engine's interactive test:
// one entity per hitbox of `hitboxes`, each starting where it fits in EMPTY tiles, with a random
// gravity, walking left or right at 2.5 px/frame or standing, holding up or down (1 px/frame),
// jumping (3 to 8 px/frame) and cycling its gravity down, up, none (R). Entities keep their
// hitbox: a bigger one taken beside a wall would start inside it. The same seed gives the same
// scenario.
Scenario randomPlay(const TileMap& map, const std::vector<Hitbox>& hitboxes, int frames, std::uint32_t seed);

} // namespace tileprof::test
