// tileprof-gui: the visual debugger (docs/debugger.md), in a window or headless.

#include "base/build_version.hpp"
#include "base/exit_codes.hpp"
#include "base/output_file.hpp"
#include "profiler/arguments/count_argument.hpp"
#include "profiler/arguments/parse_arguments.hpp"
#include "profiler/arguments/rom_arguments.hpp"
#include "profiler/gui/debugger_ui.hpp"
#include "profiler/gui/glfw_window.hpp"
#include "profiler/gui/headless_screenshot.hpp"
#include "profiler/gui/play_ui.hpp"

#include <imgui.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <optional>
#include <string>

namespace {

using namespace tileprof::gui;

struct Options {
    std::string scenario;
    std::string play;
    std::optional<int> call;
    bool headless = false;
    std::optional<int> frame;
    std::optional<std::string> entity;
    std::optional<int> instruction;
    std::string screenshot;
    std::string size = "1600x900";
    std::string geometry;
    std::vector<std::filesystem::path> sourceDirectories;
    std::string ppuTab;
};

struct Size {
    int width;
    int height;
};

std::optional<Size> parseSize(const std::string& text)
{
    int width = 0;
    int height = 0;
    char x = 0;
    char extra = 0;
    if (std::sscanf(text.c_str(), "%d%c%d%c", &width, &x, &height, &extra) != 3 || x != 'x' || width < 320 ||
        height < 240 || width > 8192 || height > 8192) {
        return std::nullopt;
    }
    return Size{width, height};
}

int fail(const std::string& message)
{
    std::fprintf(stderr, "tileprof-gui: %s\n", message.c_str());
    return tileprof::kExitBadInput;
}

void writeGeometry(const UiGeometry& geometry, const std::string& path)
{
    const nlohmann::ordered_json json{
        {"map", {{"shown", geometry.map.shown}, {"origin_x", geometry.map.originX}, {"origin_y", geometry.map.originY},
                 {"scale", geometry.map.scale}, {"band", geometry.map.band}}},
        {"timeline", {{"shown", geometry.timeline.shown}, {"left", geometry.timeline.left}, {"top", geometry.timeline.top},
                      {"right", geometry.timeline.right}, {"bottom", geometry.timeline.bottom}, {"budget_y", geometry.timeline.budgetY}}},
        {"picture", {{"shown", geometry.picture.shown}, {"left", geometry.picture.left}, {"top", geometry.picture.top},
                     {"right", geometry.picture.right}, {"bottom", geometry.picture.bottom},
                     {"line_height", geometry.picture.lineHeight}, {"map_shown", geometry.picture.mapShown},
                     {"map_origin_x", geometry.picture.mapOriginX}, {"map_origin_y", geometry.picture.mapOriginY}}}};
    tileprof::replaceFile(path, json.dump(2) + '\n');
}

// The picture, and with --geometry where its parts were drawn.
int renderHeadless(GuiScreen& ui, const Options& o, Size size)
{
    try {
        renderScreenshot(ui, size.width, size.height, o.screenshot);
        if (!o.geometry.empty()) {
            writeGeometry(ui.geometry(), o.geometry);
        }
    } catch (const std::exception& e) {
        return fail(e.what());
    }
    return tileprof::kExitOk;
}

// Puts the session on the call the options name; an error message when they name none.
std::optional<std::string> selectCall(DebuggerSession& session, const Options& o)
{
    if (o.entity) {
        const std::optional<std::size_t> e = tileprof::findEntity(session.scenario(), *o.entity);
        if (!e) {
            return "--entity: " + session.scenario().path.string() + " has no entity \"" + *o.entity + "\"";
        }
        session.selectEntity(static_cast<int>(*e));
    }
    if (o.frame) {
        if (*o.frame < 0 || *o.frame > session.framesRun()) {
            return "--frame " + std::to_string(*o.frame) + ": " + session.scenario().path.string() + " ran frames 1.." +
                   std::to_string(session.framesRun());
        }
        session.setFrame(*o.frame);
    }
    if (o.instruction) {
        const std::size_t steps = session.traceRows().size();
        if (*o.instruction < 1 || static_cast<std::size_t>(*o.instruction) > steps) {
            return "--instruction " + std::to_string(*o.instruction) + ": the selected call has " + std::to_string(steps) +
                   " steps";
        }
        session.setInstruction(*o.instruction - 1);
    }
    return std::nullopt;
}

int runHeadless(DebuggerSession& session, DebuggerUi& ui, const Options& o, Size size)
{
    if (o.scenario.empty()) {
        return fail("--headless needs a scenario");
    }
    if (o.screenshot.empty()) {
        return fail("--headless needs --screenshot FILE.png");
    }
    if (!ui.open(o.scenario)) {
        return fail(session.error());
    }
    if (const std::optional<std::string> problem = selectCall(session, o)) {
        return fail(*problem);
    }
    return renderHeadless(ui, o, size);
}

// Puts the play session on the frame, call and step the options name; an error message when they
// name none.
std::optional<std::string> selectPlayCall(tileprof::PlaySession& session, const Options& o)
{
    const std::size_t frames = session.run().frames.size();
    const std::uint64_t first = session.firstFrame();
    if (o.frame) {
        if (*o.frame < 0 || static_cast<std::uint64_t>(*o.frame) - first >= frames) {
            return "--frame " + std::to_string(*o.frame) + ": the play ran " +
                   (frames == 0 ? std::string("no frame")
                                : "frames " + std::to_string(first) + ".." + std::to_string(first + frames - 1));
        }
        session.setFrame(static_cast<std::uint64_t>(*o.frame));
        if (!session.callsOfFrame().empty()) {
            session.selectCall(session.callsOfFrame().front());
        }
    }
    if (o.call) {
        const std::size_t calls = session.callsOfFrame().size();
        if (*o.call < 1 || static_cast<std::size_t>(*o.call) > calls) {
            return "--call " + std::to_string(*o.call) + ": frame " + std::to_string(session.frame()) + " has " +
                   std::to_string(calls) + " calls";
        }
        session.selectCall(session.callsOfFrame()[static_cast<std::size_t>(*o.call - 1)]);
    }
    if (o.instruction) {
        const std::size_t steps = session.traceRows().size();
        if (*o.instruction < 1 || static_cast<std::size_t>(*o.instruction) > steps) {
            return "--instruction " + std::to_string(*o.instruction) + ": the selected call has " + std::to_string(steps) + " steps";
        }
        session.setInstruction(static_cast<std::size_t>(*o.instruction - 1));
    }
    return std::nullopt;
}

// `--play FILE`: the debugger on a play, in a window or headless.
int runPlay(const Options& o, Size size)
{
    tileprof::PlaySession session;
    session.setSourceDirectories(o.sourceDirectories);
    PlayUi ui(session);
    if (!o.ppuTab.empty()) {
        ui.showPpuTab(o.ppuTab);
    }
    const bool opened = ui.open(o.play);
    if (o.headless) {
        if (o.screenshot.empty()) {
            return fail("--headless needs --screenshot FILE.png");
        }
        if (!opened) {
            return fail(session.error());
        }
    }
    if (opened) {
        if (const std::optional<std::string> problem = selectPlayCall(session, o)) {
            if (o.headless) {
                return fail(*problem);
            }
            std::fprintf(stderr, "tileprof-gui: %s\n", problem->c_str());
        }
    }
    if (!o.headless) {
        return runWindow(ui, size.width, size.height);
    }
    return renderHeadless(ui, o, size);
}

} // namespace

int main(int argc, char** argv)
{
    Options o;
    CLI::App app{"tileprof-gui: watch the collision routine work, call by call"};
    app.add_option("scenario", o.scenario, "Scenario file (.toml) to open");
    app.add_option("--scenario", o.scenario, "The same, as an option");
    app.add_option("--play", o.play, "A play file (.play.toml, docs/play.md) to run and show instead of a scenario");
    tileprof::addCount(app, "--call", o.call, "With --play: the call of the frame on show to select (1-based)", 1, 1 << 30);
    app.add_flag("--headless", o.headless, "Render with SDL2's software renderer (no display, no GPU) and exit");
    tileprof::addCount(app, "--frame", o.frame, "Frame on show (0 = before the first; with --play, the machine's frame)", 0, 1 << 30);
    app.add_option("--entity", o.entity, "Entity whose call is selected");
    tileprof::addCount(app, "--instruction", o.instruction, "Step to this instruction (1-based) of the selected call", 1, 1 << 30);
    app.add_option("--screenshot", o.screenshot, "With --headless: the PNG to write");
    app.add_option("--size", o.size, "Window or picture size, WIDTHxHEIGHT")->capture_default_str();
    app.add_option("--geometry", o.geometry, "With --headless: write where the map, the timeline and the picture were drawn (JSON)");
    app.add_option("--ppu-tab", o.ppuTab, "With --play: the picture panel's tab to show first")
        ->check(CLI::IsMember(std::vector<std::string>(std::begin(PlayUi::kPpuTabs), std::end(PlayUi::kPpuTabs))));
    app.add_option("--source-dir", o.sourceDirectories,
                   "Where to look for the sources a debug file names by relative paths (repeatable); "
                   "the debug file's directory and those above it are searched after these");
    tileprof::RomArguments rom;
    rom.addTo(app);
    app.set_version_flag("--version", tileprof::versionLine("tileprof-gui"),
                         "Print the version and the commit built from, and exit");
    if (const std::optional<int> exitCode = tileprof::parseArguments(app, argc, argv)) {
        return *exitCode;
    }

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    // The panels are laid out from the window's size each time it changes: nothing to remember,
    // and no imgui.ini left in the working directory.
    ImGui::GetIO().IniFilename = nullptr;
    ImGui::StyleColorsDark();
    ImGui::GetStyle().WindowRounding = 0;
    DebuggerSession session(rom.files());
    session.setSourceDirectories(o.sourceDirectories);
    RecentScenarios recent(o.headless ? std::filesystem::path() : RecentScenarios::defaultFile());
    DebuggerUi ui(session, recent);

    int code = tileprof::kExitOk;
    if (const std::optional<Size> size = parseSize(o.size); !size) {
        code = fail("--size " + o.size + ": expected WIDTHxHEIGHT, 320x240 to 8192x8192");
    } else if (!o.play.empty()) {
        code = o.scenario.empty() ? runPlay(o, *size) : fail("give a scenario or --play FILE, not both");
    } else if (o.headless) {
        code = runHeadless(session, ui, o, *size);
    } else {
        // A scenario that cannot be opened shows in the error window; the window opens anyway.
        if (!o.scenario.empty() && ui.open(o.scenario)) {
            if (const std::optional<std::string> problem = selectCall(session, o)) {
                std::fprintf(stderr, "tileprof-gui: %s\n", problem->c_str());
            }
        }
        code = runWindow(ui, size->width, size->height);
    }
    ImGui::DestroyContext();
    return code;
}
