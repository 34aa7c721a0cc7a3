#pragma once

#include "profiler/debugger/play_session.hpp"
#include "profiler/debugger/ppu_views.hpp"
#include "profiler/debugger/tile_shape.hpp"
#include "profiler/gui/gui_screen.hpp"
#include "profiler/gui/source_texts.hpp"
#include "profiler/gui/ui_geometry.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tileprof::gui {

// The debugger on a play (`tileprof-gui --play FILE`): the frames' timeline stacked by routine,
// NMI, IRQ and the rest under the frame budget, the calls of the frame on show, the selected call
// instruction by instruction with its source, the machine's registers and work RAM at the step on
// show, with a manifest the map the game keeps in RAM with every entity's hitbox and the cells
// the call read, and the frame's picture with each call's raster time over it.
class PlayUi final : public GuiScreen {
public:
    explicit PlayUi(PlaySession& session) : session_(session) {}

    // Runs a play file; a failure shows in the window.
    bool open(const std::filesystem::path& playFile);
    // The picture panel's tabs, and the one to show first.
    static constexpr const char* kPpuTabs[] = {"Picture", "Registers", "VRAM", "Tilemaps", "CGRAM", "OAM"};
    void showPpuTab(std::string tab) { ppuTabToShow_ = std::move(tab); }

    void draw(const DebuggerInput& input, double seconds) override;
    bool animating() const override { return false; }
    // Where the last frame drew the map and the timeline (its budget line: the frame budget's).
    const UiGeometry& geometry() const override { return geometry_; }
    void useTextures(PictureTextures* textures) override
    {
        textures_ = textures;
        uploaded_.reset();
        views_ = {};
    }

private:
    void apply(const DebuggerInput& input);
    void drawToolbar();
    void drawTimeline();
    void drawCalls();
    void drawCall();
    void drawTrace();
    void drawSource();
    void drawRegisters();
    void drawMemory();
    void drawMap();
    void drawPpu();
    void drawPicture();
    void drawRasterBands(const ImVec2& origin, float scale);
    void drawCallOverlay(ImDrawList* draw, const std::function<ImVec2(double, double)>& point, float scale);
    void drawLineRegisters(const ReplayedFrame& drawn);
    void drawVram(const ReplayedFrame& drawn);
    void drawTilemaps(const ReplayedFrame& drawn);
    void drawCgram(const ReplayedFrame& drawn);
    void drawOam(const ReplayedFrame& drawn);
    // A viewer's image as a texture of `slot`, made again only when `key` changes.
    ImTextureID viewTexture(int slot, std::uint64_t key, const std::function<ViewImage()>& make, ImVec2& size);

    PlaySession& session_;
    UiGeometry geometry_;
    float laidOutWidth_ = 0;
    float laidOutHeight_ = 0;
    std::uint32_t memoryStart_ = 0;        // the first work RAM byte the memory panel shows
    std::optional<std::size_t> memoryOf_;  // the call it was placed for
    std::size_t followed_ = ~std::size_t{0}; // the trace row last scrolled to
    std::string sourceFollowed_;
    SourceTexts texts_; // found where the play session finds sources
    std::vector<TileShape> shapes_; // by tile type
    PictureTextures* textures_ = nullptr;
    // The frame and layers the picture's texture was last made for.
    std::optional<std::pair<std::uint64_t, emu::LayersLeftOut>> uploaded_;
    ImTextureID pictureTexture_ = nullptr;
    std::string ppuTabToShow_;
    bool spriteBoxes_ = false;
    int registersLine_ = 1;   // the line whose registers the viewers use
    int tileDepth_ = 1;       // VRAM: 0 2 bits, 1 4 bits, 2 8 bits
    int tilePalette_ = 0;
    int mapLayer_ = 0;        // BG1-4: the tilemap viewer's, and the background the game shows its map on
    struct View {
        std::uint64_t key = ~std::uint64_t{0};
        ImTextureID texture = nullptr;
        ImVec2 size;
    };
    std::array<View, 2> views_; // the VRAM and tilemap viewers' (texture slots 1 and 2; the picture's is 0)
};

} // namespace tileprof::gui
