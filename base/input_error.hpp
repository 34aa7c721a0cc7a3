#pragma once

#include <stdexcept>

namespace tileprof {

// A file or argument tileprof cannot use. The message says what and where ("file: problem"); the
// command line turns it into exit code 2.
class InputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace tileprof
