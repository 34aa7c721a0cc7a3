#include "base/replace_file.hpp"

#include "base/input_error.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <system_error>

#if __has_include(<unistd.h>)
#include <unistd.h>
#endif

namespace tileprof {
namespace {

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& problem)
{
    throw tileprof::InputError(path.string() + ": " + problem);
}

// Writes and flushes the whole text, to the disk where the system allows; false, with errno set,
// if any of it fails.
bool writeAll(std::FILE* file, std::string_view text)
{
    if (std::fwrite(text.data(), 1, text.size(), file) != text.size() || std::fflush(file) != 0) {
        return false;
    }
#if __has_include(<unistd.h>)
    return ::fsync(::fileno(file)) == 0;
#else
    return true;
#endif
}

} // namespace

void replaceFile(const std::filesystem::path& path, std::string_view text)
{
    std::error_code error;
    std::filesystem::path target = path;
    if (std::filesystem::is_symlink(path, error)) {
        target = std::filesystem::weakly_canonical(path, error);
        if (error) {
            fail(path, "cannot write: cannot follow the link: " + error.message());
        }
    }
    const std::filesystem::path temporary = target.string() + ".tileprof-partial";
    std::FILE* file = std::fopen(temporary.c_str(), "wb");
    if (!file) {
        fail(path, std::string("cannot write: ") + std::strerror(errno));
    }
    const bool written = writeAll(file, text);
    const int writeError = errno;
    const bool closed = std::fclose(file) == 0;
    const int closeError = errno;
    if (!written || !closed) {
        std::filesystem::remove(temporary, error);
        fail(path, std::string("cannot write: ") + std::strerror(written ? closeError : writeError));
    }
    const std::filesystem::file_status old = std::filesystem::status(target, error);
    if (!error && std::filesystem::is_regular_file(old)) {
        std::filesystem::permissions(temporary, old.permissions(), error); // best effort: the text matters
    }
    std::filesystem::rename(temporary, target, error);
    if (error) {
        const std::string reason = error.message();
        std::filesystem::remove(temporary, error);
        fail(path, "cannot write: " + reason);
    }
}

} // namespace tileprof
