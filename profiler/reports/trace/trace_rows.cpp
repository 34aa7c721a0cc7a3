#include "profiler/reports/trace/trace_rows.hpp"

#include "emu/cpu/disassembler.hpp"

#include <filesystem>

namespace tileprof {

namespace {

std::string instructionText(const TracedStep& step)
{
    switch (step.kind) {
    case emu::StepKind::Nmi: return "(NMI)";
    case emu::StepKind::Irq: return "(IRQ)";
    case emu::StepKind::Wait: return "(waiting)";
    case emu::StepKind::Instruction: break;
    }
    const bool e = step.before.e;
    return emu::disassemble(step.address, step.bytes, e || (step.before.p & emu::flag::memory8) != 0,
                            e || (step.before.p & emu::flag::index8) != 0)
        .text();
}

} // namespace

std::vector<TraceRow> traceRows(const CallRecord& call, const CallTrace& trace, const DebugInfo& debug)
{
    std::vector<TraceRow> rows;
    std::uint64_t cycles = 0;
    std::uint64_t clocks = 0;
    std::size_t tile = 0;
    std::size_t stray = 0;
    for (const TracedStep& s : trace.steps) {
        TraceRow row{&s, instructionText(s), "", 0, "", cycles, 0, 0, {}, {}};
        if (const std::optional<SourceLine> line = debug.lineAt(s.address)) {
            row.file = line->file;
            row.line = line->line;
        }
        if (const DebugScope* scope = debug.scopeAt(s.address)) {
            row.function = scope->qualifiedName;
        }
        cycles += s.cycles;
        clocks += s.masterClocks;
        row.totalCycles = cycles;
        row.totalMasterClocks = clocks;
        while (tile < call.tilesRead.size() && call.tilesRead[tile].cycle < cycles) {
            row.tiles.push_back(&call.tilesRead[tile++]);
        }
        while (stray < call.strayMapReads.size() && call.strayMapReads[stray].cycle < cycles) {
            row.strays.push_back(&call.strayMapReads[stray++]);
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

std::string shortLineText(const TraceRow& row)
{
    return row.file.empty() ? "" : std::filesystem::path(row.file).filename().string() + ":" + std::to_string(row.line);
}

std::string flagsText(const emu::Registers& registers)
{
    static constexpr char kNames[] = "czidxmvn";
    std::string text;
    for (int bit = 7; bit >= 0; --bit) {
        const char name = kNames[bit];
        text += (registers.p >> bit & 1) != 0 ? static_cast<char>(name - 'a' + 'A') : name;
    }
    return text + (registers.e ? " E" : "");
}

} // namespace tileprof
