#include "profiler/formats/symbols/symbol_file.hpp"

#include "base/file_contents.hpp"
#include "base/input_error.hpp"
#include "profiler/formats/symbols/rom_match.hpp"

namespace tileprof {
namespace {

constexpr std::uint32_t kLoRomSramBank = 0x70;
constexpr std::uint32_t kBankEnd = 0x7E; // WRAM's banks: LoROM ROM resumes in their mirrors $FE-$FF
constexpr std::uint32_t kHiRomBank = 0xC0;
constexpr std::uint32_t kHiRomSramBank = 0x20;
constexpr std::uint32_t kHiRomSramBankBytes = 0x2000; // at $6000-$7FFF of each bank

// The address of `offset` when each bank from `firstBank` on holds `bankBytes` of it at `start`.
std::uint32_t inBanks(std::size_t offset, std::uint32_t firstBank, std::size_t bankBytes, std::uint32_t start)
{
    std::uint32_t bank = firstBank + static_cast<std::uint32_t>(offset / bankBytes);
    if (bank >= kBankEnd && bank < 0x80)
        bank |= 0x80;
    return (bank << 16) | (start + static_cast<std::uint32_t>(offset % bankBytes));
}

using Place = std::function<std::optional<std::uint32_t>(std::uint32_t)>;

Place placeIn(std::size_t limit, std::uint32_t firstBank, std::size_t bankBytes, std::uint32_t start)
{
    return [=](std::uint32_t offset) -> std::optional<std::uint32_t> {
        if (offset >= limit)
            return std::nullopt;
        return inBanks(offset, firstBank, bankBytes, start);
    };
}

} // namespace

CartridgePlaces cartridgePlaces(const emu::RomImage& image)
{
    const std::size_t romBytes = image.bytes.size();
    const std::size_t sramBytes = image.header.sramBytes();
    const emu::RomLayout layout = image.layout;
    const auto home = [layout, romBytes](std::uint32_t address) { return emu::homeAddress(address, layout, romBytes); };
    if (layout == emu::RomLayout::HiRom) {
        return {placeIn(romBytes, kHiRomBank, emu::kHiRomBankBytes, 0),
                placeIn(sramBytes, kHiRomSramBank, kHiRomSramBankBytes, 0x6000), home};
    }
    return {placeIn(romBytes, 0, emu::kLoRomBankBytes, 0x8000),
            placeIn(sramBytes, kLoRomSramBank, emu::kLoRomBankBytes, 0), home};
}

DebugInfo loadSymbolFile(const std::filesystem::path& path, const SymbolReading& reading)
{
    return parseSymbolFile(path, readFileContents(path, path.string(), kSymbolFileLimit), reading);
}

DebugInfo parseSymbolFile(const std::filesystem::path& path, std::string_view text, const SymbolReading& reading)
{
    if (text.starts_with("version\t"))
        return DebugInfo::parse(path, text, reading);
    return DebugInfo::fromLabels(path, readLabelFile(path, text, reading.places), reading);
}

constexpr const char* kSymbolExtensions[] = {".dbg", ".sym", ".mlb", ".lbl"};

std::optional<std::filesystem::path> findSymbolFileBeside(const std::filesystem::path& romPath)
{
    for (const char* extension : kSymbolExtensions) {
        std::filesystem::path candidate = romPath;
        candidate.replace_extension(extension);
        if (std::filesystem::exists(candidate)) {
            return candidate;
        }
    }
    return std::nullopt;
}

std::filesystem::path symbolFileBeside(const std::filesystem::path& romPath, std::string_view symbolsOption)
{
    if (std::optional<std::filesystem::path> found = findSymbolFileBeside(romPath)) {
        return *found;
    }
    std::string tried;
    for (const char* extension : kSymbolExtensions) {
        tried += (tried.empty() ? "" : ", ") + std::filesystem::path(romPath).replace_extension(extension).filename().string();
    }
    throw InputError(romPath.string() + ": no symbol file: looked for " + tried + " beside it (give one with " +
                     std::string(symbolsOption) + ")");
}

DebugInfo loadRomSymbols(const emu::RomImage& image, const std::filesystem::path& romPath,
                         const std::optional<std::filesystem::path>& given, const LabelConventions& conventions,
                         std::string_view symbolsOption)
{
    DebugInfo symbols = loadSymbolFile(given ? *given : symbolFileBeside(romPath, symbolsOption),
                                       SymbolReading(cartridgePlaces(image), conventions));
    checkSymbolsMatchRom(symbols, image, romPath);
    return symbols;
}

} // namespace tileprof
