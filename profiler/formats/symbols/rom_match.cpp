#include "profiler/formats/symbols/rom_match.hpp"

#include "base/checksum.hpp"
#include "base/file_contents.hpp"
#include "base/input_error.hpp"
#include "base/printf_string.hpp"
#include "emu/cartridge/cpu_address.hpp"

#include <optional>
#include <system_error>

namespace tileprof {

namespace {

constexpr std::size_t kCopierHeaderBytes = 512;
const FileLimit kRomFileLimit{emu::kMaxRomBytes + kCopierHeaderBytes, "a ROM image, with a copier header,"};

[[noreturn]] void anotherBuild(const DebugInfo& symbols, const std::filesystem::path& romPath, const std::string& evidence)
{
    throw InputError(symbols.path().string() + " is not " + romPath.string() + "'s symbol file: " + evidence +
                     " (give the symbol file of this build with --symbols, or rebuild both)");
}

// The file an ld65 debug file says it wrote, where it is here: as recorded (ld65 records the path
// the linker was given, relative to where it ran), or beside the debug file.
std::optional<std::filesystem::path> findWritten(const std::filesystem::path& recorded, const std::filesystem::path& debugFile)
{
    std::error_code error;
    const std::filesystem::path directory = debugFile.parent_path();
    for (const std::filesystem::path& candidate :
         {recorded.is_absolute() ? recorded : directory / recorded, directory / recorded.filename()}) {
        if (std::filesystem::is_regular_file(candidate, error)) {
            return candidate;
        }
    }
    return std::nullopt;
}

void checkWritten(const DebugInfo& symbols, const emu::RomImage& image, const std::filesystem::path& romPath,
                  const std::string& recorded)
{
    const std::optional<std::filesystem::path> written = findWritten(recorded, symbols.path());
    std::error_code error;
    if (!written || std::filesystem::equivalent(*written, romPath, error)) {
        return; // a renamed copy whose original is gone, or the image itself
    }
    const emu::RomImage other = emu::loadRomFile(*written);
    if (other.bytes != image.bytes) {
        const std::string linked = written->string() == recorded ? "" : " (linked as " + recorded + ")";
        anotherBuild(symbols, romPath, "it describes " + written->string() + linked + ", whose bytes differ from it");
    }
}

void checkSegments(const DebugInfo& symbols, const emu::RomImage& image, const std::filesystem::path& romPath)
{
    const std::size_t copierHeader = image.copierHeaderRemoved ? kCopierHeaderBytes : 0;
    std::optional<std::string> written;
    for (const DebugSegment& segment : symbols.segments()) {
        if (!segment.outputFile || !segment.outputOffset) {
            continue;
        }
        written = written.value_or(*segment.outputFile);
        if (std::uint64_t{*segment.outputOffset} + segment.size > image.bytes.size() + copierHeader) {
            anotherBuild(symbols, romPath, "it places segment " + segment.name + " past the end of the image");
        }
        const std::optional<std::size_t> offset = image.offsetOf(segment.start);
        if (segment.size > 0 && offset && *offset + copierHeader != *segment.outputOffset) {
            anotherBuild(symbols, romPath,
                         printfString("segment %s is linked at %s, which this image shows from offset $%zX, not $%X",
                                      segment.name.c_str(), cpuAddressText(segment.start).c_str(), *offset,
                                      *segment.outputOffset - static_cast<std::uint32_t>(copierHeader)));
        }
    }
    if (written) {
        checkWritten(symbols, image, romPath, *written);
    }
}

} // namespace

void checkSymbolsMatchRom(const DebugInfo& symbols, const emu::RomImage& image, const std::filesystem::path& romPath)
{
    if (const std::optional<std::uint32_t> recorded = symbols.romCrc32()) {
        const std::uint32_t crc = crc32Of(readFileContents(romPath, romPath.string(), kRomFileLimit));
        if (crc != *recorded) {
            anotherBuild(symbols, romPath, printfString("it records the CRC-32 %08x, the ROM's is %08x", *recorded, crc));
        }
    }
    checkSegments(symbols, image, romPath);
}

} // namespace tileprof
