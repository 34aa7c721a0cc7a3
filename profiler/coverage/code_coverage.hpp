#pragma once

#include "profiler/rom/profiled_rom.hpp"
#include "profiler/runner/call_record.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

// How often a conditional branch went each way.
struct BranchCount {
    std::uint64_t taken = 0;
    std::uint64_t notTaken = 0;
};

// One instruction of the routine: run, or reachable from code that ran without having run itself.
struct InstructionCoverage {
    std::uint8_t flags = 0;        // P as it first ran (or as the walk reached it): its M and X widths
    std::uint64_t executions = 0;
    std::optional<BranchCount> branch; // BPL, BMI, BVC, BVS, BCC, BCS, BNE and BEQ
};

// What of one ROM's routine the calls ran. The code that can run is what ran and what the
// instructions that ran lead to (both ways of a branch, the targets of jumps and calls whose
// operand fixes them, the instruction after a call), followed through REP and SEP, within the
// scopes whose code ran: an instruction only a jump table or a computed address reaches is known
// only once it ran.
struct RomCoverage {
    std::string rom;                                        // the image's name, without extension
    const ProfiledRom* profiled = nullptr;
    std::map<std::uint32_t, InstructionCoverage> instructions; // by address
};

// Adds up the coverage of calls, ROM by ROM, in the order the ROMs first ran.
class CoverageBuilder {
public:
    // `call.steps` must have been recorded (RunOptions::recordSteps).
    void add(const CallRecord& call, const ProfiledRom& rom);
    std::vector<RomCoverage> build() const;

private:
    std::vector<RomCoverage> roms_;
};

} // namespace tileprof
