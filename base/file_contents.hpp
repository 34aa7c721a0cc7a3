#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace tileprof {

// The most tileprof reads of one kind of file, and what messages call that kind ("a ROM image").
// Every file is input from strangers: none is read, inflated or parsed without a bound.
struct FileLimit {
    std::uint64_t bytes;
    std::string_view kind;
};

// The whole file's bytes, at most `limit.bytes` of them. Throws InputError "WHERE: cannot open:
// REASON" or "WHERE: cannot read: REASON" (a directory cannot be read), with the operating
// system's reason, or "WHERE: 9.5 MiB; a ROM image is at most 4 MiB" for a larger file. A file
// that is not a regular one (a device, a pipe) is read until it passes the limit.
std::string readFileContents(const std::filesystem::path& path, const std::string& where, FileLimit limit);

// Throws the InputError "WHERE: SIZE; KIND is at most LIMIT" for a file, or what it inflates to,
// over its limit; `size` says how much it is ("9.5 MiB", "more than 4 MiB").
[[noreturn]] void failOverLimit(const std::string& where, const std::string& size, FileLimit limit);

// A size as messages give it: "512 bytes", "4 MiB", "9.5 MiB".
std::string byteSize(std::uint64_t bytes);

} // namespace tileprof
