#pragma once

#include "profiler/engine/coverage/code_coverage.hpp"

#include <filesystem>
#include <map>
#include <string>

namespace tileprof {

// Coverage as an lcov tracefile (geninfo's .info format: genhtml renders it, CI services read it),
// one test name per ROM: for each source file its lines (DA), conditional branches (BRDA: 0 taken,
// 1 not taken; "-" where the branch never ran) and the scopes that begin in it (FN, FNDA: runs of
// their first instruction). Code without line information (a ROM profiled from a label file) is
// listed instruction by instruction in a disassembly of its own, `listings` maps each such file's
// path, as the tracefile names it, to its text; `listingDirectory` is where they go.
struct LcovReport {
    std::string tracefile;
    std::map<std::filesystem::path, std::string> listings;
};

LcovReport formatLcov(const std::vector<RomCoverage>& roms, const std::filesystem::path& listingDirectory);

} // namespace tileprof
