#include "base/file_contents.hpp"

#include "base/input_error.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <memory>

namespace tileprof {

std::string byteSize(std::uint64_t bytes)
{
    static constexpr const char* kUnits[] = {"KiB", "MiB", "GiB", "TiB"};
    const auto plainBytes = [](std::uint64_t count) {
        return std::to_string(count) + (count == 1 ? " byte" : " bytes");
    };
    if (bytes < 1024) {
        return plainBytes(bytes);
    }
    std::size_t unit = 0;
    std::uint64_t unitBytes = 1024;
    while (bytes / unitBytes >= 1024 && unit + 1 < std::size(kUnits)) {
        unitBytes *= 1024;
        ++unit;
    }
    const std::string whole = std::to_string(bytes / unitBytes) + " " + kUnits[unit];
    const std::uint64_t rest = bytes % unitBytes;
    if (rest == 0) {
        return whole;
    }
    // A limit such as 4 MiB and a copier header stays exact; other sizes are rounded.
    if (rest < 1024 && unit > 0) {
        return whole + " + " + plainBytes(rest);
    }
    char text[32];
    std::snprintf(text, sizeof text, "%.1f %s", static_cast<double>(bytes) / static_cast<double>(unitBytes),
                  kUnits[unit]);
    return text;
}

void failOverLimit(const std::string& where, const std::string& size, FileLimit limit)
{
    throw InputError(where + ": " + size + "; " + std::string(limit.kind) + " is at most "
                     + byteSize(limit.bytes));
}

std::string readFileContents(const std::filesystem::path& path, const std::string& where, FileLimit limit)
{
    // stdio rather than iostreams: fopen and fread set errno, so the message can give the OS reason.
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!file) {
        throw InputError(where + ": cannot open: " + std::strerror(errno));
    }
    struct stat status {};
    if (fstat(fileno(file.get()), &status) == 0 && S_ISREG(status.st_mode)
        && static_cast<std::uint64_t>(status.st_size) > limit.bytes) {
        failOverLimit(where, byteSize(static_cast<std::uint64_t>(status.st_size)), limit);
    }
    std::string bytes;
    char buffer[1 << 16];
    while (const std::size_t count = std::fread(buffer, 1, sizeof buffer, file.get())) {
        bytes.append(buffer, count);
        if (bytes.size() > limit.bytes) {
            failOverLimit(where, "more than " + byteSize(limit.bytes), limit);
        }
    }
    if (std::ferror(file.get())) {
        throw InputError(where + ": cannot read: " + std::strerror(errno));
    }
    return bytes;
}

} // namespace tileprof
