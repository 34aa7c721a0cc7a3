#pragma once

#include <imgui.h>

#include <cstdint>
#include <span>

namespace tileprof::gui {

// Pictures panels show as images (ImGui::Image), made by whichever backend renders the frame:
// OpenGL textures in a window, SDL textures in the headless renderer.
class PictureTextures {
public:
    // The texture of `slot` made to show `pixels` (XRGB8888, `width` x `height`, row after row).
    virtual ImTextureID show(int slot, std::span<const std::uint32_t> pixels, unsigned width, unsigned height) = 0;

protected:
    ~PictureTextures() = default;
};

} // namespace tileprof::gui
