#pragma once

#include <string>
#include <vector>

namespace tileprof {

// `tileprof sst FILE...`: runs CPU test-vector files, prints each failure and a final
// "N passed, M failed" line. Returns the exit code.
int runSstCommand(const std::vector<std::string>& files, bool quiet);

} // namespace tileprof
