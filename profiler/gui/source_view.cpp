#include "profiler/gui/source_view.hpp"

#include "profiler/gui/imgui_colour.hpp"
#include "profiler/reports/markup/source_path.hpp"

#include <algorithm>
#include <filesystem>

namespace tileprof::gui {

void SourceView::draw(DebuggerSession& session)
{
    if (!session.isOpen()) {
        return;
    }
    const Profile& aggregate = session.aggregateProfile();
    std::map<std::string, std::uint64_t> fileCycles;
    for (const LineProfile& line : aggregate.lines) {
        if (!line.file.empty()) {
            fileCycles[line.file] += line.exclusive.cycles;
        }
    }
    if (fileCycles.empty()) {
        ImGui::TextDisabled("No calls with line information.");
        return;
    }
    if (!fileCycles.contains(file_)) {
        file_ = std::max_element(fileCycles.begin(), fileCycles.end(),
                                 [](const auto& a, const auto& b) { return a.second < b.second; })
                    ->first;
    }
    ImGui::SetNextItemWidth(220);
    if (ImGui::BeginCombo("##file", std::filesystem::path(file_).filename().string().c_str())) {
        for (const auto& [file, cycles] : fileCycles) {
            if (ImGui::Selectable(displayPath(file).c_str(), file == file_)) {
                file_ = file;
            }
        }
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    if (ImGui::RadioButton("selected call", !allCalls_)) {
        allCalls_ = false;
    }
    ImGui::SameLine();
    if (ImGui::RadioButton("all calls", allCalls_)) {
        allCalls_ = true;
    }
    ImGui::SameLine();
    ImGui::Checkbox("disassembly", &disassembly_);

    const Profile& profile = allCalls_ ? aggregate : session.selectedProfile();
    std::map<int, const LineProfile*> heat;
    std::uint64_t hottest = 1;
    for (const LineProfile& line : profile.lines) {
        if (line.file == file_) {
            heat[line.line] = &line;
            hottest = std::max(hottest, line.exclusive.cycles);
        }
    }
    std::string current;
    const std::vector<TraceRow>& rows = session.traceRows();
    if (session.instruction() >= 0 && static_cast<std::size_t>(session.instruction()) < rows.size()) {
        const std::uint32_t address = rows[static_cast<std::size_t>(session.instruction())].step->address;
        if (const std::optional<SourceLine> line = session.rom().debug.lineAt(address)) {
            current = line->file + ":" + std::to_string(line->line);
        }
    }

    // A new file or view opens at its hottest line, unless a step is on show.
    int hottestLine = 0;
    for (const auto& [number, line] : heat) {
        if (line->exclusive.cycles == hottest) {
            hottestLine = number;
            break;
        }
    }
    const std::string view = std::to_string(session.generation()) + file_ + (allCalls_ ? "all" : "call");
    const bool toHottest = current.empty() && hottestShown_ != view && hottestLine > 0;
    if (toHottest) {
        hottestShown_ = view;
    }

    const std::vector<std::string>& text = texts_.lines(file_, session.sourceFile(file_));
    if (text.empty()) {
        ImGui::TextColored(colourVec(palette::kReadBlocking), "%s cannot be read here", file_.c_str());
        return;
    }
    const auto& disassembly = session.disassembly();
    const FileCoverage* coverage = session.coverage(file_);
    constexpr ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("source", 5, flags)) {
        return;
    }
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("line");
    ImGui::TableSetupColumn("cycles");
    ImGui::TableSetupColumn("runs");
    ImGui::TableSetupColumn("taken/not");
    ImGui::TableSetupColumn("source", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < text.size(); ++i) {
        const int number = static_cast<int>(i + 1);
        const std::string key = file_ + ":" + std::to_string(number);
        const auto found = heat.find(number);
        ImGui::TableNextRow();
        if (found != heat.end()) {
            const float share = static_cast<float>(found->second->exclusive.cycles) / static_cast<float>(hottest);
            ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, IM_COL32(230, 90, 30, static_cast<int>(30 + 170 * share)));
        }
        if (toHottest && number == hottestLine) {
            ImGui::SetScrollHereY(0.3f);
        }
        if (key == current) {
            ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, colour(palette::kSelectedHitbox, 120));
            if (followed_ != current) {
                ImGui::SetScrollHereY(0.4f);
                followed_ = current;
            }
        }
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%d", number);
        // Over all calls: code that could have run and never did, and branches that went one way only.
        const LineCoverage* covered = nullptr;
        if (coverage != nullptr) {
            const auto c = coverage->lines.find(number);
            covered = c == coverage->lines.end() ? nullptr : &c->second;
        }
        ImGui::TableNextColumn();
        if (found != heat.end()) {
            ImGui::Text("%llu", static_cast<unsigned long long>(found->second->exclusive.cycles));
            ImGui::TableNextColumn();
            ImGui::Text("%llu", static_cast<unsigned long long>(found->second->executions));
        } else {
            ImGui::TableNextColumn();
            if (covered != nullptr && covered->executions == 0) {
                ImGui::TextColored(colourVec(palette::kReadBlocking), "#####");
                if (ImGui::IsItemHovered()) {
                    ImGui::SetTooltip("could have run, never ran in this scenario");
                }
            }
        }
        ImGui::TableNextColumn();
        if (covered != nullptr && !covered->branches.empty()) {
            // One branch as "taken/not"; a macro line's several as a count, each in the tooltip.
            std::string all;
            std::size_t oneWay = 0;
            for (const BranchCount& branch : covered->branches) {
                all += (all.empty() ? "" : "  ") + std::to_string(branch.taken) + "/" + std::to_string(branch.notTaken);
                oneWay += branch.taken == 0 || branch.notTaken == 0;
            }
            const std::string shown =
                covered->branches.size() == 1 ? all : std::to_string(covered->branches.size()) + " branches";
            ImGui::TextColored(oneWay > 0 ? colourVec(palette::kReadBlocking) : ImVec4(0.7f, 0.7f, 0.7f, 1.0f), "%s",
                               shown.c_str());
            if (ImGui::IsItemHovered()) {
                ImGui::SetTooltip("taken/not taken over all calls: %s", all.c_str());
            }
        }
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(text[i].c_str());
        if (disassembly_) {
            if (const auto executed = disassembly.find(key); executed != disassembly.end()) {
                for (const ExecutedInstruction& instruction : executed->second) {
                    ImGui::TableNextRow();
                    ImGui::TableSetColumnIndex(4);
                    ImGui::TextColored(ImVec4(0.55f, 0.75f, 1.0f, 1.0f), "    $%02X:%04X  %s", instruction.address >> 16,
                                       instruction.address & 0xFFFF, instruction.text.c_str());
                }
            }
        }
    }
    ImGui::EndTable();
}

} // namespace tileprof::gui
