#include "profiler/formats/json/json_spans.hpp"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace tileprof {
namespace {

// Not valid JSON after all: the callers turn it into "nothing".
struct Malformed : std::runtime_error {
    Malformed() : std::runtime_error("malformed JSON") {}
};

// Walks a document already known to be JSON; checks only what keeps it inside the text.
class Scanner {
public:
    explicit Scanner(std::string_view text) : text_(text) {}

    std::size_t skipSpace(std::size_t at) const
    {
        while (at < text_.size() && std::string_view(" \t\r\n").find(text_[at]) != std::string_view::npos) {
            ++at;
        }
        return at;
    }

    char at(std::size_t offset) const
    {
        if (offset >= text_.size()) {
            throw Malformed();
        }
        return text_[offset];
    }

    // The end of the value starting at `begin` (no space before it).
    std::size_t valueEnd(std::size_t begin) const
    {
        switch (at(begin)) {
        case '"':
            return stringEnd(begin);
        case '{':
        case '[':
            return containerEnd(begin);
        default:
            break;
        }
        std::size_t end = begin;
        while (end < text_.size() && std::string_view(",]} \t\r\n").find(text_[end]) == std::string_view::npos) {
            ++end;
        }
        if (end == begin) {
            throw Malformed();
        }
        return end;
    }

    // The end of the array or object at `begin`. In JSON the brackets outside strings pair up, so
    // counting them finds it without recursing as deep as the document nests.
    std::size_t containerEnd(std::size_t begin) const
    {
        std::size_t depth = 0;
        for (std::size_t i = begin;;) {
            const char c = at(i);
            if (c == '"') {
                i = stringEnd(i);
                continue;
            }
            if (c == '[' || c == '{') {
                ++depth;
            } else if ((c == ']' || c == '}') && --depth == 0) {
                return i + 1;
            }
            ++i;
        }
    }

    std::size_t stringEnd(std::size_t begin) const
    {
        std::size_t i = begin + 1;
        while (at(i) != '"') {
            i += at(i) == '\\' ? 2 : 1;
        }
        return i + 1;
    }

    // The members of the object at `begin` as (name, value) spans, and the object's end.
    std::pair<std::vector<std::pair<JsonSpan, JsonSpan>>, std::size_t> members(std::size_t begin) const
    {
        std::vector<std::pair<JsonSpan, JsonSpan>> result;
        std::size_t i = skipSpace(begin + 1);
        if (at(i) == '}') {
            return {result, i + 1};
        }
        for (;;) {
            const JsonSpan name{i, stringEnd(i)};
            i = skipSpace(name.end);
            if (at(i) != ':') {
                throw Malformed();
            }
            i = skipSpace(i + 1);
            const JsonSpan value{i, valueEnd(i)};
            result.emplace_back(name, value);
            i = skipSpace(value.end);
            if (at(i) == '}') {
                return {result, i + 1};
            }
            if (at(i) != ',') {
                throw Malformed();
            }
            i = skipSpace(i + 1);
        }
    }

    std::pair<std::vector<JsonSpan>, std::size_t> elements(std::size_t begin) const
    {
        std::vector<JsonSpan> result;
        std::size_t i = skipSpace(begin + 1);
        if (at(i) == ']') {
            return {result, i + 1};
        }
        for (;;) {
            const JsonSpan value{i, valueEnd(i)};
            result.push_back(value);
            i = skipSpace(value.end);
            if (at(i) == ']') {
                return {result, i + 1};
            }
            if (at(i) != ',') {
                throw Malformed();
            }
            i = skipSpace(i + 1);
        }
    }

    std::string name(JsonSpan span) const
    {
        return nlohmann::json::parse(text_.substr(span.begin, span.end - span.begin)).get<std::string>();
    }

private:
    std::string_view text_;
};

std::size_t documentStart(std::string_view text)
{
    return text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
}

} // namespace

std::optional<JsonSpan> jsonValueSpan(std::string_view text, const std::vector<JsonPathStep>& path)
{
    const Scanner scanner(text);
    try {
        const std::size_t begin = scanner.skipSpace(documentStart(text));
        JsonSpan value{begin, scanner.valueEnd(begin)};
        for (const JsonPathStep& step : path) {
            std::optional<JsonSpan> next;
            if (const std::string* key = std::get_if<std::string>(&step)) {
                if (scanner.at(value.begin) != '{') {
                    return std::nullopt;
                }
                for (const auto& [name, member] : scanner.members(value.begin).first) {
                    if (scanner.name(name) == *key) {
                        next = member;
                    }
                }
            } else {
                if (scanner.at(value.begin) != '[') {
                    return std::nullopt;
                }
                const std::vector<JsonSpan> elements = scanner.elements(value.begin).first;
                const std::size_t index = std::get<std::size_t>(step);
                if (index < elements.size()) {
                    next = elements[index];
                }
            }
            if (!next) {
                return std::nullopt;
            }
            value = *next;
        }
        return value;
    } catch (const Malformed&) {
        return std::nullopt;
    } catch (const nlohmann::json::exception&) {
        return std::nullopt;
    }
}

std::optional<std::vector<JsonSpan>> jsonArrayElements(std::string_view text, JsonSpan array)
{
    const Scanner scanner(text);
    try {
        if (scanner.at(array.begin) != '[') {
            return std::nullopt;
        }
        return scanner.elements(array.begin).first;
    } catch (const Malformed&) {
        return std::nullopt;
    }
}

} // namespace tileprof
