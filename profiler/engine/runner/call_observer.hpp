#pragma once

#include "emu/control_flow.hpp"
#include "emu/observer.hpp"
#include "profiler/engine/call/call_record.hpp"
#include "profiler/engine/coverage/code_coverage.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace tileprof {

// Watches one call: the first case label it executes, the map tiles it reads, the cost of each
// step, and a BRK or COP. Its hooks test a value or two; the recording is out of line.
class CallObserver {
public:
    struct MapWindow {
        std::uint32_t start = 0; // address of the map's first tile
        std::uint32_t bytes = 0; // width * height
        std::uint32_t width = 1;
        std::uint32_t columnHeight = 0; // column-major when not 0
        std::array<TileId, 256> typeOfId{}; // the tile type of each tile id the map may hold
    };

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
        if (record_->caseIndex < 0) [[unlikely]] {
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
            recordTileRead(access);
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
    [[gnu::noinline]] void recordTileRead(const emu::BusAccess& access);

    std::vector<std::uint32_t> caseLabels_;
    MapWindow map_;
    bool recordSteps_;
    bool countSlowRom_;
    CoverageBuilder* coverage_ = nullptr;
    CallRecord* record_ = nullptr;
    std::uint64_t startCycle_ = 0;
    std::uint8_t flags_ = 0; // P as the current step began
    std::optional<std::uint32_t> softwareInterrupt_;
};

} // namespace tileprof
