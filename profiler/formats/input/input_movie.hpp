#pragma once

#include "base/file_contents.hpp"
#include "emu/scpu/joypads.hpp"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace tileprof {

// What the two pads hold during one frame, each in the auto-joypad layout ($4218 and $421A: bit 15
// B, Y, Select, Start, Up, Down, Left, bit 8 Right, bit 7 A, X, L, bit 4 R; joypad_buttons.hpp).
using PadFrame = emu::PadFrame;

// The forms an input file comes in: tileprof's own script, or another emulator's movie.
enum class InputFormat : std::uint8_t { Script, BizHawk, Lsnes, Mesen, Snes9x };

// "input script", "BizHawk bk2", "lsnes lsmv", "Mesen mmo", "snes9x smv".
std::string_view inputFormatName(InputFormat format);

// An input file read: the pads frame by frame from power-on, frame 0 first, the pads that the
// auto-joypad read at the start of that frame's vertical blank sees, and what reading it found
// worth saying: how the format counts its frames, what it dropped or merged on the way.
struct InputMovie {
    InputFormat format = InputFormat::Script;
    std::vector<PadFrame> frames;
    std::vector<std::string> notes;
    // When a frame's pads take hold, and those held before the first switch (emu::PadSchedule).
    emu::PadSwitch padSwitch = emu::PadSwitch::FrameStart;
    PadFrame initial;

    emu::PadSchedule schedule() const { return {frames, padSwitch, initial}; }
};

// The most an input file may be, and what one zip member of a movie may inflate to.
inline constexpr FileLimit kInputFileLimit{64u << 20, "an input file"};
inline constexpr FileLimit kMovieMemberLimit{64u << 20, "a movie's zip member"};
// The most frames an input file may give: over 4.6 hours at 60 frames a second.
inline constexpr std::size_t kMaxInputFrames = 1'000'000;

// Reads an input file, its form known by its content, not its name: a snes9x movie by its
// signature, a zip archive as a BizHawk, lsnes or Mesen movie by the members it holds, any other
// text as an input script (docs/input.md). Throws InputError naming the file and the place (line,
// byte offset, zip member) for anything it cannot read or tileprof cannot play: a movie that starts
// from a savestate or save RAM, resets the console, plugs in a controller other than standard pads,
// or runs on a PAL console; a truncated or corrupt file; a missing zip member; more frames than
// kMaxInputFrames, or none.
InputMovie loadInput(const std::filesystem::path& path);

// The same for the bytes of an input file read elsewhere; `name` names it in messages.
InputMovie parseInput(std::string_view bytes, const std::string& name);

} // namespace tileprof
