// tileprof rom: what a ROM image's header says and where the bus shows it.

#include "base/exit_codes.hpp"
#include "base/input_error.hpp"
#include "base/printf_string.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "profiler/cli/command.hpp"

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace tileprof {

namespace {

// What the bus shows where, as tileprof maps it (emu::romOffset, SnesBus::sramOffset).
struct LayoutText {
    const char* name;
    std::size_t bankBytes;
    const char* romAt;
    const char* sramAt;
};

LayoutText layoutText(emu::RomLayout layout)
{
    if (layout == emu::RomLayout::HiRom) {
        return {"HiROM", emu::kHiRomBankBytes,
                "$40-$7D/$C0-$FF:0000-FFFF, upper halves also at $00-$3F/$80-$BF:8000-FFFF; header at $FFC0",
                "$20-$3F/$A0-$BF:6000-7FFF"};
    }
    return {"LoROM", emu::kLoRomBankBytes, "$00-$7D/$80-$FF:8000-FFFF; header at $7FC0", "$70-$7D/$F0-$FF:0000-7FFF"};
}

void printRom(const emu::RomImage& rom)
{
    const emu::RomHeader& h = rom.header;
    const LayoutText layout = layoutText(rom.layout);
    // A HiROM image may end halfway through a bank: 32 KiB is the unit of its size.
    const double banks = static_cast<double>(rom.bytes.size()) / static_cast<double>(layout.bankBytes);
    std::printf("%s\n", rom.name.c_str());
    std::printf("  title          %s\n", h.title.c_str());
    std::printf("  mapping        %s, %s (map mode $%02X)%s\n", layout.name, h.fastRom() ? "FastROM" : "SlowROM", h.mapMode,
                h.fastRom() ? "; tileprof sets MEMSEL as its boot would: ROM at $80-$FF costs 6 clocks" : "");
    const std::string declared = h.declaredRomBytes() == 0 ? printfString("ROM size code $%02X declares no size", h.romSizeCode)
                                                             : printfString("the header declares %zu", h.declaredRomBytes());
    std::printf("  ROM            %zu bytes, %g bank%s of %zu KiB; %s\n", rom.bytes.size(), banks, banks == 1 ? "" : "s",
                layout.bankBytes / 1024, declared.c_str());
    std::printf("  ROM at         %s\n", layout.romAt);
    if (rom.copierHeaderRemoved) {
        std::printf("  copier header  512 bytes, removed\n");
    }
    if (h.sramBytes() == 0) {
        std::printf("  SRAM           none\n");
    } else {
        std::printf("  SRAM           %zu bytes at %s\n", h.sramBytes(), layout.sramAt);
    }
    std::printf("  cartridge      type $%02X, region $%02X, developer $%02X, version $%02X\n", h.cartridgeType,
                h.region, h.developer, h.version);
    std::printf("  reset vector   $%04X\n", h.resetVector);
    std::printf("  checksum       $%04X, complement $%04X; computed $%04X (%s)\n", h.checksum, h.checksumComplement,
                rom.computedChecksum, rom.computedChecksum == h.checksum ? "matches" : "differs");
}

int describeRoms(const std::vector<std::string>& files)
{
    int exitCode = kExitOk;
    for (const std::string& file : files) {
        try {
            const emu::RomImage rom = emu::loadRomFile(file);
            printRom(rom);
            for (const std::string& warning : rom.warnings) {
                std::fprintf(stderr, "tileprof rom: warning: %s\n", warning.c_str());
            }
        } catch (const InputError& e) {
            std::fprintf(stderr, "tileprof rom: %s\n", e.what());
            exitCode = kExitBadInput;
        }
    }
    return exitCode;
}

CommandAction defineRom(CLI::App& command)
{
    auto files = std::make_shared<std::vector<std::string>>();
    command.add_option("files", *files, "ROM files (.sfc, or .smc with a copier header)")->required();
    return [files] { return describeRoms(*files); };
}

} // namespace

// `tileprof rom FILE...`: loads each LoROM or HiROM image and prints its header, size and checksum;
// warnings go to stderr. Exits 0, or 2 when an image cannot be loaded.
const Command kRomCommand{"rom", "Inspect LoROM and HiROM images: header, size, checksum", defineRom};

} // namespace tileprof
