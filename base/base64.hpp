#pragma once

#include <string>
#include <string_view>

namespace tileprof {

// The bytes the base64 text (RFC 4648's alphabet, padded or not) spells; whitespace anywhere is
// skipped, as files wrap it. Throws InputError "WHERE: not base64: 'C' at character N" (counted
// from 0 in `text`), or "WHERE: not base64: it ends inside a byte".
std::string base64Decoded(std::string_view text, const std::string& where);

// `bytes` in base64, padded, on one line.
std::string base64Encoded(std::string_view bytes);

} // namespace tileprof
