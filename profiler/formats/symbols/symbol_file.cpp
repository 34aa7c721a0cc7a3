#include "profiler/formats/symbols/symbol_file.hpp"

#include "base/file_contents.hpp"

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
    if (image.layout == emu::RomLayout::HiRom) {
        return {placeIn(romBytes, kHiRomBank, emu::kHiRomBankBytes, 0),
                placeIn(sramBytes, kHiRomSramBank, kHiRomSramBankBytes, 0x6000)};
    }
    return {placeIn(romBytes, 0, emu::kLoRomBankBytes, 0x8000),
            placeIn(sramBytes, kLoRomSramBank, emu::kLoRomBankBytes, 0)};
}

DebugInfo loadSymbolFile(const std::filesystem::path& path, const CartridgePlaces& places)
{
    return parseSymbolFile(path, readFileContents(path, path.string(), kSymbolFileLimit), places);
}

DebugInfo parseSymbolFile(const std::filesystem::path& path, std::string_view text, const CartridgePlaces& places)
{
    if (text.starts_with("version\t"))
        return DebugInfo::parse(path, text);
    return DebugInfo::fromLabels(path, readLabelFile(path, text, places).labels);
}

} // namespace tileprof
