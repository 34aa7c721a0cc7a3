#include "profiler/gui/case_table_view.hpp"

#include "profiler/engine/stats/case_statistics.hpp"
#include "profiler/gui/imgui_colour.hpp"

#include <algorithm>
#include <span>
#include <string>

namespace tileprof::gui {

void drawCaseTable(DebuggerSession& session)
{
    if (!session.isOpen()) {
        return;
    }
    const ScenarioResult& result = session.result();
    const std::vector<CaseStatistics> cases = caseStatistics(std::span(&result, 1));
    constexpr ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit |
                                      ImGuiTableFlags_ScrollY;
    if (!ImGui::BeginTable("cases", 11, flags)) {
        return;
    }
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* name : {"case", "calls", "min", "mean", "p95", "max", "mean scanl.", "max scanl.", "mean budget",
                             "max budget", "worst call"}) {
        ImGui::TableSetupColumn(name);
    }
    ImGui::TableHeadersRow();
    for (const CaseStatistics& c : cases) {
        const auto found = std::find(result.cases.begin(), result.cases.end(), c.name);
        const int index = found == result.cases.end() ? -1 : static_cast<int>(found - result.cases.begin());
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(colourVec(palette::caseColour(index)), "%s", c.name.c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%zu", c.calls);
        for (const double v : {c.cycles.min, c.cycles.mean, c.cycles.p95, c.cycles.max}) {
            ImGui::TableNextColumn();
            ImGui::Text(v == static_cast<double>(static_cast<long long>(v)) ? "%.0f" : "%.1f", v);
        }
        ImGui::TableNextColumn();
        ImGui::Text("%.2f", c.scanlines.mean);
        ImGui::TableNextColumn();
        ImGui::Text("%.2f", c.scanlines.max);
        ImGui::TableNextColumn();
        const ImVec4 over = colourVec(palette::kBudgetLine);
        ImGui::TextColored(c.overBudget() ? over : ImGui::GetStyleColorVec4(ImGuiCol_Text), "%.1f%%", 100 * c.meanBudgetShare);
        ImGui::TableNextColumn();
        ImGui::TextColored(c.maxBudgetShare > 1 ? over : ImGui::GetStyleColorVec4(ImGuiCol_Text), "%.1f%%", 100 * c.maxBudgetShare);
        ImGui::TableNextColumn();
        const std::string label = "frame " + std::to_string(c.worst.frame) + " " + c.worst.entity + "##" + c.name;
        if (ImGui::SmallButton(label.c_str())) {
            session.selectWorst(index);
        }
    }
    ImGui::EndTable();
}

} // namespace tileprof::gui
