#pragma once

#include "profiler/formats/toml/toml_section.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace tileprof {

// The SNES controller's buttons as the auto-joypad read leaves them in JOY1 ($4218-$4219) and as
// games keep that word: B Y Select Start Up Down Left Right in the high byte, A X L R in bits 7-4.
struct JoypadButton {
    std::string_view name; // as scenarios write it
    std::uint16_t bit;
};

inline constexpr std::array<JoypadButton, 12> kJoypadButtons{{
    {"b", 0x8000}, {"y", 0x4000}, {"select", 0x2000}, {"start", 0x1000},
    {"up", 0x0800}, {"down", 0x0400}, {"left", 0x0200}, {"right", 0x0100},
    {"a", 0x0080}, {"x", 0x0040}, {"l", 0x0020}, {"r", 0x0010},
}};

// The bit of the button of that name, written as scenarios write it ("right") or, with
// ButtonCase::Any, in any case ("Right", "RIGHT").
enum class ButtonCase : std::uint8_t { Lower, Any };
std::optional<std::uint16_t> joypadBit(std::string_view name, ButtonCase nameCase = ButtonCase::Lower);

// `key = ["right", "b"]` in `section`: the controller word of those buttons, 0 when the key is
// absent. Throws InputError "FILE:LINE: 'PREFIXkey' holds "jump", which is no button: b, y, ..."
// for a name that is none, or one that is not a string, and "... must be an array of button
// names" for a value that is not an array.
std::uint16_t readJoypadButtons(const TomlSection& section, std::string_view key, ButtonCase nameCase);

} // namespace tileprof
