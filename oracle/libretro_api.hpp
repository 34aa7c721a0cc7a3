#pragma once

// The part of the libretro API (a public C ABI, RETRO_API_VERSION 1) that LibretroCore uses,
// declared here rather than taken from a libretro.h: the constants are the ABI's, the names the
// header's. Nothing of a core is compiled in; the core is opened with dlopen.

#include <cstddef>
#include <cstdint>

namespace tileprof::oracle::retro {

inline constexpr unsigned kApiVersion = 1;

inline constexpr unsigned kDeviceJoypad = 1;
// RETRO_DEVICE_ID_JOYPAD_B (0) to _R (11) follow the SNES's own order, B Y Select Start Up Down
// Left Right A X L R, which $4218 holds from bit 15 down: id i is bit 15 - i of a pad word.
inline constexpr unsigned kJoypadButtons = 12;

inline constexpr unsigned kMemorySaveRam = 0;
inline constexpr unsigned kMemoryRtc = 1;
inline constexpr unsigned kMemorySystemRam = 2;
inline constexpr unsigned kMemoryVideoRam = 3;

inline constexpr unsigned kEnvironmentExperimental = 0x10000;
inline constexpr unsigned kEnvGetOverscan = 2;
inline constexpr unsigned kEnvGetCanDupe = 3;
inline constexpr unsigned kEnvSetMessage = 6;
inline constexpr unsigned kEnvSetPerformanceLevel = 8;
inline constexpr unsigned kEnvGetSystemDirectory = 9;
inline constexpr unsigned kEnvSetPixelFormat = 10;
inline constexpr unsigned kEnvSetInputDescriptors = 11;
inline constexpr unsigned kEnvGetVariable = 15;
inline constexpr unsigned kEnvSetVariables = 16;
inline constexpr unsigned kEnvGetVariableUpdate = 17;
inline constexpr unsigned kEnvGetLogInterface = 27;
inline constexpr unsigned kEnvGetSaveDirectory = 31;
inline constexpr unsigned kEnvSetSystemAvInfo = 32;
inline constexpr unsigned kEnvSetSubsystemInfo = 34;
inline constexpr unsigned kEnvSetControllerInfo = 35;
inline constexpr unsigned kEnvSetMemoryMaps = 36 | kEnvironmentExperimental;
inline constexpr unsigned kEnvSetGeometry = 37;

inline constexpr int kPixelFormatXrgb8888 = 1;

enum LogLevel : int { kLogDebug = 0, kLogInfo = 1, kLogWarn = 2, kLogError = 3 };

extern "C" {

struct Variable {
    const char* key;
    const char* value;
};

struct GameInfo {
    const char* path;
    const void* data;
    std::size_t size;
    const char* meta;
};

struct MemoryDescriptor {
    std::uint64_t flags;
    void* ptr;
    std::size_t offset;
    std::size_t start;
    std::size_t select;
    std::size_t disconnect;
    std::size_t len;
    const char* addrspace;
};

struct MemoryMap {
    const MemoryDescriptor* descriptors;
    unsigned count;
};

using LogPrintf = void (*)(LogLevel level, const char* format, ...);
struct LogCallback {
    LogPrintf log;
};

using EnvironmentFn = bool (*)(unsigned command, void* data);
using VideoRefreshFn = void (*)(const void* data, unsigned width, unsigned height, std::size_t pitch);
using AudioSampleFn = void (*)(std::int16_t left, std::int16_t right);
using AudioSampleBatchFn = std::size_t (*)(const std::int16_t* data, std::size_t frames);
using InputPollFn = void (*)();
using InputStateFn = std::int16_t (*)(unsigned port, unsigned device, unsigned index, unsigned id);

} // extern "C"

} // namespace tileprof::oracle::retro
