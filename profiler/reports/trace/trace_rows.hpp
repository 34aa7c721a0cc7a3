#pragma once

#include "profiler/engine/call/call_record.hpp"
#include "profiler/engine/runner/trace_observer.hpp"
#include "profiler/formats/symbols/debug_info.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace tileprof {

// A traced step as the trace reports and the debugger show it.
struct TraceRow {
    const TracedStep* step;
    std::string instruction; // disassembled at the widths the step ran with
    std::string file;        // the source file as ld65 recorded it, "" without line information
    int line;                // its line, 0 without line information
    std::string function;    // the innermost scope, "" outside every scope
    std::uint64_t startCycle;
    std::uint64_t totalCycles; // at the end of the step
    std::uint64_t totalMasterClocks;
    std::vector<const TileRead*> tiles; // read during the step
    std::vector<const StrayMapRead*> strays; // reads of map memory no cell explains, during the step
};

// The rows of `trace`, a trace of `call`; they point into both.
std::vector<TraceRow> traceRows(const CallRecord& call, const CallTrace& trace, const DebugInfo& debug);

// "tile_collision.s:142": the row's file name (without its directories) and line; "" without.
std::string shortLineText(const TraceRow& row);

// The P register as "nvMxdIzc" (set flags upper case), " E" added in emulation mode.
std::string flagsText(const emu::Registers& registers);

} // namespace tileprof
