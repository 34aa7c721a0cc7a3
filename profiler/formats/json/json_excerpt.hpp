#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace tileprof {

// A JSON value as a message shows it, whatever the file held: a number, true, false or null as
// JSON writes it, a string quoted and cut after 40 bytes, "an array of 3 values", "an object".
std::string jsonExcerpt(const nlohmann::json& value);

} // namespace tileprof
