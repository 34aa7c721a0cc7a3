#include "profiler/formats/toml/toml_lexical_check.hpp"

#include "base/input_error.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tileprof {
namespace {

bool isContinuationByte(unsigned char byte)
{
    return (byte & 0xC0) == 0x80;
}

// What ends a value that is not a string, for toml++.
bool isValueTerminator(char c)
{
    return std::string_view(" \t\n\v\f\r,]}#").find(c) != std::string_view::npos;
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

bool isBareKeyCharacter(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || isDigit(c) || c == '_' || c == '-';
}

// The code point of the well-formed UTF-8 sequence at text[at], if it is one.
std::optional<std::uint32_t> decodeUtf8(std::string_view text, std::size_t at)
{
    const auto lead = static_cast<unsigned char>(text[at]);
    const std::size_t length = lead >= 0xF0 && lead <= 0xF4 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0;
    if (length == 0 || lead > 0xF4 || at + length > text.size()) {
        return std::nullopt;
    }
    std::uint32_t codePoint = lead & (0x7Fu >> length);
    for (std::size_t i = 1; i < length; ++i) {
        const auto byte = static_cast<unsigned char>(text[at + i]);
        if (!isContinuationByte(byte)) {
            return std::nullopt;
        }
        codePoint = codePoint << 6 | (byte & 0x3Fu);
    }
    static constexpr std::uint32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (codePoint < kSmallest[length] || codePoint > 0x10FFFF || (codePoint >= 0xD800 && codePoint <= 0xDFFF)) {
        return std::nullopt;
    }
    return codePoint;
}

// 'é' (U+00E9); a control character by its number only; a byte that starts no UTF-8 character.
std::string describeNonAscii(std::string_view text, std::size_t at)
{
    char code[32];
    const std::optional<std::uint32_t> codePoint = decodeUtf8(text, at);
    if (!codePoint) {
        std::snprintf(code, sizeof code, "the byte $%02X", static_cast<unsigned char>(text[at]));
        return std::string(code) + ", which is not UTF-8,";
    }
    std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(*codePoint));
    if (*codePoint < 0xA0) {
        return code;
    }
    std::size_t length = 1;
    while (at + length < text.size() && isContinuationByte(static_cast<unsigned char>(text[at + length]))) {
        ++length;
    }
    return "'" + std::string(text.substr(at, length)) + "' (" + code + ")";
}

// Walks the text as TOML's lexical structure divides it: outside strings, comments, and the four
// kinds of string. Only what the checks need is told apart; toml++ reports every other error.
class Scanner {
public:
    Scanner(std::string_view text, const std::string& name) : text_(text), name_(name) {}

    void run()
    {
        if (text_.starts_with("\xEF\xBB\xBF")) {
            i_ = 3; // a UTF-8 byte order mark, which toml++ skips
        }
        while (i_ < text_.size()) {
            const char c = text_[i_];
            if (c == '"' || c == '\'') {
                checkQuoteStartsString();
                if (i_ + 2 < text_.size() && text_[i_ + 1] == c && text_[i_ + 2] == c) {
                    multiLineString(c);
                } else {
                    singleLineString(c);
                }
            } else if (c == '#') {
                skipTo('\n');
            } else if (c == '[' && lineStart_ && open_.empty()) {
                tableHeader();
            } else {
                outside();
            }
        }
    }

private:
    bool atNonAscii() const { return i_ < text_.size() && static_cast<unsigned char>(text_[i_]) >= 0x80; }

    void next()
    {
        if (text_[i_] == '\n') {
            ++line_;
            column_ = 1;
            lineStart_ = true;
        } else if (i_ + 1 >= text_.size() || !isContinuationByte(static_cast<unsigned char>(text_[i_ + 1]))) {
            ++column_;
        }
        ++i_;
    }

    [[noreturn]] void fail(const std::string& problem) const
    {
        throw InputError(name_ + ":" + std::to_string(line_) + ":" + std::to_string(column_) + ": " + problem);
    }

    [[noreturn]] void failNonAscii(const std::string& where) const
    {
        fail(describeNonAscii(text_, i_) + " " + where);
    }

    void skipTo(char end)
    {
        while (i_ < text_.size() && text_[i_] != end) {
            next();
        }
    }

    void skipSpaces()
    {
        while (i_ < text_.size() && (text_[i_] == ' ' || text_[i_] == '\t')) {
            next();
        }
    }

    // toml++ reads a value that is not a string up to a space, ',', ']', '}' or '#', testing each
    // character with the Unicode whitespace test: a quote inside it starts no string, and what
    // would be its non-ASCII contents reach that test. Only a quote that can start a string does.
    void checkQuoteStartsString() const
    {
        if (i_ == 0 || (i_ == 3 && text_.starts_with("\xEF\xBB\xBF"))) {
            return;
        }
        const char before = text_[i_ - 1];
        if (std::string_view(" \t\r\n=[{,").find(before) == std::string_view::npos && (before != '.' || inValue_)) {
            fail(std::string("a quote right after '") + before + "': a string starts after '=', '[', '{', ',' or a "
                 + "space (or a '.' in a dotted key)");
        }
        if (inBareValue_) {
            fail("a quote inside a value that is not a string: toml++ reads it, and what follows, as part of "
                 "the value");
        }
    }

    // toml++ reads a value that starts like a date (`1979-05-27`) and goes on with a 'T' as a date
    // and a time, and asserts that the time starts with a digit. It reads a value of ten such
    // characters, a space and a digit the same way, and asserts that more of the time follows.
    void checkDate() const
    {
        const std::string_view start = text_.substr(i_, 12);
        const bool dateShaped = start.size() >= 10 && start[4] == '-' && start[7] == '-'
            && std::ranges::all_of(std::array{0, 1, 2, 3, 5, 6, 8, 9}, [&](int k) { return isDigit(start[k]); });
        if (dateShaped && start.size() == 12 && (start[10] == 'T' || start[10] == 't') && !isDigit(start[11])) {
            fail(std::string("a date and a '") + start[10] + "' without a time after it: toml++ 3.3.0 cannot read "
                 "that safely; write the whole time (1979-05-27T07:32:00) or a string");
        }
        std::string chars; // as toml++ counts them: without underscores
        std::size_t end = i_;
        for (; end < text_.size() && !isValueTerminator(text_[end]); ++end) {
            if (text_[end] != '_') {
                chars += text_[end];
            }
        }
        if (chars.size() == 10 && chars[4] == '-' && chars[7] == '-' && end + 2 < text_.size() && text_[end] == ' '
            && isDigit(text_[end + 1]) && isValueTerminator(text_[end + 2])) {
            fail("a date, a space and a single digit: toml++ 3.3.0 cannot read that safely; write the whole time "
                 "(1979-05-27 07:32:00) or a string");
        }
    }

    void outside()
    {
        const char c = text_[i_];
        if (atNonAscii()) {
            failNonAscii("outside a string or comment: TOML allows only ASCII there (keys, numbers, dates)");
        }
        if (inBareValue_ && !isValueTerminator(c)) {
            advanceOutside(c); // '=', '[' or '{' inside a number is part of it for toml++
            return;
        }
        inBareValue_ = false;
        if (inValue_ && !isValueTerminator(c) && c != '[' && c != '{' && c != '=') {
            inBareValue_ = true;
            if (isDigit(c)) {
                checkDate();
            }
        } else if (c == '[' || c == '{') {
            open_.push_back(c);
            inValue_ = c == '[';
        } else if (c == '}' && !open_.empty() && open_.back() == '[') {
            // toml++ asserts that what it reads as the array's next value is none of , ] } #.
            fail("'}' inside an array, where a value or ']' must come");
        } else if ((c == ']' || c == '}') && !open_.empty()) {
            open_.pop_back();
            inValue_ = true;
        } else if (c == '=') {
            inValue_ = true;
        } else if (c == ',') {
            inValue_ = open_.empty() || open_.back() == '[';
        } else if (c == '\n' && open_.empty()) {
            inValue_ = false;
        }
        advanceOutside(c);
    }

    void advanceOutside(char c)
    {
        const bool space = c == ' ' || c == '\t' || c == '\r';
        next();
        lineStart_ = lineStart_ && (space || c == '\n');
    }

    // toml++ starts reading the name at the first character after `[` or `[[` and spaces, and
    // asserts that it can start a key.
    void tableHeader()
    {
        next();
        skipSpaces();
        if (i_ < text_.size() && text_[i_] == '[' && text_[i_ - 1] == '[') { // [[, an array of tables
            next();
            skipSpaces();
        }
        if (i_ < text_.size() && !isBareKeyCharacter(text_[i_]) && text_[i_] != '"' && text_[i_] != '\''
            && text_[i_] != ']') {
            if (atNonAscii()) {
                failNonAscii("starts a table name: a name is a bare key (A-Z a-z 0-9 _ -) or a quoted one");
            }
            const bool newline = text_[i_] == '\n' || text_[i_] == '\r';
            fail(std::string("a table name must follow '[': a bare key (A-Z a-z 0-9 _ -) or a quoted one, not ")
                 + (newline ? "the end of the line" : "'" + std::string(1, text_[i_]) + "'"));
        }
        lineStart_ = false;
    }

    // "..." or '...'; a newline ends it too (toml++ reports the missing quote).
    void singleLineString(char quote)
    {
        lineStart_ = false;
        next();
        while (i_ < text_.size() && text_[i_] != quote && text_[i_] != '\n') {
            if (quote == '"' && text_[i_] == '\\') {
                escape();
            } else {
                next();
            }
        }
        if (i_ < text_.size() && text_[i_] == quote) {
            next();
        }
    }

    // """...""" or '''...'''. Up to two more quotes before the closing three belong to the string,
    // so a run of three to five quotes ends it.
    void multiLineString(char quote)
    {
        lineStart_ = false;
        for (int n = 0; n < 3; ++n) {
            next();
        }
        while (i_ < text_.size()) {
            if (text_[i_] == quote) {
                std::size_t run = 0;
                while (i_ + run < text_.size() && text_[i_ + run] == quote) {
                    ++run;
                }
                const std::size_t consumed = run >= 3 ? std::min<std::size_t>(run, 5) : run;
                for (std::size_t n = 0; n < consumed; ++n) {
                    next();
                }
                if (run >= 3) {
                    lineStart_ = false;
                    return;
                }
            } else if (quote == '"' && text_[i_] == '\\') {
                if (escape()) {
                    while (i_ < text_.size() && std::string_view(" \t\r\n").find(text_[i_]) != std::string_view::npos) {
                        next();
                    }
                    if (atNonAscii()) {
                        failNonAscii("first after a line-ending backslash: toml++ 3.3.0 cannot read it there "
                                     "safely; write it as a \\u escape");
                    }
                }
            } else {
                next();
            }
        }
    }

    // A backslash and what follows it. True for a line-ending backslash (whitespace follows).
    bool escape()
    {
        next();
        if (atNonAscii()) {
            failNonAscii("after a backslash: no TOML escape starts so; write the character itself or a \\u escape");
        }
        if (i_ >= text_.size()) {
            return false;
        }
        if (std::string_view(" \t\r\n").find(text_[i_]) != std::string_view::npos) {
            return true;
        }
        next();
        return false;
    }

    std::string_view text_;
    const std::string& name_;
    std::size_t i_ = 0;
    int line_ = 1;
    int column_ = 1;
    bool lineStart_ = true; // only spaces and tabs so far on this line, outside any string
    bool inValue_ = false;  // after a key's '=' or inside an array, not where a key is read
    bool inBareValue_ = false; // inside a value that is not a string, which only a terminator ends
    std::vector<char> open_; // the arrays and inline tables open around the scan, innermost last
};

} // namespace

void checkTomlLexically(std::string_view text, const std::string& name)
{
    Scanner(text, name).run();
}

} // namespace tileprof
