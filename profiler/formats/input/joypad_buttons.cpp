#include "profiler/formats/input/joypad_buttons.hpp"

#include <algorithm>
#include <cctype>
#include <string>

namespace tileprof {

std::optional<std::uint16_t> joypadBit(std::string_view name, ButtonCase nameCase)
{
    const auto sameLetter = [nameCase](char written, char lower) {
        return (nameCase == ButtonCase::Any ? static_cast<char>(std::tolower(static_cast<unsigned char>(written))) : written) == lower;
    };
    for (const JoypadButton& button : kJoypadButtons) {
        if (std::ranges::equal(name, button.name, sameLetter)) {
            return button.bit;
        }
    }
    return std::nullopt;
}

std::uint16_t readJoypadButtons(const TomlSection& section, std::string_view key, ButtonCase nameCase)
{
    const toml::node* node = section.find(key);
    if (node == nullptr) {
        return 0;
    }
    std::string names;
    for (const JoypadButton& button : kJoypadButtons) {
        names += (names.empty() ? "" : ", ") + std::string(button.name);
    }
    if (nameCase == ButtonCase::Any) {
        names += " (in any case)";
    }
    if (!node->is_array()) {
        section.fail(*node, key, "must be an array of button names like [\"right\", \"b\"] (" + names + ")");
    }
    std::uint16_t word = 0;
    for (const toml::node& button : *node->as_array()) {
        const std::optional<std::uint16_t> bit = button.is_string() ? joypadBit(button.as_string()->get(), nameCase) : std::nullopt;
        if (!bit) {
            section.fail(button, key, "holds " + (button.is_string() ? "\"" + button.as_string()->get() + "\"" : typeName(button)) +
                                          ", which is no button: " + names);
        }
        word |= *bit;
    }
    return word;
}

} // namespace tileprof
