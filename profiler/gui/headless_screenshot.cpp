#include "profiler/gui/headless_screenshot.hpp"

#include "base/output_file.hpp"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdlrenderer.h>
#include <stb/stb_image_write.h>

#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace tileprof::gui {

namespace {

struct SurfaceDeleter {
    void operator()(SDL_Surface* s) const { SDL_FreeSurface(s); }
};
struct RendererDeleter {
    void operator()(SDL_Renderer* r) const { SDL_DestroyRenderer(r); }
};

[[noreturn]] void sdlFailed(const char* what)
{
    throw std::runtime_error(std::string(what) + " failed: " + SDL_GetError());
}

// A texture a slot on the software renderer, made again when its size changes.
class SdlTextures final : public PictureTextures {
public:
    explicit SdlTextures(SDL_Renderer* renderer) : renderer_(renderer) {}
    SdlTextures(const SdlTextures&) = delete;
    SdlTextures& operator=(const SdlTextures&) = delete;
    ~SdlTextures()
    {
        for (const auto& [slot, texture] : textures_) {
            SDL_DestroyTexture(texture.texture);
        }
    }

    ImTextureID show(int slot, std::span<const std::uint32_t> pixels, unsigned width, unsigned height) override
    {
        Texture& texture = textures_[slot];
        if (texture.texture == nullptr || texture.width != width || texture.height != height) {
            SDL_DestroyTexture(texture.texture);
            texture = {SDL_CreateTexture(renderer_, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STATIC, static_cast<int>(width),
                                         static_cast<int>(height)),
                       width, height};
            if (texture.texture == nullptr) {
                sdlFailed("SDL_CreateTexture");
            }
        }
        // XRGB8888 is ARGB8888 with its alpha byte set.
        argb_.resize(pixels.size());
        for (std::size_t i = 0; i < pixels.size(); ++i) {
            argb_[i] = pixels[i] | 0xFF000000u;
        }
        SDL_UpdateTexture(texture.texture, nullptr, argb_.data(), static_cast<int>(width * 4));
        return texture.texture;
    }

private:
    struct Texture {
        SDL_Texture* texture = nullptr;
        unsigned width = 0;
        unsigned height = 0;
    };
    SDL_Renderer* renderer_;
    std::map<int, Texture> textures_;
    std::vector<std::uint32_t> argb_;
};

} // namespace

void renderScreenshot(GuiScreen& ui, int width, int height, const std::filesystem::path& png)
{
    const std::unique_ptr<SDL_Surface, SurfaceDeleter> surface(
        SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGBA32));
    if (!surface) {
        sdlFailed("SDL_CreateRGBSurfaceWithFormat");
    }
    const std::unique_ptr<SDL_Renderer, RendererDeleter> renderer(SDL_CreateSoftwareRenderer(surface.get()));
    if (!renderer) {
        sdlFailed("SDL_CreateSoftwareRenderer");
    }
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(static_cast<float>(width), static_cast<float>(height));
    ImGui_ImplSDLRenderer_Init(renderer.get());
    auto textures = std::make_unique<SdlTextures>(renderer.get());
    ui.useTextures(textures.get());
    // Windows size themselves and tables measure their columns over the first frames; the
    // picture is taken once they have settled.
    constexpr int kSettleFrames = 3;
    for (int i = 0; i < kSettleFrames; ++i) {
        ImGui_ImplSDLRenderer_NewFrame();
        io.DeltaTime = 1.0f / 60.0f;
        ImGui::NewFrame();
        ui.draw(DebuggerInput{}, 0);
        ImGui::Render();
        SDL_SetRenderDrawColor(renderer.get(), 0, 0, 0, 255);
        SDL_RenderClear(renderer.get());
        ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
    }
    SDL_RenderFlush(renderer.get());
    ui.useTextures(nullptr);
    textures.reset();
    ImGui_ImplSDLRenderer_Shutdown();
    if (SDL_MUSTLOCK(surface.get())) {
        SDL_LockSurface(surface.get());
    }
    // Encoded in memory, then written as every output file is (replaceFile).
    std::string encoded;
    const auto append = [](void* context, void* data, int size) {
        static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
    };
    const int made = stbi_write_png_to_func(append, &encoded, width, height, 4, surface->pixels, surface->pitch);
    if (SDL_MUSTLOCK(surface.get())) {
        SDL_UnlockSurface(surface.get());
    }
    if (made == 0) {
        throw std::runtime_error("cannot encode the picture of " + png.string());
    }
    replaceFile(png, encoded);
}

} // namespace tileprof::gui
