#include "profiler/gui/glfw_window.hpp"

#include "profiler/gui/input_mapping.hpp"
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <cstdio>

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
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    glfwDestroyWindow(window);
    glfwTerminate();
    return 0;
}

} // namespace tileprof::gui
