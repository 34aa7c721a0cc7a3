#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tileprof {

// Where a value sits in the text of a JSON document: bytes [begin, end). For editing a few values
// of a document in place and keeping every other byte (its layout, its number formats) as it is.
struct JsonSpan {
    std::size_t begin = 0;
    std::size_t end = 0;
};

// A step into a document: an object member by its (unescaped) name, or an array element by index.
using JsonPathStep = std::variant<std::string, std::size_t>;

// The span of the value at `path` in the JSON document `text`, which must be valid JSON (parse it
// first; a UTF-8 byte order mark is skipped). Of members with the same name, the last counts, as
// nlohmann::json keeps it. Nothing if the path leads to no value.
std::optional<JsonSpan> jsonValueSpan(std::string_view text, const std::vector<JsonPathStep>& path);

// The spans of the elements of the array at `array`; nothing if `array` is not an array.
std::optional<std::vector<JsonSpan>> jsonArrayElements(std::string_view text, JsonSpan array);

} // namespace tileprof
