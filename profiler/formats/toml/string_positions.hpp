#pragma once

#include "profiler/formats/toml/toml_file.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tileprof {

// Where each byte of a string value sits in the file. toml++ gives only the literal's start, and a
// trimmed first newline, an escape or a line-ending backslash moves everything after it, so the
// literal is read again from `text` (the whole file), starting at `start`. toml++ has accepted
// the literal, so it is well formed.
std::vector<SourcePosition> valuePositions(std::string_view text, SourcePosition start);

// The byte offset in `text` of a position (lines from 1, columns from 1 counting UTF-8 characters).
std::size_t byteOffset(std::string_view text, SourcePosition at);

// The character at text[index] as a message shows it: 'x', ' ' (a space), U+0009 (a control
// character), or the whole UTF-8 sequence.
std::string describeCharacter(std::string_view text, std::size_t index);

} // namespace tileprof
