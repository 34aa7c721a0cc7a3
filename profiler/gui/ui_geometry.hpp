#pragma once

namespace tileprof::gui {

// Where the last drawn frame put the things tests look for, in screen pixels.
struct UiGeometry {
    struct Map {
        bool shown = false;
        float originX = 0; // map pixel (0, 0)
        float originY = 0;
        float scale = 1;   // screen pixels per map pixel
        float band = 0;    // width of a read tile's opaque border
    } map;
    struct Timeline {
        bool shown = false;
        float left = 0;
        float top = 0;
        float right = 0;
        float bottom = 0;
        float budgetY = 0; // the budget line's centre row
    } timeline;
    struct Picture {
        bool shown = false;
        float left = 0; // the frame's picture, all its rows and 512 columns
        float top = 0;
        float right = 0;
        float bottom = 0;
        float lineHeight = 0; // a scanline of the raster canvas, whose line 0 is a line above the picture
        bool mapShown = false; // with a manifest: the map's pixel (0, 0) through its layer's scroll
        float mapOriginX = 0;
        float mapOriginY = 0;
    } picture;
};

} // namespace tileprof::gui
