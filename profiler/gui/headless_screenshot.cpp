#include "profiler/gui/headless_screenshot.hpp"

#include "base/output_file.hpp"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdlrenderer.h>
#include <stb/stb_image_write.h>

#include <memory>
#include <stdexcept>
#include <string>

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
