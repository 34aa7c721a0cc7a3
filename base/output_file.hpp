#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace tileprof {

// A file being written in place of `path`, all of it or nothing.
//
// A regular file (or none yet) is replaced whole: the text goes to a temporary file beside it, with
// a name no other writer uses ("NAME.tileprof-partial-PID-N"), and commit() renames that over it,
// keeping the old file's permissions. Until then the old file (or no file) stays as it was; a
// failure, a destructor without commit(), or SIGINT, SIGTERM, SIGHUP or SIGQUIT removes the
// temporary. Anything else (a device such as /dev/null, a FIFO, a terminal) is written through as
// it is, never replaced. A symbolic link is followed and what it names written.
//
// Every error throws tileprof::InputError "PATH: cannot write: reason".
class OutputFile {
public:
    explicit OutputFile(std::filesystem::path path);
    ~OutputFile();
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    void write(std::string_view text);
    // Flushes it to the disk (where the system allows) and puts it in place.
    void commit();

private:
    [[noreturn]] void fail(const std::string& reason);
    void discard();

    std::filesystem::path path_;      // as given, for messages
    std::filesystem::path target_;    // the file it replaces or writes through
    std::filesystem::path temporary_; // empty when writing through
    int fd_ = -1;
    int slot_ = -1; // in the list of temporaries a signal removes
};

// Writes `text` in place of `path` as OutputFile does.
void replaceFile(const std::filesystem::path& path, std::string_view text);

} // namespace tileprof
