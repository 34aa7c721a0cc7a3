#pragma once

#include <string>

namespace tileprof {

// `text` as one word of a POSIX shell command line: as it is when every character is one no shell
// treats specially, otherwise in single quotes (a single quote inside written as '\'').
std::string shellWord(const std::string& text);

} // namespace tileprof
