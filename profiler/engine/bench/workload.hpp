#pragma once

#include "emu/cpu/registers.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/timing/time.hpp"

#include <cstdint>
#include <string>

namespace tileprof {

// The benchmark workloads W8 and W16 (docs/machine.md): a loop of loads, indexed adds, stores
// and a counted branch, assembled from roms/bench/workload.s.
struct Workload {
    std::string name;    // "W8" or "W16"
    std::string romName; // bundled ROM: "bench-w8" or "bench-w16"
    // What every core must arrive at after kInstructions on the flat bus (docs/machine.md).
    std::uint64_t expectedCycles;
    std::uint64_t expectedMasterClocks;
    std::uint16_t expectedA;
    std::uint8_t expectedP;
};

inline constexpr std::uint64_t kWorkloadInstructions = 50'000'000;
inline constexpr std::uint16_t kWorkloadExpectedX = 0x00C0;
inline constexpr std::uint32_t kWorkloadExpectedPc = 0x00800B;

const Workload& workloadW8();
const Workload& workloadW16();

enum class BenchSetup {
    Flat,         // the flat bus, nothing attached
    FlatProfiled, // the flat bus with the profiling observer attached
    LoRom,        // the real LoROM bus: ROM at $00:8000, data in WRAM, DRAM refresh
};

struct WorkloadRun {
    emu::Time time;
    std::uint64_t instructions = 0;
    emu::Registers final;
    double seconds = 0;
    std::uint64_t refreshes = 0;    // LoROM bus only
    std::uint64_t watchedReads = 0; // FlatProfiled only: reads of the table the observer watches
};

// Runs `instructions` instructions of the workload from reset.
WorkloadRun runWorkload(const emu::RomImage& rom, BenchSetup setup, std::uint64_t instructions);

// Whether a flat-bus run of kWorkloadInstructions reproduced the design's totals; lists what differs.
std::string workloadMismatch(const Workload& workload, const WorkloadRun& run);

} // namespace tileprof
