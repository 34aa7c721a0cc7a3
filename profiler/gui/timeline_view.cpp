#include "profiler/gui/timeline_view.hpp"

#include "profiler/gui/imgui_colour.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace tileprof::gui {

void drawTimeline(DebuggerSession& session, UiGeometry::Timeline& geometry)
{
    if (!session.isOpen()) {
        return;
    }
    const ScenarioResult& result = session.result();
    const std::vector<CallRecord>& calls = result.calls;
    const int frames = std::max(session.framesRun(), 1);
    std::uint32_t most = 0;
    for (const CallRecord& c : calls) {
        most = std::max(most, c.cycles);
    }
    const double top = std::max(1.15 * result.budgetCycles, 1.1 * most);

    const ImVec2 canvas = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const ImVec2 size(std::max(avail.x, 64.0f), std::max(avail.y, 48.0f));
    ImGui::InvisibleButton("timeline", size);
    const float axis = ImGui::CalcTextSize("00000").x + 6;
    const float left = std::floor(canvas.x + axis);
    const float right = std::floor(canvas.x + size.x - 6);
    const float plotTop = std::floor(canvas.y + 6);
    const float bottom = std::floor(canvas.y + size.y - ImGui::GetTextLineHeight() - 4);
    const auto xOf = [&](double frame) {
        return static_cast<float>(left + (right - left) * (frames == 1 ? 0.5 : (frame - 1) / (frames - 1)));
    };
    const auto yOf = [&](double cycles) { return static_cast<float>(bottom - (bottom - plotTop) * cycles / top); };

    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(ImVec2(left, plotTop), ImVec2(right, bottom), colour(palette::kBackground));
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    draw->AddText(ImVec2(canvas.x, bottom - ImGui::GetTextLineHeight() / 2), text, "0");
    draw->AddText(ImVec2(canvas.x, plotTop), text, std::to_string(static_cast<int>(top)).c_str());
    draw->AddText(ImVec2(left, bottom + 2), text, "frame 1");
    const std::string last = "frame " + std::to_string(frames);
    draw->AddText(ImVec2(right - ImGui::CalcTextSize(last.c_str()).x, bottom + 2), text, last.c_str());

    // The budget line: two rows of pixels, whole-pixel aligned so that it is exact on screen.
    const float budgetY = std::floor(yOf(result.budgetCycles));
    draw->AddRectFilled(ImVec2(left, budgetY - 1), ImVec2(right, budgetY + 1), colour(palette::kBudgetLine));
    const std::string budget = "budget " + std::to_string(result.budgetCycles);
    draw->AddText(ImVec2(right - ImGui::CalcTextSize(budget.c_str()).x - 2, budgetY - ImGui::GetTextLineHeight() - 1),
                  colour(palette::kBudgetLine), budget.c_str());
    geometry = {true, left, plotTop, right, bottom, budgetY};

    const float frameX = xOf(session.frame());
    if (session.frame() >= 1) {
        draw->AddLine(ImVec2(frameX, plotTop), ImVec2(frameX, bottom), colour(palette::kPlayhead, 160));
    }
    for (const CallRecord& c : calls) {
        const ImVec2 p(xOf(c.frame), yOf(c.cycles));
        draw->AddRectFilled(ImVec2(p.x - 1, p.y - 1), ImVec2(p.x + 2, p.y + 2), colour(palette::caseColour(c.caseIndex)));
    }
    if (const CallRecord* selected = session.selectedCall()) {
        draw->AddCircle(ImVec2(xOf(selected->frame), yOf(selected->cycles)), 5, IM_COL32_WHITE, 12, 1.5f);
    }

    if (ImGui::IsItemHovered() && !calls.empty()) {
        // The call nearest the cursor, by screen distance.
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        const CallRecord* nearest = nullptr;
        float best = std::numeric_limits<float>::max();
        for (const CallRecord& c : calls) {
            const float dx = xOf(c.frame) - mouse.x;
            const float dy = yOf(c.cycles) - mouse.y;
            if (dx * dx + dy * dy < best) {
                best = dx * dx + dy * dy;
                nearest = &c;
            }
        }
        ImGui::BeginTooltip();
        ImGui::Text("frame %d, %s: %s", nearest->frame, result.entities[static_cast<std::size_t>(nearest->entity)].c_str(),
                    nearest->caseIndex >= 0 ? result.cases[static_cast<std::size_t>(nearest->caseIndex)].c_str() : "(no case label)");
        ImGui::Text("%u cycles, %u master clocks, %.2f scanlines", nearest->cycles, nearest->masterClocks, nearest->scanlines());
        ImGui::EndTooltip();
        if (ImGui::IsItemClicked(ImGuiMouseButton_Left)) {
            session.select({nearest->frame, nearest->entity});
        }
    }
}

} // namespace tileprof::gui
