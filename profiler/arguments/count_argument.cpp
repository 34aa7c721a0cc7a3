#include "profiler/arguments/count_argument.hpp"

#include <algorithm>
#include <charconv>

namespace tileprof {

CLI::Validator countIn(std::uint64_t min, std::uint64_t max)
{
    const std::string range = "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
    return CLI::Validator(
        [min, max, range](std::string& text) -> std::string {
            const bool digits = !text.empty() && std::ranges::all_of(text, [](char c) { return c >= '0' && c <= '9'; });
            if (!digits) {
                return "'" + text + "' is not " + range;
            }
            // Without its leading zeros, so that the option's own conversion cannot read octal.
            text.erase(0, std::min(text.find_first_not_of('0'), text.size() - 1));
            std::uint64_t value = 0;
            const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
            if (error != std::errc{} || end != text.data() + text.size() || value < min || value > max) {
                return text + " is not " + range;
            }
            return "";
        },
        std::to_string(min) + ".." + std::to_string(max), "count");
}

} // namespace tileprof
