#pragma once

#include "profiler/debugger/debugger_input.hpp"
#include "profiler/gui/picture_textures.hpp"
#include "profiler/gui/ui_geometry.hpp"

namespace tileprof::gui {

// What a window or the headless renderer shows: every panel, drawn with Dear ImGui between
// NewFrame and Render.
class GuiScreen {
public:
    // Draws one frame; `seconds` since the last one drives playback.
    virtual void draw(const DebuggerInput& input, double seconds) = 0;
    // Whether frames change by themselves: otherwise the window can wait for input.
    virtual bool animating() const = 0;
    // Where the last frame drew what tests look for.
    virtual const UiGeometry& geometry() const = 0;
    // The backend's textures while it renders (null before and after), for panels that show pictures.
    virtual void useTextures(PictureTextures* textures) { (void)textures; }

protected:
    ~GuiScreen() = default;
};

} // namespace tileprof::gui
