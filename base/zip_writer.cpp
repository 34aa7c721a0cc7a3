#include "base/zip_writer.hpp"

#include "base/checksum.hpp"
#include "base/compression.hpp"

#include <cstdint>

namespace tileprof {
namespace {

void put16(std::string& out, std::uint32_t value)
{
    out += static_cast<char>(value & 0xFF);
    out += static_cast<char>(value >> 8 & 0xFF);
}

void put32(std::string& out, std::uint32_t value)
{
    put16(out, value & 0xFFFF);
    put16(out, value >> 16);
}

// The fields a local header and a central directory header share, from "version needed" to the
// extra field's length (APPNOTE.TXT 4.3.7 and 4.3.12).
void putCommon(std::string& out, const ZipEntry& entry, std::uint32_t crc, std::size_t stored)
{
    put16(out, 20);                            // version needed: 2.0, deflate
    put16(out, 0);                             // flags
    put16(out, entry.deflate ? 8 : 0);         // method
    put16(out, 0);                             // time: 00:00:00
    put16(out, (2024 - 1980) << 9 | 1 << 5 | 1); // date: 2024-01-01
    put32(out, crc);
    put32(out, static_cast<std::uint32_t>(stored));
    put32(out, static_cast<std::uint32_t>(entry.data.size()));
    put16(out, static_cast<std::uint32_t>(entry.name.size()));
    put16(out, 0); // extra field
}

} // namespace

std::string zipArchive(const std::vector<ZipEntry>& entries)
{
    std::string archive;
    std::string directory;
    for (const ZipEntry& entry : entries) {
        const std::uint32_t crc = crc32Of(entry.data);
        const std::string stored = entry.deflate ? deflated(entry.data, Compression::RawDeflate) : entry.data;
        const auto offset = static_cast<std::uint32_t>(archive.size());
        put32(archive, 0x04034b50);
        putCommon(archive, entry, crc, stored.size());
        archive += entry.name + stored;

        put32(directory, 0x02014b50);
        put16(directory, 20); // version made by: 2.0, MS-DOS
        putCommon(directory, entry, crc, stored.size());
        put16(directory, 0); // comment
        put16(directory, 0); // disk
        put16(directory, 0); // internal attributes
        put32(directory, 0); // external attributes
        put32(directory, offset);
        directory += entry.name;
    }
    const auto directoryOffset = static_cast<std::uint32_t>(archive.size());
    archive += directory;
    put32(archive, 0x06054b50);
    put16(archive, 0); // this disk
    put16(archive, 0); // the directory's disk
    put16(archive, static_cast<std::uint32_t>(entries.size()));
    put16(archive, static_cast<std::uint32_t>(entries.size()));
    put32(archive, static_cast<std::uint32_t>(directory.size()));
    put32(archive, directoryOffset);
    put16(archive, 0); // comment
    return archive;
}

} // namespace tileprof
