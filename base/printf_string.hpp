#pragma once

#include <string>

namespace tileprof {

// snprintf into a std::string of the right length; the compiler checks the arguments.
[[gnu::format(printf, 1, 2)]] std::string printfString(const char* pattern, ...);

} // namespace tileprof
