#include "profiler/gui/trace_view.hpp"

#include "profiler/gui/imgui_colour.hpp"

#include <string>

namespace tileprof::gui {

void TraceView::draw(DebuggerSession& session)
{
    const std::vector<TraceRow>& rows = session.traceRows();
    if (rows.empty()) {
        ImGui::TextDisabled("No call selected.");
        return;
    }
    constexpr ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit |
                                      ImGuiTableFlags_BordersInnerV;
    if (!ImGui::BeginTable("trace", 13, flags)) {
        return;
    }
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* name : {"#", "address", "instruction", "line", "A", "X", "Y", "S", "D", "DB", "P", "cyc", "total"}) {
        ImGui::TableSetupColumn(name);
    }
    ImGui::TableHeadersRow();
    const int selected = session.instruction();
    if (selected != followed_ && selected >= 0) {
        // Scroll so the step on show is in view, before the clipper decides what to draw.
        ImGui::SetScrollY(std::max(0.0f, (static_cast<float>(selected) - 3) * ImGui::GetTextLineHeightWithSpacing()));
    }
    followed_ = selected;
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(rows.size()));
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const TraceRow& row = rows[static_cast<std::size_t>(i)];
            const emu::Registers& r = row.step->before;
            ImGui::TableNextRow();
            if (i == selected) {
                ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, colour(palette::kSelectedHitbox, 110));
            }
            ImGui::TableNextColumn();
            const std::string label = std::to_string(i + 1);
            if (ImGui::Selectable(label.c_str(), i == selected, ImGuiSelectableFlags_SpanAllColumns)) {
                session.setInstruction(i == selected ? -1 : i);
            }
            ImGui::TableNextColumn();
            ImGui::Text("$%02X:%04X", row.step->address >> 16, row.step->address & 0xFFFF);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row.instruction.c_str());
            if (!row.tiles.empty()) {
                ImGui::SameLine();
                const TileRead& t = *row.tiles.front();
                ImGui::TextColored(colourVec(palette::readColour(readOutcome(session.rom().design[t.type]))), "[tile %u,%u]", t.column, t.row);
            }
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(shortLineText(row).c_str());
            for (const unsigned v : {unsigned{r.a}, unsigned{r.x}, unsigned{r.y}, unsigned{r.s}, unsigned{r.d}}) {
                ImGui::TableNextColumn();
                ImGui::Text("%04X", v);
            }
            ImGui::TableNextColumn();
            ImGui::Text("%02X", r.dbr);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(flagsText(r).c_str());
            ImGui::TableNextColumn();
            ImGui::Text("%u", row.step->cycles);
            ImGui::TableNextColumn();
            ImGui::Text("%llu", static_cast<unsigned long long>(row.totalCycles));
        }
    }
    ImGui::EndTable();
}

} // namespace tileprof::gui
