#pragma once

#include "profiler/debugger/debugger_input.hpp"
#include "profiler/gui/gui_screen.hpp"
#include "profiler/debugger/debugger_session.hpp"
#include "profiler/debugger/recent_scenarios.hpp"
#include "profiler/gui/case_table_view.hpp"
#include "profiler/gui/map_view.hpp"
#include "profiler/gui/source_view.hpp"
#include "profiler/gui/trace_view.hpp"
#include "profiler/gui/ui_geometry.hpp"

#include <filesystem>
#include <string>

namespace tileprof::gui {

// Every window of the debugger, drawn with Dear ImGui between NewFrame and Render by whichever
// platform shows it (GLFW + OpenGL 3, or SDL2's software renderer headless).
class DebuggerUi final : public GuiScreen {
public:
    DebuggerUi(DebuggerSession& session, RecentScenarios& recent);

    // Opens a scenario and remembers it among the recent ones; a failure shows in the error window.
    bool open(const std::filesystem::path& scenario);

    // Draws one frame of the UI; `seconds` since the last one drives playback and live mode.
    void draw(const DebuggerInput& input, double seconds) override;

    const UiGeometry& geometry() const override { return geometry_; }
    // Whether frames change by themselves (playing, live): otherwise the window can wait for input.
    bool animating() const override { return session_.playing() || session_.live(); }

private:
    struct Layout;
    Layout layoutFor(float width, float height) const;
    void apply(const DebuggerInput& input, double seconds);
    void drawToolbar();
    void drawOpenDialog();
    void drawErrors();
    void drawEditPalette();

    DebuggerSession& session_;
    RecentScenarios& recent_;
    MapView map_;
    SourceView source_;
    TraceView trace_;
    UiGeometry geometry_;
    float laidOutWidth_ = 0;
    float laidOutHeight_ = 0;
    bool openDialog_ = false;
    std::string pathInput_;
    std::filesystem::path browsing_;
    std::string saveAsInput_;
    double liveClock_ = 0;
    LiveControls pending_; // presses since the last live frame
    float fps_ = 0;
};

} // namespace tileprof::gui
