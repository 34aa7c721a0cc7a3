#include "profiler/gui/input_mapping.hpp"

namespace tileprof::gui {

DebuggerInput mapInput(const DeviceState& device)
{
    const auto held = [&](int key) { return device.keysHeld[static_cast<std::size_t>(key)]; };
    const auto pressed = [&](int key) { return device.keysPressed[static_cast<std::size_t>(key)]; };
    const auto padHeld = [&](int button) { return device.pad.buttons[button] == GLFW_PRESS; };
    const auto padPressed = [&](int button) {
        return device.pad.buttons[button] == GLFW_PRESS && device.padBefore.buttons[button] != GLFW_PRESS;
    };
    constexpr float kStickDeadZone = 0.5f;
    const float stick = device.pad.axes[GLFW_GAMEPAD_AXIS_LEFT_X];
    const float stickY = device.pad.axes[GLFW_GAMEPAD_AXIS_LEFT_Y];

    DebuggerInput input;
    // A tap shorter than a frame still walks that frame.
    input.live.left = held(GLFW_KEY_LEFT) || pressed(GLFW_KEY_LEFT) || padHeld(GLFW_GAMEPAD_BUTTON_DPAD_LEFT) ||
                      stick < -kStickDeadZone;
    input.live.right = held(GLFW_KEY_RIGHT) || pressed(GLFW_KEY_RIGHT) || padHeld(GLFW_GAMEPAD_BUTTON_DPAD_RIGHT) ||
                       stick > kStickDeadZone;
    input.live.up = held(GLFW_KEY_UP) || pressed(GLFW_KEY_UP) || padHeld(GLFW_GAMEPAD_BUTTON_DPAD_UP) ||
                    stickY < -kStickDeadZone;
    input.live.down = held(GLFW_KEY_DOWN) || pressed(GLFW_KEY_DOWN) || padHeld(GLFW_GAMEPAD_BUTTON_DPAD_DOWN) ||
                      stickY > kStickDeadZone;
    input.live.jump = pressed(GLFW_KEY_Z) || pressed(GLFW_KEY_UP) || pressed(GLFW_KEY_SPACE) ||
                      padPressed(GLFW_GAMEPAD_BUTTON_A);
    input.live.flipGravity = pressed(GLFW_KEY_G) || padPressed(GLFW_GAMEPAD_BUTTON_Y);
    input.live.cycleHitbox = pressed(GLFW_KEY_H) || padPressed(GLFW_GAMEPAD_BUTTON_X);
    input.playPause = pressed(GLFW_KEY_SPACE) || padPressed(GLFW_GAMEPAD_BUTTON_START);
    input.stepFrame = pressed(GLFW_KEY_PERIOD) || padPressed(GLFW_GAMEPAD_BUTTON_RIGHT_BUMPER);
    input.stepBack = pressed(GLFW_KEY_COMMA) || padPressed(GLFW_GAMEPAD_BUTTON_LEFT_BUMPER);
    input.stepInstruction = pressed(GLFW_KEY_N);
    input.stepInstructionBack = pressed(GLFW_KEY_B);
    return input;
}

} // namespace tileprof::gui
