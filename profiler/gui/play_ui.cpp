#include "profiler/gui/play_ui.hpp"

#include "base/counted.hpp"
#include "base/printf_string.hpp"
#include "emu/cartridge/cpu_address.hpp"
#include "emu/scpu/snes_bus.hpp"
#include "emu/ppu/oam.hpp"
#include "emu/ppu/sprite_range.hpp"
#include "emu/timing/video_timing.hpp"
#include "profiler/gui/imgui_colour.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace tileprof::gui {

namespace {

constexpr Rgb kNmi{240, 100, 120};
constexpr Rgb kIrq{250, 220, 80};
constexpr Rgb kOther{110, 118, 135};
constexpr Rgb kDma{255, 255, 255};
constexpr Rgb kHdma{220, 110, 255};
// The raster canvas: a frame's lines and a line's dots, and the first dot the picture shows.
constexpr float kLines = 262;
constexpr float kDots = 341;
constexpr float kFirstDot = 22;

bool beginPanel(const char* name, const ImVec4& area, bool relayout, ImGuiWindowFlags flags = 0)
{
    const ImGuiCond cond = relayout ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
    ImGui::SetNextWindowPos(ImVec2(area.x, area.y), cond);
    ImGui::SetNextWindowSize(ImVec2(area.z, area.w), cond);
    return ImGui::Begin(name, nullptr, flags | ImGuiWindowFlags_NoCollapse);
}

std::string entityText(const EntityState& e, const PlayResult& report)
{
    return printfString("(%.2f, %.2f) v (%.3f, %.3f) state $%02X box %d/%d/%d/%d", mapPixels(e.x, report.originX),
                        mapPixels(e.y, report.originY), e.xVelocity / 65536.0, e.yVelocity / 65536.0, e.state, e.hitbox.left,
                        e.hitbox.right, e.hitbox.top, e.hitbox.height);
}

Rgb routineColour(std::size_t routine)
{
    return palette::caseColour(static_cast<int>(routine));
}

} // namespace

bool PlayUi::open(const std::filesystem::path& playFile)
{
    shapes_.clear();
    memoryOf_.reset();
    followed_ = ~std::size_t{0};
    if (!session_.open(playFile)) {
        return false;
    }
    if (!session_.callsOfFrame().empty()) {
        session_.selectCall(session_.callsOfFrame().front());
    }
    return true;
}

void PlayUi::apply(const DebuggerInput& input)
{
    if (!session_.isOpen()) {
        return;
    }
    if (input.stepFrame) {
        session_.setFrame(session_.frame() + 1);
    }
    if (input.stepBack && session_.frame() > session_.firstFrame()) {
        session_.setFrame(session_.frame() - 1);
    }
    if (input.stepInstruction) {
        session_.setInstruction(session_.instruction() + 1);
    }
    if (input.stepInstructionBack && session_.instruction() > 0) {
        session_.setInstruction(session_.instruction() - 1);
    }
}

void PlayUi::draw(const DebuggerInput& input, double)
{
    apply(input);
    const ImGuiIO& io = ImGui::GetIO();
    const bool relayout = io.DisplaySize.x != laidOutWidth_ || io.DisplaySize.y != laidOutHeight_;
    laidOutWidth_ = io.DisplaySize.x;
    laidOutHeight_ = io.DisplaySize.y;
    if (io.DisplaySize.x < 1 || io.DisplaySize.y < 1) {
        return;
    }
    geometry_ = UiGeometry{};
    const float width = io.DisplaySize.x;
    const float toolbar = 62;
    const float timeline = std::floor((io.DisplaySize.y - toolbar) * 0.24f);
    const float top = toolbar + timeline;
    const float body = io.DisplaySize.y - top;
    const float left = std::floor(width * 0.27f);
    const float middle = std::floor(width * 0.37f);
    const float right = width - left - middle;
    const auto at = [](float x, float y, float w, float h) { return ImVec4(x, y, w, h); };
    const auto panel = [&](const char* name, const ImVec4& area, ImGuiWindowFlags flags, auto&& drawIt) {
        if (beginPanel(name, area, relayout, flags)) {
            drawIt();
        }
        ImGui::End();
    };
    panel("Play", at(0, 0, width, toolbar), ImGuiWindowFlags_NoTitleBar, [&] { drawToolbar(); });
    if (!session_.isOpen()) {
        return;
    }
    panel("Frames: master clocks busy, stacked by routine, NMI, IRQ and the rest", at(0, toolbar, width, timeline),
          ImGuiWindowFlags_NoScrollbar, [&] { drawTimeline(); });
    const float callsHeight = std::floor(body * 0.5f);
    panel("Calls in the frame", at(0, top, left, callsHeight), 0, [&] { drawCalls(); });
    panel("Selected call", at(0, top + callsHeight, left, body - callsHeight), 0, [&] { drawCall(); });
    const float traceHeight = std::floor(body * 0.56f);
    panel("Trace", at(left, top, middle, traceHeight), 0, [&] { drawTrace(); });
    panel("Source", at(left, top + traceHeight, middle, body - traceHeight), 0, [&] { drawSource(); });
    const float pictureHeight = std::floor(body * 0.42f);
    const float mapHeight = std::floor(body * 0.3f);
    const float registersHeight = std::floor(body * 0.12f);
    panel("Picture: the frame, each call's raster time over it, and the PPU", at(left + middle, top, right, pictureHeight),
          ImGuiWindowFlags_NoScrollbar, [&] { drawPpu(); });
    float y = top + pictureHeight;
    panel("Map in RAM", at(left + middle, y, right, mapHeight), ImGuiWindowFlags_NoScrollbar, [&] { drawMap(); });
    y += mapHeight;
    panel("Registers", at(left + middle, y, right, registersHeight), 0, [&] { drawRegisters(); });
    y += registersHeight;
    panel("Work RAM", at(left + middle, y, right, top + body - y), 0, [&] { drawMemory(); });
}

void PlayUi::drawToolbar()
{
    if (!session_.isOpen()) {
        ImGui::TextUnformatted("tileprof-gui --play FILE.play.toml: open a play file (docs/play.md).");
        if (!session_.error().empty()) {
            ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", session_.error().c_str());
        }
        return;
    }
    const PlayResult& report = session_.report();
    ImGui::Text("play %s: %s, input %s", report.rom.c_str(), stoppedText(report).c_str(), report.input.c_str());
    if (session_.target() != nullptr) {
        ImGui::TextDisabled("The map is the one the game keeps in RAM, read through the manifest.");
    }
    if (ImGui::ArrowButton("##previous", ImGuiDir_Left) && session_.frame() > session_.firstFrame()) {
        session_.setFrame(session_.frame() - 1);
    }
    ImGui::SameLine();
    if (ImGui::ArrowButton("##next", ImGuiDir_Right)) {
        session_.setFrame(session_.frame() + 1);
    }
    ImGui::SameLine();
    if (session_.frameUse() == nullptr) {
        return;
    }
    const FrameUse& use = *session_.frameUse();
    const std::uint16_t pad = report.pads[session_.frame()].pad1;
    ImGui::Text("frame %llu: %s master clocks busy, %s waiting, NMI %s, pad 1 $%04X%s",
                static_cast<unsigned long long>(session_.frame()), grouped(use.busy()).c_str(), grouped(use.waiting).c_str(),
                grouped(use.nmi).c_str(), pad, use.padsRead ? "" : ", a lag frame");
}

void PlayUi::drawTimeline()
{
    const PlayResult& report = session_.report();
    const std::vector<FrameUse>& frames = session_.run().frames;
    std::uint64_t most = (report.frameRule ? report.frameRule->budget : 0);
    for (std::size_t i = 1; i < frames.size(); ++i) {
        most = std::max(most, frames[i].busy());
    }
    const double top = std::max<double>(1.1 * static_cast<double>(most), 1.0);
    const ImVec2 canvas = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const ImVec2 size(std::max(avail.x, 64.0f), std::max(avail.y, 48.0f));
    ImGui::InvisibleButton("frames", size);
    const float lineHeight = ImGui::GetTextLineHeight();
    const float axis = ImGui::CalcTextSize("000,000").x + 6;
    const float left = std::floor(canvas.x + axis);
    const float right = std::floor(canvas.x + size.x - 4);
    const float plotTop = std::floor(canvas.y + lineHeight + 4);
    const float bottom = std::floor(canvas.y + size.y - lineHeight - 4);
    const auto yOf = [&](double clocks) { return static_cast<float>(bottom - (bottom - plotTop) * clocks / top); };
    const std::size_t count = std::max<std::size_t>(frames.size(), 1);
    const auto frameAt = [&](float x) {
        return static_cast<std::size_t>(std::clamp((x - left) / (right - left), 0.0f, 0.9999f) * static_cast<float>(count));
    };

    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(ImVec2(left, plotTop), ImVec2(right, bottom), colour(palette::kBackground));
    // A pixel column shows the busiest of the frames it covers, stacked: routines, NMI, IRQ, the rest.
    for (float x = left; x < right; x += 1) {
        const std::size_t first = frameAt(x);
        const std::size_t last = std::max(first + 1, frameAt(x + 1));
        std::size_t shown = first;
        for (std::size_t f = first; f < last && f < frames.size(); ++f) {
            shown = frames[f].busy() > frames[shown].busy() ? f : shown;
        }
        if (shown >= frames.size()) {
            continue;
        }
        const FrameUse& use = frames[shown];
        double base = 0;
        const auto stack = [&](std::uint64_t clocks, Rgb rgb) {
            draw->AddRectFilled(ImVec2(x, yOf(base + static_cast<double>(clocks))), ImVec2(x + 1, yOf(base)), colour(rgb));
            base += static_cast<double>(clocks);
        };
        for (std::size_t r = 0; r < use.routines.size(); ++r) {
            stack(use.routines[r], routineColour(r));
        }
        stack(use.nmi, kNmi);
        stack(use.irq, kIrq);
        stack(use.other, kOther);
    }
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    draw->AddText(ImVec2(canvas.x, bottom - lineHeight / 2), text, "0");
    draw->AddText(ImVec2(canvas.x, plotTop - lineHeight / 2), text, grouped(static_cast<std::uint64_t>(top)).c_str());
    const std::string first = "frame " + std::to_string(session_.firstFrame());
    draw->AddText(ImVec2(left, bottom + 2), text, first.c_str());
    const std::string last = "frame " + std::to_string(session_.firstFrame() + count - 1);
    draw->AddText(ImVec2(right - ImGui::CalcTextSize(last.c_str()).x, bottom + 2), text, last.c_str());
    geometry_.timeline = {true, left, plotTop, right, bottom, 0};
    if (report.frameRule) {
        const float y = std::floor(yOf(static_cast<double>(report.frameRule->budget)));
        geometry_.timeline.budgetY = y;
        draw->AddRectFilled(ImVec2(left, y - 1), ImVec2(right, y + 1), colour(palette::kBudgetLine));
        const std::string budget = "frame budget " + grouped(report.frameRule->budget);
        draw->AddText(ImVec2(right - ImGui::CalcTextSize(budget.c_str()).x - 2, y - lineHeight - 1), colour(palette::kBudgetLine),
                      budget.c_str());
    }
    const float frameX =
        left + (right - left) * (static_cast<float>(session_.frame() - session_.firstFrame()) + 0.5f) / static_cast<float>(count);
    draw->AddLine(ImVec2(frameX, plotTop), ImVec2(frameX, bottom), colour(palette::kPlayhead, 200), 1.0f);
    // The legend, above the plot.
    float x = left;
    const auto key = [&](const std::string& name, Rgb rgb) {
        draw->AddRectFilled(ImVec2(x, canvas.y + 3), ImVec2(x + 10, canvas.y + 3 + 10), colour(rgb));
        draw->AddText(ImVec2(x + 14, canvas.y), text, name.c_str());
        x += 14 + ImGui::CalcTextSize(name.c_str()).x + 16;
    };
    for (std::size_t r = 0; r < report.routines.size(); ++r) {
        key(report.routines[r], routineColour(r));
    }
    key("NMI", kNmi);
    key("IRQ", kIrq);
    key("other", kOther);
    if (ImGui::IsItemClicked()) {
        session_.setFrame(session_.firstFrame() + frameAt(ImGui::GetIO().MousePos.x));
        if (!session_.callsOfFrame().empty()) {
            session_.selectCall(session_.callsOfFrame().front());
        }
    }
}

void PlayUi::drawCalls()
{
    const PlayResult& report = session_.report();
    const std::vector<std::size_t>& calls = session_.callsOfFrame();
    if (calls.empty()) {
        ImGui::TextDisabled("No profiled routine began a call in frame %llu.", static_cast<unsigned long long>(session_.frame()));
        return;
    }
    if (!ImGui::BeginTable("calls", 7, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY)) {
        return;
    }
    for (const char* name : {"line", "case", "entity", "cycles", "clocks", "int."}) {
        ImGui::TableSetupColumn(name, ImGuiTableColumnFlags_WidthFixed);
    }
    ImGui::TableSetupColumn("routine", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableHeadersRow();
    for (const std::size_t index : calls) {
        const GameCall& call = session_.run().calls[index];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        const std::string label = std::to_string(call.line) + "##" + std::to_string(index);
        if (ImGui::Selectable(label.c_str(), session_.selectedCall() == index, ImGuiSelectableFlags_SpanAllColumns)) {
            session_.selectCall(index);
        }
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(caseName(report, call).c_str());
        ImGui::TableNextColumn();
        if (const CallState* state = session_.run().stateOf(index); state != nullptr && state->entity >= 0) {
            ImGui::Text("%d", state->entity);
        }
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(grouped(call.cycles).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(grouped(call.clocks.total()).c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%u", call.interrupts);
        ImGui::TableNextColumn();
        ImGui::TextColored(colourVec(routineColour(call.routine)), "%s", report.routines[call.routine].c_str());
    }
    ImGui::EndTable();
}

void PlayUi::drawCall()
{
    const std::optional<std::size_t> selected = session_.selectedCall();
    if (!selected) {
        ImGui::TextDisabled("Select a call.");
        return;
    }
    const PlayResult& report = session_.report();
    const GameCall& call = session_.run().calls[*selected];
    ImGui::Text("%s", report.routines[call.routine].c_str());
    ImGui::Text("frame %llu, line %u, from %s, depth %u%s", static_cast<unsigned long long>(call.frame), call.line,
                cpuAddressText(call.callSite).c_str(), call.depth, call.finished ? "" : ", unfinished");
    const std::string kase = caseName(report, call);
    if (!kase.empty()) {
        ImGui::Text("case %s", kase.c_str());
    }
    const ClockSplit& c = call.clocks;
    ImGui::Text("%s cycles; %s master clocks:", grouped(call.cycles).c_str(), grouped(c.total()).c_str());
    ImGui::Text("  own %s, DMA %s, HDMA %s, refresh %s", grouped(c.own).c_str(), grouped(c.dma).c_str(), grouped(c.hdma).c_str(),
                grouped(c.refresh).c_str());
    ImGui::Text("  interrupts %s (%u taken), waiting %s", grouped(c.interrupts).c_str(), call.interrupts, grouped(c.waiting).c_str());
    if (const CallState* state = session_.selectedState()) {
        ImGui::Separator();
        if (state->entity < 0) {
            ImGui::TextDisabled("Its registers named no entity slot.");
        } else {
            ImGui::Text("entity %d", state->entity);
            ImGui::TextWrapped("before %s", entityText(state->before, report).c_str());
            ImGui::TextWrapped("after  %s", entityText(state->after, report).c_str());
        }
        ImGui::Text("%s read, %s no cell explains", counted(state->tilesRead.size(), "tile").c_str(),
                    counted(state->strayMapReads.size(), "byte").c_str());
        if (state->broken) {
            ImGui::TextColored(colourVec(palette::kViolation), "invariant broken: %s", state->broken->c_str());
        }
    }
}

void PlayUi::drawTrace()
{
    const std::vector<TraceRow>& rows = session_.traceRows();
    if (rows.empty()) {
        ImGui::TextDisabled(session_.selectedCall() ? "The play did not get as far as this call's return." : "Select a call.");
        return;
    }
    if (!ImGui::BeginTable("trace", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit)) {
        return;
    }
    for (const char* name : {"cycle", "address", "instruction", "line", "tiles"}) {
        ImGui::TableSetupColumn(name);
    }
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableHeadersRow();
    const PlayResult& report = session_.report();
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(rows.size()));
    const bool follow = followed_ != session_.instruction();
    if (follow) {
        clipper.ForceDisplayRangeByIndices(static_cast<int>(session_.instruction()), static_cast<int>(session_.instruction()) + 1);
    }
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const TraceRow& row = rows[static_cast<std::size_t>(i)];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            const std::string label = std::to_string(row.startCycle) + "##" + std::to_string(i);
            const bool current = static_cast<std::size_t>(i) == session_.instruction();
            if (ImGui::Selectable(label.c_str(), current, ImGuiSelectableFlags_SpanAllColumns)) {
                session_.setInstruction(static_cast<std::size_t>(i));
            }
            if (current && follow) {
                ImGui::SetScrollHereY(0.4f);
                followed_ = session_.instruction();
            }
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(cpuAddressText(row.step->address).c_str());
            ImGui::TableNextColumn();
            if (emu::isInterrupt(row.step->kind)) {
                ImGui::TextColored(colourVec(kNmi), "%s", row.instruction.c_str());
            } else {
                ImGui::TextUnformatted(row.instruction.c_str());
            }
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(shortLineText(row).c_str());
            ImGui::TableNextColumn();
            std::string tiles;
            for (const TileRead* tile : row.tiles) {
                tiles += printfString("(%u,%u) %s ", tile->column, tile->row, report.tileTypes[tile->type].c_str());
            }
            ImGui::TextUnformatted(tiles.c_str());
        }
    }
    ImGui::EndTable();
}

void PlayUi::drawSource()
{
    const std::vector<TraceRow>& rows = session_.traceRows();
    if (rows.empty()) {
        return;
    }
    const TraceRow& row = rows[session_.instruction()];
    if (row.file.empty()) {
        ImGui::TextDisabled("%s has no line information for %s.", session_.symbols().path().filename().string().c_str(),
                            cpuAddressText(row.step->address).c_str());
        return;
    }
    const std::vector<std::string>& lines = texts_.lines(row.file, session_.sourceFile(row.file));
    ImGui::Text("%s  %s", shortLineText(row).c_str(), row.function.c_str());
    if (lines.empty()) {
        ImGui::TextDisabled("The source file %s is not found.", row.file.c_str());
        return;
    }
    if (!ImGui::BeginChild("source", ImVec2(0, 0))) {
        ImGui::EndChild();
        return;
    }
    const std::string where = row.file + ":" + std::to_string(row.line);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const bool current = static_cast<int>(i + 1) == row.line;
        if (current) {
            ImGui::TextColored(colourVec(palette::kSelectedHitbox), "%5zu  %s", i + 1, lines[i].c_str());
            if (sourceFollowed_ != where) {
                ImGui::SetScrollHereY(0.4f);
                sourceFollowed_ = where;
            }
        } else {
            ImGui::TextDisabled("%5zu", i + 1);
            ImGui::SameLine();
            ImGui::TextUnformatted(lines[i].c_str());
        }
    }
    ImGui::EndChild();
}

void PlayUi::drawRegisters()
{
    const std::optional<emu::Registers> registers = session_.registers();
    if (!registers) {
        ImGui::TextDisabled("Select a call.");
        return;
    }
    const emu::Registers& r = *registers;
    ImGui::Text("as step %zu of %zu began", session_.instruction() + 1, session_.traceRows().size());
    ImGui::Text("A %04X  X %04X  Y %04X  S %04X  D %04X", r.a, r.x, r.y, r.s, r.d);
    ImGui::Text("DB %02X  PB:PC %02X:%04X  P %s", r.dbr, r.pbr, r.pc, flagsText(r).c_str());
}

void PlayUi::drawMemory()
{
    const std::optional<ReplayedCall>& replayed = session_.replayed();
    if (!replayed) {
        ImGui::TextDisabled("Select a call.");
        return;
    }
    if (memoryOf_ != session_.selectedCall()) {
        // Placed at the call's direct page: an entity's fields, for a routine called with D on them.
        memoryOf_ = session_.selectedCall();
        memoryStart_ = session_.registers() ? session_.registers()->d & 0xFFF0 : 0;
    }
    int start = static_cast<int>(memoryStart_);
    ImGui::SetNextItemWidth(120);
    if (ImGui::InputInt("first byte ($7E:0000 + n)", &start, 16, 256, ImGuiInputTextFlags_CharsHexadecimal)) {
        memoryStart_ = static_cast<std::uint32_t>(std::clamp(start, 0, static_cast<int>(emu::SnesBus::kWramBytes) - 16)) & ~15u;
    }
    ImGui::TextDisabled("as the step on show began; bytes the call has written by then in yellow");
    for (std::uint32_t rowStart = memoryStart_; rowStart < memoryStart_ + 16 * 24 && rowStart < emu::SnesBus::kWramBytes; rowStart += 16) {
        ImGui::Text("%02X:%04X", 0x7E + (rowStart >> 16), rowStart & 0xFFFF);
        for (std::uint32_t i = 0; i < 16; ++i) {
            ImGui::SameLine(0, i % 8 == 0 ? 10.0f : 6.0f);
            const std::uint8_t now = session_.wram(rowStart + i);
            if (now != replayed->wramBefore[rowStart + i]) {
                ImGui::TextColored(colourVec(palette::kSelectedHitbox), "%02X", now);
            } else {
                ImGui::Text("%02X", now);
            }
        }
    }
}

void PlayUi::drawMap()
{
    const std::optional<ReplayedCall>& replayed = session_.replayed();
    if (!replayed || !replayed->map) {
        ImGui::TextDisabled(replayed ? "No map: the play has no manifest, or the game had not set its map up."
                                     : "Select a call of the manifest's routine.");
        return;
    }
    const TileMap& map = *replayed->map;
    const ProfiledRom& rom = *session_.target();  // a map is read only through a manifest
    const int ts = rom.design.tileSize;
    if (shapes_.empty()) {
        for (const TileKind& kind : rom.design.tiles) {
            shapes_.push_back(tileShape(kind, ts));
        }
    }
    const ImVec2 canvas = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float scale = std::max(0.25f, std::min(avail.x / static_cast<float>(map.width * ts), avail.y / static_cast<float>(map.height * ts)));
    ImDrawList* draw = ImGui::GetWindowDrawList();
    geometry_.map = {true, canvas.x, canvas.y, scale, 2.0f};
    const auto point = [&](double x, double y) {
        return ImVec2(canvas.x + static_cast<float>(x) * scale, canvas.y + static_cast<float>(y) * scale);
    };
    draw->PushClipRect(canvas, ImVec2(canvas.x + avail.x, canvas.y + avail.y), true);
    for (int row = 0; row < map.height; ++row) {
        for (int column = 0; column < map.width; ++column) {
            const TileShape& shape = shapes_[map.at(column, row)];
            const double x = column * ts;
            const double y = row * ts;
            draw->AddRectFilled(point(x, y), point(x + ts, y + ts), colour(palette::kEmptyTile));
            const Rgb fill = shape.kind == TileShape::Kind::Solid      ? palette::kSolid
                                      : shape.kind == TileShape::Kind::Platform ? palette::kPlatform
                                                                                : palette::kSlope;
            for (int px = 0; px < ts && shape.kind != TileShape::Kind::Empty; ++px) {
                for (int py = 0; py < ts; ++py) {
                    if ((shape.columns[static_cast<std::size_t>(px)] >> py) & 1) {
                        int end = py;
                        while (end + 1 < ts && ((shape.columns[static_cast<std::size_t>(px)] >> (end + 1)) & 1)) {
                            ++end;
                        }
                        draw->AddRectFilled(point(x + px, y + py), point(x + px + 1, y + end + 1), colour(fill));
                        py = end;
                    }
                }
            }
        }
    }
    drawCallOverlay(draw, point, scale);
    draw->PopClipRect();
    ImGui::Dummy(avail);
}

// The tiles the selected call read, numbered in order in their outcome's colour, and the hitboxes
// of the entities the play's calls moved as the call began (the selected one's thicker), at
// `point`(map pixel x, y).
void PlayUi::drawCallOverlay(ImDrawList* draw, const std::function<ImVec2(double, double)>& point, float scale)
{
    const std::optional<ReplayedCall>& replayed = session_.replayed();
    const ProfiledRom* rom = session_.target();
    if (!replayed || rom == nullptr) {
        return;
    }
    const PlayResult& report = session_.report();
    const int ts = rom->design.tileSize;
    const CallState* state = session_.selectedState();
    if (state != nullptr) {
        int order = 1;
        for (const TileRead& tile : state->tilesRead) {
            const double x = tile.column * ts;
            const double y = tile.row * ts;
            const ImU32 read = colour(palette::readColour(readOutcome(rom->design[tile.type])));
            draw->AddRect(point(x, y), point(x + ts, y + ts), read, 0, 0, 2.0f);
            draw->AddText(point(x + 2, y + 1), read, std::to_string(order++).c_str());
        }
    }
    // The slots the play's calls moved: the others may hold anything.
    const std::vector<int> moved = entitiesRun(session_.run());
    for (std::size_t e = 0; e < replayed->entities.size(); ++e) {
        if (std::ranges::find(moved, static_cast<int>(e)) == moved.end()) {
            continue;
        }
        const EntityState& entity = replayed->entities[e];
        const bool selected = state != nullptr && state->entity == static_cast<int>(e);
        const double x = mapPixels(entity.x, report.originX);
        const double y = mapPixels(entity.y, report.originY);
        const Hitbox& box = entity.hitbox;
        draw->AddRect(point(std::floor(x) - box.left, std::floor(y) - box.top),
                      point(std::floor(x) + box.right, std::floor(y) - box.top + box.height),
                      colour(selected ? palette::kSelectedHitbox : palette::kHitbox), 0, 0, selected ? 2.0f : 1.0f);
        draw->AddText(point(std::floor(x) - box.left, std::floor(y) - box.top - 12 / scale), colour(palette::kHitbox),
                      std::to_string(e).c_str());
    }
}

// The picture and the viewers of the PPU as the frame's picture was finished, a tab each.
void PlayUi::drawPpu()
{
    if (!ImGui::BeginTabBar("ppu")) {
        return;
    }
    const auto flags = [&](const char* tab) {
        return ppuTabToShow_ == tab ? ImGuiTabItemFlags_SetSelected : ImGuiTabItemFlags_None;
    };
    if (ImGui::BeginTabItem(kPpuTabs[0], nullptr, flags(kPpuTabs[0]))) {
        drawPicture();
        ImGui::EndTabItem();
    }
    const ReplayedFrame* drawn = session_.drawnFrame();
    void (PlayUi::*const viewers[])(const ReplayedFrame&) = {&PlayUi::drawLineRegisters, &PlayUi::drawVram,
                                                            &PlayUi::drawTilemaps, &PlayUi::drawCgram, &PlayUi::drawOam};
    for (std::size_t viewer = 0; viewer < std::size(viewers); ++viewer) {
        const char* tab = kPpuTabs[viewer + 1];
        if (ImGui::BeginTabItem(tab, nullptr, flags(tab))) {
            if (drawn != nullptr) {
                (this->*viewers[viewer])(*drawn);
            }
            ImGui::EndTabItem();
        }
    }
    ImGui::EndTabBar();
    ppuTabToShow_.clear();
}

ImTextureID PlayUi::viewTexture(int slot, std::uint64_t key, const std::function<ViewImage()>& make, ImVec2& size)
{
    View& view = views_[static_cast<std::size_t>(slot)];
    if (textures_ != nullptr && view.key != key) {
        const ViewImage image = make();
        view.texture = image.pixels.empty() ? nullptr : textures_->show(slot + 1, image.pixels, image.width, image.height);
        view.size = ImVec2(static_cast<float>(image.width), static_cast<float>(image.height));
        view.key = key;
    }
    size = view.size;
    return view.texture;
}

// The line the viewers read the registers of, chosen with a slider.
void PlayUi::drawLineRegisters(const ReplayedFrame& drawn)
{
    if (drawn.lineRegisters.empty()) {
        return;
    }
    ImGui::SetNextItemWidth(200);
    ImGui::SliderInt("line", &registersLine_, 1, static_cast<int>(drawn.lineRegisters.size()));
    registersLine_ = std::clamp(registersLine_, 1, static_cast<int>(drawn.lineRegisters.size()));
    const emu::PpuRegisters& r = drawn.lineRegisters[static_cast<std::size_t>(registersLine_ - 1)];
    ImGui::TextDisabled("as line %d was drawn; the tilemaps and OAM viewers use them", registersLine_);
    const std::uint8_t inidisp = r.written(0x00);
    const std::uint8_t bgmode = r.written(0x05);
    ImGui::Text("INIDISP $%02X: %s, brightness %u   BGMODE $%02X: mode %u%s   SETINI $%02X", inidisp,
                (inidisp & 0x80) != 0 ? "force blank" : "display on", inidisp & 15u, bgmode, bgmode & 7u,
                (bgmode & 8) != 0 ? ", BG3 in front" : "", r.written(0x33));
    for (unsigned bg = 0; bg < 4; ++bg) {
        const std::uint8_t sc = r.written(static_cast<std::uint8_t>(0x07 + bg));
        ImGui::Text("BG%u  map $%04X %ux%u  characters $%04X  %s tiles  scroll %u, %u", bg + 1, (sc & 0xFCu) << 8,
                    (sc & 1) != 0 ? 64u : 32u, (sc & 2) != 0 ? 64u : 32u, r.bgCharacterBase(bg) / 2,
                    r.bgLargeTiles(bg) ? "16x16" : "8x8", r.bgHofs(bg) & 0x3FFu, r.bgVofs(bg) & 0x3FFu);
    }
    ImGui::Text("TM $%02X  TS $%02X  TMW $%02X  TSW $%02X  CGWSEL $%02X  CGADSUB $%02X  fixed colour $%04X", r.written(0x2C),
                r.written(0x2D), r.written(0x2E), r.written(0x2F), r.written(0x30), r.written(0x31), r.fixedColor());
    const emu::Mode7Registers& m7 = r.mode7();
    ImGui::Text("M7A $%04X  M7B $%04X  M7C $%04X  M7D $%04X  M7X $%04X  M7Y $%04X  M7HOFS $%04X  M7VOFS $%04X", m7.a(), m7.b(),
                m7.c(), m7.d(), m7.x(), m7.y(), m7.hofs(), m7.vofs());
    ImGui::TextDisabled("every byte last written, $2100-$2133:");
    for (unsigned reg = 0; reg < emu::PpuRegisters::kCount; reg += 16) {
        std::string row = printfString("$21%02X", reg);
        for (unsigned i = reg; i < std::min<unsigned>(reg + 16, emu::PpuRegisters::kCount); ++i) {
            row += printfString(" %02X", r.written(static_cast<std::uint8_t>(i)));
        }
        ImGui::TextUnformatted(row.c_str());
    }
}

void PlayUi::drawVram(const ReplayedFrame& drawn)
{
    ImGui::SetNextItemWidth(120);
    ImGui::Combo("bits a pixel", &tileDepth_, "2\0" "4\0" "8\0");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(120);
    ImGui::SliderInt("palette", &tilePalette_, 0, tileDepth_ == 0 ? 63 : 15);
    const unsigned bits = 2u << tileDepth_;
    ImVec2 size;
    const ImTextureID texture = viewTexture(
        0, session_.frame() << 16 | std::uint64_t{bits} << 8 | static_cast<std::uint64_t>(tilePalette_),
        [&] { return vramTiles(drawn.vram, drawn.cgram, bits, static_cast<unsigned>(tilePalette_)); }, size);
    ImGui::TextDisabled("VRAM as the picture was finished: 16 tiles a row, from byte 0");
    if (texture != nullptr && ImGui::BeginChild("tiles")) {
        ImGui::Image(texture, ImVec2(size.x * 2, size.y * 2));
    }
    if (texture != nullptr) {
        ImGui::EndChild();
    }
}

void PlayUi::drawTilemaps(const ReplayedFrame& drawn)
{
    for (int bg = 0; bg < 4; ++bg) {
        if (bg > 0) {
            ImGui::SameLine();
        }
        ImGui::RadioButton(printfString("BG%d", bg + 1).c_str(), &mapLayer_, bg);
    }
    const std::size_t line = std::min<std::size_t>(static_cast<std::size_t>(registersLine_), drawn.lineRegisters.size());
    if (line == 0) {
        return;
    }
    const emu::PpuRegisters& registers = drawn.lineRegisters[line - 1];
    ImVec2 size;
    const ImTextureID texture = viewTexture(
        1, session_.frame() << 16 | line << 4 | static_cast<std::uint64_t>(mapLayer_),
        [&] { return backgroundMap(drawn.vram, drawn.cgram, registers, static_cast<unsigned>(mapLayer_)); }, size);
    if (texture == nullptr) {
        ImGui::TextDisabled("The mode at line %zu has no BG%d.", line, mapLayer_ + 1);
        return;
    }
    ImGui::TextDisabled("the whole map as line %zu's registers set it up (Registers: choose the line)", line);
    const float fit = std::min(ImGui::GetContentRegionAvail().x / size.x, ImGui::GetContentRegionAvail().y / size.y);
    ImGui::Image(texture, ImVec2(size.x * std::max(fit, 0.1f), size.y * std::max(fit, 0.1f)));
}

void PlayUi::drawCgram(const ReplayedFrame& drawn)
{
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float cell = std::floor(std::min(ImGui::GetContentRegionAvail().x, ImGui::GetContentRegionAvail().y) / 16);
    ImGui::InvisibleButton("cgram", ImVec2(cell * 16, cell * 16));
    ImDrawList* draw = ImGui::GetWindowDrawList();
    for (unsigned index = 0; index < 256; ++index) {
        const std::uint32_t xrgb = cgramColour(drawn.cgram, index);
        const ImVec2 from(origin.x + static_cast<float>(index % 16) * cell, origin.y + static_cast<float>(index / 16) * cell);
        draw->AddRectFilled(from, ImVec2(from.x + cell - 1, from.y + cell - 1),
                            IM_COL32(xrgb >> 16 & 0xFF, xrgb >> 8 & 0xFF, xrgb & 0xFF, 255));
    }
    if (ImGui::IsItemHovered()) {
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        const auto column = static_cast<unsigned>(std::clamp((mouse.x - origin.x) / cell, 0.0f, 15.0f));
        const auto row = static_cast<unsigned>(std::clamp((mouse.y - origin.y) / cell, 0.0f, 15.0f));
        const unsigned index = row * 16 + column;
        ImGui::SetTooltip("colour %u: $%04X", index, drawn.cgram.colour(index));
    }
}

void PlayUi::drawOam(const ReplayedFrame& drawn)
{
    ImGui::Checkbox("boxes on the picture", &spriteBoxes_);
    const std::size_t line = std::min<std::size_t>(static_cast<std::size_t>(registersLine_), drawn.lineRegisters.size());
    const emu::PpuRegisters* registers = line > 0 ? &drawn.lineRegisters[line - 1] : nullptr;
    if (registers == nullptr) {
        return;
    }
    const emu::SpriteSizes sizes = emu::spriteSizesOf(*registers);
    const std::span<const std::uint8_t, emu::Oam::kBytes> oam = drawn.oam.bytes();
    if (ImGui::BeginTable("oam", 8, ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        for (const char* heading : {"#", "x", "y", "size", "tile", "palette", "priority", "flips"}) {
            ImGui::TableSetupColumn(heading);
        }
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableHeadersRow();
        for (unsigned index = 0; index < 128; ++index) {
            const emu::SpriteAttributes sprite = emu::spriteAttributes(oam, sizes, index);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::Text("%u", index);
            ImGui::TableNextColumn();
            ImGui::Text("%d", sprite.x >= 256 ? static_cast<int>(sprite.x) - 512 : static_cast<int>(sprite.x));
            ImGui::TableNextColumn();
            ImGui::Text("%u", sprite.y);
            ImGui::TableNextColumn();
            ImGui::Text("%ux%u", sprite.width, sprite.height);
            ImGui::TableNextColumn();
            ImGui::Text("$%03X", sprite.tile | (sprite.secondTable ? 0x100u : 0u));
            ImGui::TableNextColumn();
            ImGui::Text("%u", sprite.palette);
            ImGui::TableNextColumn();
            ImGui::Text("%u", sprite.priority);
            ImGui::TableNextColumn();
            ImGui::Text("%s%s", sprite.hflip ? "H" : "", sprite.vflip ? "V" : "");
        }
        ImGui::EndTable();
    }
}

// The frame's picture on a canvas of its 262 lines and 341 dots, the picture where the PPU shows it
// (lines 1 on, dots 22-277), V-blank below it; over it each call's raster time, clicked to select.
void PlayUi::drawPicture()
{
    emu::LayersLeftOut leftOut = session_.layersLeftOut();
    static constexpr const char* kLayers[] = {"BG1", "BG2", "BG3", "BG4", "sprites"};
    for (unsigned layer = 0; layer < std::size(kLayers); ++layer) {
        bool shown = ((leftOut.layers >> layer) & 1) == 0;
        if (layer > 0) {
            ImGui::SameLine();
        }
        if (ImGui::Checkbox(kLayers[layer], &shown)) {
            leftOut.layers = static_cast<std::uint8_t>(leftOut.layers ^ (1u << layer));
        }
    }
    ImGui::SameLine();
    bool math = !leftOut.colourMath;
    if (ImGui::Checkbox("colour math", &math)) {
        leftOut.colourMath = !math;
    }
    ImGui::SameLine();
    ImGui::Checkbox("sprite boxes", &spriteBoxes_);
    if (session_.target() != nullptr) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(70);
        ImGui::Combo("the map's layer", &mapLayer_, "BG1\0" "BG2\0" "BG3\0" "BG4\0");
    }
    session_.setLayersLeftOut(leftOut);
    const emu::Picture* picture = session_.picture();
    if (picture == nullptr) {
        ImGui::TextDisabled("The play stopped before this frame's picture was finished.");
        return;
    }
    const auto shownNow = std::make_pair(session_.frame(), leftOut);
    if (textures_ != nullptr && uploaded_ != shownNow) {
        pictureTexture_ = textures_->show(0, picture->pixels(), picture->width(), picture->height());
        uploaded_ = shownNow;
    }
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float scale = std::max(0.25f, std::min(avail.x / kDots, avail.y / kLines));
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("raster", ImVec2(kDots * scale, kLines * scale));
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(origin, ImVec2(origin.x + kDots * scale, origin.y + kLines * scale), colour(palette::kBackground));
    const bool interlaced = picture->height() > emu::Picture::kMaxLines;
    const float lines = static_cast<float>(interlaced ? picture->height() / 2 : picture->height());
    const ImVec2 topLeft(origin.x + kFirstDot * scale, origin.y + scale);
    const ImVec2 bottomRight(topLeft.x + 256 * scale, topLeft.y + lines * scale);
    if (pictureTexture_ != nullptr) {
        draw->AddImage(pictureTexture_, topLeft, bottomRight);
        geometry_.picture = {true, topLeft.x, topLeft.y, bottomRight.x, bottomRight.y, scale};
    }
    draw->AddRect(topLeft, bottomRight, colour(kOther));
    const ReplayedFrame* drawn = session_.drawnFrame();
    if (spriteBoxes_ && drawn != nullptr && !drawn->lineRegisters.empty() && !interlaced) {
        // Each sprite's box where the PPU draws it: from the line after its Y, X past 255 left of 0.
        const emu::PpuRegisters& registers = drawn->lineRegisters.back();
        const emu::SpriteSizes sizes = emu::spriteSizesOf(registers);
        const std::span<const std::uint8_t, emu::Oam::kBytes> oam = drawn->oam.bytes();
        draw->PushClipRect(topLeft, bottomRight, true);
        for (unsigned index = 0; index < 128; ++index) {
            const emu::SpriteAttributes sprite = emu::spriteAttributes(oam, sizes, index);
            const float x = static_cast<float>(sprite.x >= 256 ? static_cast<int>(sprite.x) - 512 : static_cast<int>(sprite.x));
            const auto y = static_cast<float>(sprite.y);
            draw->AddRect(ImVec2(topLeft.x + x * scale, topLeft.y + y * scale),
                          ImVec2(topLeft.x + (x + static_cast<float>(sprite.width)) * scale,
                                 topLeft.y + (y + static_cast<float>(sprite.height)) * scale),
                          colour(palette::kSelectedHitbox));
        }
        draw->PopClipRect();
    }
    if (drawn != nullptr && !drawn->lineRegisters.empty() && !interlaced) {
        // The map where the game shows it: through the scroll of the background it is on, as line 1
        // began (a map pixel's row y shows on line y - VOFS, picture row y - VOFS - 1).
        const emu::PpuRegisters& registers = drawn->lineRegisters.front();
        const auto signedScroll = [](std::uint16_t scroll) { return (scroll & 0x3FF) >= 512 ? (scroll & 0x3FF) - 1024 : scroll & 0x3FF; };
        const int hofs = signedScroll(registers.bgHofs(static_cast<unsigned>(mapLayer_)));
        const int vofs = signedScroll(registers.bgVofs(static_cast<unsigned>(mapLayer_)));
        geometry_.picture.mapShown = session_.target() != nullptr;
        geometry_.picture.mapOriginX = topLeft.x - static_cast<float>(hofs) * scale;
        geometry_.picture.mapOriginY = topLeft.y - static_cast<float>(vofs + 1) * scale;
        draw->PushClipRect(topLeft, bottomRight, true);
        drawCallOverlay(draw,
                        [&](double x, double y) {
                            return ImVec2(topLeft.x + static_cast<float>(x - hofs) * scale,
                                          topLeft.y + static_cast<float>(y - vofs - 1) * scale);
                        },
                        scale);
        draw->PopClipRect();
    }
    drawRasterBands(origin, scale);
}

// Each call of the frame as the beam saw it: from the dot and line it began on to those it ended
// on, in its routine's colour; hovering names it and its time, a click selects it.
void PlayUi::drawRasterBands(const ImVec2& origin, float scale)
{
    const PlayRun& run = session_.run();
    if (session_.frameUse() == nullptr) {
        return;
    }
    const std::uint64_t frameStart = session_.frameUse()->start;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const auto point = [&](std::uint64_t clocks) {
        const auto line = static_cast<float>(clocks / emu::VideoTiming::kLineClocks);
        const auto dot = static_cast<float>(clocks % emu::VideoTiming::kLineClocks) / 4.0f;
        return ImVec2(dot, line);
    };
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const bool hovered = ImGui::IsItemHovered();
    const std::uint64_t mouseClocks =
        static_cast<std::uint64_t>(std::max(0.0f, (mouse.y - origin.y) / scale)) * emu::VideoTiming::kLineClocks +
        static_cast<std::uint64_t>(std::max(0.0f, (mouse.x - origin.x) / scale) * 4.0f);
    for (const std::size_t index : session_.callsOfFrame()) {
        const GameCall& call = run.calls[index];
        const std::uint64_t start = call.startClock - frameStart;
        const std::uint64_t end = start + std::max<std::uint64_t>(call.clocks.total(), 1);
        const ImVec2 from = point(start);
        const ImVec2 to = point(end);
        const bool selected = session_.selectedCall() == index;
        const Rgb rgb = routineColour(call.routine);
        const ImU32 fill = colour(rgb, selected ? 200 : 120);
        for (float line = from.y; line <= to.y && line < kLines; ++line) {
            const float left = line == from.y ? from.x : 0;
            const float right = line == to.y ? to.x : kDots;
            draw->AddRectFilled(ImVec2(origin.x + left * scale, origin.y + line * scale),
                                ImVec2(origin.x + std::max(right, left + 1) * scale, origin.y + (line + 1) * scale), fill);
        }
        const std::optional<ReplayedCall>& replayed = session_.replayed();
        if (selected && replayed) {
            // Where DMA or HDMA took the bus from it, or an interrupt entered: a tick at the step.
            for (const ReplayedCall::Mark& mark : replayed->marks) {
                const ImVec2 at = point(mark.clock - frameStart);
                const Rgb tick = mark.kind == ReplayedCall::Mark::Kind::Dma    ? kDma
                                 : mark.kind == ReplayedCall::Mark::Kind::Hdma ? kHdma
                                 : mark.kind == ReplayedCall::Mark::Kind::Nmi  ? kNmi
                                                                               : kIrq;
                draw->AddRectFilled(ImVec2(origin.x + at.x * scale - 1, origin.y + (at.y - 1) * scale),
                                    ImVec2(origin.x + at.x * scale + 1, origin.y + (at.y + 2) * scale), colour(tick));
            }
        }
        if (hovered && mouseClocks >= start && mouseClocks < end) {
            ImGui::SetTooltip("%s, call %zu: line %u dot %u to line %u dot %u, %s master clocks (DMA %s, HDMA %s, refresh %s, "
                              "interrupts %s)",
                              session_.report().routines[call.routine].c_str(), index, static_cast<unsigned>(from.y),
                              static_cast<unsigned>(from.x), static_cast<unsigned>(to.y), static_cast<unsigned>(to.x),
                              grouped(call.clocks.total()).c_str(), grouped(call.clocks.dma).c_str(),
                              grouped(call.clocks.hdma).c_str(), grouped(call.clocks.refresh).c_str(),
                              grouped(call.clocks.interrupts).c_str());
            if (ImGui::IsItemClicked()) {
                session_.selectCall(index);
            }
        }
    }
}

} // namespace tileprof::gui
