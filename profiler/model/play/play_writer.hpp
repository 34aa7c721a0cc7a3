#pragma once

#include "profiler/model/play/play_file.hpp"

#include <string>

namespace tileprof {

// `request` as a play file that loads back as the same request from anywhere: every file named by
// its absolute path. `comment` (lines without their "# ") heads it.
std::string playFileToml(const PlayRequest& request, const std::string& comment);

} // namespace tileprof
