#pragma once

#include "emu/cpu/control_flow.hpp"
#include "emu/cpu/observer.hpp"
#include "profiler/engine/call/call_record.hpp"
#include "profiler/engine/call/map_reads.hpp"
#include "profiler/engine/coverage/code_coverage.hpp"
#include "profiler/model/target/manifest.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace tileprof {

// Watches one call: its case (of the case markers it executes, the manifest's first), the map tiles it reads (and map bytes that
// are no tile), the cost of each
// step, and a BRK or COP. Its hooks test a value or two; the recording is out of line.
class CallObserver {
public:
    // Without `recordSteps` the calls' steps are not kept (CallRecord::steps stays empty).
    // With `countSlowRom`, ROM reads through banks below $80 are counted (CallRecord::slowRomReads).
    CallObserver(std::vector<std::uint32_t> caseLabels, MapWindow map, bool recordSteps, bool countSlowRom = false);

    // Starts a new call at `cycle`; results go to `record`.
    void begin(CallRecord& record, std::uint64_t cycle);

    // Counts every instruction into `coverage` as it runs (nullptr: none): coverage without the
    // steps recorded.
    void countCoverage(CoverageBuilder* coverage) { coverage_ = coverage; }

    void beforeStep(const emu::Registers& registers) { flags_ = registers.p; }

    void onStep(const emu::StepEvent& step)
    {
        // Until the manifest's first case has run, a marker of an earlier case than the one found
        // may still come. Most steps are at no marker: the mask rules them out at once.
        if (record_->caseIndex != 0 && ((caseMask_ >> (step.address & 63)) & 1) != 0) [[unlikely]] {
            matchCase(step.address);
        }
        if (step.kind == emu::StepKind::Instruction && emu::isSoftwareInterrupt(step.opcode)) [[unlikely]] {
            noteSoftwareInterrupt(step.address);
        }
        if (recordSteps_) {
            recordStep(step);
        }
        if (coverage_ != nullptr && step.kind == emu::StepKind::Instruction) {
            coverage_->countStep(step.address, step.opcode, flags_);
        }
    }

    void onAccess(const emu::BusAccess& access)
    {
        if (access.kind == emu::AccessKind::Read && access.address - map_.start < map_.bytes) [[unlikely]] {
            mapReads_.read(map_, access);
        }
        if (countSlowRom_ && isSlowRomRead(access)) [[unlikely]] {
            ++record_->slowRomReads;
        }
    }

    // The address of the first BRK or COP the call executed.
    std::optional<std::uint32_t> softwareInterrupt() const { return softwareInterrupt_; }

private:
    [[gnu::noinline]] void matchCase(std::uint32_t address);
    // LoROM ROM is $8000-$FFFF of banks $00-$7D; below $80 those banks never run at FastROM speed.
    static bool isSlowRomRead(const emu::BusAccess& access)
    {
        return access.kind != emu::AccessKind::Write && access.kind != emu::AccessKind::Idle &&
               (access.address & 0x8000) != 0 && access.address < 0x7E0000;
    }

    static constexpr std::size_t kTypicalSteps = 256;

    [[gnu::noinline]] void recordStep(const emu::StepEvent& step);
    [[gnu::noinline]] void noteSoftwareInterrupt(std::uint32_t address);

    std::vector<std::uint32_t> caseLabels_;
    std::uint64_t caseMask_ = 0; // bit (address & 63) of every case marker
    MapWindow map_;
    bool recordSteps_;
    bool countSlowRom_;
    CoverageBuilder* coverage_ = nullptr;
    CallRecord* record_ = nullptr;
    std::uint8_t flags_ = 0; // P as the current step began
    std::optional<std::uint32_t> softwareInterrupt_;
    MapReads mapReads_;
};

} // namespace tileprof
