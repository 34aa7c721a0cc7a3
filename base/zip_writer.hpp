#pragma once

#include <string>
#include <vector>

namespace tileprof {

// A member to write into a zip archive: its name, its bytes, and whether to deflate them (else
// they are stored).
struct ZipEntry {
    std::string name;
    std::string data;
    bool deflate = true;
};

// A zip archive of `entries` as PKWARE's APPNOTE.TXT lays one out: a local file header and the
// data of each entry, the central directory, the end record. The BizHawk movies explore writes,
// the tests' and the input fuzzer's are written with it.
std::string zipArchive(const std::vector<ZipEntry>& entries);

} // namespace tileprof
