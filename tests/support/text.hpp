#pragma once

#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace tileprof::test {

// Text helpers the tests share. Those that cannot do their job (no such file, no such part) fail
// the calling test.

bool contains(std::string_view text, std::string_view part);

// A file's bytes.
std::string slurp(const std::filesystem::path& path);

// The 1-based line of the first occurrence of `part` in `text`.
int lineWith(const std::string& text, const std::string& part);

// `text` with the first occurrence of `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to);

// The lines of `text`, without their newlines.
std::vector<std::string> splitLines(const std::string& text);

// `message` starts with `where` (FILE:LINE[:COLUMN]) and holds each of `words`.
void checkMessage(const std::string& message, const std::string& where, std::initializer_list<std::string_view> words);

} // namespace tileprof::test
