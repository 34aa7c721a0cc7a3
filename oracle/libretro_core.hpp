#pragma once

// A minimal libretro host, to run an independent emulator beside tileprof's as an oracle: by
// default Debian's bsnes-mercury in its accuracy profile (package
// libretro-bsnes-mercury-accuracy, bsnes v094), opened with dlopen at run time.
//
// Determinism. bsnes seeds its power-on randomisation (the initial contents of work RAM, among
// others) from time(0) when a game is loaded. This library defines time() itself and the
// executables that link it export it (tileprof_oracle's link option), so the core's reference
// binds to it: inside every call into the core it answers the pinned clock (Options::clock),
// elsewhere the real one. pinnedTimeCalls() counts the answers, so a test can see the binding hold.
//
// One instance. A libretro core keeps its machine in globals, and the C callbacks carry no
// context: only one LibretroCore may be live in a process. load() refuses a second one; once the
// first is destroyed (game unloaded, retro_deinit, dlclose) another may be loaded.

#include <cstddef>
#include <cstdint>
#include <ctime>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace tileprof::oracle {

// The core cannot be used: missing, not a libretro core, a ROM it refused, a second instance.
class OracleError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Where Debian installs bsnes-mercury's accuracy core (scripts/setup.sh --tests installs it).
std::string defaultCorePath();

// One region of the SNES address space as the core described it (RETRO_ENVIRONMENT_SET_MEMORY_MAPS).
struct MemoryRegion {
    std::uint64_t flags = 0;
    const std::uint8_t* data = nullptr; // the host memory behind it, or null
    std::size_t offset = 0;
    std::size_t start = 0;
    std::size_t select = 0;
    std::size_t disconnect = 0;
    std::size_t length = 0;
    std::string addressSpace;
};

// A frame the core drew: XRGB8888 pixels, row after row.
struct Picture {
    unsigned width = 0;
    unsigned height = 0;
    std::vector<std::uint32_t> pixels;
};

class LibretroCore {
public:
    struct Options {
        std::time_t clock = 0;      // what time() answers the core: the power-on seed
        bool echoLog = false;       // also print the core's log and requests on stderr
        bool keepPictures = false;  // copy each frame the core draws (picture())
    };

    // Opens the core, checks its API version, sets the callbacks and calls retro_init.
    static LibretroCore load(const std::string& path, Options options);
    static LibretroCore load(const std::string& path) { return load(path, Options{}); }

    LibretroCore(LibretroCore&& other) noexcept;
    LibretroCore& operator=(LibretroCore&& other) noexcept;
    LibretroCore(const LibretroCore&) = delete;
    LibretroCore& operator=(const LibretroCore&) = delete;
    ~LibretroCore();

    // Loads a ROM image (a copy is kept: cores may keep pointing into it) and powers the console on.
    void loadGame(std::span<const std::uint8_t> rom);
    // One retro_run: the core's frame. pad1/pad2 are the buttons held, in $4218's bit order
    // (B Y Select Start Up Down Left Right A X L R from bit 15 down to bit 4).
    void runFrame(std::uint16_t pad1 = 0, std::uint16_t pad2 = 0);

    std::span<const std::uint8_t> wram() const;    // RETRO_MEMORY_SYSTEM_RAM: 128 KiB
    std::span<const std::uint8_t> vram() const;    // RETRO_MEMORY_VIDEO_RAM: 64 KiB
    std::span<const std::uint8_t> saveRam() const; // RETRO_MEMORY_SAVE_RAM: empty without SRAM
    const std::vector<MemoryRegion>& memoryMap() const;

    std::string name() const;    // retro_get_system_info's library name and version
    std::uint64_t frames() const;          // retro_run calls
    std::uint64_t videoFrames() const;     // frames the core handed to the video callback
    // The last frame the core drew, when Options::keepPictures asked for them (else empty).
    const Picture& picture() const;
    std::size_t pinnedTimeCalls() const;   // time() calls answered with the pinned clock
    const std::vector<std::string>& log() const; // what the core asked (environment) and logged

    struct State;

private:
    explicit LibretroCore(std::unique_ptr<State> state);
    std::span<const std::uint8_t> memory(unsigned id) const;
    std::unique_ptr<State> state_;
};

} // namespace tileprof::oracle
