#include "profiler/gui/call_panels.hpp"

#include "profiler/engine/stats/case_statistics.hpp"
#include "profiler/gui/imgui_colour.hpp"

#include <string>

namespace tileprof::gui {

void drawCallSummary(DebuggerSession& session)
{
    const CallRecord* call = session.selectedCall();
    if (call == nullptr) {
        ImGui::TextDisabled(session.isOpen() ? "Frame 0: before the first call. Step a frame or click the timeline."
                                             : "No scenario open.");
        return;
    }
    const ScenarioResult& result = session.result();
    ImGui::Text("frame %d, entity \"%s\"", call->frame, result.entities[static_cast<std::size_t>(call->entity)].c_str());
    ImGui::SameLine();
    ImGui::TextColored(colourVec(palette::caseColour(call->caseIndex)), "case %s", caseNameOf(result, *call).c_str());
    const double share = static_cast<double>(call->cycles) / result.budgetCycles;
    ImGui::Text("%u cycles  %u master clocks  %.3f scanlines  from scanline %u", call->cycles, call->masterClocks,
                call->scanlines(), call->startLine);
    ImGui::PushStyleColor(ImGuiCol_PlotHistogram, share > 1 ? colourVec(palette::kBudgetLine) : colourVec(palette::caseColour(call->caseIndex)));
    const std::string overlay = std::to_string(call->cycles) + " / " + std::to_string(result.budgetCycles) +
                                " cycles of the budget (" + std::to_string(static_cast<int>(100 * share + 0.5)) + "%)";
    ImGui::ProgressBar(static_cast<float>(std::min(share, 1.0)), ImVec2(-1, 0), overlay.c_str());
    ImGui::PopStyleColor();
    if (session.instruction() >= 0) {
        ImGui::Text("stepping: instruction %d, %u cycles into the call", session.instruction() + 1, session.cyclesShown());
    }

    ImGui::Separator();
    ImGui::Text("%zu tile reads, in the order the routine made them:", call->tilesRead.size());
    if (ImGui::BeginTable("reads", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit,
                          ImVec2(0, std::max(ImGui::GetContentRegionAvail().y - 4 * ImGui::GetTextLineHeightWithSpacing(), 60.0f)))) {
        ImGui::TableSetupColumn("#");
        ImGui::TableSetupColumn("tile");
        ImGui::TableSetupColumn("type");
        ImGui::TableSetupColumn("cycle");
        ImGui::TableHeadersRow();
        const std::uint32_t shown = session.cyclesShown();
        const Design& design = session.rom().design;
        for (std::size_t i = 0; i < call->tilesRead.size(); ++i) {
            const TileRead& read = call->tilesRead[i];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            const ImVec4 c = read.cycle < shown ? colourVec(palette::readColour(readOutcome(design[read.type])))
                                                : ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
            ImGui::TextColored(c, "%zu", i + 1);
            ImGui::TableNextColumn();
            ImGui::Text("(%u, %u)", read.column, read.row);
            ImGui::TableNextColumn();
            const TileKind& kind = design[read.type];
            ImGui::TextColored(c, "%s", (kind.legend != 0 ? std::string{kind.legend, ' '} + kind.name : kind.name).c_str());
            ImGui::TableNextColumn();
            ImGui::Text("%u", read.cycle);
        }
        ImGui::EndTable();
    }
    for (const Failure& f : result.failures) {
        if (f.frame == call->frame) {
            ImGui::TextColored(colourVec(palette::kReadBlocking), "%s", f.text().c_str());
        }
    }
}

void drawRegisters(DebuggerSession& session)
{
    const CallTrace* trace = session.trace();
    if (trace == nullptr || trace->steps.empty()) {
        ImGui::TextDisabled("No call selected.");
        return;
    }
    const int index = std::max(session.instruction(), 0);
    const TracedStep& step = trace->steps[static_cast<std::size_t>(index)];
    const emu::Registers& r = step.before;
    const TraceRow& row = session.traceRows()[static_cast<std::size_t>(index)];
    ImGui::Text("before step %d: $%02X:%04X  %s", index + 1, step.address >> 16, step.address & 0xFFFF, row.instruction.c_str());
    ImGui::Text("A  %04X   X  %04X   Y  %04X", r.a, r.x, r.y);
    ImGui::Text("S  %04X   D  %04X   DB %02X   PB %02X", r.s, r.d, r.dbr, r.pbr);
    ImGui::Text("P  %02X  %s", r.p, flagsText(r).c_str());
}

void drawEntity(DebuggerSession& session)
{
    const CallRecord* call = session.selectedCall();
    if (call == nullptr) {
        ImGui::TextDisabled("No call selected.");
        return;
    }
    const Manifest& m = session.rom().manifest;
    if (ImGui::BeginTable("entity", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("field");
        ImGui::TableSetupColumn("before the call");
        ImGui::TableSetupColumn("after");
        ImGui::TableHeadersRow();
        const auto row = [](const char* name, const std::string& before, const std::string& after) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(name);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(before.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(after.c_str());
        };
        const auto fixed = [](std::uint32_t v, double pixels) {
            char text[48];
            std::snprintf(text, sizeof text, "$%04X.%04X  %.4f", v >> 16, v & 0xFFFF, pixels);
            return std::string(text);
        };
        const auto velocity = [](std::int32_t v) {
            char text[48];
            std::snprintf(text, sizeof text, "$%08X  %+.4f", static_cast<std::uint32_t>(v), v / 65536.0);
            return std::string(text);
        };
        const auto state = [&](std::uint16_t s) {
            std::string text;
            const auto bit = [&](const StateFlag& flag, const char* name) {
                if (flag.reported() && flag.holds(s)) {
                    text += (text.empty() ? "" : " ") + std::string(name);
                }
            };
            bit(m.stateBits.down, "standing");
            bit(m.stateBits.up, "ceiling");
            bit(m.stateBits.left, "wall_left");
            bit(m.stateBits.right, "wall_right");
            char hex[8];
            std::snprintf(hex, sizeof hex, "$%02X ", s);
            return hex + (text.empty() ? std::string("airborne") : text);
        };
        const auto hitbox = [](const Hitbox& box) {
            return "l " + std::to_string(box.left) + " r " + std::to_string(box.right) + " t " + std::to_string(box.top) + " h " +
                   std::to_string(box.height);
        };
        const EntityState& b = call->before;
        const EntityState& a = call->after;
        row("x", fixed(b.x, mapPixels(b.x, m.originX)), fixed(a.x, mapPixels(a.x, m.originX)));
        row("y", fixed(b.y, mapPixels(b.y, m.originY)), fixed(a.y, mapPixels(a.y, m.originY)));
        row("x velocity", velocity(b.xVelocity), velocity(a.xVelocity));
        row("y velocity", velocity(b.yVelocity), velocity(a.yVelocity));
        row("state", state(b.state), state(a.state));
        row("hitbox", hitbox(b.hitbox), hitbox(a.hitbox));
        ImGui::EndTable();
    }
}

} // namespace tileprof::gui
