#include "profiler/gui/glfw_window.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <cstdio>
#include <iterator>

namespace tileprof::gui {

namespace {

// Key presses as GLFW reports them, so that a tap shorter than a frame still counts; held keys
// are read from the key state.
class Keys {
public:
    explicit Keys(GLFWwindow* window) : window_(window)
    {
        glfwSetWindowUserPointer(window, this);
        // Installed before ImGui's backend, which calls it after its own.
        glfwSetKeyCallback(window, [](GLFWwindow* w, int key, int, int action, int) {
            if (action == GLFW_PRESS && key >= 0 && key <= GLFW_KEY_LAST) {
                static_cast<Keys*>(glfwGetWindowUserPointer(w))->pressed_[key] = true;
            }
        });
    }

    bool held(int key) const { return glfwGetKey(window_, key) == GLFW_PRESS || pressed_[key]; }
    bool pressed(int key) const { return pressed_[key]; }
    void clear() { std::fill(std::begin(pressed_), std::end(pressed_), false); }

private:
    GLFWwindow* window_;
    bool pressed_[GLFW_KEY_LAST + 1] = {};
};

// Presses of a gamepad's buttons, like KeyEdges.
class PadEdges {
public:
    void update(const GLFWgamepadstate& state)
    {
        for (int b = 0; b <= GLFW_GAMEPAD_BUTTON_LAST; ++b) {
            was_[b] = now_[b];
            now_[b] = state.buttons[b] == GLFW_PRESS;
        }
    }
    bool held(int button) const { return now_[button]; }
    bool pressed(int button) const { return now_[button] && !was_[button]; }

private:
    bool now_[GLFW_GAMEPAD_BUTTON_LAST + 1] = {};
    bool was_[GLFW_GAMEPAD_BUTTON_LAST + 1] = {};
};

DebuggerInput readInput(Keys& keys, PadEdges& pad)
{
    DebuggerInput input;
    GLFWgamepadstate state{};
    if (glfwJoystickIsGamepad(GLFW_JOYSTICK_1) && glfwGetGamepadState(GLFW_JOYSTICK_1, &state)) {
        pad.update(state);
    }
    if (ImGui::GetIO().WantTextInput) {
        keys.clear();
        return input;
    }
    const float stick = state.axes[GLFW_GAMEPAD_AXIS_LEFT_X];
    input.live.left = keys.held(GLFW_KEY_LEFT) || pad.held(GLFW_GAMEPAD_BUTTON_DPAD_LEFT) || stick < -0.5f;
    input.live.right = keys.held(GLFW_KEY_RIGHT) || pad.held(GLFW_GAMEPAD_BUTTON_DPAD_RIGHT) || stick > 0.5f;
    input.live.jump = keys.pressed(GLFW_KEY_Z) | keys.pressed(GLFW_KEY_UP) | pad.pressed(GLFW_GAMEPAD_BUTTON_A);
    input.live.flipGravity = keys.pressed(GLFW_KEY_G) | pad.pressed(GLFW_GAMEPAD_BUTTON_Y);
    input.live.cycleHitbox = keys.pressed(GLFW_KEY_H) | pad.pressed(GLFW_GAMEPAD_BUTTON_X);
    input.playPause = keys.pressed(GLFW_KEY_SPACE) | pad.pressed(GLFW_GAMEPAD_BUTTON_START);
    input.live.jump |= input.playPause; // Space jumps in live mode, where playback is off
    input.stepFrame = keys.pressed(GLFW_KEY_PERIOD) | pad.pressed(GLFW_GAMEPAD_BUTTON_RIGHT_BUMPER);
    input.stepBack = keys.pressed(GLFW_KEY_COMMA) | pad.pressed(GLFW_GAMEPAD_BUTTON_LEFT_BUMPER);
    input.stepInstruction = keys.pressed(GLFW_KEY_N);
    input.stepInstructionBack = keys.pressed(GLFW_KEY_B);
    keys.clear();
    return input;
}

} // namespace

int runWindow(DebuggerUi& ui, int width, int height)
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
    Keys keys(window);
    PadEdges pad;
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
        const DebuggerInput input = readInput(keys, pad);
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
