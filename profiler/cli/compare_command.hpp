#pragma once

#include <string>
#include <vector>

namespace tileprof {

inline const std::vector<std::string> kCompareFormats{"table", "markdown", "json"};

struct CompareOptions {
    std::vector<std::string> scenarios; // files or directories: a tour, one walk of it per design
    std::string format = "table";
    std::string out; // empty: stdout
    bool allowInvalidMap = false;
};

// `tileprof compare`: runs each scenario on its own ROM and sets the ROMs side by side: per case
// and over every call, the calls, mean / p95 / max cycles and scanlines, the share of the budget,
// and the routine's ROM and RAM bytes. Returns 0, 1 when an expectation or invariant failed, 2
// when a scenario or its ROM cannot be used.
int runCompareCommand(const CompareOptions& options);

} // namespace tileprof
