#pragma once

#include "profiler/engine/call/call_record.hpp"
#include "profiler/model/target/profiled_rom.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
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
    const emu::RomImage* image = nullptr;
    const DebugInfo* debug = nullptr;
    std::map<std::uint32_t, InstructionCoverage> instructions; // by address
};

// A source line: the most runs of its instructions (a macro line holds several), and each
// conditional branch on it in address order (one that never ran went neither way).
struct LineCoverage {
    std::uint64_t executions = 0;
    std::vector<BranchCount> branches;
};

// A scope that begins in the file: its first line and how often its first instruction ran.
struct FunctionCoverage {
    int line;
    std::string name;
    std::uint64_t executions;
};

// The coverage of one source file of a ROM, by line.
struct FileCoverage {
    std::string file; // as ld65 recorded it; for code without lines, the disassembly listing's path
    std::map<int, LineCoverage> lines;
    std::vector<FunctionCoverage> functions; // by line, then name
};

// A ROM's coverage by source file, in path order. Code without line information goes to a
// disassembly listing, instruction by instruction with its labels: `listing` is its text (empty
// when every instruction has a line), at `listingPath`.
struct SourceCoverage {
    std::string rom;
    std::vector<FileCoverage> files;
    std::string listing;
};
SourceCoverage sourceCoverage(const RomCoverage& coverage, const std::filesystem::path& listingPath);

// Adds up the coverage of calls, ROM by ROM, in the order the ROMs first ran.
class CoverageBuilder {
public:
    // `call.steps` must have been recorded (RunOptions::recordSteps). Returns how many instructions
    // and branch directions the call was the first to run.
    std::size_t add(const CallRecord& call, const ProfiledRom& rom);
    // Adds what another builder counted; returns how many instructions and branch directions it
    // was the first to run.
    std::size_t add(const CoverageBuilder& other);
    // Counting a call as it runs, without its steps recorded: beginCall, then countStep for each
    // instruction it executes.
    void beginCall(const emu::RomImage& image, const DebugInfo& debug);
    void countStep(std::uint32_t address, std::uint8_t opcode, std::uint8_t flags);
    std::vector<RomCoverage> build() const;

private:
    struct Tally {
        std::string rom;
        const emu::RomImage* image;
        const DebugInfo* debug;
        std::unordered_map<std::uint32_t, InstructionCoverage> instructions; // what ran, by address
    };
    Tally& tallyOf(const emu::RomImage& image, const DebugInfo& debug);

    std::vector<Tally> roms_;
    // The call being counted: its ROM's tally, the branch whose way the next step tells, and
    // how many instructions and branch directions it was the first to run.
    Tally* current_ = nullptr;
    InstructionCoverage* pendingBranch_ = nullptr;
    std::uint32_t fallThrough_ = 0;
    std::size_t firsts_ = 0;
};

} // namespace tileprof
