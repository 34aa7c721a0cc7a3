#pragma once

#include <functional>
#include <string_view>

namespace tileprof {

// Where a report's text goes, a piece at a time: a report too long to hold whole gives it on as it
// is written.
using TextSink = std::function<void(std::string_view)>;

} // namespace tileprof
