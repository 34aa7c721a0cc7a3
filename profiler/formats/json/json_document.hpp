#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace tileprof {

// Arrays and objects nested deeper than this are refused: nlohmann's parser does not recurse, but
// copying and printing a value do. tileprof's own files nest 6 levels at most.
inline constexpr int kMaxJsonDepth = 64;

// Parses a JSON document of a file tileprof reads (a Tiled map, CPU vectors, a baseline or a
// report). Throws InputError "WHERE: not JSON: nlohmann's message (with line and column)",
// "WHERE: a JSON number out of range: ..." (1e400) or "WHERE:LINE:COLUMN: JSON nested deeper than
// 64 levels".
nlohmann::json parseJsonDocument(std::string_view text, const std::string& where);

} // namespace tileprof
