// Random bytes as 65816 code, on both buses: the flat 16 MiB bus of the CPU vectors, and the SNES
// bus with a cartridge made of the same bytes. The first byte chooses the cartridge's SRAM size,
// whether it is FastROM and whether it is HiROM (one 64 KiB bank) or LoROM (one 32 KiB bank); the
// rest is the code at $00:8000, every vector pointing to it.
// Each run is bounded. Besides what the sanitizers check, a run watched by an observer must end
// exactly as the same run unwatched, and its steps must add up to the machine's time.
// On the SNES bus the run is the whole machine's (emu::Snes: DMA, HDMA, the PPU's ports, the pads,
// the APU) from power-on, watched and not, and both must also leave the same memories. A frame of
// it costs as much as forty runs on the flat bus: it runs for the first 32,768 master clocks (24
// lines: HDMA's setup and line transfers, DMA, the ports), and for a whole frame (V-blank: the NMI,
// the auto-joypad read, OAM's reload) when the first byte's top three bits are all set; then the
// watched machine also draws the picture, which must change nothing else of it.

#include "emu/cpu/cpu.hpp"
#include "emu/cpu/flat_bus.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/system/snes.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr std::uint64_t kCycles = 1024;
constexpr std::uint64_t kWholeMachineClocks = 32'768;
constexpr std::uint8_t kWholeFrame = 0xE0;
constexpr std::uint32_t kBankStart = 0x8000;
constexpr std::size_t kCodeRoom = 0x7FC0; // from $8000 up to the header at $FFC0

[[noreturn]] void broken(const char* what)
{
    std::fprintf(stderr, "cpu fuzzer: %s\n", what);
    std::abort();
}

// The cartridge's one bank: the code, zeros after it, and a header. No checksum: it would only warn.
struct Cartridge {
    emu::RomImage image;
    std::size_t codeStart = 0; // the ROM offset $00:8000 shows
    std::size_t codeBytes = 0;
};

Cartridge cartridge(const std::uint8_t* data, std::size_t size)
{
    Cartridge cart;
    std::vector<std::uint8_t>& rom = cart.image.bytes;
    const std::uint8_t config = size > 0 ? data[0] : 0;
    const bool hiRom = (config & 0x10) != 0;
    cart.image.layout = hiRom ? emu::RomLayout::HiRom : emu::RomLayout::LoRom;
    rom.assign(hiRom ? emu::kHiRomBankBytes : emu::kLoRomBankBytes, 0);
    cart.codeStart = hiRom ? kBankStart : 0;
    cart.codeBytes = size > 1 ? std::min(size - 1, kCodeRoom) : 0;
    std::copy(data + 1, data + 1 + cart.codeBytes, rom.begin() + static_cast<std::ptrdiff_t>(cart.codeStart));
    emu::RomHeader& header = cart.image.header;
    header.mapMode = static_cast<std::uint8_t>(((config & 0x08) ? 0x30 : 0x20) | (hiRom ? 0x01 : 0x00));
    header.romSizeCode = hiRom ? 0x06 : 0x05; // 64 or 32 KiB
    header.sramSizeCode = config & 0x07;
    header.resetVector = kBankStart;
    const std::size_t at = emu::headerOffset(cart.image.layout);
    rom[at + 0x15] = header.mapMode;
    rom[at + 0x17] = header.romSizeCode;
    rom[at + 0x18] = header.sramSizeCode;
    for (std::size_t vector = at + 0x24; vector < at + 0x40; vector += 2) {
        rom[vector] = kBankStart & 0xFF;
        rom[vector + 1] = kBankStart >> 8;
    }
    return cart;
}

// Counts what the watched run did and remembers where it wrote, to clean the flat bus after it.
struct Watcher {
    emu::Time steps;
    std::vector<std::uint32_t> writes;

    void onAccess(const emu::BusAccess& access)
    {
        if (access.kind == emu::AccessKind::Write) {
            writes.push_back(access.address);
        }
    }

    void onStep(const emu::StepEvent& step)
    {
        steps.cycles += step.cycles;
        steps.masterClocks += step.masterClocks;
    }
};

void checkRuns(emu::FlatBus& unwatchedBus, emu::FlatBus& watchedBus, Watcher& watcher)
{
    emu::Cpu<emu::FlatBus> unwatched(unwatchedBus);
    unwatched.reset();
    const emu::Time start = unwatched.state.time;
    unwatched.run(emu::RunLimits{.cycles = kCycles});

    emu::Cpu<emu::FlatBus> watched(watchedBus);
    watched.reset();
    watched.run(emu::RunLimits{.cycles = kCycles}, watcher);

    if (!(watched.state.regs == unwatched.state.regs) || !(watched.state.time == unwatched.state.time)
        || watched.state.instructions != unwatched.state.instructions
        || watched.state.runState != unwatched.state.runState) {
        broken("the watched run ended differently from the unwatched one");
    }
    if (watcher.steps.cycles != watched.state.time.cycles - start.cycles
        || watcher.steps.masterClocks != watched.state.time.masterClocks - start.masterClocks) {
        broken("the steps do not add up to the machine's time");
    }
}

// What the flat bus holds at $00:8000: the code and the header, the rest being zero.
template <class Action>
void forEachLoaded(const Cartridge& cart, Action action)
{
    const auto load = [&](std::size_t from, std::size_t to) {
        for (std::size_t i = from; i < to; ++i) {
            action(kBankStart + static_cast<std::uint32_t>(i), cart.image.bytes[cart.codeStart + i]);
        }
    };
    load(0, cart.codeBytes);
    load(kCodeRoom, emu::kLoRomBankBytes);
}

void runOnFlatBus(const Cartridge& cart)
{
    // 16 MiB cost too much to clear for every input: the buses live on, and what a run wrote is
    // set back to zero after it.
    static emu::FlatBus unwatchedBus;
    static emu::FlatBus watchedBus;
    forEachLoaded(cart, [](std::uint32_t address, std::uint8_t value) {
        unwatchedBus.poke(address, value);
        watchedBus.poke(address, value);
    });
    Watcher watcher;
    checkRuns(unwatchedBus, watchedBus, watcher);
    for (const std::uint32_t address : watcher.writes) {
        unwatchedBus.poke(address, 0);
        watchedBus.poke(address, 0);
    }
    forEachLoaded(cart, [](std::uint32_t address, std::uint8_t) {
        unwatchedBus.poke(address, 0);
        watchedBus.poke(address, 0);
    });
}

void runWholeMachine(const Cartridge& cart, bool wholeFrame)
{
    emu::Snes unwatched(cart.image);
    emu::Snes watched(cart.image);
    watched.bus().ppu().drawPictures(wholeFrame);
    const emu::Time start = watched.cpu().time;
    const std::uint64_t end = wholeFrame ? unwatched.bus().nextFrameStart() : kWholeMachineClocks;
    Watcher watcher;
    unwatched.runUntil(end);
    watched.runUntil(end, watcher);
    if (!(watched.cpu().regs == unwatched.cpu().regs) || !(watched.cpu().time == unwatched.cpu().time)
        || watched.cpu().instructions != unwatched.cpu().instructions
        || !std::ranges::equal(watched.bus().wram(), unwatched.bus().wram())
        || !std::ranges::equal(watched.bus().ppu().vram().bytes(), unwatched.bus().ppu().vram().bytes())
        || watched.bus().apu().cycles() != unwatched.bus().apu().cycles()) {
        broken("the watched run of the whole machine ended differently from the unwatched one");
    }
    if (watcher.steps.cycles != watched.cpu().time.cycles - start.cycles
        || watcher.steps.masterClocks != watched.cpu().time.masterClocks - start.masterClocks) {
        broken("the whole machine's steps do not add up to its time");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const Cartridge cart = cartridge(data, size);
    runOnFlatBus(cart);
    runWholeMachine(cart, size > 0 && (data[0] & kWholeFrame) == kWholeFrame);
    return 0;
}
