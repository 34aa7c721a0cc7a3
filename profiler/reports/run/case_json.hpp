#pragma once

#include "profiler/engine/call/call_record.hpp"
#include "profiler/engine/stats/case_statistics.hpp"
#include "profiler/reports/markup/json.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace tileprof {


// A case's statistics as the JSON reports give them; `scenario` leads the entry when the
// statistics are one scenario's.
Json caseJson(const CaseStatistics& statistics, const std::string* scenario = nullptr);

// A tile read as every JSON report gives it: its column, row, type (named from `tileTypes`) and
// cycle into the call.
Json tileReadJson(const TileRead& tile, const std::vector<std::string>& tileTypes);

} // namespace tileprof
