#pragma once

#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace tileprof {

// Text written now and given on later, a piece at a time: kept in an unnamed file in $TMPDIR (or
// /tmp), gone with the process however it ends, so that a report's parts that come out of order
// need no memory. Throws tileprof::InputError when the temporary file cannot be made, written or read.
class TextSpool {
public:
    TextSpool();

    void write(std::string_view text);
    // Gives everything written to `give`, a megabyte at a time; once.
    void giveTo(const std::function<void(std::string_view)>& give);

private:
    void flush();

    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_;
    std::string pending_; // written, not yet in the file
};

} // namespace tileprof
