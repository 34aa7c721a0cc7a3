#pragma once

#include "profiler/engine/ingame/game_play.hpp"
#include "profiler/reports/baseline/baseline.hpp"
#include "profiler/reports/coverage/lcov_report.hpp"
#include "profiler/reports/markup/report_format.hpp"

#include <optional>
#include <string>
#include <vector>

namespace tileprof {

inline constexpr ReportFormat kPlayFormats[] = {ReportFormat::Table,     ReportFormat::Json,   ReportFormat::Csv,
                                                ReportFormat::Markdown,  ReportFormat::Junit,  ReportFormat::Callgrind,
                                                ReportFormat::Speedscope, ReportFormat::Folded};

// A play run and what it needs to be told: the ROM, the routines' names, the input's pads and
// what reading the input said.
struct PlayReport {
    std::string rom;
    std::vector<std::string> routines; // in the order of the run's routine indices
    std::string input;                 // "walk.toml (input script, 600 frames)", or "none"
    std::vector<PadFrame> pads;        // the input, frame by frame
    std::string stopped;               // how the run ended: "after 600 frames", "at Label (...)"
    // Per routine, the most master clocks a call may take, its interrupts left out; and the most a
    // frame may be busy (all but waiting).
    std::vector<std::optional<std::uint64_t>> budgets;
    std::optional<std::uint64_t> frameBudget;
    // The routine a manifest gave case markers, and their names (GameCall::caseIndex).
    std::optional<std::size_t> casedRoutine;
    std::vector<std::string> caseNames;
    // With a manifest: its design's tile types by id (TileRead::type), and where map pixel (0, 0) is.
    std::vector<std::string> tileTypes;
    std::uint16_t originX = 0;
    std::uint16_t originY = 0;
    PlayRun run;
    // The code the play ran, for the callgrind and flame-graph formats, and what it covers
    // ("the calls of MoveEntityAndProcessTileCollisions", "every frame, ...").
    std::optional<Profile> profile;
    std::string profileOf;
    std::optional<LcovReport> coverage; // the code's line and branch coverage, when asked for
};

// The budgets and how the run kept them: one line each, and those of them it broke.
struct BudgetVerdict {
    std::vector<std::string> lines;
    std::vector<std::string> broken;
};
BudgetVerdict budgetVerdict(const PlayReport& report);

// The entity slots the manifest routine's calls moved, in order, then -1 when some calls' registers
// named none.
std::vector<int> entitiesRun(const PlayRun& run);

// A case of the cased routine by its index: its name, or "(no case)" for -1.
std::string caseLabel(const PlayReport& report, int caseIndex);
// The case of a call: "" for a routine without cases.
std::string caseName(const PlayReport& report, const GameCall& call);

// The calls whose result broke the design's invariants (CallState::broken), one line each:
// "frame 412, entity 1: ...".
std::vector<std::string> brokenInvariants(const PlayReport& report);

// What fails a play (exit 1, and `check`): the budgets it broke, then a line for the calls that
// broke the invariants, naming the first.
std::vector<std::string> playFailures(const PlayReport& report);

// What a regression check compares (baseline.hpp): each routine as a case, its calls' own CPU
// cycles (interrupts left out: what the routine's code decides), over budget when a call broke its
// budget, and the frame of its longest call.
Baseline playBaseline(const PlayReport& report, std::string source);

// The report in `format`, one of kPlayFormats (the callgrind and flame-graph ones need `profile`): every routine's calls and their cost, split; every
// frame's time by routine, NMI, IRQ, waiting and the rest; lag frames; the busiest frames.
std::string formatPlayReport(const PlayReport& report, ReportFormat format);

} // namespace tileprof
