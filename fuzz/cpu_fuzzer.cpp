// Random bytes as 65816 code, on both buses: the flat 16 MiB bus of the CPU vectors, and the LoROM
// bus with a cartridge made of the same bytes. The first byte chooses the cartridge's SRAM size
// and whether it is FastROM; the rest is the code at $00:8000, every vector pointing to it.
// Each run is bounded in cycles. Besides what the sanitizers check, a run watched by an observer
// must end exactly as the same run unwatched, and its steps must add up to the machine's time.

#include "emu/cpu.hpp"
#include "emu/flat_bus.hpp"
#include "emu/rom_image.hpp"
#include "emu/snes_bus.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr std::uint64_t kCycles = 1024;
constexpr std::uint32_t kBankStart = 0x8000;
constexpr std::size_t kHeaderStart = 0x7FC0;

[[noreturn]] void broken(const char* what)
{
    std::fprintf(stderr, "cpu fuzzer: %s\n", what);
    std::abort();
}

// The cartridge's one bank: the code, zeros after it, and a header. No checksum: it would only warn.
struct Cartridge {
    emu::RomImage image;
    std::size_t codeBytes = 0;
};

Cartridge cartridge(const std::uint8_t* data, std::size_t size)
{
    Cartridge cart;
    std::vector<std::uint8_t>& rom = cart.image.bytes;
    rom.assign(emu::kLoRomBankBytes, 0);
    const std::uint8_t config = size > 0 ? data[0] : 0;
    cart.codeBytes = size > 1 ? std::min(size - 1, kHeaderStart) : 0;
    std::copy(data + 1, data + 1 + cart.codeBytes, rom.begin());
    emu::RomHeader& header = cart.image.header;
    header.mapMode = (config & 0x08) ? 0x30 : 0x20;
    header.romSizeCode = 0x05; // 32 KiB
    header.sramSizeCode = config & 0x07;
    header.resetVector = kBankStart;
    rom[0x7FD5] = header.mapMode;
    rom[0x7FD7] = header.romSizeCode;
    rom[0x7FD8] = header.sramSizeCode;
    for (std::size_t vector = 0x7FE4; vector < 0x8000; vector += 2) {
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

template <class Bus>
void checkRuns(Bus& unwatchedBus, Bus& watchedBus, Watcher& watcher)
{
    emu::Cpu<Bus> unwatched(unwatchedBus);
    unwatched.reset();
    const emu::Time start = unwatched.state.time;
    unwatched.run(emu::RunLimits{.cycles = kCycles});

    emu::Cpu<Bus> watched(watchedBus);
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

// What of the bank the flat bus holds at $00:8000: the code and the header, the rest being zero.
template <class Action>
void forEachLoaded(const Cartridge& cart, Action action)
{
    for (std::size_t i = 0; i < cart.codeBytes; ++i) {
        action(kBankStart + static_cast<std::uint32_t>(i), cart.image.bytes[i]);
    }
    for (std::size_t i = kHeaderStart; i < emu::kLoRomBankBytes; ++i) {
        action(kBankStart + static_cast<std::uint32_t>(i), cart.image.bytes[i]);
    }
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

void runOnSnesBus(const Cartridge& cart)
{
    emu::SnesBus unwatchedBus(cart.image);
    emu::SnesBus watchedBus(cart.image);
    Watcher watcher;
    checkRuns(unwatchedBus, watchedBus, watcher);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const Cartridge cart = cartridge(data, size);
    runOnFlatBus(cart);
    runOnSnesBus(cart);
    return 0;
}
