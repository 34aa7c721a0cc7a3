// The keyboard and gamepad mapping of tileprof-gui, on device states made up here (no gamepad is
// attached to the machines that run the tests).

#include "profiler/gui/input_mapping.hpp"

#include <doctest/doctest.h>

namespace tileprof::test {
namespace {

using gui::DebuggerInput;
using gui::DeviceState;
using gui::mapInput;

DeviceState pressing(int key)
{
    DeviceState d;
    d.keysPressed[static_cast<std::size_t>(key)] = true;
    return d;
}

DeviceState padPressing(int button, bool alreadyDown = false)
{
    DeviceState d;
    d.pad.buttons[button] = GLFW_PRESS;
    d.padBefore.buttons[button] = alreadyDown ? GLFW_PRESS : GLFW_RELEASE;
    return d;
}

TEST_CASE("nothing pressed asks for nothing")
{
    const DebuggerInput i = mapInput(DeviceState{});
    CHECK_FALSE(i.playPause);
    CHECK_FALSE(i.stepFrame);
    CHECK_FALSE(i.live.left);
    CHECK_FALSE(i.live.right);
    CHECK_FALSE(i.live.jump);
}

TEST_CASE("keyboard: walking is held, every other command is a press")
{
    DeviceState walking;
    walking.keysHeld[GLFW_KEY_RIGHT] = true;
    CHECK(mapInput(walking).live.right);
    CHECK_FALSE(mapInput(walking).live.left);
    CHECK(mapInput(pressing(GLFW_KEY_LEFT)).live.left); // a tap between two frames still walks one
    CHECK(mapInput(pressing(GLFW_KEY_Z)).live.jump);
    CHECK(mapInput(pressing(GLFW_KEY_UP)).live.jump);
    CHECK(mapInput(pressing(GLFW_KEY_G)).live.flipGravity);
    CHECK(mapInput(pressing(GLFW_KEY_H)).live.cycleHitbox);
    const DebuggerInput space = mapInput(pressing(GLFW_KEY_SPACE));
    CHECK(space.playPause);
    CHECK(space.live.jump);
    CHECK(mapInput(pressing(GLFW_KEY_PERIOD)).stepFrame);
    CHECK(mapInput(pressing(GLFW_KEY_COMMA)).stepBack);
    CHECK(mapInput(pressing(GLFW_KEY_N)).stepInstruction);
    CHECK(mapInput(pressing(GLFW_KEY_B)).stepInstructionBack);
}

TEST_CASE("gamepad: D-pad and stick walk, and buttons act once per press")
{
    DeviceState dpad;
    dpad.pad.buttons[GLFW_GAMEPAD_BUTTON_DPAD_LEFT] = GLFW_PRESS;
    CHECK(mapInput(dpad).live.left);
    DeviceState stick;
    stick.pad.axes[GLFW_GAMEPAD_AXIS_LEFT_X] = 0.8f;
    CHECK(mapInput(stick).live.right);
    stick.pad.axes[GLFW_GAMEPAD_AXIS_LEFT_X] = 0.3f; // inside the dead zone
    CHECK_FALSE(mapInput(stick).live.right);

    CHECK(mapInput(padPressing(GLFW_GAMEPAD_BUTTON_A)).live.jump);
    CHECK_FALSE(mapInput(padPressing(GLFW_GAMEPAD_BUTTON_A, true)).live.jump); // held: no second jump
    CHECK(mapInput(padPressing(GLFW_GAMEPAD_BUTTON_Y)).live.flipGravity);
    CHECK(mapInput(padPressing(GLFW_GAMEPAD_BUTTON_X)).live.cycleHitbox);
    const DebuggerInput start = mapInput(padPressing(GLFW_GAMEPAD_BUTTON_START));
    CHECK(start.playPause);
    CHECK_FALSE(start.live.jump);
    CHECK(mapInput(padPressing(GLFW_GAMEPAD_BUTTON_RIGHT_BUMPER)).stepFrame);
    CHECK(mapInput(padPressing(GLFW_GAMEPAD_BUTTON_LEFT_BUMPER)).stepBack);
}

} // namespace
} // namespace tileprof::test
