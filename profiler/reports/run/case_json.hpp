#pragma once

#include "profiler/engine/stats/case_statistics.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace tileprof {

using Json = nlohmann::ordered_json;

// A case's statistics as the JSON reports give them; `scenario` leads the entry when the
// statistics are one scenario's.
Json caseJson(const CaseStatistics& statistics, const std::string* scenario = nullptr);

} // namespace tileprof
