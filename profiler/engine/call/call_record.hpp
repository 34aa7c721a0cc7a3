#pragma once

#include "emu/cpu/observer.hpp"
#include "profiler/engine/call/entity_state.hpp"
#include "profiler/formats/design/design.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace tileprof {

// A map tile the routine read, in the order it read them.
struct TileRead {
    std::uint16_t column;
    std::uint16_t row;
    TileId type;
    std::uint32_t cycle; // cycles into the call when the read happened
};

// A read of the map's buffer that no cell of the manifest's layout explains: a byte between cells
// or past them, or a cell whose value is no id the cell format holds.
struct StrayMapRead {
    std::uint32_t address;
    std::uint8_t value;
    std::uint32_t cycle; // cycles into the call
    int column = -1;     // the cell the byte is in, -1 for a byte between or past the cells
    int row = -1;

    // "$7F:0041 = $00, a byte no cell of the map's layout holds", or "... of cell (3, 2), whose
    // value is no tile id".
    std::string text() const;
};

// One step of a call and its cost, for attribution to functions, source lines and calls.
struct StepCost {
    std::uint32_t address;
    std::uint32_t cycles;       // a WAI's wait or a DMA can take more than 65,535
    std::uint32_t masterClocks;
    std::uint8_t opcode; // 0 unless kind is Instruction
    emu::StepKind kind;
    std::uint8_t flags;  // P as the step began: the M and X widths its operands had
};

// Which call of a scenario: its frame and its entity.
struct CallId {
    int frame = 0;  // 1-based
    int entity = 0; // index into the scenario's entities
    bool operator==(const CallId&) const = default;
};

// What one call of the routine did and cost.
struct CallRecord {
    int frame = 0;  // 1-based
    int entity = 0; // index into the scenario's entities
    int caseIndex = -1; // into the manifest's cases; -1 when no case label ran
    std::uint32_t cycles = 0;
    std::uint32_t masterClocks = 0; // refresh that fell inside the call included
    std::uint32_t startLine = 0;    // the scanline the call began on
    EntityState before;             // as the host wrote it for the call (velocities set)
    EntityState after;              // as the call left it
    std::vector<TileRead> tilesRead;
    std::vector<StrayMapRead> strayMapReads;
    std::vector<StepCost> steps;
    std::uint32_t slowRomReads = 0; // FastROM runs: ROM read through banks $00-$7D, at SlowROM speed

    double scanlines() const { return masterClocks / 1364.0; }
};

} // namespace tileprof
