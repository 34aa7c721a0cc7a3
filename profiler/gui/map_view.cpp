#include "profiler/gui/map_view.hpp"

#include "profiler/gui/imgui_colour.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

namespace tileprof::gui {

namespace {

// A tile that fills its square but that hitboxes may overlap (END_SLOPE) stands out from a solid one.
Rgb shapeColour(const TileKind& type, TileShape::Kind kind)
{
    if (kind == TileShape::Kind::Solid && !type.solid) {
        return palette::kEndSlope;
    }
    switch (kind) {
    case TileShape::Kind::Solid:
        return palette::kSolid;
    case TileShape::Kind::Slope:
        return palette::kSlope;
    case TileShape::Kind::Platform:
        return palette::kPlatform;
    case TileShape::Kind::Empty:
        break;
    }
    return palette::kEmptyTile;
}

// The origin of an entity state, in map pixels (16.16 positions less the map origin).
ImVec2 originOf(const EntityState& entity, const Manifest& manifest)
{
    return ImVec2(static_cast<float>(mapPixels(entity.x, manifest.originX)), static_cast<float>(mapPixels(entity.y, manifest.originY)));
}

} // namespace

void MapView::fit(float width, float height, const TileMap& map, int ts)
{
    const float fx = width / static_cast<float>(map.width * ts);
    const float fy = height / static_cast<float>(map.height * ts);
    scale_ = std::clamp(std::min(fx, fy), 0.25f, 8.0f);
    panX_ = (width - scale_ * static_cast<float>(map.width * ts)) / 2;
    panY_ = (height - scale_ * static_cast<float>(map.height * ts)) / 2;
}

void MapView::draw(DebuggerSession& session, UiGeometry::Map& geometry)
{
    if (!session.isOpen()) {
        ImGui::TextDisabled("No scenario open.");
        return;
    }
    const Scenario& scenario = session.scenario();
    const TileMap& map = scenario.map;
    const ProfiledRom& rom = session.rom();
    const int ts = rom.design.tileSize;
    const auto tsf = static_cast<float>(ts);
    const Manifest& manifest = rom.manifest;
    if (shapesOf_ != &rom) {
        shapes_.clear();
        for (const TileKind& kind : rom.design.tiles) {
            shapes_.push_back(tileShape(kind, ts));
        }
        shapesOf_ = &rom;
    }

    const ImVec2 canvas = ImGui::GetCursorScreenPos();
    const ImVec2 size(std::max(ImGui::GetContentRegionAvail().x, 32.0f), std::max(ImGui::GetContentRegionAvail().y, 32.0f));
    // A new scenario, or a resized panel that the user has not zoomed or panned, is fitted again.
    if (fittedTo_ != session.generation() || (!moved_ && (size.x != fittedWidth_ || size.y != fittedHeight_))) {
        fit(size.x, size.y, map, ts);
        fittedTo_ = session.generation();
        fittedWidth_ = size.x;
        fittedHeight_ = size.y;
        moved_ = false;
    }
    ImGui::InvisibleButton("map", size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                                            ImGuiButtonFlags_MouseButtonMiddle);
    const bool hovered = ImGui::IsItemHovered();
    const ImGuiIO& io = ImGui::GetIO();
    if (hovered && io.MouseWheel != 0) {
        const float before = scale_;
        scale_ = std::clamp(scale_ * std::pow(1.2f, io.MouseWheel), 0.25f, 16.0f);
        // Keep the map pixel under the cursor where it is.
        const float mx = io.MousePos.x - canvas.x;
        const float my = io.MousePos.y - canvas.y;
        panX_ = mx - (mx - panX_) * scale_ / before;
        panY_ = my - (my - panY_) * scale_ / before;
        moved_ = true;
    }
    if (ImGui::IsItemActive() && (ImGui::IsMouseDragging(ImGuiMouseButton_Right) || ImGui::IsMouseDragging(ImGuiMouseButton_Middle))) {
        panX_ += io.MouseDelta.x;
        panY_ += io.MouseDelta.y;
        moved_ = true;
    }
    if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Middle)) {
        fit(size.x, size.y, map, ts);
        moved_ = false;
    }

    const ImVec2 origin(std::floor(canvas.x + panX_), std::floor(canvas.y + panY_));
    const float s = scale_;
    // Whole screen pixels, so that neighbouring shapes share their edges exactly.
    const auto at = [&](float px, float py) {
        return ImVec2(std::floor(origin.x + px * s + 0.5f), std::floor(origin.y + py * s + 0.5f));
    };
    geometry = {true, origin.x, origin.y, s, std::max(2.0f, std::floor(2 * s))};

    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->PushClipRect(canvas, ImVec2(canvas.x + size.x, canvas.y + size.y), true);
    draw->AddRectFilled(canvas, ImVec2(canvas.x + size.x, canvas.y + size.y), colour(palette::kBackground));

    for (int row = 0; row < map.height; ++row) {
        for (int column = 0; column < map.width; ++column) {
            const TileId type = map.at(column, row);
            const TileShape& shape = shapes_[type];
            const float x0 = static_cast<float>(column * ts);
            const float y0 = static_cast<float>(row * ts);
            draw->AddRectFilled(at(x0, y0), at(x0 + tsf, y0 + tsf), colour(palette::kEmptyTile));
            const ImU32 fill = colour(shapeColour(rom.design[type], shape.kind));
            // Runs of equal columns as one rectangle for each run of blocked rows in them.
            for (int j = 0; j < ts;) {
                const std::uint16_t bits = shape.columns[static_cast<std::size_t>(j)];
                int end = j + 1;
                while (end < ts && shape.columns[static_cast<std::size_t>(end)] == bits) {
                    ++end;
                }
                for (int top = 0; top < ts;) {
                    if ((bits >> top & 1) == 0) {
                        ++top;
                        continue;
                    }
                    int bottom = top;
                    while (bottom + 1 < ts && (bits >> (bottom + 1) & 1) != 0) {
                        ++bottom;
                    }
                    draw->AddRectFilled(at(x0 + static_cast<float>(j), y0 + static_cast<float>(top)),
                                        at(x0 + static_cast<float>(end), y0 + static_cast<float>(bottom) + 1.0f), fill);
                    top = bottom + 1;
                }
                j = end;
            }
        }
    }
    if (tsf * s >= 6) {
        const ImU32 grid = colour(palette::kGrid);
        for (int column = 0; column <= map.width; ++column) {
            draw->AddLine(at(static_cast<float>(column * ts), 0), at(static_cast<float>(column * ts), static_cast<float>(map.height * ts)), grid);
        }
        for (int row = 0; row <= map.height; ++row) {
            draw->AddLine(at(0, static_cast<float>(row * ts)), at(static_cast<float>(map.width * ts), static_cast<float>(row * ts)), grid);
        }
    }
    for (const MapViolation& v : session.violations()) {
        const float x0 = static_cast<float>(v.column * ts);
        const float y0 = static_cast<float>(v.row * ts);
        draw->AddRect(at(x0, y0), at(x0 + tsf, y0 + tsf), colour(palette::kViolation), 0, 0, std::max(2.0f, s));
    }

    // The selected call's reads, up to the instruction on show.
    const CallRecord* selected = session.selectedCall();
    if (selected != nullptr) {
        const std::uint32_t shown = session.cyclesShown();
        const float band = geometry.band;
        std::map<std::pair<int, int>, std::string> labels; // (row, column) -> read numbers
        for (std::size_t i = 0; i < selected->tilesRead.size(); ++i) {
            const TileRead& read = selected->tilesRead[i];
            if (read.cycle >= shown || !map.contains(read.column, read.row)) {
                continue;
            }
            const Rgb c = palette::readColour(readOutcome(rom.design[read.type]));
            const ImVec2 a = at(static_cast<float>(read.column * ts), static_cast<float>(read.row * ts));
            const ImVec2 b = at(static_cast<float>(read.column * ts + ts), static_cast<float>(read.row * ts + ts));
            draw->AddRectFilled(a, b, colour(c, 70));
            draw->AddRectFilled(a, ImVec2(b.x, a.y + band), colour(c));
            draw->AddRectFilled(ImVec2(a.x, b.y - band), b, colour(c));
            draw->AddRectFilled(a, ImVec2(a.x + band, b.y), colour(c));
            draw->AddRectFilled(ImVec2(b.x - band, a.y), b, colour(c));
            std::string& label = labels[{read.row, read.column}];
            label += (label.empty() ? "" : " ") + std::to_string(i + 1);
            if (tsf * s >= 56) {
                label += "@" + std::to_string(read.cycle);
            }
        }
        if (tsf * s >= 12) {
            for (const auto& [tile, label] : labels) {
                const ImVec2 a = at(static_cast<float>(tile.second * ts), static_cast<float>(tile.first * ts));
                draw->AddText(ImVec2(a.x + band + 2, a.y + band + 1), IM_COL32_WHITE, label.c_str());
            }
        }
    }

    // Trails up to the frame on show, then each entity's hitbox and origin.
    const int frame = session.frame();
    for (std::size_t e = 0; e < scenario.entities.size(); ++e) {
        const bool isSelected = static_cast<int>(e) == session.selectedEntity();
        std::vector<ImVec2> trail;
        for (int f = 1; f <= frame; ++f) {
            const ImVec2 p = originOf(session.call({f, static_cast<int>(e)})->after, manifest);
            trail.push_back(at(p.x, p.y));
        }
        if (trail.size() > 1) {
            draw->AddPolyline(trail.data(), static_cast<int>(trail.size()), colour(palette::kTrail, isSelected ? 230 : 110),
                              ImDrawFlags_None, isSelected ? 2.0f : 1.0f);
        }
        const EntitySpec& spec = scenario.entities[e];
        const CallRecord* c = session.call({frame, static_cast<int>(e)});
        const Hitbox box = c != nullptr ? c->after.hitbox : spec.hitbox;
        const ImVec2 p = c != nullptr ? originOf(c->after, manifest)
                                      : ImVec2(static_cast<float>(spec.x), static_cast<float>(spec.y));
        const float px = std::floor(p.x);
        const float py = std::floor(p.y);
        const ImU32 boxColour = colour(isSelected ? palette::kSelectedHitbox : palette::kHitbox);
        draw->AddRect(at(px - static_cast<float>(box.left), py - static_cast<float>(box.top)),
                      at(px + static_cast<float>(box.right), py - static_cast<float>(box.top) + static_cast<float>(box.height)),
                      boxColour, 0, 0, isSelected ? 2.0f : 1.0f);
        // The points a routine of the points model tests, where it tests them.
        const int left = static_cast<int>(px) - box.left;
        const int top = static_cast<int>(py) - box.top;
        for (const BoxPoint probe : rom.design.invariants.probes) {
            const BoxPixel pixel = boxPointAt(probe, left, left + box.left + box.right - 1, top, top + box.height - 1);
            draw->AddRectFilled(at(static_cast<float>(pixel.x), static_cast<float>(pixel.y)),
                                at(static_cast<float>(pixel.x + 1), static_cast<float>(pixel.y + 1)), boxColour);
            draw->AddCircle(at(static_cast<float>(pixel.x) + 0.5f, static_cast<float>(pixel.y) + 0.5f), 3.0f, boxColour);
        }
        const ImVec2 o = at(px + 0.5f, py + 0.5f);
        draw->AddLine(ImVec2(o.x - 4, o.y), ImVec2(o.x + 5, o.y), boxColour);
        draw->AddLine(ImVec2(o.x, o.y - 4), ImVec2(o.x, o.y + 5), boxColour);
        draw->AddText(at(px - static_cast<float>(box.left), py - static_cast<float>(box.top) - 14 / s), boxColour,
                      spec.name.c_str());
    }
    draw->PopClipRect();

    if (hovered) {
        const float mx = (io.MousePos.x - origin.x) / s;
        const float my = (io.MousePos.y - origin.y) / s;
        const int column = static_cast<int>(std::floor(mx / tsf));
        const int row = static_cast<int>(std::floor(my / tsf));
        if (map.contains(column, row)) {
            if (editing && ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
                session.paint(column, row, brush);
            }
            ImGui::BeginTooltip();
            ImGui::Text("tile (%d, %d)  %s", column, row, rom.design.describe(map.at(column, row)).c_str());
            ImGui::Text("pixel (%d, %d)", static_cast<int>(std::floor(mx)), static_cast<int>(std::floor(my)));
            if (const CallRecord* c = session.selectedCall()) {
                for (std::size_t i = 0; i < c->tilesRead.size(); ++i) {
                    const TileRead& read = c->tilesRead[i];
                    if (read.column == column && read.row == row) {
                        ImGui::TextColored(colourVec(palette::readColour(readOutcome(rom.design[read.type]))), "read %zu at cycle %u", i + 1,
                                           read.cycle);
                    }
                }
            }
            for (const MapViolation& v : session.violations()) {
                if (v.column == column && v.row == row) {
                    ImGui::TextColored(colourVec(palette::kViolation), "%s: %s", v.rule.c_str(), v.detail.c_str());
                }
            }
            ImGui::EndTooltip();
        }
    }
}

} // namespace tileprof::gui
