#include "base/zip_archive.hpp"

#include "base/compression.hpp"
#include "base/input_error.hpp"
#include "base/little_endian.hpp"
#include "base/printf_string.hpp"

#define ZLIB_CONST
#include <zlib.h>

#include <algorithm>

namespace tileprof {
namespace {

// The records' signatures and fixed sizes (APPNOTE.TXT 4.3.7, 4.3.12, 4.3.16).
constexpr std::uint32_t kLocalHeaderSignature = 0x04034b50;
constexpr std::uint32_t kCentralHeaderSignature = 0x02014b50;
constexpr std::uint32_t kEndSignature = 0x06054b50;
constexpr std::size_t kLocalHeaderSize = 30;
constexpr std::size_t kCentralHeaderSize = 46;
constexpr std::size_t kEndSize = 22;
constexpr std::size_t kMaxCommentSize = 0xFFFF;

constexpr std::uint16_t kStored = 0;
constexpr std::uint16_t kDeflated = 8;
constexpr std::uint16_t kEncrypted = 1; // general purpose flag bit 0

// A name as messages quote it: control characters as '?', cut after 80 bytes.
std::string quotedName(std::string_view name)
{
    std::string text(name.substr(0, 80));
    std::replace_if(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; }, '?');
    return "\"" + text + (name.size() > 80 ? "...\"" : "\"");
}

// The offset of the end of central directory record: the last signature that leaves room for the
// record and its comment before the end.
std::size_t findEnd(std::string_view bytes, const std::string& where)
{
    if (bytes.size() >= kEndSize) {
        const std::size_t lowest = bytes.size() - kEndSize - std::min(bytes.size() - kEndSize, kMaxCommentSize);
        for (std::size_t at = bytes.size() - kEndSize + 1; at-- > lowest;) {
            if (littleEndian32(bytes, at) == kEndSignature && at + kEndSize + littleEndian16(bytes, at + 20) <= bytes.size()) {
                return at;
            }
        }
    }
    throw InputError(where + ": not a zip archive: no end of central directory record in its last "
                     + byteSize(std::min(bytes.size(), kEndSize + kMaxCommentSize)));
}

} // namespace

bool looksLikeZip(std::string_view bytes)
{
    return bytes.size() >= 4 && (littleEndian32(bytes, 0) == kLocalHeaderSignature || littleEndian32(bytes, 0) == kEndSignature);
}

ZipArchive::ZipArchive(std::string_view bytes, std::string where) : bytes_(bytes), where_(std::move(where))
{
    const std::size_t end = findEnd(bytes_, where_);
    const auto corrupt = [&](std::size_t at, const std::string& problem) {
        throw InputError(where_ + ": zip archive is corrupt at byte " + std::to_string(at) + ": " + problem);
    };
    const std::uint16_t disk = littleEndian16(bytes_, end + 4);
    const std::uint16_t directoryDisk = littleEndian16(bytes_, end + 6);
    const std::uint16_t entriesHere = littleEndian16(bytes_, end + 8);
    const std::uint16_t entries = littleEndian16(bytes_, end + 10);
    const std::uint32_t directorySize = littleEndian32(bytes_, end + 12);
    const std::uint32_t directoryOffset = littleEndian32(bytes_, end + 16);
    if (entries == 0xFFFF || directoryOffset == 0xFFFFFFFF) {
        throw InputError(where_ + ": a zip64 archive, which tileprof does not read");
    }
    if (disk != 0 || directoryDisk != 0 || entriesHere != entries) {
        throw InputError(where_ + ": a zip archive split over several disks, which tileprof does not read");
    }
    if (directoryOffset > end || directorySize > end - directoryOffset) {
        corrupt(end, "its central directory (" + std::to_string(directorySize) + " bytes at " + std::to_string(directoryOffset)
                         + ") does not end before the end record");
    }
    std::size_t at = directoryOffset;
    const std::size_t directoryEnd = std::size_t{directoryOffset} + directorySize;
    for (std::uint16_t index = 0; index < entries; ++index) {
        if (directoryEnd - at < kCentralHeaderSize || littleEndian32(bytes_, at) != kCentralHeaderSignature) {
            corrupt(at, "no central directory header for member " + std::to_string(index + 1) + " of " + std::to_string(entries));
        }
        ZipMember member;
        member.flags = littleEndian16(bytes_, at + 8);
        member.method = littleEndian16(bytes_, at + 10);
        member.crc32 = littleEndian32(bytes_, at + 16);
        member.compressedSize = littleEndian32(bytes_, at + 20);
        member.size = littleEndian32(bytes_, at + 24);
        const std::size_t nameSize = littleEndian16(bytes_, at + 28);
        const std::size_t variable = nameSize + littleEndian16(bytes_, at + 30) + littleEndian16(bytes_, at + 32);
        member.localHeaderOffset = littleEndian32(bytes_, at + 42);
        if (directoryEnd - at - kCentralHeaderSize < variable) {
            corrupt(at, "member " + std::to_string(index + 1) + "'s name, extra field and comment run past the central directory");
        }
        member.name = std::string(bytes_.substr(at + kCentralHeaderSize, nameSize));
        members_.push_back(std::move(member));
        at += kCentralHeaderSize + variable;
    }
}

const ZipMember* ZipArchive::find(std::string_view name) const
{
    const auto found = std::find_if(members_.begin(), members_.end(), [&](const ZipMember& member) { return member.name == name; });
    return found == members_.end() ? nullptr : &*found;
}

std::string ZipArchive::whereOf(const ZipMember& member) const
{
    return where_ + ": zip member " + quotedName(member.name);
}

std::string ZipArchive::read(const ZipMember& member, FileLimit limit) const
{
    const std::string where = whereOf(member);
    if ((member.flags & kEncrypted) != 0) {
        throw InputError(where + ": is encrypted");
    }
    if (member.method != kStored && member.method != kDeflated) {
        throw InputError(where + ": compression method " + std::to_string(member.method)
                         + "; tileprof reads stored (0) and deflated (8) members");
    }
    if (member.size > limit.bytes) {
        failOverLimit(where, byteSize(member.size), limit);
    }
    const std::size_t header = member.localHeaderOffset;
    if (bytes_.size() < kLocalHeaderSize || header > bytes_.size() - kLocalHeaderSize
        || littleEndian32(bytes_, header) != kLocalHeaderSignature) {
        throw InputError(where + ": no local file header at byte " + std::to_string(header));
    }
    const std::size_t data = header + kLocalHeaderSize + littleEndian16(bytes_, header + 26) + littleEndian16(bytes_, header + 28);
    if (data > bytes_.size() || member.compressedSize > bytes_.size() - data) {
        throw InputError(where + ": its " + std::to_string(member.compressedSize) + " bytes at byte " + std::to_string(data)
                         + " run past the end of the archive (" + std::to_string(bytes_.size()) + " bytes)");
    }
    const std::string_view stored = bytes_.substr(data, member.compressedSize);
    std::string contents = member.method == kStored ? std::string(stored)
                                                    : inflated(stored, Compression::RawDeflate, limit.bytes, where);
    if (contents.size() > limit.bytes) {
        failOverLimit(where, "more than " + byteSize(limit.bytes) + " inflated", limit);
    }
    if (contents.size() != member.size) {
        throw InputError(where + ": holds " + std::to_string(contents.size()) + " bytes where the central directory says "
                         + std::to_string(member.size));
    }
    const auto crc = static_cast<std::uint32_t>(crc32_z(0, reinterpret_cast<const Bytef*>(contents.data()), contents.size()));
    if (crc != member.crc32) {
        throw InputError(where + printfString(": CRC-32 %08X where the central directory says %08X", crc, member.crc32));
    }
    return contents;
}

} // namespace tileprof
