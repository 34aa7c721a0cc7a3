#include "oracle/libretro_core.hpp"

#include "oracle/libretro_api.hpp"

#include <dlfcn.h>

#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <map>
#include <utility>

namespace tileprof::oracle {

namespace {

// While a call into the core runs, time() answers the pinned clock (see libretro_core.hpp).
std::atomic<bool> gPinned{false};
std::atomic<std::time_t> gPinnedClock{0};
std::atomic<std::size_t> gPinnedCalls{0};

} // namespace

} // namespace tileprof::oracle

// LeakSanitizer's switches, there only in sanitizer builds.
extern "C" {
[[gnu::weak]] void __lsan_disable();
[[gnu::weak]] void __lsan_enable();
}

namespace tileprof::oracle {

namespace {

// A call into the core: time() answers the pinned clock, and what the core allocates is not
// checked for leaks (bsnes-mercury leaks a little when it refuses a ROM; not ours to fix).
class CoreCall {
public:
    explicit CoreCall(std::time_t clock)
    {
        gPinnedClock.store(clock);
        gPinned.store(true);
        if (__lsan_disable != nullptr) {
            __lsan_disable();
        }
    }
    ~CoreCall()
    {
        if (__lsan_enable != nullptr) {
            __lsan_enable();
        }
        gPinned.store(false);
    }
    CoreCall(const CoreCall&) = delete;
    CoreCall& operator=(const CoreCall&) = delete;
};

} // namespace

} // namespace tileprof::oracle

// Interposes libc's time() for every object of the process that looks it up dynamically, the
// dlopen'ed core among them: an executable's exported definition comes first in the global scope.
// Outside the core's calls it is the real clock, read without calling libc's time().
extern "C" std::time_t time(std::time_t* out) noexcept
{
    using namespace tileprof::oracle;
    std::time_t now = 0;
    if (gPinned.load()) {
        now = gPinnedClock.load();
        ++gPinnedCalls;
    } else {
        timespec spec{};
        clock_gettime(CLOCK_REALTIME, &spec);
        now = spec.tv_sec;
    }
    if (out != nullptr) {
        *out = now;
    }
    return now;
}

namespace tileprof::oracle {

std::string defaultCorePath()
{
    return TILEPROF_ORACLE_DEFAULT_CORE;
}

struct LibretroCore::State {
    std::string path;
    Options options;
    void* handle = nullptr;
    bool initialized = false;
    bool gameLoaded = false;

    void (*init)() = nullptr;
    void (*deinit)() = nullptr;
    void (*run)() = nullptr;
    bool (*loadGame)(const retro::GameInfo*) = nullptr;
    void (*unloadGame)() = nullptr;
    void* (*memoryData)(unsigned) = nullptr;
    std::size_t (*memorySize)(unsigned) = nullptr;

    std::vector<std::uint8_t> rom;
    std::uint16_t pads[2] = {0, 0};
    std::uint64_t frames = 0;
    std::uint64_t videoFrames = 0;
    Picture picture;
    std::size_t pinnedCallsBefore = 0; // the process's count when this instance was loaded
    std::map<std::string, std::string> variables; // each option's default: its first value
    std::vector<MemoryRegion> memoryMap;
    std::vector<std::string> log;
    std::string name;

    void note(std::string line)
    {
        if (options.echoLog) {
            std::fprintf(stderr, "oracle: %s\n", line.c_str());
        }
        log.push_back(std::move(line));
    }
};

namespace {

// The one live instance the C callbacks reach.
LibretroCore::State* gLive = nullptr;

template <typename Fn>
Fn symbol(LibretroCore::State& s, const char* name)
{
    void* address = dlsym(s.handle, name);
    if (address == nullptr) {
        throw OracleError(s.path + ": not a libretro core (no " + name + ")");
    }
    return reinterpret_cast<Fn>(address);
}

void coreLog(retro::LogLevel level, const char* format, ...)
{
    char text[1024];
    va_list args;
    va_start(args, format);
    std::vsnprintf(text, sizeof text, format, args);
    va_end(args);
    std::string line = text;
    while (!line.empty() && line.back() == '\n') {
        line.pop_back();
    }
    static constexpr const char* kLevels[] = {"debug", "info", "warn", "error"};
    const char* levelName = level >= 0 && level <= 3 ? kLevels[level] : "log";
    if (gLive != nullptr) {
        gLive->note(std::string("core ") + levelName + ": " + line);
    }
}

// SET_VARIABLES gives "Description; first|second|...": the first value is the default, and
// bsnes-mercury's defaults are the accurate settings, so every option is answered with it.
void recordVariables(LibretroCore::State& s, const retro::Variable* v)
{
    for (; v != nullptr && v->key != nullptr; ++v) {
        std::string choices = v->value != nullptr ? v->value : "";
        const std::size_t semicolon = choices.find("; ");
        std::string first = semicolon == std::string::npos ? "" : choices.substr(semicolon + 2);
        first = first.substr(0, first.find('|'));
        s.variables[v->key] = first;
        s.note(std::string("option ") + v->key + " = " + first + " (of \"" + choices + "\")");
    }
}

bool environment(unsigned command, void* data)
{
    if (gLive == nullptr) {
        return false;
    }
    LibretroCore::State& s = *gLive;
    switch (command) {
    case retro::kEnvGetOverscan:
        *static_cast<bool*>(data) = false;
        return true;
    case retro::kEnvGetCanDupe:
        *static_cast<bool*>(data) = true;
        return true;
    case retro::kEnvGetSystemDirectory:
    case retro::kEnvGetSaveDirectory:
        // No directory: nothing of the host's file system reaches a run. A ROM that needs a
        // coprocessor's firmware file is refused by the core.
        *static_cast<const char**>(data) = nullptr;
        return true;
    case retro::kEnvSetPixelFormat:
        return *static_cast<const int*>(data) == retro::kPixelFormatXrgb8888;
    case retro::kEnvGetVariable: {
        auto* variable = static_cast<retro::Variable*>(data);
        const auto found = s.variables.find(variable->key != nullptr ? variable->key : "");
        if (found == s.variables.end()) {
            s.note(std::string("asked for unknown option ") + (variable->key ? variable->key : "(null)"));
            return false;
        }
        variable->value = found->second.c_str();
        return true;
    }
    case retro::kEnvSetVariables:
        recordVariables(s, static_cast<const retro::Variable*>(data));
        return true;
    case retro::kEnvGetVariableUpdate:
        *static_cast<bool*>(data) = false;
        return true;
    case retro::kEnvGetLogInterface:
        static_cast<retro::LogCallback*>(data)->log = coreLog;
        return true;
    case retro::kEnvSetMemoryMaps: {
        const auto* map = static_cast<const retro::MemoryMap*>(data);
        s.memoryMap.clear();
        for (unsigned i = 0; i < map->count; ++i) {
            const retro::MemoryDescriptor& d = map->descriptors[i];
            s.memoryMap.push_back({d.flags, static_cast<const std::uint8_t*>(d.ptr), d.offset, d.start, d.select,
                                   d.disconnect, d.len, d.addrspace != nullptr ? d.addrspace : ""});
        }
        s.note("memory map: " + std::to_string(map->count) + " descriptors");
        return true;
    }
    case retro::kEnvSetMessage:
    case retro::kEnvSetPerformanceLevel:
    case retro::kEnvSetInputDescriptors:
    case retro::kEnvSetSystemAvInfo:
    case retro::kEnvSetSubsystemInfo:
    case retro::kEnvSetControllerInfo:
    case retro::kEnvSetGeometry:
        return true;
    default:
        s.note("environment " + std::to_string(command & 0xFFFF) +
               ((command & retro::kEnvironmentExperimental) ? " (experimental)" : "") + ": not answered");
        return false;
    }
}

void videoRefresh(const void* data, unsigned width, unsigned height, std::size_t pitch)
{
    if (gLive == nullptr || data == nullptr) {
        return;
    }
    ++gLive->videoFrames;
    if (gLive->options.keepPictures) {
        Picture& picture = gLive->picture;
        picture.width = width;
        picture.height = height;
        picture.pixels.resize(std::size_t{width} * height);
        for (unsigned row = 0; row < height; ++row) {
            std::memcpy(picture.pixels.data() + std::size_t{row} * width, static_cast<const char*>(data) + row * pitch,
                        width * sizeof(std::uint32_t));
        }
    }
}

void audioSample(std::int16_t, std::int16_t) {}

std::size_t audioSampleBatch(const std::int16_t*, std::size_t frames)
{
    return frames;
}

void inputPoll() {}

std::int16_t inputState(unsigned port, unsigned device, unsigned, unsigned id)
{
    if (gLive == nullptr || port > 1 || device != retro::kDeviceJoypad || id >= retro::kJoypadButtons) {
        return 0;
    }
    return static_cast<std::int16_t>((gLive->pads[port] >> (15 - id)) & 1);
}

void release(LibretroCore::State& s)
{
    {
        CoreCall call(s.options.clock);
        if (s.gameLoaded) {
            s.unloadGame();
        }
        if (s.initialized) {
            s.deinit();
        }
    }
    s.gameLoaded = false;
    s.initialized = false;
    if (s.handle != nullptr) {
        dlclose(s.handle);
        s.handle = nullptr;
    }
    if (gLive == &s) {
        gLive = nullptr;
    }
}

} // namespace

LibretroCore LibretroCore::load(const std::string& path, Options options)
{
    if (gLive != nullptr) {
        throw OracleError("a libretro core is already loaded (" + gLive->path +
                          "): a core keeps its machine in globals, so only one may be live in a process");
    }
    auto state = std::make_unique<State>();
    state->path = path;
    state->options = options;
    state->pinnedCallsBefore = gPinnedCalls.load();
    // RTLD_LOCAL: the core's symbols stay its own; it still sees the executable's time().
    state->handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (state->handle == nullptr) {
        const char* reason = dlerror();
        throw OracleError("cannot open the libretro core " + path + ": " + (reason ? reason : "unknown error") +
                          (path == defaultCorePath() ? " (install it with scripts/setup.sh --tests)" : ""));
    }
    State& s = *state;
    gLive = &s;
    try {
        const auto apiVersion = symbol<unsigned (*)()>(s, "retro_api_version");
        if (apiVersion() != retro::kApiVersion) {
            throw OracleError(path + ": libretro API version " + std::to_string(apiVersion()) + ", not " +
                              std::to_string(retro::kApiVersion));
        }
        struct SystemInfo {
            const char* name;
            const char* version;
            const char* extensions;
            bool needFullPath;
            bool blockExtract;
        } info{};
        symbol<void (*)(SystemInfo*)>(s, "retro_get_system_info")(&info);
        s.name = std::string(info.name ? info.name : "?") + " " + (info.version ? info.version : "");
        if (info.needFullPath) {
            throw OracleError(path + ": the core loads games only from files, which this host does not give");
        }
        s.init = symbol<void (*)()>(s, "retro_init");
        s.deinit = symbol<void (*)()>(s, "retro_deinit");
        s.run = symbol<void (*)()>(s, "retro_run");
        s.loadGame = symbol<bool (*)(const retro::GameInfo*)>(s, "retro_load_game");
        s.unloadGame = symbol<void (*)()>(s, "retro_unload_game");
        s.memoryData = symbol<void* (*)(unsigned)>(s, "retro_get_memory_data");
        s.memorySize = symbol<std::size_t (*)(unsigned)>(s, "retro_get_memory_size");

        CoreCall call(options.clock);
        symbol<void (*)(retro::EnvironmentFn)>(s, "retro_set_environment")(environment);
        symbol<void (*)(retro::VideoRefreshFn)>(s, "retro_set_video_refresh")(videoRefresh);
        symbol<void (*)(retro::AudioSampleFn)>(s, "retro_set_audio_sample")(audioSample);
        symbol<void (*)(retro::AudioSampleBatchFn)>(s, "retro_set_audio_sample_batch")(audioSampleBatch);
        symbol<void (*)(retro::InputPollFn)>(s, "retro_set_input_poll")(inputPoll);
        symbol<void (*)(retro::InputStateFn)>(s, "retro_set_input_state")(inputState);
        s.init();
        s.initialized = true;
    } catch (...) {
        release(s);
        throw;
    }
    return LibretroCore(std::move(state));
}

LibretroCore::LibretroCore(std::unique_ptr<State> state) : state_(std::move(state)) {}

LibretroCore::LibretroCore(LibretroCore&& other) noexcept = default;

LibretroCore& LibretroCore::operator=(LibretroCore&& other) noexcept
{
    if (this != &other) {
        if (state_) {
            release(*state_);
        }
        state_ = std::move(other.state_);
    }
    return *this;
}

LibretroCore::~LibretroCore()
{
    if (state_) {
        release(*state_);
    }
}

void LibretroCore::loadGame(std::span<const std::uint8_t> rom)
{
    State& s = *state_;
    if (s.gameLoaded) {
        throw OracleError(s.path + ": a game is already loaded");
    }
    // bsnes guesses the mapping from a header at $7FC0 or $FFC0: a smaller image is not a ROM,
    // and the guess would read past its end.
    if (rom.size() < 0x8000) {
        throw OracleError("the ROM has " + std::to_string(rom.size()) +
                          " bytes; a SNES image has at least 32 KiB");
    }
    s.rom.assign(rom.begin(), rom.end());
    const retro::GameInfo game{nullptr, s.rom.data(), s.rom.size(), nullptr};
    bool loaded = false;
    {
        CoreCall call(s.options.clock);
        loaded = s.loadGame(&game);
    }
    if (!loaded) {
        std::string reason;
        for (const std::string& line : s.log) {
            if (line.starts_with("core error: ")) {
                reason += "; " + line.substr(12);
            }
        }
        throw OracleError(s.name + " refused the ROM" + reason);
    }
    s.gameLoaded = true;
}

void LibretroCore::runFrame(std::uint16_t pad1, std::uint16_t pad2)
{
    State& s = *state_;
    if (!s.gameLoaded) {
        throw OracleError(s.path + ": no game loaded to run");
    }
    s.pads[0] = pad1;
    s.pads[1] = pad2;
    CoreCall call(s.options.clock);
    s.run();
    ++s.frames;
}

std::span<const std::uint8_t> LibretroCore::memory(unsigned id) const
{
    const auto* data = static_cast<const std::uint8_t*>(state_->memoryData(id));
    const std::size_t size = state_->memorySize(id);
    if (data == nullptr) {
        return {};
    }
    return {data, size};
}

std::span<const std::uint8_t> LibretroCore::wram() const
{
    return memory(retro::kMemorySystemRam);
}

std::span<const std::uint8_t> LibretroCore::vram() const
{
    return memory(retro::kMemoryVideoRam);
}

std::span<const std::uint8_t> LibretroCore::saveRam() const
{
    return memory(retro::kMemorySaveRam);
}

const std::vector<MemoryRegion>& LibretroCore::memoryMap() const
{
    return state_->memoryMap;
}

std::string LibretroCore::name() const
{
    return state_->name;
}

std::uint64_t LibretroCore::frames() const
{
    return state_->frames;
}

std::uint64_t LibretroCore::videoFrames() const
{
    return state_->videoFrames;
}

const Picture& LibretroCore::picture() const
{
    return state_->picture;
}

std::size_t LibretroCore::pinnedTimeCalls() const
{
    return gPinnedCalls.load() - state_->pinnedCallsBefore;
}

const std::vector<std::string>& LibretroCore::log() const
{
    return state_->log;
}

} // namespace tileprof::oracle
