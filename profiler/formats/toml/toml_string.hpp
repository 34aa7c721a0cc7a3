#pragma once

#include <string>
#include <string_view>

namespace tileprof {

// A TOML basic string: quotes, backslashes and control characters escaped, the rest as it is.
std::string tomlString(std::string_view text);

} // namespace tileprof
