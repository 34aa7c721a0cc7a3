#include "profiler/formats/toml/string_positions.hpp"

#include <charconv>
#include <cstdint>

namespace tileprof {

namespace {

bool isContinuationByte(char c)
{
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

} // namespace

std::size_t byteOffset(std::string_view text, SourcePosition at)
{
    std::size_t offset = 0;
    for (int line = 1; line < at.line; ++line) {
        offset = text.find('\n', offset);
        if (offset == std::string_view::npos) {
            return text.size();
        }
        ++offset;
    }
    for (int column = 1; column < at.column && offset < text.size(); ++column) {
        ++offset;
        while (offset < text.size() && isContinuationByte(text[offset])) {
            ++offset;
        }
    }
    return offset;
}

namespace {

std::size_t utf8Length(std::uint32_t codePoint)
{
    return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

} // namespace

std::vector<SourcePosition> valuePositions(std::string_view text, SourcePosition start)
{
    std::vector<SourcePosition> positions;
    std::size_t i = byteOffset(text, start);
    SourcePosition here = start;
    const auto next = [&] {
        if (text[i] == '\n') {
            ++here.line;
            here.column = 1;
        } else if (i + 1 >= text.size() || !isContinuationByte(text[i + 1])) {
            ++here.column;
        }
        ++i;
    };
    const auto at = [&](std::size_t offset, std::string_view what) {
        return offset <= text.size() && text.substr(offset).starts_with(what);
    };

    const char quote = text[i];
    const bool multiLine = at(i, std::string(3, quote));
    const std::string delimiter(multiLine ? 3 : 1, quote);
    for (std::size_t n = 0; n < delimiter.size(); ++n) {
        next();
    }
    // TOML drops a newline right after the opening delimiter.
    if (multiLine && (at(i, "\n") || at(i, "\r\n"))) {
        while (text[i] != '\n') {
            next();
        }
        next();
    }
    while (i < text.size()) {
        // In a multi-line string up to two quotes before the closing delimiter are part of the value.
        if (at(i, delimiter) && !(multiLine && at(i + 3, std::string(1, quote)))) {
            break;
        }
        if (quote == '"' && text[i] == '\\') {
            const char escape = i + 1 < text.size() ? text[i + 1] : '\0';
            if (multiLine && std::string_view(" \t\r\n").find(escape) != std::string_view::npos) {
                // A line-ending backslash drops itself and every space and newline after it.
                next();
                while (i < text.size() && std::string_view(" \t\r\n").find(text[i]) != std::string_view::npos) {
                    next();
                }
                continue;
            }
            const std::size_t digits = escape == 'u' ? 4 : escape == 'U' ? 8 : 0;
            std::uint32_t codePoint = 0;
            std::from_chars(text.data() + i + 2, text.data() + i + 2 + digits, codePoint, 16);
            positions.insert(positions.end(), digits == 0 ? 1 : utf8Length(codePoint), here);
            for (std::size_t n = 0; n < 2 + digits; ++n) {
                next();
            }
            continue;
        }
        if (!at(i, "\r\n")) { // toml++ turns CRLF into LF
            positions.push_back(here);
        }
        next();
    }
    return positions;
}

std::string describeCharacter(std::string_view text, std::size_t index)
{
    const unsigned char c = static_cast<unsigned char>(text[index]);
    if (c == ' ') {
        return "' ' (a space)";
    }
    if (c < 0x20 || c == 0x7F) {
        char code[8];
        const auto end = std::to_chars(code, code + sizeof code, c, 16).ptr;
        return "U+" + std::string(4 - static_cast<std::size_t>(end - code), '0') + std::string(code, end)
             + " (a control character)";
    }
    std::size_t length = 1;
    while (index + length < text.size() && isContinuationByte(text[index + length])) {
        ++length;
    }
    return "'" + std::string(text.substr(index, length)) + "'";
}

} // namespace tileprof
