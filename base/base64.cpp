#include "base/base64.hpp"

#include "base/input_error.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

namespace tileprof {
namespace {

constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// Each character's six bits, or -1.
constexpr std::array<std::int8_t, 256> kValues = [] {
    std::array<std::int8_t, 256> values{};
    values.fill(-1);
    for (std::size_t i = 0; i < kAlphabet.size(); ++i) {
        values[static_cast<unsigned char>(kAlphabet[i])] = static_cast<std::int8_t>(i);
    }
    return values;
}();

[[noreturn]] void notBase64(const std::string& where, const std::string& problem)
{
    throw InputError(where + ": not base64: " + problem);
}

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

} // namespace

std::string base64Decoded(std::string_view text, const std::string& where)
{
    std::string bytes;
    bytes.reserve(text.size() / 4 * 3);
    std::uint32_t bits = 0;
    int held = 0;     // bits in `bits` not yet a byte
    bool padded = false; // past the first '=': only padding and whitespace may follow
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (isSpace(c)) {
            continue;
        }
        if (c == '=') {
            padded = true;
            continue;
        }
        const int value = kValues[static_cast<unsigned char>(c)];
        if (value < 0 || padded) {
            const bool printable = c >= 0x20 && c < 0x7F;
            const std::string shown = printable ? "'" + std::string(1, c) + "'"
                                                : "the byte " + std::to_string(static_cast<unsigned char>(c));
            notBase64(where, shown + " at character " + std::to_string(i));
        }
        bits = (bits << 6) | static_cast<std::uint32_t>(value);
        held += 6;
        if (held >= 8) {
            held -= 8;
            bytes += static_cast<char>((bits >> held) & 0xFF);
        }
    }
    // Six bits left over are no byte: a character is missing or one too many.
    if (held >= 6) {
        notBase64(where, "it ends inside a byte");
    }
    return bytes;
}

std::string base64Encoded(std::string_view bytes)
{
    std::string text;
    text.reserve((bytes.size() + 2) / 3 * 4);
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const std::size_t count = std::min<std::size_t>(3, bytes.size() - i);
        std::uint32_t group = 0;
        for (std::size_t k = 0; k < 3; ++k) {
            group = (group << 8) | (k < count ? static_cast<unsigned char>(bytes[i + k]) : 0u);
        }
        for (std::size_t k = 0; k < 4; ++k) {
            text += k <= count ? kAlphabet[(group >> (18 - 6 * k)) & 0x3F] : '=';
        }
    }
    return text;
}

} // namespace tileprof
