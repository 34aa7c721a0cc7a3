#include "profiler/cli/rom_command.hpp"

#include "emu/input_error.hpp"
#include "emu/rom_image.hpp"
#include "profiler/cli/exit_codes.hpp"

#include <cstdio>

namespace tileprof {

namespace {

void printRom(const emu::RomImage& rom)
{
    const emu::RomHeader& h = rom.header;
    const std::size_t banks = rom.bytes.size() / emu::kLoRomBankBytes;
    std::printf("%s\n", rom.name.c_str());
    std::printf("  title          %s\n", h.title.c_str());
    std::printf("  mapping        LoROM, %s (map mode $%02X)\n", h.fastRom() ? "FastROM" : "SlowROM", h.mapMode);
    std::printf("  ROM            %zu bytes, %zu bank%s of 32 KiB; the header declares %zu\n", rom.bytes.size(), banks,
                banks == 1 ? "" : "s", h.declaredRomBytes());
    if (rom.copierHeaderRemoved) {
        std::printf("  copier header  512 bytes, removed\n");
    }
    if (h.sramBytes() == 0) {
        std::printf("  SRAM           none\n");
    } else {
        std::printf("  SRAM           %zu bytes\n", h.sramBytes());
    }
    std::printf("  cartridge      type $%02X, region $%02X, developer $%02X, version $%02X\n", h.cartridgeType,
                h.region, h.developer, h.version);
    std::printf("  reset vector   $%04X\n", h.resetVector);
    std::printf("  checksum       $%04X, complement $%04X; computed $%04X (%s)\n", h.checksum, h.checksumComplement,
                rom.computedChecksum, rom.computedChecksum == h.checksum ? "matches" : "differs");
}

} // namespace

int runRomCommand(const std::vector<std::string>& files)
{
    int exitCode = kExitOk;
    for (const std::string& file : files) {
        try {
            const emu::RomImage rom = emu::loadRomFile(file);
            printRom(rom);
            for (const std::string& warning : rom.warnings) {
                std::fprintf(stderr, "tileprof rom: warning: %s\n", warning.c_str());
            }
        } catch (const emu::InputError& e) {
            std::fprintf(stderr, "tileprof rom: %s\n", e.what());
            exitCode = kExitBadInput;
        }
    }
    return exitCode;
}

} // namespace tileprof
