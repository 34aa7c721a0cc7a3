#include "profiler/reports/trace/trace_report.hpp"

#include "base/printf_string.hpp"
#include "base/rounding.hpp"
#include "profiler/engine/stats/case_statistics.hpp"
#include "profiler/reports/markup/csv_field.hpp"
#include "profiler/reports/markup/source_path.hpp"
#include "profiler/reports/run/case_json.hpp"
#include "profiler/reports/trace/trace_rows.hpp"

#include <nlohmann/json.hpp>

namespace tileprof {

namespace {

// 3: a step's source is "file" and "line" (a number), as in the profile; scanlines have 4 decimals.
constexpr int kTraceSchemaVersion = 3;

std::string tileText(const ScenarioResult& result, const TileRead& tile)
{
    return printfString("column %u, row %u, %s", tile.column, tile.row, result.tileTypes[tile.type].c_str());
}

std::string table(const ScenarioResult& result, const CallRecord& call, const std::vector<TraceRow>& rows)
{
    std::string out = printfString(
        "tileprof trace: %s frame %d, entity \"%s\": case %s, %u cycles, %u master clocks, %.2f scanlines, "
        "from scanline %u\n\n",
        result.scenario.c_str(), call.frame, result.entities[static_cast<std::size_t>(call.entity)].c_str(),
        caseNameOf(result, call).c_str(), call.cycles, call.masterClocks, call.scanlines(), call.startLine);
    out += printfString("%-9s %-22s %-18s %-4s %-4s %-4s %-4s %-4s %-2s %-10s %6s %6s %7s %8s\n", "address", "line",
                        "instruction", "A", "X", "Y", "S", "D", "DB", "P", "cycles", "mclks", "total", "total mc");
    std::string function = "\n";
    for (const TraceRow& row : rows) {
        if (row.function != function) {
            function = row.function;
            out += (function.empty() ? "(no scope)" : function) + ":\n";
        }
        const emu::Registers& before = row.step->before;
        out += printfString("$%02X:%04X %-22s %-18s %04X %04X %04X %04X %04X %02X %-10s %6u %6u %7llu %8llu\n",
                            row.step->address >> 16, row.step->address & 0xFFFF,
                            shortLineText(row).c_str(), row.instruction.c_str(), before.a,
                            before.x, before.y, before.s, before.d, before.dbr, flagsText(before).c_str(), row.step->cycles, row.step->masterClocks,
                            static_cast<unsigned long long>(row.totalCycles),
                            static_cast<unsigned long long>(row.totalMasterClocks));
        for (const TileRead* tile : row.tiles) {
            out += printfString("          tile read at cycle %u: %s\n", tile->cycle, tileText(result, *tile).c_str());
        }
        for (const StrayMapRead* stray : row.strays) {
            out += printfString("          map read at cycle %u: %s\n", stray->cycle, stray->text().c_str());
        }
    }
    return out;
}

std::string json(const ScenarioResult& result, const CallRecord& call, const std::vector<TraceRow>& rows)
{
    Json steps = Json::array();
    for (const TraceRow& row : rows) {
        const emu::Registers& before = row.step->before;
        Json tiles = Json::array();
        for (const TileRead* tile : row.tiles) {
            tiles.push_back(tileReadJson(*tile, result.tileTypes));
        }
        Json& step = steps.emplace_back(Json{{"address", row.step->address},
                         {"file", row.file},
                         {"line", row.line},
                         {"function", row.function},
                         {"instruction", row.instruction},
                         {"registers",
                          {{"a", before.a}, {"x", before.x}, {"y", before.y}, {"s", before.s}, {"d", before.d}, {"dbr", before.dbr}, {"pbr", before.pbr},
                           {"p", before.p}, {"e", before.e}}},
                         {"cycles", row.step->cycles},
                         {"master_clocks", row.step->masterClocks},
                         {"total_cycles", row.totalCycles},
                         {"total_master_clocks", row.totalMasterClocks},
                         {"tiles_read", std::move(tiles)}});
        // Only where there are any: a trace of a routine that reads cells alone keeps its schema-3 form.
        if (!row.strays.empty()) {
            Json strays = Json::array();
            for (const StrayMapRead* stray : row.strays) {
                strays.push_back({{"address", stray->address}, {"value", stray->value}, {"cycle", stray->cycle},
                                  {"what", stray->text()}});
            }
            step["stray_map_reads"] = std::move(strays);
        }
    }
    const Json root{{"tileprof", "trace"},
                    {"schema", kTraceSchemaVersion},
                    {"scenario", result.scenario},
                    {"frame", call.frame},
                    {"entity", result.entities[static_cast<std::size_t>(call.entity)]},
                    {"case", caseNameOf(result, call)},
                    {"cycles", call.cycles},
                    {"master_clocks", call.masterClocks},
                    {"scanlines", rounded(call.scanlines(), 4)},
                    {"start_scanline", call.startLine},
                    {"steps", std::move(steps)}};
    return root.dump(2) + "\n";
}

std::string csv(const ScenarioResult& result, const std::vector<TraceRow>& rows)
{
    std::string out = "address,line,function,instruction,a,x,y,s,d,dbr,p,cycles,master_clocks,total_cycles,"
                      "total_master_clocks,tiles_read\n";
    for (const TraceRow& row : rows) {
        const emu::Registers& before = row.step->before;
        std::string tiles;
        for (const TileRead* tile : row.tiles) {
            tiles += printfString("%s%u/%u/%s@%u", tiles.empty() ? "" : " ", tile->column, tile->row,
                                  result.tileTypes[tile->type].c_str(), tile->cycle);
        }
        for (const StrayMapRead* stray : row.strays) {
            tiles += printfString("%sstray/$%06X/$%02X@%u", tiles.empty() ? "" : " ", stray->address, stray->value, stray->cycle);
        }
        const std::string line = row.file.empty() ? "" : displayPath(row.file) + ":" + std::to_string(row.line);
        out += printfString("$%06X,%s,%s,\"%s\",%04X,%04X,%04X,%04X,%04X,%02X,%02X,%u,%u,%llu,%llu,%s\n", row.step->address,
                            csvField(line).c_str(), csvField(row.function).c_str(), row.instruction.c_str(), before.a, before.x, before.y, before.s, before.d, before.dbr,
                            before.p, row.step->cycles, row.step->masterClocks, static_cast<unsigned long long>(row.totalCycles),
                            static_cast<unsigned long long>(row.totalMasterClocks), tiles.c_str());
    }
    return out;
}

} // namespace

std::string formatTrace(const ScenarioResult& result, const DebugInfo& debug, ReportFormat format)
{
    const CallTrace& trace = *result.trace;
    const CallRecord* call = nullptr;
    for (const CallRecord& record : result.calls) {
        if (record.frame == trace.frame && record.entity == trace.entity) {
            call = &record;
        }
    }
    const std::vector<TraceRow> rows = traceRows(*call, trace, debug);
    switch (format) {
    case ReportFormat::Json:
        return json(result, *call, rows);
    case ReportFormat::Csv:
        return csv(result, rows);
    default:
        return table(result, *call, rows);
    }
}

} // namespace tileprof
