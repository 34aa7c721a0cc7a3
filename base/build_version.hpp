#pragma once

#include <string>
#include <string_view>

namespace tileprof {

// The release (the project's version in CMakeLists.txt) and the commit this program was built from.
std::string_view buildVersion();
std::string_view buildCommit();

// "tileprof 0.1.0 (commit 441767e1a2b3)": what --version prints, with the program's name.
std::string versionLine(std::string_view program);

} // namespace tileprof
