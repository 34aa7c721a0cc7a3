#pragma once

#include "profiler/debugger/debugger_input.hpp"

#include <GLFW/glfw3.h>

#include <array>

namespace tileprof::gui {

// The keyboard and the first gamepad as one frame of the window saw them.
struct DeviceState {
    std::array<bool, GLFW_KEY_LAST + 1> keysHeld{};
    std::array<bool, GLFW_KEY_LAST + 1> keysPressed{}; // went down since the last frame, however briefly
    GLFWgamepadstate pad{};                            // all released when there is no gamepad
    GLFWgamepadstate padBefore{};                      // the previous frame's
};

// What the devices ask of the debugger. Keyboard: Space plays/pauses (and jumps in live mode),
// ',' '.' step a frame back/forward, B N an instruction; live mode walks with the arrows (up and
// down too, for an entity without gravity), jumps with Z or Up, flips gravity with G, cycles
// hitboxes with H. Gamepad: D-pad or left stick walks,
// A jumps, Y flips, X cycles, Start plays/pauses, the shoulder buttons step frames.
DebuggerInput mapInput(const DeviceState& devices);

} // namespace tileprof::gui
