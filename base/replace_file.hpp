#pragma once

#include <filesystem>
#include <string_view>

namespace tileprof {

// Replaces the file at `path` with `text`, or creates it: writes a temporary file beside it
// ("NAME.tileprof-partial") and renames that over it, so a failure leaves the old file (or no file)
// as it was, never half written. A symbolic link is followed and the file it names replaced; an
// existing file's permissions are kept. Throws tileprof::InputError "PATH: cannot write: reason".
void replaceFile(const std::filesystem::path& path, std::string_view text);

} // namespace tileprof
