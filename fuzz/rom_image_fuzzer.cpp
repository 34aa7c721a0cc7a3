// ROM images: any bytes as a .sfc/.smc file. An image the loader accepts, LoROM or HiROM, must map
// onto the SNES bus: every 8 KiB page of the 16 MiB address space is peeked and poked at both ends.

#include "base/input_error.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/scpu/snes_bus.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    emu::RomImage image;
    try {
        image = emu::parseRom(std::vector<std::uint8_t>(data, data + size), "fuzz.sfc");
    } catch (const tileprof::InputError&) {
        return 0;
    }
    emu::SnesBus bus(image);
    for (std::uint32_t page = 0; page < 0x1000000; page += 0x2000) {
        for (const std::uint32_t address : {page, page + 0x1FFF}) {
            bus.poke(address, static_cast<std::uint8_t>(bus.peek(address) + 1));
        }
    }
    return 0;
}
