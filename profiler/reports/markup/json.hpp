#pragma once

#include <nlohmann/json.hpp>

namespace tileprof {

// A JSON value of the reports: its members in the order they were written.
using Json = nlohmann::ordered_json;

} // namespace tileprof
