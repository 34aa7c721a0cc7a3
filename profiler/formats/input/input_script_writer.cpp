#include "profiler/formats/input/input_script_writer.hpp"

#include "profiler/formats/input/joypad_buttons.hpp"
#include "profiler/formats/toml/toml_string.hpp"

namespace tileprof {

namespace {

std::string buttonList(std::uint16_t pad)
{
    std::string list;
    for (const JoypadButton& button : kJoypadButtons) {
        if ((pad & button.bit) != 0) {
            list += (list.empty() ? "" : ", ") + tomlString(button.name);
        }
    }
    return "[" + list + "]";
}

} // namespace

std::string inputScriptToml(const std::vector<PadFrame>& frames)
{
    std::string out;
    for (std::size_t first = 0; first < frames.size();) {
        std::size_t end = first + 1;
        while (end < frames.size() && frames[end] == frames[first]) {
            ++end;
        }
        out += (first == 0 ? "" : "\n") + std::string("[[frame]]\nframes = ") + std::to_string(end - first) + "\n";
        if (frames[first].pad1 != 0) {
            out += "pad1 = " + buttonList(frames[first].pad1) + "\n";
        }
        if (frames[first].pad2 != 0) {
            out += "pad2 = " + buttonList(frames[first].pad2) + "\n";
        }
        first = end;
    }
    return out;
}

} // namespace tileprof
