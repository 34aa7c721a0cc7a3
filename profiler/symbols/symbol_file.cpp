#include "profiler/symbols/symbol_file.hpp"

#include "emu/file_contents.hpp"

namespace tileprof {
namespace {

constexpr std::uint32_t kLoRomSramBank = 0x70;
constexpr std::uint32_t kBankEnd = 0x7E; // WRAM's banks: LoROM ROM resumes in their mirrors $FE-$FF

} // namespace

CartridgePlaces loRomPlaces(const emu::RomImage& image)
{
    const std::size_t romBytes = image.bytes.size();
    const std::size_t sramBytes = image.header.sramBytes();
    const auto inBanks = [](std::size_t offset, std::uint32_t firstBank) {
        std::uint32_t bank = firstBank + static_cast<std::uint32_t>(offset / emu::kLoRomBankBytes);
        if (bank >= kBankEnd)
            bank |= 0x80;
        return (bank << 16) | static_cast<std::uint32_t>(offset % emu::kLoRomBankBytes);
    };
    return {
        [romBytes, inBanks](std::uint32_t offset) -> std::optional<std::uint32_t> {
            if (offset >= romBytes)
                return std::nullopt;
            return inBanks(offset, 0) | 0x8000;
        },
        [sramBytes, inBanks](std::uint32_t offset) -> std::optional<std::uint32_t> {
            if (offset >= sramBytes)
                return std::nullopt;
            return inBanks(offset, kLoRomSramBank);
        },
    };
}

DebugInfo loadSymbolFile(const std::filesystem::path& path, const CartridgePlaces& places)
{
    return parseSymbolFile(path, emu::readFileContents(path, path.string(), kSymbolFileLimit), places);
}

DebugInfo parseSymbolFile(const std::filesystem::path& path, std::string_view text, const CartridgePlaces& places)
{
    if (text.starts_with("version\t"))
        return DebugInfo::parse(path, text);
    return DebugInfo::fromLabels(path, readLabelFile(path, text, places).labels);
}

} // namespace tileprof
