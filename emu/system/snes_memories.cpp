#include "emu/system/snes_memories.hpp"

namespace emu {

std::vector<NamedMemory> namedMemories(const Snes& snes)
{
    const SnesBus& bus = snes.bus();
    std::vector<NamedMemory> memories{
        {"wram", bus.wram()},
        {"vram", bus.ppu().vram().bytes()},
        {"cgram", bus.ppu().cgram().bytes()},
        {"oam", bus.ppu().oam().bytes()},
        {"aram", bus.apu().bus().ram()},
        {"dsp", bus.apu().bus().dsp().bytes()},
    };
    if (!bus.sram().empty()) {
        memories.push_back({"sram", bus.sram()});
    }
    return memories;
}

} // namespace emu
