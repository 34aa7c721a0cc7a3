#pragma once

#include "profiler/debugger/debugger_session.hpp"
#include "profiler/debugger/tile_shape.hpp"
#include "profiler/gui/ui_geometry.hpp"

#include <array>
#include <optional>

namespace tileprof::gui {

// The map panel: tiles in their collision shapes, the grid, every entity's hitbox, origin and
// trail, and the selected call's tile reads numbered in order and coloured by what they found.
// Wheel zooms about the cursor, right or middle drag pans; in edit mode a left click paints.
class MapView {
public:
    void draw(DebuggerSession& session, UiGeometry::Map& geometry);

    bool editing = false;
    TileId brush = 0; // the design's first tile type

private:
    void fit(float width, float height, const TileMap& map, int ts);

    float scale_ = 0; // screen pixels per map pixel; 0 until fitted
    float panX_ = 0;
    float panY_ = 0;
    float fittedWidth_ = 0;  // the canvas the map was last fitted to
    float fittedHeight_ = 0;
    bool moved_ = false;     // zoomed or panned by hand since then
    int fittedTo_ = -1; // the session generation fitted to
    std::vector<TileShape> shapes_; // by tile type
    const ProfiledRom* shapesOf_ = nullptr;
};

} // namespace tileprof::gui
