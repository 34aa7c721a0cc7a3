// set_rom_checksum FILE.sfc: fills in the checksum complement and checksum of a linked LoROM or
// HiROM image, in place. Exits 2 with the file unchanged if the image is not one tileprof loads.

#include "base/input_error.hpp"
#include "emu/cartridge/rom_image.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

namespace {

// Only the four checksum bytes are written, so a copier header and everything else stay as they are.
void writeChecksumBytes(const emu::RomImage& image)
{
    const std::size_t at = emu::checksumOffset(image.layout);
    const std::size_t fileOffset = (image.copierHeaderRemoved ? 512 : 0) + at;
    std::FILE* file = std::fopen(image.name.c_str(), "r+b");
    if (file == nullptr) {
        throw tileprof::InputError(image.name + ": cannot open for writing: " + std::strerror(errno));
    }
    // Flushed before closing so that a failed write is caught with its errno.
    const bool written = std::fseek(file, static_cast<long>(fileOffset), SEEK_SET) == 0 &&
                         std::fwrite(&image.bytes[at], 1, 4, file) == 4 &&
                         std::fflush(file) == 0;
    const int writeError = errno;
    std::fclose(file);
    if (!written) {
        throw tileprof::InputError(image.name + ": cannot write: " + std::strerror(writeError));
    }
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "set_rom_checksum: usage: set_rom_checksum FILE.sfc\n");
        return 2;
    }
    try {
        emu::RomImage image = emu::loadRomFile(argv[1]);
        emu::writeChecksum(image.bytes, image.layout);
        writeChecksumBytes(image);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "set_rom_checksum: %s\n", error.what());
        return 2;
    }
    return 0;
}
