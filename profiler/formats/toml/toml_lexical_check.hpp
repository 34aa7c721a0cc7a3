#pragma once

#include <string>
#include <string_view>

namespace tileprof {

// Refuses, before toml++ sees it, TOML text that would take toml++ 3.3.0 (Debian's) into
// undefined behaviour or a failed internal assertion:
// - a non-ASCII character outside strings and comments (TOML allows none there; toml++ passes it
//   to a Unicode whitespace test that reaches __builtin_unreachable() for code points such as
//   U+03DE, upstream issues 190 and 295), or where its multi-line strings make the same test:
//   after a backslash, or first after a line-ending backslash; a quote inside a value that is not
//   a string (`64"é"`) starts no string for toml++, so it must follow what can precede a string;
// - a date-shaped value, a space, one digit and the value's end (`0000-00-00 0`), which fails an
//   assertion toml++ 3.3.0 makes (undefined behaviour where assertions are off);
// - a table header whose name starts with neither a bare-key character nor a quote (`[=`), and
//   '}' inside an array (`a = [}`): both fail toml++'s internal assertions.
// Throws InputError "NAME:LINE:COLUMN: problem", lines and columns counted as toml++ does.
void checkTomlLexically(std::string_view text, const std::string& name);

} // namespace tileprof
