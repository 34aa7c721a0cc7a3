#pragma once

namespace tileprof {

// A tile hitbox in pixels from the entity's origin: `left` and `right` to the edges (the box's
// columns are x-left .. x+right-1), `top` up to the top edge, `height` rows downwards from it.
struct Hitbox {
    int left = 0;
    int right = 0;
    int top = 0;
    int height = 0;

    bool operator==(const Hitbox&) const = default;
};

} // namespace tileprof
