#pragma once

#include <filesystem>
#include <string>

namespace emu {

// The whole file's bytes. Throws InputError "WHERE: cannot open: REASON" or "WHERE: cannot read:
// REASON" (a directory cannot be read), with the operating system's reason.
std::string readFileContents(const std::filesystem::path& path, const std::string& where);

} // namespace emu
