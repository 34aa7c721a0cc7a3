#include "profiler/formats/toml/toml_string.hpp"

namespace tileprof {

std::string tomlString(std::string_view text)
{
    std::string out = "\"";
    for (const char c : text) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\r':
            out += "\\r";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
                constexpr std::string_view hex = "0123456789ABCDEF";
                const auto code = static_cast<unsigned char>(c);
                out += "\\u00";
                out += hex[code >> 4];
                out += hex[code & 0xF];
            } else {
                out += c;
            }
        }
    }
    return out + "\"";
}

} // namespace tileprof
