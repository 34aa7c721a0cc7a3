#include "profiler/gui/glfw_window.hpp"

#include "profiler/gui/input_mapping.hpp"
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <vector>

namespace tileprof::gui {

namespace {

// Collects key presses from GLFW's callback, so that a tap that goes down and up between two
// frames still counts, and reads the rest of the devices' state once a frame.
class Devices {
public:
    explicit Devices(GLFWwindow* window) : window_(window)
    {
        glfwSetWindowUserPointer(window, this);
        // Installed before ImGui's backend, which calls it after its own.
        glfwSetKeyCallback(window, [](GLFWwindow* w, int key, int, int action, int) {
            if (action == GLFW_PRESS && key >= 0 && key <= GLFW_KEY_LAST) {
                static_cast<Devices*>(glfwGetWindowUserPointer(w))->state_.keysPressed[static_cast<std::size_t>(key)] = true;
            }
        });
    }

    DebuggerInput read()
    {
        state_.padBefore = state_.pad;
        state_.pad = GLFWgamepadstate{};
        if (glfwJoystickIsGamepad(GLFW_JOYSTICK_1)) {
            glfwGetGamepadState(GLFW_JOYSTICK_1, &state_.pad);
        }
        // Only walking is held; every other command is a press.
        for (const int key : {GLFW_KEY_LEFT, GLFW_KEY_RIGHT}) {
            state_.keysHeld[static_cast<std::size_t>(key)] = glfwGetKey(window_, key) == GLFW_PRESS;
        }
        // Keys typed into a text field are not commands.
        const DebuggerInput input = ImGui::GetIO().WantTextInput ? DebuggerInput{} : mapInput(state_);
        state_.keysPressed.fill(false);
        return input;
    }

private:
    GLFWwindow* window_;
    DeviceState state_;
};

// A texture a slot, made on first use and filled again each time it is shown something new.
class GlTextures final : public PictureTextures {
public:
    GlTextures() = default;
    GlTextures(const GlTextures&) = delete;
    GlTextures& operator=(const GlTextures&) = delete;
    ~GlTextures()
    {
        for (const auto& [slot, texture] : textures_) {
            glDeleteTextures(1, &texture);
        }
    }

    ImTextureID show(int slot, std::span<const std::uint32_t> pixels, unsigned width, unsigned height) override
    {
        GLuint& texture = textures_[slot];
        if (texture == 0) {
            glGenTextures(1, &texture);
            glBindTexture(GL_TEXTURE_2D, texture);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        }
        // XRGB8888 words to RGBA bytes, opaque.
        rgba_.resize(pixels.size());
        for (std::size_t i = 0; i < pixels.size(); ++i) {
            const std::uint32_t p = pixels[i];
            rgba_[i] = 0xFF000000u | (p & 0xFFu) << 16 | (p & 0xFF00u) | (p >> 16 & 0xFFu);
        }
        glBindTexture(GL_TEXTURE_2D, texture);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, static_cast<GLsizei>(width), static_cast<GLsizei>(height), 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, rgba_.data());
        return reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(texture));
    }

private:
    std::map<int, GLuint> textures_;
    std::vector<std::uint32_t> rgba_;
};

} // namespace

int runWindow(GuiScreen& ui, int width, int height)
{
    glfwSetErrorCallback([](int code, const char* description) {
        std::fprintf(stderr, "tileprof-gui: GLFW error %d: %s\n", code, description);
    });
    if (!glfwInit()) {
        std::fprintf(stderr, "tileprof-gui: no display to open a window on (is DISPLAY set?); "
                             "--headless renders without one\n");
        return 1;
    }
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    GLFWwindow* window = glfwCreateWindow(width, height, "tileprof-gui", nullptr, nullptr);
    if (window == nullptr) {
        std::fprintf(stderr, "tileprof-gui: cannot create an OpenGL 3 window\n");
        glfwTerminate();
        return 1;
    }
    glfwMakeContextCurrent(window);
    glfwSwapInterval(1);
    Devices devices(window);
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 130");
    auto textures = std::make_unique<GlTextures>();
    ui.useTextures(textures.get());

    double last = glfwGetTime();
    while (!glfwWindowShouldClose(window)) {
        if (ui.animating()) {
            glfwPollEvents();
        } else {
            // Nothing moves until the user acts: no need to draw 60 times a second meanwhile.
            glfwWaitEventsTimeout(0.25);
        }
        if (glfwGetWindowAttrib(window, GLFW_ICONIFIED)) {
            // Minimized: nothing to draw; wait instead of spinning, and let time not pile up.
            glfwWaitEventsTimeout(0.1);
            last = glfwGetTime();
            continue;
        }
        const double now = glfwGetTime();
        const DebuggerInput input = devices.read();
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        ImGui::NewFrame();
        ui.draw(input, now - last);
        last = now;
        ImGui::Render();
        int fbWidth = 0;
        int fbHeight = 0;
        glfwGetFramebufferSize(window, &fbWidth, &fbHeight);
        glViewport(0, 0, fbWidth, fbHeight);
        glClearColor(0.06f, 0.06f, 0.07f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        glfwSwapBuffers(window);
    }
    ui.useTextures(nullptr);
    textures.reset(); // with the context still current
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    glfwDestroyWindow(window);
    glfwTerminate();
    return 0;
}

} // namespace tileprof::gui
