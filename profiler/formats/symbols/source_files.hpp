#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

// Where a source file that a debug file names is on this machine. An assembler records the name
// it was given, often relative to the directory it ran in, which need not be where tileprof runs:
// the name as recorded (absolute, or from the working directory), else under each of
// `directories` (a command line's --source-dir, then the debug file's directory and those above
// it) by the recorded name without its root, then by ever shorter trailing parts of it, down to
// its file name alone. Nothing when none of them has it.
std::optional<std::filesystem::path> findSourceFile(const std::string& recorded,
                                                    const std::vector<std::filesystem::path>& directories);

// The directories findSourceFile searches for a debug file's sources: `given` (--source-dir), then
// the debug file's directory and the directories above it.
std::vector<std::filesystem::path> sourceDirectories(std::vector<std::filesystem::path> given,
                                                     const std::filesystem::path& debugFile);

} // namespace tileprof
