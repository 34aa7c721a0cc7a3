#pragma once

#include "base/file_contents.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tileprof {

// One member of a zip archive, as its central directory lists it.
struct ZipMember {
    std::string name;
    std::uint16_t flags = 0;
    std::uint16_t method = 0; // 0 stored, 8 deflated: the two a reader must know (APPNOTE 4.4.5)
    std::uint32_t crc32 = 0;
    std::uint32_t compressedSize = 0;
    std::uint32_t size = 0;
    std::uint32_t localHeaderOffset = 0;
};

// A zip archive in memory (PKWARE's APPNOTE.TXT): its central directory, and each member read on
// demand with a bound. It reads what emulators write, stored and deflated members in one archive on
// one disk; a zip64 archive, an encrypted member or another method is refused with its reason.
// `bytes` must outlive the archive, which keeps a view of them.
class ZipArchive {
public:
    // Reads the central directory. Throws InputError "WHERE: not a zip archive: ...", "WHERE: zip
    // archive is corrupt: ..." with the byte offset of what is wrong.
    ZipArchive(std::string_view bytes, std::string where);

    // What messages call the archive: its file's name.
    const std::string& where() const { return where_; }
    const std::vector<ZipMember>& members() const { return members_; }

    // The member of that exact name, or nullptr.
    const ZipMember* find(std::string_view name) const;

    // The member's bytes, inflated if deflated, at most `limit.bytes` of them: inflating stops past
    // the limit whatever the directory claims. Throws InputError "WHERE: zip member "NAME": problem"
    // for a member over its limit, one whose data lies outside the archive, a method other than
    // stored or deflate, encryption, corrupt deflate data, or a size or CRC-32 that differs from the
    // directory's.
    std::string read(const ZipMember& member, FileLimit limit) const;

    // "WHERE: zip member "NAME"", as messages about a member begin.
    std::string whereOf(const ZipMember& member) const;

private:
    std::string_view bytes_;
    std::string where_;
    std::vector<ZipMember> members_;
};

// Whether `bytes` begin as a zip archive does: a local file header's signature, or an empty
// archive's end record.
bool looksLikeZip(std::string_view bytes);

} // namespace tileprof
