#include "profiler/gui/debugger_ui.hpp"

#include "base/bundled_files.hpp"
#include "profiler/gui/call_panels.hpp"
#include "profiler/gui/imgui_colour.hpp"
#include "profiler/gui/timeline_view.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <system_error>

namespace tileprof::gui {

struct DebuggerUi::Layout {
    ImVec4 toolbar, map, timeline, call, registers, entity, cases, source, trace; // x, y, width, height
};

namespace {

bool beginWindow(const char* name, const ImVec4& area, bool relayout, ImGuiWindowFlags flags = 0)
{
    const ImGuiCond cond = relayout ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
    ImGui::SetNextWindowPos(ImVec2(area.x, area.y), cond);
    ImGui::SetNextWindowSize(ImVec2(area.z, area.w), cond);
    return ImGui::Begin(name, nullptr, flags | ImGuiWindowFlags_NoCollapse);
}

} // namespace

DebuggerUi::DebuggerUi(DebuggerSession& session, RecentScenarios& recent)
    : session_(session), recent_(recent), browsing_(bundledScenarioDirectory())
{
}

bool DebuggerUi::open(const std::filesystem::path& scenario)
{
    if (!session_.open(scenario)) {
        return false;
    }
    recent_.add(scenario);
    pathInput_ = scenario.string();
    saveAsInput_ = (scenario.parent_path() / (scenario.stem().string() + "-live.toml")).string();
    return true;
}

DebuggerUi::Layout DebuggerUi::layoutFor(float width, float height) const
{
    const float top = 74;
    const float left = std::floor(width * 0.56f);
    const float right = width - left;
    const float body = height - top;
    const float mapHeight = std::floor(body * 0.64f);
    const float callHeight = std::floor(body * 0.30f);
    const float casesHeight = std::floor(body * 0.15f);
    const float sourceHeight = std::floor(body * 0.30f);
    const float half = std::floor(right * 0.46f);
    const float registersHeight = std::floor(callHeight * 0.38f);
    Layout l;
    l.toolbar = ImVec4(0, 0, width, top);
    l.map = ImVec4(0, top, left, mapHeight);
    l.timeline = ImVec4(0, top + mapHeight, left, body - mapHeight);
    l.call = ImVec4(left, top, half, callHeight);
    l.registers = ImVec4(left + half, top, right - half, registersHeight);
    l.entity = ImVec4(left + half, top + registersHeight, right - half, callHeight - registersHeight);
    l.cases = ImVec4(left, top + callHeight, right, casesHeight);
    l.source = ImVec4(left, top + callHeight + casesHeight, right, sourceHeight);
    const float traceTop = top + callHeight + casesHeight + sourceHeight;
    l.trace = ImVec4(left, traceTop, right, height - traceTop);
    return l;
}

void DebuggerUi::apply(const DebuggerInput& input, double seconds)
{
    if (!session_.isOpen()) {
        return;
    }
    if (session_.live()) {
        pending_.left = input.live.left;
        pending_.right = input.live.right;
        pending_.up = input.live.up;
        pending_.down = input.live.down;
        pending_.jump |= input.live.jump;
        pending_.flipGravity |= input.live.flipGravity;
        pending_.cycleHitbox |= input.live.cycleHitbox;
        constexpr double kFrame = 1.0 / 60.0;
        liveClock_ = std::min(liveClock_ + seconds, 4 * kFrame);
        while (liveClock_ >= kFrame && session_.live()) {
            liveClock_ -= kFrame;
            session_.liveFrame(pending_);
            pending_ = LiveControls{};
        }
        return;
    }
    if (input.playPause) {
        session_.setPlaying(!session_.playing());
    }
    if (input.stepFrame) {
        session_.setPlaying(false);
        session_.stepFrame();
    }
    if (input.stepBack) {
        session_.setPlaying(false);
        session_.stepBack();
    }
    if (input.stepInstruction) {
        session_.stepInstruction(1);
    }
    if (input.stepInstructionBack) {
        session_.stepInstruction(-1);
    }
    session_.advance(seconds);
}

void DebuggerUi::draw(const DebuggerInput& input, double seconds)
{
    apply(input, seconds);
    const ImGuiIO& io = ImGui::GetIO();
    // Frames drawn a second, while frames change by themselves (idle, the window waits for input).
    if (!animating()) {
        fps_ = 0;
    } else if (seconds > 0) {
        fps_ = fps_ == 0 ? static_cast<float>(1 / seconds) : 0.95f * fps_ + 0.05f * static_cast<float>(1 / seconds);
    }
    const bool relayout = io.DisplaySize.x != laidOutWidth_ || io.DisplaySize.y != laidOutHeight_;
    laidOutWidth_ = io.DisplaySize.x;
    laidOutHeight_ = io.DisplaySize.y;
    if (io.DisplaySize.x < 1 || io.DisplaySize.y < 1) {
        return; // minimized
    }
    const Layout l = layoutFor(io.DisplaySize.x, io.DisplaySize.y);

    // Each panel is a window laid out anew when the display changes size; collapsed or hidden
    // panels report that nothing of them is on screen.
    geometry_ = UiGeometry{};
    const auto panel = [&](const char* name, const ImVec4& area, ImGuiWindowFlags flags, auto&& draw) {
        if (beginWindow(name, area, relayout, flags)) {
            draw();
        }
        ImGui::End();
    };
    panel("Controls", l.toolbar, ImGuiWindowFlags_NoTitleBar, [&] { drawToolbar(); });
    const std::string map = session_.isOpen() ? "Map: " + session_.scenario().name + "###Map" : "Map###Map";
    panel(map.c_str(), l.map, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse, [&] {
        drawEditPalette();
        map_.draw(session_, geometry_.map);
    });
    panel("Timeline: cycles per call", l.timeline, ImGuiWindowFlags_NoScrollbar,
          [&] { drawTimeline(session_, geometry_.timeline); });
    panel("Selected call", l.call, 0, [&] { drawCallSummary(session_); });
    panel("Registers", l.registers, 0, [&] { drawRegisters(session_); });
    panel("Entity", l.entity, 0, [&] { drawEntity(session_); });
    panel("Cases", l.cases, 0, [&] { drawCaseTable(session_); });
    panel("Source", l.source, 0, [&] { source_.draw(session_); });
    panel("Trace", l.trace, 0, [&] { trace_.draw(session_); });
    drawOpenDialog();
    drawErrors();
}

void DebuggerUi::drawToolbar()
{
    if (ImGui::Button("Open...")) {
        openDialog_ = true;
    }
    ImGui::SameLine();
    if (!session_.isOpen()) {
        ImGui::TextDisabled("Open a scenario (a .toml file from roms/tile-collision/scenarios/ or your own).");
        return;
    }
    const bool live = session_.live();
    ImGui::BeginDisabled(live);
    if (ImGui::Button(session_.playing() ? "Pause" : "Play ")) {
        session_.setPlaying(!session_.playing());
    }
    ImGui::SameLine();
    if (ImGui::Button("<< Frame")) {
        session_.setPlaying(false);
        session_.stepBack();
    }
    ImGui::SameLine();
    if (ImGui::Button("Frame >>")) {
        session_.setPlaying(false);
        session_.stepFrame();
    }
    ImGui::SameLine();
    int frame = session_.frame();
    ImGui::SetNextItemWidth(220);
    if (ImGui::SliderInt("##frame", &frame, 0, session_.framesRun(), "frame %d")) {
        session_.setPlaying(false);
        session_.setFrame(frame);
    }
    ImGui::SameLine();
    if (ImGui::Button("< Instr")) {
        session_.stepInstruction(-1);
    }
    ImGui::SameLine();
    if (ImGui::Button("Instr >")) {
        session_.stepInstruction(1);
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    const Scenario& scenario = session_.scenario();
    ImGui::SetNextItemWidth(140);
    if (ImGui::BeginCombo("entity", scenario.entities[static_cast<std::size_t>(session_.selectedEntity())].name.c_str())) {
        for (std::size_t e = 0; e < scenario.entities.size(); ++e) {
            if (ImGui::Selectable(scenario.entities[e].name.c_str(), static_cast<int>(e) == session_.selectedEntity())) {
                session_.selectEntity(static_cast<int>(e));
            }
        }
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(150);
    if (ImGui::BeginCombo("##worst", "worst call of...")) {
        const ScenarioResult& result = session_.result();
        for (std::size_t c = 0; c < result.cases.size(); ++c) {
            if (ImGui::Selectable(result.cases[c].c_str())) {
                session_.setPlaying(false);
                session_.selectWorst(static_cast<int>(c));
            }
        }
        ImGui::EndCombo();
    }
    if (fps_ > 0) {
        ImGui::SameLine();
        ImGui::Text("%.0f fps", fps_);
    }

    // Second row: live mode, recording, editing.
    if (!live) {
        if (ImGui::Button("Live: drive the selected entity")) {
            session_.startLive(session_.selectedEntity());
            liveClock_ = 0;
        }
    } else {
        if (ImGui::Button("Stop live")) {
            session_.stopLive();
        }
        ImGui::SameLine();
        ImGui::TextColored(colourVec(palette::kReadSlope), "LIVE frame %d: arrows walk (all four without gravity), Z/Space jump, G flips gravity, H cycles hitboxes",
                           session_.frame());
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(260);
    ImGui::InputText("##saveas", &saveAsInput_);
    ImGui::SameLine();
    if (ImGui::Button("Save scenario as") && !saveAsInput_.empty()) {
        session_.saveScenarioAs(saveAsInput_);
    }
    ImGui::SameLine();
    ImGui::Checkbox("Edit map", &map_.editing);
    if (session_.mapModified()) {
        ImGui::SameLine();
        if (ImGui::Button("Save map")) {
            session_.saveMap();
        }
    }
    if (!session_.violations().empty()) {
        ImGui::SameLine();
        ImGui::TextColored(colourVec(palette::kViolation), "%zu map rule violation%s (outlined)", session_.violations().size(),
                           session_.violations().size() == 1 ? "" : "s");
    }
}

void DebuggerUi::drawEditPalette()
{
    if (!map_.editing) {
        return;
    }
    ImGui::TextUnformatted("paint:");
    const std::vector<TileKind>& tiles = session_.scenario().design.tiles;
    for (std::size_t id = 0; id < tiles.size(); ++id) {
        // A tile without a legend or an abbreviation is one of a ROM table's that the design does
        // not name: no map editor paints it.
        if (tiles[id].legend == 0 && tiles[id].abbreviation.empty()) {
            continue;
        }
        ImGui::SameLine();
        const std::string label = tiles[id].legend != 0 ? std::string(1, tiles[id].legend) : tiles[id].abbreviation;
        if (ImGui::Selectable(label.c_str(), map_.brush == id, 0, ImVec2(ImGui::CalcTextSize(label.c_str()).x, 0))) {
            map_.brush = static_cast<TileId>(id);
        }
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("%s", tiles[id].name.c_str());
        }
    }
}

void DebuggerUi::drawOpenDialog()
{
    if (openDialog_) {
        ImGui::OpenPopup("Open scenario");
        openDialog_ = false;
    }
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowSize(ImVec2(std::min(720.0f, io.DisplaySize.x - 40), std::min(520.0f, io.DisplaySize.y - 40)),
                             ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x / 2, io.DisplaySize.y / 2), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal("Open scenario")) {
        return;
    }
    ImGui::SetNextItemWidth(-120);
    const bool entered = ImGui::InputText("##path", &pathInput_, ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    if ((ImGui::Button("Open") || entered) && !pathInput_.empty() && open(pathInput_)) {
        ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) {
        ImGui::CloseCurrentPopup();
    }
    if (!session_.error().empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, colourVec(palette::kReadBlocking));
        ImGui::TextWrapped("%s", session_.error().c_str());
        ImGui::PopStyleColor();
    }
    ImGui::TextUnformatted("Recent:");
    for (const std::string& path : recent_.paths()) {
        if (ImGui::Selectable(path.c_str())) {
            pathInput_ = path;
        }
    }
    ImGui::Separator();
    ImGui::Text("In %s:", browsing_.string().c_str());
    ImGui::BeginChild("browse", ImVec2(0, 0), true);
    if (ImGui::Selectable("../")) {
        browsing_ = browsing_.parent_path();
    }
    std::vector<std::filesystem::directory_entry> entries;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(browsing_, error)) {
        if (entry.is_directory(error) || entry.path().extension() == ".toml") {
            entries.push_back(entry);
        }
    }
    std::sort(entries.begin(), entries.end());
    for (const auto& entry : entries) {
        const bool directory = entry.is_directory(error);
        const std::string name = entry.path().filename().string() + (directory ? "/" : "");
        if (ImGui::Selectable(name.c_str(), false, ImGuiSelectableFlags_AllowDoubleClick)) {
            if (directory) {
                browsing_ = entry.path();
            } else {
                pathInput_ = entry.path().string();
                if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) && open(pathInput_)) {
                    ImGui::CloseCurrentPopup();
                }
            }
        }
    }
    ImGui::EndChild();
    ImGui::EndPopup();
}

void DebuggerUi::drawErrors()
{
    const bool runStopped = session_.isOpen() && !session_.runError().empty();
    if (session_.error().empty() && !runStopped) {
        return;
    }
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x / 2, io.DisplaySize.y * 0.3f), ImGuiCond_Appearing, ImVec2(0.5f, 0.0f));
    ImGui::SetNextWindowSize(ImVec2(std::min(760.0f, io.DisplaySize.x * 0.8f), 0), ImGuiCond_Always);
    ImGui::PushStyleColor(ImGuiCol_TitleBgActive, ImVec4(0.6f, 0.1f, 0.1f, 1));
    ImGui::PushStyleColor(ImGuiCol_TitleBg, ImVec4(0.5f, 0.1f, 0.1f, 1));
    if (ImGui::Begin("Error", nullptr, ImGuiWindowFlags_NoCollapse)) {
        if (!session_.error().empty()) {
            ImGui::TextWrapped("%s", session_.error().c_str());
            if (ImGui::Button("Dismiss")) {
                session_.dismissError();
            }
        }
        if (runStopped) {
            ImGui::TextWrapped("The run stopped after frame %d: %s", session_.framesRun(), session_.runError().c_str());
        }
    }
    ImGui::End();
    ImGui::PopStyleColor(2);
}

} // namespace tileprof::gui
