#include "profiler/reports/trace/trace_report.hpp"

#include "base/printf_string.hpp"
#include "base/rounding.hpp"
#include "profiler/engine/stats/case_statistics.hpp"
#include "profiler/reports/markup/csv_field.hpp"
#include "profiler/reports/markup/source_path.hpp"
#include "profiler/reports/trace/trace_rows.hpp"

#include <nlohmann/json.hpp>

namespace tileprof {

namespace {

// 3: a step's source is "file" and "line" (a number), as in the profile; scanlines have 4 decimals.
constexpr int kTraceSchemaVersion = 3;

std::string tileText(const ScenarioResult& s, const TileRead& t)
{
    return printfString("column %u, row %u, %s", t.column, t.row, s.tileTypes[t.type].c_str());
}

std::string table(const ScenarioResult& s, const CallRecord& call, const std::vector<TraceRow>& rows)
{
    std::string out = printfString(
        "tileprof trace: %s frame %d, entity \"%s\": case %s, %u cycles, %u master clocks, %.2f scanlines, "
        "from scanline %u\n\n",
        s.scenario.c_str(), call.frame, s.entities[static_cast<std::size_t>(call.entity)].c_str(),
        caseNameOf(s, call).c_str(), call.cycles, call.masterClocks, call.scanlines(), call.startLine);
    out += printfString("%-9s %-22s %-18s %-4s %-4s %-4s %-4s %-4s %-2s %-10s %6s %6s %7s %8s\n", "address", "line",
                        "instruction", "A", "X", "Y", "S", "D", "DB", "P", "cycles", "mclks", "total", "total mc");
    std::string function = "\n";
    for (const TraceRow& r : rows) {
        if (r.function != function) {
            function = r.function;
            out += (function.empty() ? "(no scope)" : function) + ":\n";
        }
        const emu::Registers& b = r.step->before;
        out += printfString("$%02X:%04X %-22s %-18s %04X %04X %04X %04X %04X %02X %-10s %6u %6u %7llu %8llu\n",
                            r.step->address >> 16, r.step->address & 0xFFFF,
                            shortLineText(r).c_str(), r.instruction.c_str(), b.a,
                            b.x, b.y, b.s, b.d, b.dbr, flagsText(b).c_str(), r.step->cycles, r.step->masterClocks,
                            static_cast<unsigned long long>(r.totalCycles),
                            static_cast<unsigned long long>(r.totalMasterClocks));
        for (const TileRead* t : r.tiles) {
            out += printfString("          tile read at cycle %u: %s\n", t->cycle, tileText(s, *t).c_str());
        }
    }
    return out;
}

std::string json(const ScenarioResult& s, const CallRecord& call, const std::vector<TraceRow>& rows)
{
    using Json = nlohmann::ordered_json;
    Json steps = Json::array();
    for (const TraceRow& r : rows) {
        const emu::Registers& b = r.step->before;
        Json tiles = Json::array();
        for (const TileRead* t : r.tiles) {
            tiles.push_back({{"column", t->column}, {"row", t->row},
                             {"type", s.tileTypes[t->type]}, {"cycle", t->cycle}});
        }
        steps.push_back({{"address", r.step->address},
                         {"file", r.file},
                         {"line", r.line},
                         {"function", r.function},
                         {"instruction", r.instruction},
                         {"registers",
                          {{"a", b.a}, {"x", b.x}, {"y", b.y}, {"s", b.s}, {"d", b.d}, {"dbr", b.dbr}, {"pbr", b.pbr},
                           {"p", b.p}, {"e", b.e}}},
                         {"cycles", r.step->cycles},
                         {"master_clocks", r.step->masterClocks},
                         {"total_cycles", r.totalCycles},
                         {"total_master_clocks", r.totalMasterClocks},
                         {"tiles_read", std::move(tiles)}});
    }
    const Json root{{"tileprof", "trace"},
                    {"schema", kTraceSchemaVersion},
                    {"scenario", s.scenario},
                    {"frame", call.frame},
                    {"entity", s.entities[static_cast<std::size_t>(call.entity)]},
                    {"case", caseNameOf(s, call)},
                    {"cycles", call.cycles},
                    {"master_clocks", call.masterClocks},
                    {"scanlines", rounded(call.scanlines(), 4)},
                    {"start_scanline", call.startLine},
                    {"steps", std::move(steps)}};
    return root.dump(2) + "\n";
}

std::string csv(const ScenarioResult& s, const std::vector<TraceRow>& rows)
{
    std::string out = "address,line,function,instruction,a,x,y,s,d,dbr,p,cycles,master_clocks,total_cycles,"
                      "total_master_clocks,tiles_read\n";
    for (const TraceRow& r : rows) {
        const emu::Registers& b = r.step->before;
        std::string tiles;
        for (const TileRead* t : r.tiles) {
            tiles += printfString("%s%u/%u/%s@%u", tiles.empty() ? "" : " ", t->column, t->row,
                                  s.tileTypes[t->type].c_str(), t->cycle);
        }
        const std::string line = r.file.empty() ? "" : displayPath(r.file) + ":" + std::to_string(r.line);
        out += printfString("$%06X,%s,%s,\"%s\",%04X,%04X,%04X,%04X,%04X,%02X,%02X,%u,%u,%llu,%llu,%s\n", r.step->address,
                            csvField(line).c_str(), csvField(r.function).c_str(), r.instruction.c_str(), b.a, b.x, b.y, b.s, b.d, b.dbr,
                            b.p, r.step->cycles, r.step->masterClocks, static_cast<unsigned long long>(r.totalCycles),
                            static_cast<unsigned long long>(r.totalMasterClocks), tiles.c_str());
    }
    return out;
}

} // namespace

std::string formatTrace(const ScenarioResult& s, const DebugInfo& debug, ReportFormat format)
{
    const CallTrace& trace = *s.trace;
    const CallRecord* call = nullptr;
    for (const CallRecord& c : s.calls) {
        if (c.frame == trace.frame && c.entity == trace.entity) {
            call = &c;
        }
    }
    const std::vector<TraceRow> rows = traceRows(*call, trace, debug);
    switch (format) {
    case ReportFormat::Json:
        return json(s, *call, rows);
    case ReportFormat::Csv:
        return csv(s, rows);
    default:
        return table(s, *call, rows);
    }
}

} // namespace tileprof
