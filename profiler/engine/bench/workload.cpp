#include "profiler/engine/bench/workload.hpp"

#include "emu/cpu/cpu.hpp"
#include "emu/cpu/flat_bus.hpp"
#include "emu/scpu/snes_bus.hpp"

#include <chrono>
#include <cstdio>
#include <vector>

namespace tileprof {

namespace {

constexpr std::uint32_t kRomBank0 = 0x008000;
constexpr std::uint32_t kTableBase = 0x0200;
constexpr std::uint32_t kTableBytes = 0x200;
constexpr std::uint32_t kWatchedFirst = 0x0200; // the profiler watches map reads like these
constexpr std::uint32_t kWatchedEnd = 0x0400;

// What the profiler attaches to a run: cost per instruction address, and a count of data reads
// in a watched range (the profiler's map-tile reads).
class ProfilingObserver {
public:
    ProfilingObserver() : cycles_(0x10000), clocks_(0x10000) {}

    void onStep(const emu::StepEvent& step)
    {
        cycles_[step.address & 0xFFFF] += step.cycles;
        clocks_[step.address & 0xFFFF] += step.masterClocks;
    }

    void onAccess(const emu::BusAccess& access)
    {
        if (access.kind == emu::AccessKind::Read && (access.address & 0xFFFF) >= kWatchedFirst &&
            (access.address & 0xFFFF) < kWatchedEnd) {
            ++watchedReads_;
        }
    }

    std::uint64_t watchedReads() const { return watchedReads_; }

private:
    std::vector<std::uint64_t> cycles_;
    std::vector<std::uint64_t> clocks_;
    std::uint64_t watchedReads_ = 0;
};

template <class Poke>
void writeWorkloadData(Poke poke)
{
    poke(0x10, 0x5A);
    poke(0x11, 0x01);
    for (std::uint32_t i = 0; i < kTableBytes; ++i) {
        poke(kTableBase + i, static_cast<std::uint8_t>((37 * i + 11) & 0xFF));
    }
}

template <class Bus, class Observer>
WorkloadRun timedRun(Bus& bus, Observer& observer, std::uint64_t instructions)
{
    emu::Cpu<Bus> cpu(bus);
    cpu.reset();
    const auto begin = std::chrono::steady_clock::now();
    cpu.run(emu::RunLimits{.instructions = instructions}, observer);
    const auto end = std::chrono::steady_clock::now();
    WorkloadRun run;
    run.time = cpu.state.time;
    run.instructions = cpu.state.instructions;
    run.final = cpu.state.regs;
    run.seconds = std::chrono::duration<double>(end - begin).count();
    return run;
}

} // namespace

const Workload& workloadW8()
{
    static const Workload w{"W8", "bench-w8", 166'612'481, 1'282'964'864, 0x005A, 0x24};
    return w;
}

const Workload& workloadW16()
{
    static const Workload w{"W16", "bench-w16", 191'579'970, 1'482'704'776, 0x015A, 0x04};
    return w;
}

WorkloadRun runWorkload(const emu::RomImage& rom, BenchSetup setup, std::uint64_t instructions)
{
    emu::NoObserver none;
    if (setup == BenchSetup::LoRom) {
        emu::SnesBus bus(rom);
        writeWorkloadData([&](std::uint32_t address, std::uint8_t value) { bus.poke(0x7E0000 | address, value); });
        WorkloadRun run = timedRun(bus, none, instructions);
        run.refreshes = bus.refreshes();
        return run;
    }
    emu::FlatBus bus;
    for (std::uint32_t i = 0; i < emu::kLoRomBankBytes; ++i) {
        bus.poke(kRomBank0 + i, rom.bytes[i]);
    }
    writeWorkloadData([&](std::uint32_t address, std::uint8_t value) { bus.poke(address, value); });
    if (setup == BenchSetup::Flat) {
        return timedRun(bus, none, instructions);
    }
    ProfilingObserver observer;
    WorkloadRun run = timedRun(bus, observer, instructions);
    run.watchedReads = observer.watchedReads();
    return run;
}

std::string workloadMismatch(const Workload& workload, const WorkloadRun& run)
{
    std::string out;
    const auto check = [&](const char* what, std::uint64_t expected, std::uint64_t got) {
        if (expected != got) {
            char line[160];
            std::snprintf(line, sizeof line, "%s %s: expected %llu, got %llu\n", workload.name.c_str(), what,
                          static_cast<unsigned long long>(expected), static_cast<unsigned long long>(got));
            out += line;
        }
    };
    check("instructions", kWorkloadInstructions, run.instructions);
    check("cycles", workload.expectedCycles, run.time.cycles);
    check("master clocks", workload.expectedMasterClocks, run.time.masterClocks);
    check("A", workload.expectedA, run.final.a);
    check("X", kWorkloadExpectedX, run.final.x);
    check("PB:PC", kWorkloadExpectedPc, run.final.programAddress());
    check("P", workload.expectedP, run.final.p);
    return out;
}

} // namespace tileprof
