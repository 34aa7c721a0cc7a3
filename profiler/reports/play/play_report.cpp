#include "profiler/reports/play/play_report.hpp"

#include "base/counted.hpp"
#include "base/printf_string.hpp"
#include "base/rounding.hpp"
#include "base/text_spool.hpp"
#include "emu/cartridge/cpu_address.hpp"
#include "emu/timing/video_timing.hpp"
#include "profiler/engine/stats/distribution.hpp"
#include "profiler/formats/input/joypad_buttons.hpp"
#include "profiler/reports/flame/profile_view.hpp"
#include "profiler/reports/markup/csv_field.hpp"
#include "profiler/reports/markup/json_writer.hpp"
#include "profiler/reports/markup/junit_suite.hpp"
#include "profiler/reports/markup/markdown_text.hpp"
#include "profiler/reports/run/case_json.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstddef>
#include <memory>
#include <utility>

namespace tileprof {

namespace {

constexpr std::size_t kSinkPiece = std::size_t{1} << 20; // what a streamed report gathers before giving it on

// "3,089.6": a mean to a tenth, its thousands grouped as counts are.
std::string meanText(double value)
{
    const auto tenths = static_cast<std::uint64_t>(value * 10.0 + 0.5);
    return grouped(tenths / 10) + "." + std::to_string(tenths % 10);
}

std::string padText(std::uint16_t pad)
{
    std::string text;
    for (const JoypadButton& button : kJoypadButtons) {
        if ((pad & button.bit) != 0) {
            text += (text.empty() ? "" : "+") + std::string(button.name);
        }
    }
    return text.empty() ? "-" : text;
}

// A group of calls' cycles and scanlines (master clocks / 1364, all in) as distributions.
Distribution cyclesOf(const CallFigures& calls)
{
    return calls.cycles.distribution();
}

Distribution scanlinesOf(const CallFigures& calls)
{
    return calls.clocks.distribution(emu::VideoTiming::kLineClocks);
}

std::string entityName(int entity)
{
    return entity < 0 ? "(no slot)" : "entity " + std::to_string(entity);
}

// "frame 412, entity 1: ...": a call that broke the design's invariants.
std::string brokenLine(std::uint64_t frame, int entity, const std::string& invariant)
{
    return printfString("frame %llu, %s: ", static_cast<unsigned long long>(frame), entityName(entity).c_str()) + invariant;
}

// The cases of the cased routine its calls ran, in the manifest's order, then "(no case)": -1.
std::vector<int> casesRun(const PlayResult& report)
{
    std::vector<int> cases;
    if (!report.casedRoutine) {
        return cases;
    }
    for (int i = 0; i < static_cast<int>(report.caseNames.size()); ++i) {
        if (report.tally.ofCase(i).calls > 0) {
            cases.push_back(i);
        }
    }
    if (report.tally.ofCase(-1).calls > 0) {
        cases.push_back(-1);
    }
    return cases;
}

// The names of a frame's columns, in frameColumnValues's order.
std::vector<std::string> frameColumnNames(const PlayResult& report)
{
    std::vector<std::string> names = report.routines;
    names.insert(names.end(), {"NMI", "IRQ", "other", "waiting"});
    return names;
}

// What the CPU did with a never-called routine's first byte: the evidence of a label that is not
// where the code is.
std::string neverCalledWhy(const EntryTouches& touches)
{
    if (touches.operand > 0) {
        return printfString(": its first byte was fetched %s as an instruction's operand, the label is inside an "
                            "instruction (is the symbol file this ROM's?)", groupedCount(touches.operand, "time").c_str());
    }
    if (touches.opcode > 0) {
        return printfString(": its first instruction ran %s, reached by a branch or by running into it, never by a call",
                            groupedCount(touches.opcode, "time").c_str());
    }
    if (touches.data > 0) {
        return printfString(": its first byte was read %s as data and never run: not code", groupedCount(touches.data, "time").c_str());
    }
    return "";
}

} // namespace

namespace {

// Entity slots in order, then -1 (the calls whose registers named none) last; sorted and unique.
std::vector<int> noSlotLast(std::vector<int> entities)
{
    std::rotate(entities.begin(), std::find_if(entities.begin(), entities.end(), [](int e) { return e >= 0; }), entities.end());
    return entities;
}

// The entity slots the cased routine's calls moved, in order, then -1 when some calls' registers
// named none.
std::vector<int> entitiesRun(const PlayTally& tally)
{
    std::vector<int> entities;
    for (const auto& [entity, calls] : tally.entities()) {
        entities.push_back(entity);
    }
    return noSlotLast(std::move(entities));
}

} // namespace

std::vector<int> entitiesRun(const PlayRun& run)
{
    std::vector<int> entities;
    for (const CallState& state : run.states) {
        entities.push_back(state.entity);
    }
    std::ranges::sort(entities);
    entities.erase(std::unique(entities.begin(), entities.end()), entities.end());
    return noSlotLast(std::move(entities));
}

std::string caseLabel(const PlayResult& report, int caseIndex)
{
    return caseIndex < 0 ? "(no case)" : report.caseNames[static_cast<std::size_t>(caseIndex)];
}

std::string caseName(const PlayResult& report, const GameCall& call)
{
    return report.casedRoutine == call.routine ? caseLabel(report, call.caseIndex) : "";
}

VerdictText verdictText(const PlayResult& report)
{
    VerdictText text;
    const PlayVerdict& verdict = report.verdict;
    for (std::size_t r = 0; r < verdict.routines.size(); ++r) {
        const RoutineVerdict& routine = verdict.routines[r];
        const RoutineRule& rule = routine.rule;
        std::string line = report.routines[r] + ": ";
        if (rule.budget) {
            line += printfString("at most %s master clocks a call, interrupts and waiting left out: ", grouped(*rule.budget).c_str());
        } else if (!routine.neverCalled()) {
            continue;
        }
        if (routine.neverCalled()) {
            line += "never called" + neverCalledWhy(routine.touches) +
                    (rule.optional ? " (optional)" : " (a routine a play profiles must be called; optional = true if it may not be)");
        } else if (routine.over == 0) {
            line += printfString("kept (the most %s, in frame %llu)", grouped(routine.most).c_str(),
                                 static_cast<unsigned long long>(routine.mostFrame));
        } else {
            line += printfString("OVER in %s of %s, the worst %s in frame %llu", groupedCount(routine.over, "call").c_str(),
                                 grouped(routine.calls).c_str(), grouped(routine.most).c_str(),
                                 static_cast<unsigned long long>(routine.mostFrame));
        }
        if (routine.failed()) {
            text.broken.push_back(line);
        }
        text.names.push_back(report.routines[r] + (rule.budget ? " budget" : " called"));
        text.lines.push_back(std::move(line));
    }
    if (const std::optional<FrameVerdict>& frames = verdict.frames) {
        std::string line = printfString("frames: at most %s master clocks busy (all but waiting)", grouped(frames->rule.budget).c_str());
        if (frames->rule.from > 1 || frames->rule.skipLag) {
            line += printfString(", from frame %llu%s", static_cast<unsigned long long>(frames->rule.from),
                                 frames->rule.skipLag ? ", lag frames left out" : "");
        }
        line += ": ";
        if (frames->frames == 0) {
            line += "no frame held to it";
        } else if (!frames->failed()) {
            line += printfString("kept (the most %s, in frame %llu)", grouped(frames->most).c_str(),
                                 static_cast<unsigned long long>(frames->mostFrame));
        } else {
            line += "OVER in " + groupedCount(frames->overCount, "frame") + ":";
            for (const auto& [frame, busy] : frames->firstOver) {
                line += printfString(" %llu (%s)", static_cast<unsigned long long>(frame), grouped(busy).c_str());
            }
            line += frames->overCount > frames->firstOver.size() ? " ..." : "";
            text.broken.push_back(line);
        }
        text.names.push_back("frames budget");
        text.lines.push_back(std::move(line));
    }
    if (verdict.untilMissed) {
        std::string line = "until " + report.until + ": never reached in " + groupedCount(report.tally.ran().frames, "frame");
        if (verdict.untilRequired) {
            text.broken.push_back(line);
        }
        text.names.push_back("until " + report.until);
        text.lines.push_back(std::move(line));
    }
    return text;
}

std::string stoppedText(const PlayResult& report)
{
    const FramesRun& ran = report.tally.ran();
    if (!ran.stop) {
        return printfString("%s frames from %s", grouped(report.frames).c_str(),
                            report.start.empty() ? "power-on" : report.start.c_str());
    }
    const std::string after = printfString("after %s frames", grouped(ran.frames).c_str());
    switch (*ran.stop) {
    case emu::StopReason::BreakAddress: return "stopped at " + report.until + ", " + after;
    case emu::StopReason::Stopped: return "stopped by STP, " + after;
    case emu::StopReason::WaitingForever: return "stopped waiting (WAI) with no interrupt enabled, " + after;
    default: return after;
    }
}

std::vector<std::string> brokenInvariants(const PlayResult& report)
{
    std::vector<std::string> lines;
    for (const BrokenCall& call : report.tally.firstBrokenCalls()) {
        lines.push_back(brokenLine(call.frame, call.entity, call.invariant));
    }
    return lines;
}

std::vector<std::string> playFailures(const PlayResult& report)
{
    std::vector<std::string> failures = verdictText(report).broken;
    if (const std::uint64_t broken = report.tally.brokenCalls(); broken > 0) {
        failures.push_back("invariants: broken by " + groupedCount(broken, "call") + ", the first in " + brokenInvariants(report).front());
    }
    return failures;
}

namespace {

// What a baseline keeps of some of a routine's calls: their own cycles, the frame of the most, and
// their share of the routine's budget (none without one).
BaselineCase baselineCase(std::string name, const CallFigures& calls)
{
    BaselineCase figures;
    figures.name = std::move(name);
    figures.calls = calls.calls;
    figures.meanCycles = rounded(calls.cycleSpread.mean(), 2);
    figures.maxCycles = calls.calls == 0 ? 0 : calls.cycleSpread.max;
    figures.meanBudgetShare = calls.calls == 0 ? 0.0 : calls.budgetShares / static_cast<double>(calls.calls);
    figures.overBudget = calls.over > 0;
    figures.longest = calls.calls == 0 ? "" : "frame " + std::to_string(calls.cycleSpread.maxAt);
    return figures;
}

} // namespace

Baseline playBaseline(const PlayResult& report, std::string source)
{
    Baseline baseline;
    baseline.source = std::move(source);
    for (std::size_t r = 0; r < report.routines.size(); ++r) {
        const CallFigures& calls = report.tally.routines()[r];
        baseline.calls += calls.calls;
        baseline.cases.push_back(baselineCase(report.routines[r], calls));
        if (report.casedRoutine != r) {
            continue;
        }
        for (const int c : casesRun(report)) {
            baseline.cases.push_back(baselineCase(report.routines[r] + ": " + caseLabel(report, c), report.tally.ofCase(c)));
        }
    }
    return baseline;
}

namespace {

std::string tableReport(const PlayResult& report)
{
    const PlayTally& tally = report.tally;
    std::string out = printfString("play %s: %s, input %s\n", report.rom.c_str(), stoppedText(report).c_str(), report.input.c_str());
    const std::vector<std::uint64_t>& lag = tally.firstLagFrames();
    out += printfString("lag frames: %s of %s", grouped(tally.lagFrames()).c_str(), grouped(tally.frames()).c_str());
    for (std::size_t i = 0; i < lag.size(); ++i) {
        out += (i == 0 ? " (" : ", ") + std::to_string(lag[i]);
    }
    out += lag.empty() ? "\n" : tally.lagFrames() > lag.size() ? ", ...)\n" : ")\n";

    std::size_t width = 7;
    for (const std::string& name : report.routines) {
        width = std::max(width, name.size());
    }
    out += "\ncalls: the CPU cycles of a call's own code (the interrupts taken in it and its waiting left out), the\n"
           "scanlines it spanned (all its master clocks / 1364), and its master clocks by where they went (means)\n";
    out += printfString("  %-*s %7s   %-27s   %-26s   %s\n", static_cast<int>(width), "", "", "cycles", "scanlines", "master clocks");
    out += printfString("  %-*s %7s   %5s %7s %6s %6s   %5s %6s %6s %6s   %10s %10s %8s %8s %8s %10s %8s %6s\n",
                        static_cast<int>(width), "routine", "calls", "min", "mean", "p95", "max", "min", "mean", "p95", "max",
                        "total", "own", "DMA", "HDMA", "refresh", "interrupts", "waiting", "taken");
    const auto row = [&](const std::string& label, const CallFigures& f) {
        const Distribution cycles = cyclesOf(f);
        const Distribution scanlines = scanlinesOf(f);
        return printfString("  %-*s %7s   %5.0f %7.1f %6.0f %6.0f   %5.2f %6.2f %6.2f %6.2f   %10s %10s %8s %8s %8s %10s %8s %6s",
                            static_cast<int>(width), label.c_str(), grouped(f.calls).c_str(), cycles.min, cycles.mean,
                            cycles.p95, cycles.max, scanlines.min, scanlines.mean, scanlines.p95, scanlines.max,
                            meanText(f.total.mean()).c_str(), meanText(f.own.mean()).c_str(), meanText(f.dma.mean()).c_str(),
                            meanText(f.hdma.mean()).c_str(), meanText(f.refresh.mean()).c_str(),
                            meanText(f.interrupts.mean()).c_str(), meanText(f.waiting.mean()).c_str(), grouped(f.taken).c_str());
    };
    for (std::size_t r = 0; r < report.routines.size(); ++r) {
        const CallFigures& f = tally.routines()[r];
        if (f.calls == 0) {
            out += printfString("  %-*s %7s   never called\n", static_cast<int>(width), report.routines[r].c_str(), "0");
            continue;
        }
        out += row(report.routines[r], f) + "\n";
        out += printfString("  %-*s %7s   the most cycles in frame %llu, the fewest in frame %llu\n", static_cast<int>(width), "", "",
                            static_cast<unsigned long long>(f.cycleSpread.maxAt), static_cast<unsigned long long>(f.cycleSpread.minAt));
        if (report.casedRoutine != r) {
            continue;
        }
        const auto subRow = [&](const std::string& label, const CallFigures& k) {
            out += row("  " + label, k) + printfString("  most: frame %llu\n", static_cast<unsigned long long>(k.cycleSpread.maxAt));
        };
        for (const int c : casesRun(report)) {
            subRow(caseLabel(report, c), tally.ofCase(c));
        }
        for (const int e : entitiesRun(tally)) {
            subRow(entityName(e), tally.entities().at(e));
        }
    }
    const std::uint64_t unfinished = tally.unfinished();
    if (unfinished > 0) {
        out += printfString("  (%s still running when the play ended: counted with %s cost so far, as in the flame graphs)\n",
                            groupedCount(unfinished, "call").c_str(), unfinished == 1 ? "its" : "their");
    }

    // A play without a whole frame (one frame long, or stopped in its first) has no frame tables;
    // its verdict and invariants it has all the same.
    const bool wholeFrames = tally.wholeFrames() > 0;
    const std::vector<std::string> columns = frameColumnNames(report);
    if (wholeFrames) {
        out += printfString("\nframes %llu-%llu, in master clocks a frame (a frame is 357,368 or 357,364)\n",
                            static_cast<unsigned long long>(tally.firstWholeFrame()),
                            static_cast<unsigned long long>(tally.lastWholeFrame()));
        out += printfString("  %-*s %10s %8s %8s %8s %8s\n", static_cast<int>(width), "", "mean", "min", "(frame)", "max", "(frame)");
        for (std::size_t i = 0; i < columns.size(); ++i) {
            const std::string& name = columns[i];
            const Spread& spread = tally.frameColumns()[i];
            out += printfString("  %-*s %10s %8s %8llu %8s %8llu\n", static_cast<int>(width), name.c_str(),
                                meanText(spread.mean()).c_str(), grouped(spread.min).c_str(),
                                static_cast<unsigned long long>(spread.minAt), grouped(spread.max).c_str(),
                                static_cast<unsigned long long>(spread.maxAt));
        }
    }

    if (const VerdictText verdict = verdictText(report); !verdict.lines.empty()) {
        out += "\nverdict\n";
        for (const std::string& line : verdict.lines) {
            out += "  " + line + "\n";
        }
    }

    if (report.casedRoutine) {
        const std::vector<std::string> broken = brokenInvariants(report);
        out += "\ninvariants (the design's, after each call of " + report.routines[*report.casedRoutine] + ", on the map in RAM)\n";
        if (broken.empty()) {
            out += "  kept by every call\n";
        }
        for (const std::string& line : broken) {
            out += "  " + line + "\n";
        }
        out += tally.brokenCalls() > broken.size() ? printfString("  ... %s in all\n", groupedCount(tally.brokenCalls(), "call").c_str()) : "";
    }
    if (!wholeFrames) {
        return out;
    }

    out += "\nthe busiest frames (all but waiting), with the pads the input held in them\n";
    out += printfString("  %8s %9s", "frame", "busy");
    for (const std::string& name : columns) {
        out += printfString(" %*s", static_cast<int>(std::max<std::size_t>(name.size(), 8)), name.c_str());
    }
    out += "  pad 1\n";
    for (const FrameUse& use : tally.busiestFrames()) {
        out += printfString("  %8llu %9s", static_cast<unsigned long long>(use.frame), grouped(use.busy()).c_str());
        const std::vector<std::uint64_t> values = frameColumnValues(use);
        for (std::size_t i = 0; i < columns.size(); ++i) {
            out += printfString(" %*s", static_cast<int>(std::max<std::size_t>(columns[i].size(), 8)), grouped(values[i]).c_str());
        }
        const std::uint16_t pad = report.pads[use.frame].pad1;
        out += "  " + padText(pad) + "\n";
    }
    return out;
}

Json splitJson(const ClockSplit& clocks)
{
    return Json{{"total", clocks.total()},   {"own", clocks.own},         {"dma", clocks.dma},
                {"hdma", clocks.hdma},       {"refresh", clocks.refresh}, {"interrupts", clocks.interrupts},
                {"waiting", clocks.waiting}};
}

// In map pixels, and pixels a frame.
Json entityJson(const PlayResult& report, const EntityState& entity)
{
    const Hitbox& box = entity.hitbox;
    return Json{{"x", mapPixels(entity.x, report.originX)},
                {"y", mapPixels(entity.y, report.originY)},
                {"x_velocity", entity.xVelocity / 65536.0},
                {"y_velocity", entity.yVelocity / 65536.0},
                {"state", entity.state},
                {"hitbox", Json{{"left", box.left}, {"right", box.right}, {"top", box.top}, {"height", box.height}}}};
}

// What the manifest let the play read of the call: its entity and the map cells it read.
void addState(Json& json, const PlayResult& report, const CallState& state)
{
    json["entity"] = state.entity < 0 ? Json(nullptr) : Json(state.entity);
    json["before"] = state.entity < 0 ? Json(nullptr) : entityJson(report, state.before);
    json["after"] = state.entity < 0 ? Json(nullptr) : entityJson(report, state.after);
    Json tiles = Json::array();
    for (const TileRead& tile : state.tilesRead) {
        tiles.push_back(tileReadJson(tile, report.tileTypes));
    }
    json["tiles_read"] = std::move(tiles);
    Json strays = Json::array();
    for (const StrayMapRead& stray : state.strayMapReads) {
        strays.push_back(stray.text());
    }
    json["stray_map_reads"] = std::move(strays);
    json["invariant_broken"] = state.broken ? Json(*state.broken) : Json(nullptr);
}

// A call in the JSON report, with what the manifest let the play read of it.
Json callJson(const PlayResult& report, const GameCall& call, const CallState* state)
{
    Json entry{{"case", report.casedRoutine == call.routine ? Json(caseName(report, call)) : Json(nullptr)},
               {"frame", call.frame},
               {"line", call.line},
               {"start_clock", call.startClock},
               {"call_site", cpuAddressText(call.callSite)},
               {"depth", call.depth},
               {"cycles", call.cycles},
               {"interrupts_taken", call.interrupts},
               {"clocks", splitJson(call.clocks)},
               {"finished", call.finished}};
    if (state != nullptr) {
        addState(entry, report, *state);
    }
    return entry;
}

Json frameJson(const PlayResult& report, const FrameUse& use)
{
    Json byRoutine = Json::object();
    for (std::size_t r = 0; r < report.routines.size(); ++r) {
        byRoutine[report.routines[r]] = use.routines[r];
    }
    const PadFrame pads = report.pads[use.frame];
    return Json{{"frame", use.frame},
                {"start_clock", use.start},
                {"clocks", use.clocks},
                {"routines", std::move(byRoutine)},
                {"nmi", use.nmi},
                {"irq", use.irq},
                {"other", use.other},
                {"waiting", use.waiting},
                {"lag", !use.padsRead},
                {"pad1", pads.pad1},
                {"pad2", pads.pad2}};
}

// A number as JSON writes it: the shortest text that reads back the same.
std::string numberText(double value)
{
    return Json(value).dump();
}

constexpr const char* kCsvHeader =
    "routine,case,frame,line,start_clock,call_site,depth,cycles,total,own,dma,hdma,refresh,interrupts,"
    "waiting,interrupts_taken,finished,entity,x_before,y_before,x_after,y_after,state_after,tiles_read,"
    "invariant_broken\r\n";

// A call's row in the CSV report: every figure the JSON report has but the tiles' places (their
// count instead).
std::string csvRow(const PlayResult& report, const GameCall& call, const CallState* state)
{
    const ClockSplit& c = call.clocks;
    std::string out = csvField(report.routines[call.routine]) + "," + csvField(caseName(report, call)) +
                      printfString(",%llu,%u,%llu,", static_cast<unsigned long long>(call.frame), call.line,
                                   static_cast<unsigned long long>(call.startClock)) +
                      cpuAddressText(call.callSite) +
                      printfString(",%u,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%u,%s", call.depth, static_cast<unsigned long long>(call.cycles),
                                   static_cast<unsigned long long>(c.total()), static_cast<unsigned long long>(c.own),
                                   static_cast<unsigned long long>(c.dma), static_cast<unsigned long long>(c.hdma),
                                   static_cast<unsigned long long>(c.refresh), static_cast<unsigned long long>(c.interrupts),
                                   static_cast<unsigned long long>(c.waiting), call.interrupts, call.finished ? "true" : "false");
    if (state == nullptr) {
        return out + ",,,,,,,,\r\n";
    }
    if (state->entity < 0) {
        out += ",,,,,,";
    } else {
        const EntityState& a = state->before;
        const EntityState& b = state->after;
        out += "," + std::to_string(state->entity) + "," + numberText(mapPixels(a.x, report.originX)) + "," +
               numberText(mapPixels(a.y, report.originY)) + "," + numberText(mapPixels(b.x, report.originX)) + "," +
               numberText(mapPixels(b.y, report.originY)) + "," + std::to_string(b.state);
    }
    return out + "," + std::to_string(state->tilesRead.size()) + "," + csvField(state->broken.value_or("")) + "\r\n";
}

// For a pull request's page: the verdict first, then what broke and each routine's longest call
// with its frame; the tables of calls and frames are folded away, so a play that passed is a few
// lines tall.
std::string markdownReport(const PlayResult& report)
{
    const std::vector<std::string> failures = playFailures(report);
    std::string out = "### tileprof play: " + markdownCell(report.rom) + ": " + (failures.empty() ? "passed" : "FAILED") + "\n\n" +
                      markdownCell(stoppedText(report)) + ", input " + markdownCell(report.input) + "\n";
    if (!failures.empty()) {
        out += "\n**Broken:**\n\n";
        for (const std::string& line : failures) {
            out += "- " + markdownCell(line) + "\n";
        }
    }
    out += "\n";
    for (std::size_t r = 0; r < report.routines.size(); ++r) {
        const CallFigures& f = report.tally.routines()[r];
        out += "- " + markdownCell(report.routines[r]) + ": " +
               (f.calls == 0 ? std::string("never called")
                             : groupedCount(f.calls, "call") +
                                   printfString(", the longest %s cycles, in frame %llu", grouped(f.cycleSpread.max).c_str(),
                                                static_cast<unsigned long long>(f.cycleSpread.maxAt))) +
               "\n";
    }
    out += "\n<details><summary>calls, frames";
    out += report.casedRoutine ? ", budgets and invariants</summary>\n\n" : " and budgets</summary>\n\n";
    out += "| routine | calls | cycles mean | p95 | max | scanlines mean | max | clocks own | DMA | HDMA | refresh | interrupts | waiting | taken |\n"
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (std::size_t r = 0; r < report.routines.size(); ++r) {
        const CallFigures& f = report.tally.routines()[r];
        if (f.calls == 0) {
            out += "| " + markdownCell(report.routines[r]) + " | 0 | never called | | | | | | | | | | | |\n";
            continue;
        }
        const Distribution cycles = cyclesOf(f);
        const Distribution scanlines = scanlinesOf(f);
        out += "| " + markdownCell(report.routines[r]) +
               printfString(" | %s | %.1f | %.0f | %.0f | %.2f | %.2f | %s | %s | %s | %s | %s | %s | %s |\n", grouped(f.calls).c_str(),
                            cycles.mean, cycles.p95, cycles.max, scanlines.mean, scanlines.max,
                            meanText(f.own.mean()).c_str(), meanText(f.dma.mean()).c_str(), meanText(f.hdma.mean()).c_str(),
                            meanText(f.refresh.mean()).c_str(), meanText(f.interrupts.mean()).c_str(),
                            meanText(f.waiting.mean()).c_str(), grouped(f.taken).c_str());
    }
    if (report.tally.wholeFrames() > 0) {
        out += "\n| a frame, in master clocks | mean | min | max |\n|---|---:|---:|---:|\n";
        const std::vector<std::string> columns = frameColumnNames(report);
        for (std::size_t i = 0; i < columns.size(); ++i) {
            const Spread& spread = report.tally.frameColumns()[i];
            out += "| " + markdownCell(columns[i]) +
                   printfString(" | %s | %s (frame %llu) | %s (frame %llu) |\n", meanText(spread.mean()).c_str(),
                                grouped(spread.min).c_str(), static_cast<unsigned long long>(spread.minAt),
                                grouped(spread.max).c_str(), static_cast<unsigned long long>(spread.maxAt));
        }
    }
    const VerdictText verdict = verdictText(report);
    if (!verdict.lines.empty()) {
        out += "\n**Budgets: " + std::string(verdict.broken.empty() ? "kept" : "BROKEN") + "**\n\n";
        for (const std::string& line : verdict.lines) {
            out += "- " + markdownCell(line) + "\n";
        }
    }
    if (report.casedRoutine) {
        const std::uint64_t broken = report.tally.brokenCalls();
        out += "\n**Invariants: " + (broken == 0 ? std::string("kept by every call") : "broken by " + groupedCount(broken, "call")) + "**\n";
        for (const std::string& line : brokenInvariants(report)) {
            out += "- " + markdownCell(line) + "\n";
        }
    }
    return out + "\n</details>\n";
}

// For CI systems: a test case a budget, failing when broken; a play without budgets has one
// that passes when every routine was called.
std::string junitReport(const PlayResult& report)
{
    const VerdictText verdict = verdictText(report);
    JunitSuite suite(report.rom);
    for (std::size_t i = 0; i < verdict.lines.size(); ++i) {
        const std::string& line = verdict.lines[i];
        suite.add(report.rom, verdict.names[i], line, std::ranges::find(verdict.broken, line) != verdict.broken.end());
    }
    if (report.casedRoutine) {
        const std::uint64_t broken = report.tally.brokenCalls();
        suite.add(report.rom, report.routines[*report.casedRoutine] + " invariants",
                  broken == 0 ? "kept by every call"
                              : brokenInvariants(report).front() +
                                    (broken > 1 ? printfString(" (and %llu more)", static_cast<unsigned long long>(broken - 1)) : ""),
                  broken > 0);
    }
    if (verdict.lines.empty() && !report.casedRoutine) {
        for (std::size_t r = 0; r < report.routines.size(); ++r) {
            const std::uint64_t calls = report.tally.routines()[r].calls;
            suite.add(report.rom, report.routines[r] + " called", groupedCount(calls, "call"), calls == 0);
        }
    }
    return suite.document("tileprof play");
}

// What the profile of a play's code covers: "the calls of Move, Draw", "every frame, ...".
std::string profileOf(const PlayResult& report)
{
    if (report.profileScope == PlayProfileScope::Frames) {
        return "every frame, the main loop and each interrupt a call";
    }
    std::string text = "the calls of ";
    for (std::size_t i = 0; i < report.routines.size(); ++i) {
        text += (i == 0 ? "" : ", ") + report.routines[i];
    }
    return text;
}

ProfileView profileView(const PlayResult& report)
{
    return {*report.profile, "play", report.rom + ": " + profileOf(report), {}};
}

// A format whose text does not grow with the calls.
std::string wholeReport(const PlayResult& report, ReportFormat format)
{
    switch (format) {
    case ReportFormat::Markdown: return markdownReport(report);
    case ReportFormat::Junit: return junitReport(report);
    case ReportFormat::Callgrind: return formatCallgrind(profileView(report));
    case ReportFormat::Speedscope: return formatSpeedscope(profileView(report));
    case ReportFormat::Folded: return formatFolded(profileView(report));
    default: return tableReport(report);
    }
}

} // namespace

// The JSON report's arrays that grow with the play: each routine's calls, the frames, the calls that
// broke the invariants. Depths: routines[r].calls is 4 containers deep, frames and
// invariants_broken 2.
struct PlayReportWriter::JsonArrays {
    // An array's elements, written apart as the play tells of them (JsonWriter::element).
    struct Spooled {
        TextSpool text;
        std::size_t count = 0;

        void add(const Json& value, std::size_t depth)
        {
            std::string element;
            JsonWriter::element(element, value, depth, count++ == 0);
            text.write(element);
        }
        // Into the array `json` has open.
        void giveTo(JsonWriter& json, std::string& out, const TextSink& sink)
        {
            sink(out);
            out.clear();
            text.giveTo(sink);
            json.given(count);
        }
    };

    explicit JsonArrays(std::size_t routines) : calls(routines) {}
    std::vector<Spooled> calls;
    Spooled frames;
    Spooled broken;
};

PlayReportWriter::PlayReportWriter(const PlayResult& request, ReportFormat format, TextSink sink)
    : request_(request), format_(format), sink_(std::move(sink))
{
    if (format_ == ReportFormat::Json) {
        json_ = std::make_unique<JsonArrays>(request_.routines.size());
    }
    if (format_ == ReportFormat::Csv) {
        csv_ = kCsvHeader;
    }
}

PlayReportWriter::~PlayReportWriter() = default;

void PlayReportWriter::call(std::size_t, const GameCall& call, const CallState* state)
{
    if (json_) {
        json_->calls[call.routine].add(callJson(request_, call, state), 4);
        if (state != nullptr && state->broken) {
            json_->broken.add(brokenLine(call.frame, state->entity, *state->broken), 2);
        }
    }
    if (format_ == ReportFormat::Csv) {
        csv_ += csvRow(request_, call, state);
        if (csv_.size() >= kSinkPiece) {
            sink_(csv_);
            csv_.clear();
        }
    }
}

void PlayReportWriter::frame(const FrameUse& use)
{
    if (json_) {
        json_->frames.add(frameJson(request_, use), 2);
    }
}

void PlayReportWriter::finish(const PlayResult& result)
{
    if (format_ == ReportFormat::Csv) {
        return sink_(csv_);
    }
    if (!json_) {
        return sink_(wholeReport(result, format_));
    }
    const VerdictText verdict = verdictText(result);
    std::string out;
    JsonWriter json(out);
    json.beginObject();
    json.member("rom", result.rom);
    json.member("budgets", verdict.lines);
    json.member("within_budgets", verdict.broken.empty());
    json.key("invariants_broken");
    json.beginArray();
    json_->broken.giveTo(json, out, sink_);
    json.endArray();
    json.member("input", result.input);
    json.member("stopped", stoppedText(result));
    json.member("frames_run", result.tally.ran().frames);
    json.key("routines");
    json.beginArray();
    for (std::size_t r = 0; r < result.routines.size(); ++r) {
        json.beginObject();
        json.member("name", result.routines[r]);
        json.key("calls");
        json.beginArray();
        json_->calls[r].giveTo(json, out, sink_);
        json.endArray();
        json.endObject();
    }
    json.endArray();
    json.key("frames");
    json.beginArray();
    json_->frames.giveTo(json, out, sink_);
    json.endArray();
    json.endObject();
    out += '\n';
    sink_(out);
}

} // namespace tileprof
