#pragma once

#include <string>
#include <string_view>

namespace tileprof {

// "tileprof 0.1.0 (commit 441767e1a2b3)": what --version prints: the program's name, the release
// (the project's version in CMakeLists.txt) and the commit it was built from.
std::string versionLine(std::string_view program);

} // namespace tileprof
