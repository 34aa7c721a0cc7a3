// tileprof bench: emulation speed on the W8/W16 workloads, the scenario suite and explore.

#include "base/bundled_files.hpp"
#include "base/counted.hpp"
#include "base/exit_codes.hpp"
#include "base/input_error.hpp"
#include "emu/apu/apu_clock.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/system/machine_state.hpp"
#include "emu/system/snes.hpp"
#include "profiler/arguments/count_argument.hpp"
#include "profiler/cli/command.hpp"
#include "profiler/cli/scenario_runs.hpp"
#include "profiler/engine/bench/workload.hpp"
#include "profiler/engine/explore/explorer.hpp"
#include "profiler/engine/explore/game_explorer.hpp"
#include "profiler/model/play/play_file.hpp"
#include "profiler/engine/ingame/call_replay.hpp"
#include "profiler/engine/ingame/frame_replay.hpp"
#include "profiler/engine/ingame/game_play.hpp"
#include "profiler/engine/ingame/play_tally.hpp"
#include "profiler/formats/symbols/debug_info.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/reports/play/play_report.hpp"
#include "oracle/libretro_core.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <limits>
#include <optional>
#include <string>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

namespace tileprof {

namespace {

struct Measured {
    WorkloadRun best; // the fastest of the repeats; every repeat must give the same totals
    bool deterministic = true;
};

Measured measure(const emu::RomImage& rom, BenchSetup setup, unsigned repeats, std::uint64_t instructions)
{
    Measured m;
    for (unsigned i = 0; i < repeats; ++i) {
        const WorkloadRun run = runWorkload(rom, setup, instructions);
        if (i == 0 || run.seconds < m.best.seconds) {
            if (i > 0 && (run.time != m.best.time || run.final != m.best.final)) {
                m.deterministic = false;
            }
            m.best = run;
        }
    }
    return m;
}

void printRate(const char* workload, const char* bus, const char* observer, const WorkloadRun& run, double baseline)
{
    const double s = run.seconds;
    std::printf("%-4s %-6s %-10s %10.1f M/s %11.1f M/s %13.1f M/s", workload, bus, observer,
                static_cast<double>(run.instructions) / s / 1e6, static_cast<double>(run.time.cycles) / s / 1e6,
                static_cast<double>(run.time.masterClocks) / s / 1e6);
    if (baseline > 0) {
        std::printf("   %.2fx the unobserved time", s / baseline);
    }
    std::printf("\n");
}

struct SuiteRun {
    double seconds = 0;
    std::size_t scenarios = 0;
    std::size_t calls = 0;
    std::uint64_t cycles = 0; // what the attribution found, or the calls' sum without it
};

// The bundled scenario suite as `tileprof run` runs it, with or without attribution.
SuiteRun runSuite(bool attribution)
{
    const auto start = std::chrono::steady_clock::now();
    RunOptions options;
    options.recordSteps = attribution;
    const ScenarioRuns runs = runScenarios({}, options, "bench");
    SuiteRun run;
    if (attribution) {
        run.cycles = attribute(runs.results, runs.romOf, Selection{}).selected.total.cycles;
    }
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    run.scenarios = runs.results.size();
    for (const ScenarioResult& s : runs.results) {
        run.calls += s.calls.size();
        for (const CallRecord& call : s.calls) {
            run.cycles += attribution ? 0 : call.cycles;
        }
    }
    return run;
}

SuiteRun fastestSuite(bool attribution, unsigned repeats)
{
    SuiteRun best;
    for (unsigned i = 0; i < repeats; ++i) {
        const SuiteRun run = runSuite(attribution);
        if (i == 0 || run.seconds < best.seconds) {
            best = run;
        }
    }
    return best;
}

// tileprof explore on the reference room (roms/tile-collision/explore): calls of the routine per
// second, sessions played frame by frame with every step recorded for the coverage that guides it.
double exploreRate(std::uint64_t calls)
{
    const std::filesystem::path room =
        bundledSourceDirectory() / kDefaultRom / "explore" / "reference-room.toml";
    ScenarioOpener opener;
    const OpenedScenario opened = opener.open(room);
    ExploreOptions options;
    options.calls = calls;
    options.jobs = std::max(1u, std::thread::hardware_concurrency());
    const auto start = std::chrono::steady_clock::now();
    const ExploreResult result = explore(opened.scenario, *opened.rom, options);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return static_cast<double>(result.calls) / seconds;
}

// The ROM the whole machine is measured on: the demo game in its demo mode (no pad pressed), a
// console program with the collision routine, NMI, DMA, HDMA and the auto-joypad read each frame.
constexpr const char* kMachineRom = "demo";
constexpr std::size_t kFrameCount = 0x0000; // the demo's NMI count in work RAM (roms/demo/main.s)

// Runs bundled ROM `rom` on the whole machine from power-on for `frames` frames, `repeats` times,
// and hands each run's machine and seconds to `measured`.
// With `pictures`, the PPU draws each frame.
template <class Measured>
void runFramesTimed(const char* rom, unsigned frames, unsigned repeats, Measured measured, bool pictures = false)
{
    const emu::RomImage image = emu::loadRomFile(bundledRomPath(rom).string());
    for (unsigned run = 0; run < repeats; ++run) {
        emu::Snes snes(image);
        snes.bus().ppu().drawPictures(pictures);
        const auto start = std::chrono::steady_clock::now();
        while (snes.frame() < frames) {
            snes.runFrame();
        }
        measured(snes, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
}

// The whole machine (emu::Snes) on kMachineRom: frames per second on one core, the fastest of
// `repeats` runs of `frames` frames each.
double benchMachine(unsigned frames, unsigned repeats)
{
    double best = 0;
    runFramesTimed(kMachineRom, frames, repeats,
                   [&](const emu::Snes&, double seconds) { best = std::max(best, frames / seconds); });
    std::printf("\nwhole machine (%s, %u frames): %.1f frames/s, %.1fx a console's 60.10 (target: 3,000 frames/s)\n",
                kMachineRom, frames, best, best / 60.0988);
    return best;
}

// The whole machine on kMachineRom drawing every frame's picture.
void benchPicture(unsigned frames, unsigned repeats, double machineRate)
{
    double best = 0;
    runFramesTimed(
        kMachineRom, frames, repeats, [&](const emu::Snes&, double seconds) { best = std::max(best, frames / seconds); }, true);
    std::printf("picture (%s, %u frames drawn): %.1f frames/s, %.0f%% of the machine's without it (target: 2,000 frames/s)\n",
                kMachineRom, frames, best, 100 * best / machineRate);
}

// The whole machine on kMachineRom as `tileprof play` runs it, profiling the collision routine:
// frames per second on one core, the fastest of `repeats` runs, against the unprofiled rate.
// Returns false when two runs found different calls.
bool benchPlay(unsigned frames, unsigned repeats, double machineRate)
{
    constexpr const char* kRoutine = "MoveEntityAndProcessTileCollisions";
    const std::filesystem::path romPath = bundledRomPath(kMachineRom);
    const emu::RomImage image = emu::loadRomFile(romPath.string());
    const DebugInfo symbols = DebugInfo::load(std::filesystem::path(romPath).replace_extension(".dbg"));
    PlaySetup setup;
    setup.entries.push_back(symbols.symbol(kRoutine, "bench").value);
    setup.frames = frames;
    double best = 0;
    std::optional<std::uint64_t> calls;
    bool same = true;
    for (unsigned run = 0; run < repeats; ++run) {
        const auto start = std::chrono::steady_clock::now();
        // What `play` keeps of a play: its tally, not every call.
        PlayTally tally({std::nullopt}, std::nullopt, std::nullopt, 0);
        tally.finish(playGame(image, setup, tally));
        best = std::max(best, frames / std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        const std::uint64_t found = tally.routines().front().calls;
        same = same && (!calls || found == *calls);
        calls = found;
    }
    std::printf("play (%s, %u frames, %s calls of %s profiled): %.1f frames/s, %.0f%% of the unprofiled machine's "
                "(target: 50%%)\n",
                kMachineRom, frames, grouped(calls.value_or(0)).c_str(), kRoutine, best, 100.0 * best / machineRate);
    if (!same) {
        std::fprintf(stderr, "play: repeated runs found different calls\n");
    }
    return same;
}

// The peak resident set of process `pid` so far, in KB (VmHWM: its own since it began running its
// program); 0 when it cannot be read.
std::uint64_t peakResidentKb(pid_t pid)
{
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string key;
    std::uint64_t kb = 0;
    while (status >> key) {
        if (key == "VmHWM:") {
            status >> kb;
            return kb;
        }
        status.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
    }
    return 0;
}

// Runs this program with `arguments` (after its path) in a process of its own: its peak resident
// set in MB and the seconds it took, or nothing when it did not run or exited over 1. The peak is
// the process's high-water mark read every millisecond until it exits (not wait4's ru_maxrss, which
// counts the copy of this process that fork made before the program replaced it).
std::optional<std::pair<double, double>> peakMemory(std::vector<std::string> arguments)
{
    const std::string program = std::filesystem::read_symlink("/proc/self/exe").string();
    arguments.insert(arguments.begin(), program);
    std::vector<char*> argv;
    for (std::string& argument : arguments) {
        argv.push_back(argument.data());
    }
    argv.push_back(nullptr);
    const auto start = std::chrono::steady_clock::now();
    const pid_t child = ::fork();
    if (child == 0) {
        ::execv(program.c_str(), argv.data());
        ::_exit(127);
    }
    if (child < 0) {
        return std::nullopt;
    }
    std::string commandLine;
    for (const std::string& argument : arguments) {
        commandLine += argument + '\0';
    }
    std::uint64_t peakKb = 0;
    int status = 0;
    pid_t waited = 0;
    while ((waited = ::waitpid(child, &status, WNOHANG)) == 0) {
        // Only once the program runs: before execv the child is a copy of this process, whose
        // command line is this one's.
        std::ifstream cmdline("/proc/" + std::to_string(child) + "/cmdline");
        if (std::string(std::istreambuf_iterator<char>(cmdline), {}) == commandLine) {
            peakKb = std::max(peakKb, peakResidentKb(child));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (waited != child || !WIFEXITED(status) || WEXITSTATUS(status) > 1) {
        return std::nullopt;
    }
    return std::pair{static_cast<double>(peakKb) / 1024.0,
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
}

// Peak memory of `tileprof play` on kMachineRom for a tenth of `frames` and for `frames`, profiling
// the collision routine with its manifest (each call's case, entity and map reads), in every play
// format, each a process of its own writing to /dev/null: what a long play costs a CI machine, and
// whether it grows with the frames. Returns false when a play failed to run.
bool benchPlayMemory(unsigned frames)
{
    const unsigned fewer = std::max(frames / 10, 1U);
    std::printf("\nplay memory (%s, with the collision routine's manifest; peak resident set at %s and %s frames):\n",
                kMachineRom, grouped(fewer).c_str(), grouped(frames).c_str());
    const std::string rom = bundledRomPath(kMachineRom).string();
    const std::string manifest = (bundledSourceDirectory() / "tile-collision" / "manifest.toml").string();
    bool ran = true;
    for (const ReportFormat format : kPlayFormats) {
        const std::string name(reportFormatName(format));
        const auto play = [&](unsigned count) {
            return peakMemory({"play", rom, "--profile", "MoveEntityAndProcessTileCollisions", "--manifest", manifest, "--frames",
                               std::to_string(count), "--format", name, "--out", "/dev/null"});
        };
        const auto few = play(fewer);
        const auto many = play(frames);
        if (!few || !many) {
            std::printf("  %-11s did not run\n", name.c_str());
            ran = false;
            continue;
        }
        std::printf("  %-11s %8.1f MB %8.1f MB  (%.1f s for %s frames)\n", name.c_str(), few->first, many->first, many->second,
                    grouped(frames).c_str());
    }
    return ran;
}

// tileprof explore of the demo's walk play on one core, `frames` frames: game frames explored a
// second, the sessions' tracking, their kept states and the findings' shrinking included.
void benchExploreGame(std::uint64_t frames)
{
    const std::unique_ptr<PreparedPlay> play = preparePlay(loadPlayFile(bundledSourceDirectory() / "demo" / "walk.play.toml"));
    GameExploreOptions options;
    options.frames = frames;
    const auto start = std::chrono::steady_clock::now();
    const GameExploreResult result = exploreGame(*play, options);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("\nexplore a game (the demo's walk play, %s frames, 1 job): %.0f frames/s (target: 5,000 a core), %s "
                "sessions, %zu findings\n",
                grouped(result.frames).c_str(), static_cast<double>(result.frames) / seconds, grouped(result.sessions).c_str(),
                result.findings.size());
}

// The debugger's seeking on a play of kMachineRom `frames` long, profiling the collision routine
// with seek points kept every 300 frames as the debugger keeps them: how long selecting its last
// call and drawing its last frame take (the replays from the last point before them), against the
// last call replayed from power-on.
void benchSeeking(unsigned frames)
{
    const std::filesystem::path romPath = bundledRomPath(kMachineRom);
    const emu::RomImage image = emu::loadRomFile(romPath.string());
    const DebugInfo symbols = DebugInfo::load(std::filesystem::path(romPath).replace_extension(".dbg"));
    PlaySetup setup;
    setup.entries.push_back(symbols.symbol("MoveEntityAndProcessTileCollisions", "bench").value);
    setup.frames = frames;
    SeekPoints points(300);
    setup.seekPoints = &points;
    const auto played = std::chrono::steady_clock::now();
    const PlayRun run = playGame(image, setup);
    const double playSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - played).count();
    setup.seekPoints = nullptr;
    const auto milliseconds = [](auto work) {
        const auto start = std::chrono::steady_clock::now();
        work();
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() * 1000;
    };
    const std::size_t last = run.calls.size() - 1;
    const double call = milliseconds([&] { (void)replayCall(image, setup, run.calls[last].routine, last, &points); });
    const double frame = milliseconds([&] { (void)replayFrame(image, setup, run.calls[last].frame, {}, &points); });
    const double fromStart = milliseconds([&] { (void)replayCall(image, setup, run.calls[last].routine, last); });
    std::printf("\nseeking (%s, a play of %s frames, %s calls; %zu seek points kept, the play %.1f s): its last call "
                "selected in %.1f ms, its frame drawn in %.1f ms (target: well under 100 ms); from power-on, %.0f ms\n",
                kMachineRom, grouped(frames).c_str(), grouped(run.calls.size()).c_str(), points.size(), playSeconds, call, frame,
                fromStart);
}

// Saving and restoring the whole machine on kMachineRom at frame 300, `repeats` times: in memory
// (a copy kept in a machine of its own, assigned back: what exploring and seeking do), and as a
// state file (deflated, its CRCs checked on reading). Returns false when a restored machine did not
// run on as the one saved.
bool benchStates(double machineRate, unsigned repeats)
{
    constexpr unsigned kAt = 300;
    constexpr unsigned kCopies = 2000;
    constexpr unsigned kFiles = 40;
    const emu::RomImage image = emu::loadRomFile(bundledRomPath(kMachineRom).string());
    emu::Snes snes(image);
    while (snes.frame() < kAt) {
        snes.runFrame();
    }
    emu::Snes kept(image);
    emu::Snes restored(image);
    const auto perOperation = [](unsigned count, auto operation) {
        const auto start = std::chrono::steady_clock::now();
        for (unsigned i = 0; i < count; ++i) {
            operation();
        }
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / count * 1e6;
    };
    double save = 1e9;
    double restore = 1e9;
    double fileSave = 1e9;
    double fileLoad = 1e9;
    std::string file;
    for (unsigned run = 0; run < repeats; ++run) {
        save = std::min(save, perOperation(kCopies, [&] { kept = snes; }));
        restore = std::min(restore, perOperation(kCopies, [&] { restored = kept; }));
        fileSave = std::min(fileSave, perOperation(kFiles, [&] { file = emu::saveState(snes, "demo.sfc", "bench"); }));
        fileLoad = std::min(fileLoad, perOperation(kFiles, [&] { emu::restoreState(restored, file, "bench"); }));
    }
    emu::Snes fromMemory(image);
    fromMemory = kept;
    for (emu::Snes* machine : {&snes, &restored, &fromMemory}) {
        while (machine->frame() < kAt + 60) {
            machine->runFrame();
        }
    }
    const bool same = emu::machineState(restored) == emu::machineState(snes) && emu::machineState(fromMemory) == emu::machineState(snes);
    const double frameMicroseconds = 1e6 / machineRate;
    std::printf("\nstates (%s at frame %u): in memory, save %.1f us, restore %.1f us (target: under 20 us each; a frame runs in "
                "%.1f us)\n  as a file: save %.0f us, read back %.0f us (%s bytes, %s of machine state deflated)\n",
                kMachineRom, kAt, save, restore, frameMicroseconds, fileSave, fileLoad, grouped(file.size()).c_str(),
                grouped(emu::machineState(snes).size()).c_str());
    if (!same) {
        std::fprintf(stderr, "states: a restored machine did not run on as the one saved\n");
    }
    return same;
}

// The SPC700 on roms/bench/spc700_workload.s, whose S-CPU waits in WAI while the APU runs a sound
// driver's busy loop: SPC700 cycles per second on one core, the fastest of `repeats` runs of
// `frames` frames. Returns false when two runs counted different cycles.
bool benchSpc700(unsigned frames, unsigned repeats)
{
    constexpr double kApuCyclesPerSecond =
        static_cast<double>(emu::apu::kOscillatorHz) / emu::apu::kOscillatorClocksPerCycle;
    double best = 0;
    std::optional<std::uint64_t> cycles;
    bool same = true;
    runFramesTimed("bench-spc700", frames, repeats, [&](const emu::Snes& snes, double seconds) {
        const std::uint64_t ran = snes.bus().apu().cycles();
        same = same && (!cycles || ran == *cycles);
        cycles = ran;
        best = std::max(best, static_cast<double>(ran) / seconds);
    });
    std::printf("SPC700 (bench-spc700, %u frames, %s cycles): %.1f M cycles/s, %.0fx the APU's %.5f MHz\n", frames,
                grouped(cycles.value_or(0)).c_str(), best / 1e6, best / kApuCyclesPerSecond, kApuCyclesPerSecond / 1e6);
    if (!same) {
        std::fprintf(stderr, "SPC700: repeated runs gave different cycle counts\n");
    }
    return same;
}

// The oracle (oracle/: bsnes-mercury's accuracy core) on the same ROM: frames per second on one
// core, and whether it counted one NMI a frame after the first. Returns false on a miscount.
bool benchOracle(unsigned frames, double machineRate)
{
    const std::filesystem::path romPath = bundledRomPath(kMachineRom);
    std::ifstream in(romPath, std::ios::binary);
    const std::vector<std::uint8_t> rom{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    try {
        oracle::LibretroCore core = oracle::LibretroCore::load(oracle::defaultCorePath());
        core.loadGame(rom);
        const auto start = std::chrono::steady_clock::now();
        for (unsigned i = 0; i < frames; ++i) {
            core.runFrame();
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const auto wram = core.wram();
        const unsigned nmis = wram[kFrameCount] | wram[kFrameCount + 1] << 8;
        std::printf("oracle (%s, %s, %u frames): %.1f frames/s, %.2fx a console's 60.10; tileprof %.1fx it (target: 20x)\n",
                    core.name().c_str(), kMachineRom, frames, frames / seconds, frames / seconds / 60.0988,
                    machineRate * seconds / frames);
        if (nmis != frames - 1) {
            std::fprintf(stderr, "oracle: %u NMIs in %u frames, not %u\n", nmis, frames, frames - 1);
            return false;
        }
    } catch (const oracle::OracleError& e) {
        std::printf("\noracle: not measured: %s\n", e.what());
    }
    return true;
}

struct BenchCommandOptions {
    unsigned repeats = 3;
    std::uint64_t instructions = kWorkloadInstructions;
    unsigned oracleFrames = 600;
    unsigned machineFrames = 3600;
    unsigned memoryFrames = 100'000;
    unsigned seekFrames = 100'000;
};

int bench(const BenchCommandOptions& o)
{
    const bool checkTotals = o.instructions == kWorkloadInstructions;
    std::printf("tileprof bench: %s instructions per run, fastest of %u runs\n\n", grouped(o.instructions).c_str(),
                o.repeats);
    std::printf("%-4s %-6s %-10s %14s %15s %17s\n", "work", "bus", "observer", "instructions", "cycles",
                "master clocks");
    int exitCode = kExitOk;
    std::string totals;
    for (const Workload* w : {&workloadW8(), &workloadW16()}) {
        emu::RomImage rom;
        try {
            rom = emu::loadRomFile(bundledRomPath(w->romName));
        } catch (const InputError& e) {
            std::fprintf(stderr, "tileprof bench: %s\n", e.what());
            return kExitBadInput;
        }
        const Measured flat = measure(rom, BenchSetup::Flat, o.repeats, o.instructions);
        const Measured observed = measure(rom, BenchSetup::FlatProfiled, o.repeats, o.instructions);
        const Measured lorom = measure(rom, BenchSetup::LoRom, o.repeats, o.instructions);
        printRate(w->name.c_str(), "flat", "none", flat.best, 0);
        printRate(w->name.c_str(), "flat", "profiling", observed.best, flat.best.seconds);
        printRate(w->name.c_str(), "LoROM", "none", lorom.best, 0);

        char line[512];
        std::snprintf(line, sizeof line,
                      "%-3s flat:  %s cycles, %s master clocks, A=$%04X X=$%04X PC=$%02X:%04X P=$%02X\n"
                      "%-3s LoROM: %s cycles, %s master clocks (%s refreshes of 40 clocks)\n",
                      w->name.c_str(), grouped(flat.best.time.cycles).c_str(),
                      grouped(flat.best.time.masterClocks).c_str(), flat.best.final.a, flat.best.final.x,
                      flat.best.final.pbr, flat.best.final.pc, flat.best.final.p, w->name.c_str(),
                      grouped(lorom.best.time.cycles).c_str(), grouped(lorom.best.time.masterClocks).c_str(),
                      grouped(lorom.best.refreshes).c_str());
        totals += line;

        std::string problems;
        if (checkTotals) {
            problems += workloadMismatch(*w, flat.best);
        }
        if (observed.best.time != flat.best.time || observed.best.final != flat.best.final) {
            problems += w->name + ": the observer changed the run's totals\n";
        }
        if (!flat.deterministic || !observed.deterministic || !lorom.deterministic) {
            problems += w->name + ": repeated runs gave different totals\n";
        }
        if (!problems.empty()) {
            std::fprintf(stderr, "%s", problems.c_str());
            exitCode = kExitFailed;
        }
    }
    std::printf("\n%s", totals.c_str());
    if (checkTotals && exitCode == kExitOk) {
        std::printf("Flat-bus totals match docs/machine.md exactly.\n");
    }

    const SuiteRun off = fastestSuite(false, o.repeats);
    const SuiteRun on = fastestSuite(true, o.repeats);
    std::printf("\nscenario suite (tileprof run, every bundled scenario): %zu scenarios, %zu calls, %s cycles\n",
                off.scenarios, off.calls, grouped(off.cycles).c_str());
    std::printf("  attribution off %8.1f ms   (target: the whole suite under 1 s)\n"
                "  attribution on  %8.1f ms   %.2fx: every step recorded and attributed to functions and lines\n",
                1000.0 * off.seconds, 1000.0 * on.seconds, on.seconds / off.seconds);
    constexpr std::uint64_t kExploreCalls = 200000;
    try {
        std::printf("\nexplore (the reference room, %s calls, %u jobs): %s calls/s (target: 500,000)\n",
                    grouped(kExploreCalls).c_str(), std::max(1u, std::thread::hardware_concurrency()),
                    grouped(static_cast<std::uint64_t>(exploreRate(kExploreCalls))).c_str());
    } catch (const InputError& e) {
        std::fprintf(stderr, "tileprof bench: %s\n", e.what());
        exitCode = kExitBadInput;
    }
    if (on.cycles != off.cycles || on.calls != off.calls) {
        std::fprintf(stderr, "scenario suite: the attribution's total (%s cycles) is not the calls' (%s cycles)\n",
                     grouped(on.cycles).c_str(), grouped(off.cycles).c_str());
        exitCode = kExitFailed;
    }
    const double machineRate = benchMachine(o.machineFrames, o.repeats);
    benchPicture(o.machineFrames, o.repeats, machineRate);
    if (!benchPlay(o.machineFrames, o.repeats, machineRate)) {
        exitCode = kExitFailed;
    }
    if (!benchStates(machineRate, o.repeats)) {
        exitCode = kExitFailed;
    }
    if (!benchSpc700(o.machineFrames, o.repeats)) {
        exitCode = kExitFailed;
    }
    if (o.oracleFrames > 0 && !benchOracle(o.oracleFrames, machineRate)) {
        exitCode = kExitFailed;
    }
    if (o.seekFrames > 0) {
        benchSeeking(o.seekFrames);
    }
    benchExploreGame(o.machineFrames * 10);
    if (o.memoryFrames > 0 && !benchPlayMemory(o.memoryFrames)) {
        exitCode = kExitFailed;
    }
    return exitCode;
}

CommandAction defineBench(CLI::App& command)
{
    auto o = std::make_shared<BenchCommandOptions>();
    addCount(command, "--repeat", o->repeats, "Runs per configuration; the fastest is reported", 1, 100);
    addCount(command, "--instructions", o->instructions,
             "Instructions per run (the workloads' totals are checked only at 50000000)", 1, std::uint64_t{1} << 40);
    addCount(command, "--machine-frames", o->machineFrames, "Frames of the whole machine on the demo game", 1, 1000000);
    addCount(command, "--oracle-frames", o->oracleFrames,
             "Frames of the oracle core (bsnes-mercury) on the demo game; 0 skips it", 0, 100000);
    addCount(command, "--seek-frames", o->seekFrames,
             "Frames of the play the debugger's seeking is measured on (default 100000); 0 skips it", 0, 1000000);
    addCount(command, "--memory-frames", o->memoryFrames,
             "Frames of the play whose peak memory is measured in every format (default 100000); 0 skips it", 0, 1000000);
    return [o] { return bench(*o); };
}

} // namespace

// `tileprof bench`: the W8/W16 workloads on the flat bus (checked against their known totals),
// with and without the profiling observer, and on the LoROM bus; the scenario suite; explore; the
// oracle core.
const Command kBenchCommand{"bench", "Measure emulation speed on the W8/W16 workloads", defineBench};

} // namespace tileprof
