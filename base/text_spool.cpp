#include "base/text_spool.hpp"

#include "base/input_error.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <unistd.h>

namespace tileprof {

namespace {

constexpr std::size_t kPiece = std::size_t{1} << 20;

[[noreturn]] void fail(const char* what)
{
    throw InputError(std::string("a temporary file for the report (in TMPDIR or /tmp): cannot ") + what + ": " + std::strerror(errno));
}

// An unnamed file in $TMPDIR (or /tmp), open for reading and writing.
std::FILE* unnamedFile()
{
    const char* variable = std::getenv("TMPDIR");
    const std::string directory = variable != nullptr && *variable != '\0' ? variable : "/tmp";
    int fd = ::open(directory.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR)) {
        // A file system without unnamed files: a named one, unlinked at once.
        std::string name = directory + "/tileprof-spool-XXXXXX";
        fd = ::mkostemp(name.data(), O_CLOEXEC);
        if (fd >= 0) {
            ::unlink(name.c_str());
        }
    }
    std::FILE* file = fd < 0 ? nullptr : ::fdopen(fd, "w+b");
    if (file == nullptr) {
        const int error = errno;
        if (fd >= 0) {
            ::close(fd);
        }
        throw InputError("cannot make a temporary file for the report in " + directory + " (TMPDIR): " + std::strerror(error));
    }
    return file;
}

} // namespace

TextSpool::TextSpool() : file_(unnamedFile(), &std::fclose) {}

void TextSpool::write(std::string_view text)
{
    pending_ += text;
    if (pending_.size() >= kPiece) {
        flush();
    }
}

void TextSpool::flush()
{
    if (!pending_.empty() && std::fwrite(pending_.data(), 1, pending_.size(), file_.get()) != pending_.size()) {
        fail("write it");
    }
    pending_.clear();
}

void TextSpool::giveTo(const std::function<void(std::string_view)>& give)
{
    flush();
    if (std::fflush(file_.get()) != 0 || std::fseek(file_.get(), 0, SEEK_SET) != 0) {
        fail("read it back");
    }
    std::string piece(kPiece, '\0');
    while (const std::size_t got = std::fread(piece.data(), 1, piece.size(), file_.get())) {
        give(std::string_view(piece.data(), got));
    }
    if (std::ferror(file_.get()) != 0) {
        fail("read it back");
    }
}

} // namespace tileprof
