#include "profiler/reports/play/play_report.hpp"

#include "base/counted.hpp"
#include "base/printf_string.hpp"
#include "base/rounding.hpp"
#include "emu/cpu_address.hpp"
#include "emu/video_timing.hpp"
#include "profiler/engine/stats/case_statistics.hpp"
#include "profiler/formats/input/joypad_buttons.hpp"
#include "profiler/reports/flame/profile_view.hpp"
#include "profiler/reports/markup/csv_field.hpp"
#include "profiler/reports/markup/json_writer.hpp"
#include "profiler/reports/markup/markdown_text.hpp"
#include "profiler/reports/markup/xml_text.hpp"
#include "profiler/reports/run/case_json.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <iterator>
#include <limits>
#include <numeric>

namespace tileprof {

namespace {

constexpr std::size_t kBusiestFrames = 5;
constexpr std::size_t kSinkPiece = std::size_t{1} << 20; // what a streamed report gathers before giving it on

// A column's figures over calls or frames: the mean, and the least and most with where they were.
struct Spread {
    std::uint64_t count = 0;
    std::uint64_t sum = 0;
    std::uint64_t min = std::numeric_limits<std::uint64_t>::max();
    std::uint64_t max = 0;
    std::uint64_t minAt = 0;
    std::uint64_t maxAt = 0;

    void add(std::uint64_t value, std::uint64_t at)
    {
        if (value < min) {
            min = value;
            minAt = at;
        }
        if (value > max || count == 0) {
            max = value;
            maxAt = at;
        }
        ++count;
        sum += value;
    }
    double mean() const { return count == 0 ? 0.0 : static_cast<double>(sum) / static_cast<double>(count); }
};

// "3,089.6": a mean to a tenth, its thousands grouped as counts are.
std::string meanText(double value)
{
    const auto tenths = static_cast<std::uint64_t>(value * 10.0 + 0.5);
    return grouped(tenths / 10) + "." + std::to_string(tenths % 10);
}

// "1,916 frames": a count with its thousands grouped, as every figure of the report is.
std::string groupedCount(std::uint64_t count, const std::string& noun)
{
    return grouped(count) + " " + noun + (count == 1 ? "" : "s");
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

// A routine's calls, those the play ended inside included (with their cost so far, as the flame
// graphs have it).
std::vector<const GameCall*> callsOf(const PlayRun& run, std::size_t routine)
{
    std::vector<const GameCall*> calls;
    for (const GameCall& call : run.calls) {
        if (call.routine == routine) {
            calls.push_back(&call);
        }
    }
    return calls;
}

// A routine's calls, column by column: the CPU cycles of their own and the scanlines they spanned
// (master clocks / 1364, all in) as `run` gives them, and the master clocks split.
struct RoutineFigures {
    std::size_t calls = 0;
    Distribution cycles;
    Distribution scanlines;
    Spread cycleSpread; // where the most and the fewest were
    Spread total;
    Spread own;
    Spread dma;
    Spread hdma;
    Spread refresh;
    Spread interrupts;
    Spread waiting;
    std::uint64_t taken = 0;
};

// `keep`: only the calls it keeps; nothing: all of them.
RoutineFigures routineFigures(const PlayRun& run, std::size_t routine, const std::function<bool(const GameCall&)>& keep = {})
{
    RoutineFigures figures;
    std::vector<double> cycles;
    std::vector<double> scanlines;
    for (const GameCall* call : callsOf(run, routine)) {
        if (keep && !keep(*call)) {
            continue;
        }
        ++figures.calls;
        cycles.push_back(static_cast<double>(call->cycles));
        scanlines.push_back(static_cast<double>(call->clocks.total()) / emu::VideoTiming::kLineClocks);
        figures.cycleSpread.add(call->cycles, call->frame);
        figures.total.add(call->clocks.total(), call->frame);
        figures.own.add(call->clocks.own, call->frame);
        figures.dma.add(call->clocks.dma, call->frame);
        figures.hdma.add(call->clocks.hdma, call->frame);
        figures.refresh.add(call->clocks.refresh, call->frame);
        figures.interrupts.add(call->clocks.interrupts, call->frame);
        figures.waiting.add(call->clocks.waiting, call->frame);
        figures.taken += call->interrupts;
    }
    if (figures.calls > 0) {
        figures.cycles = distributionOf(std::move(cycles));
        figures.scanlines = distributionOf(std::move(scanlines));
    }
    return figures;
}

std::function<bool(const GameCall&)> inCase(int caseIndex)
{
    return [caseIndex](const GameCall& call) { return call.caseIndex == caseIndex; };
}

// What the manifest's state recording found of a call.
const CallState* stateOf(const PlayRun& run, const GameCall& call)
{
    return run.stateOf(static_cast<std::size_t>(&call - run.calls.data()));
}

int entityOf(const PlayRun& run, const GameCall& call)
{
    const CallState* state = stateOf(run, call);
    return state == nullptr ? -1 : state->entity;
}

std::function<bool(const GameCall&)> ofEntity(const PlayRun& run, int entity)
{
    return [&run, entity](const GameCall& call) { return entityOf(run, call) == entity; };
}

std::string entityName(int entity)
{
    return entity < 0 ? "(no slot)" : "entity " + std::to_string(entity);
}

// The cases of the cased routine its calls ran, in the manifest's order, then "(no case)": -1.
std::vector<int> casesRun(const PlayResult& report)
{
    std::vector<int> cases;
    if (!report.casedRoutine) {
        return cases;
    }
    for (int i = -1; i < static_cast<int>(report.caseNames.size()); ++i) {
        if (routineFigures(report.run, *report.casedRoutine, inCase(i)).calls > 0) {
            cases.push_back(i);
        }
    }
    std::rotate(cases.begin(), std::find_if(cases.begin(), cases.end(), [](int i) { return i >= 0; }), cases.end());
    return cases;
}

// The frame's columns by name, routines first.
std::vector<std::pair<std::string, std::function<std::uint64_t(const FrameUse&)>>> frameColumns(const PlayResult& report)
{
    std::vector<std::pair<std::string, std::function<std::uint64_t(const FrameUse&)>>> columns;
    for (std::size_t i = 0; i < report.routines.size(); ++i) {
        columns.emplace_back(report.routines[i], [i](const FrameUse& use) { return use.routines[i]; });
    }
    columns.emplace_back("NMI", [](const FrameUse& use) { return use.nmi; });
    columns.emplace_back("IRQ", [](const FrameUse& use) { return use.irq; });
    columns.emplace_back("other", [](const FrameUse& use) { return use.other; });
    columns.emplace_back("waiting", [](const FrameUse& use) { return use.waiting; });
    return columns;
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

std::vector<int> entitiesRun(const PlayRun& run)
{
    std::vector<int> entities;
    for (const CallState& state : run.states) {
        entities.push_back(state.entity);
    }
    std::ranges::sort(entities);
    entities.erase(std::unique(entities.begin(), entities.end()), entities.end());
    std::rotate(entities.begin(), std::find_if(entities.begin(), entities.end(), [](int e) { return e >= 0; }), entities.end());
    return entities;
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
        std::string line = "until " + report.until + ": never reached in " + groupedCount(report.run.framesRun, "frame");
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
    const PlayRun& run = report.run;
    if (!run.stop) {
        return printfString("%s frames from power-on", grouped(report.frames).c_str());
    }
    const std::string after = printfString("after %s frames", grouped(run.framesRun).c_str());
    switch (*run.stop) {
    case emu::StopReason::BreakAddress: return "stopped at " + report.until + ", " + after;
    case emu::StopReason::Stopped: return "stopped by STP, " + after;
    case emu::StopReason::WaitingForever: return "stopped waiting (WAI) with no interrupt enabled, " + after;
    default: return after;
    }
}

std::vector<std::string> brokenInvariants(const PlayResult& report)
{
    std::vector<std::string> lines;
    for (const std::size_t index : report.verdict.brokenInvariants) {
        const GameCall& call = report.run.calls[index];
        const CallState& state = *report.run.stateOf(index);
        lines.push_back(printfString("frame %llu, %s: ", static_cast<unsigned long long>(call.frame), entityName(state.entity).c_str()) +
                        *state.broken);
    }
    return lines;
}

std::vector<std::string> playFailures(const PlayResult& report)
{
    std::vector<std::string> failures = verdictText(report).broken;
    if (const std::vector<std::string> invariants = brokenInvariants(report); !invariants.empty()) {
        failures.push_back(printfString("invariants: broken by %zu call%s, the first in ", invariants.size(), invariants.size() == 1 ? "" : "s") +
                           invariants.front());
    }
    return failures;
}

namespace {

// What a baseline keeps of some of a routine's calls: their own cycles, the frame of the most, and
// their share of the routine's budget (none without one).
BaselineCase baselineCase(std::string name, const std::vector<const GameCall*>& calls, const std::optional<std::uint64_t>& budget)
{
    BaselineCase figures;
    figures.name = std::move(name);
    figures.calls = calls.size();
    Spread cycles;
    double shares = 0;
    for (const GameCall* call : calls) {
        cycles.add(call->cycles, call->frame);
        if (budget) {
            shares += static_cast<double>(call->clocks.budgeted()) / static_cast<double>(*budget);
            figures.overBudget = figures.overBudget || call->clocks.budgeted() > *budget;
        }
    }
    figures.meanCycles = rounded(cycles.mean(), 2);
    figures.maxCycles = calls.empty() ? 0 : cycles.max;
    figures.meanBudgetShare = calls.empty() ? 0.0 : shares / static_cast<double>(calls.size());
    figures.longest = calls.empty() ? "" : "frame " + std::to_string(cycles.maxAt);
    return figures;
}

} // namespace

Baseline playBaseline(const PlayResult& report, std::string source)
{
    Baseline baseline;
    baseline.source = std::move(source);
    for (std::size_t r = 0; r < report.routines.size(); ++r) {
        const std::vector<const GameCall*> calls = callsOf(report.run, r);
        const std::optional<std::uint64_t>& budget = report.rules[r].budget;
        baseline.calls += calls.size();
        baseline.cases.push_back(baselineCase(report.routines[r], calls, budget));
        if (report.casedRoutine != r) {
            continue;
        }
        for (const int c : casesRun(report)) {
            std::vector<const GameCall*> ofCase;
            std::ranges::copy_if(calls, std::back_inserter(ofCase), [c](const GameCall* call) { return call->caseIndex == c; });
            baseline.cases.push_back(baselineCase(report.routines[r] + ": " + caseLabel(report, c), ofCase, budget));
        }
    }
    return baseline;
}

namespace {

std::string tableReport(const PlayResult& report)
{
    const PlayRun& run = report.run;
    std::string out = printfString("play %s: %s, input %s\n", report.rom.c_str(), stoppedText(report).c_str(), report.input.c_str());
    std::vector<std::uint64_t> lag;
    for (const FrameUse& use : run.frames) {
        if (!use.padsRead) {
            lag.push_back(use.frame);
        }
    }
    out += printfString("lag frames: %s of %s", grouped(lag.size()).c_str(), grouped(run.frames.size()).c_str());
    for (std::size_t i = 0; i < lag.size() && i < 10; ++i) {
        out += (i == 0 ? " (" : ", ") + std::to_string(lag[i]);
    }
    out += lag.empty() ? "\n" : lag.size() > 10 ? ", ...)\n" : ")\n";

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
    const auto row = [&](const std::string& label, const RoutineFigures& f) {
        return printfString("  %-*s %7s   %5.0f %7.1f %6.0f %6.0f   %5.2f %6.2f %6.2f %6.2f   %10s %10s %8s %8s %8s %10s %8s %6s",
                            static_cast<int>(width), label.c_str(), grouped(f.calls).c_str(), f.cycles.min, f.cycles.mean,
                            f.cycles.p95, f.cycles.max, f.scanlines.min, f.scanlines.mean, f.scanlines.p95, f.scanlines.max,
                            meanText(f.total.mean()).c_str(), meanText(f.own.mean()).c_str(), meanText(f.dma.mean()).c_str(),
                            meanText(f.hdma.mean()).c_str(), meanText(f.refresh.mean()).c_str(),
                            meanText(f.interrupts.mean()).c_str(), meanText(f.waiting.mean()).c_str(), grouped(f.taken).c_str());
    };
    for (std::size_t r = 0; r < report.routines.size(); ++r) {
        const RoutineFigures f = routineFigures(run, r);
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
        const auto subRow = [&](const std::string& label, const RoutineFigures& k) {
            out += row("  " + label, k) + printfString("  most: frame %llu\n", static_cast<unsigned long long>(k.cycleSpread.maxAt));
        };
        for (const int c : casesRun(report)) {
            subRow(caseLabel(report, c), routineFigures(run, r, inCase(c)));
        }
        for (const int e : entitiesRun(run)) {
            subRow(entityName(e), routineFigures(run, r, ofEntity(run, e)));
        }
    }
    const std::size_t unfinished = std::ranges::count_if(run.calls, [](const GameCall& call) { return !call.finished; });
    if (unfinished > 0) {
        out += printfString("  (%s still running when the play ended: counted with %s cost so far, as in the flame graphs)\n",
                            groupedCount(unfinished, "call").c_str(), unfinished == 1 ? "its" : "their");
    }

    const std::vector<const FrameUse*> frames = wholeFrames(report.run);
    if (frames.empty()) {
        return out;
    }
    out += printfString("\nframes %llu-%llu, in master clocks a frame (a frame is 357,368 or 357,364)\n",
                        static_cast<unsigned long long>(frames.front()->frame),
                        static_cast<unsigned long long>(frames.back()->frame));
    out += printfString("  %-*s %10s %8s %8s %8s %8s\n", static_cast<int>(width), "", "mean", "min", "(frame)", "max", "(frame)");
    for (const auto& [name, value] : frameColumns(report)) {
        Spread spread;
        for (const FrameUse* use : frames) {
            spread.add(value(*use), use->frame);
        }
        out += printfString("  %-*s %10s %8s %8llu %8s %8llu\n", static_cast<int>(width), name.c_str(),
                            meanText(spread.mean()).c_str(), grouped(spread.min).c_str(),
                            static_cast<unsigned long long>(spread.minAt), grouped(spread.max).c_str(),
                            static_cast<unsigned long long>(spread.maxAt));
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
        for (std::size_t i = 0; i < broken.size() && i < 10; ++i) {
            out += "  " + broken[i] + "\n";
        }
        out += broken.size() > 10 ? printfString("  ... %s in all\n", groupedCount(broken.size(), "call").c_str()) : "";
    }

    std::vector<const FrameUse*> busiest = frames;
    std::ranges::stable_sort(busiest, [](const FrameUse* a, const FrameUse* b) { return a->busy() > b->busy(); });
    busiest.resize(std::min(busiest.size(), kBusiestFrames));
    out += "\nthe busiest frames (all but waiting), with the pads the input held in them\n";
    out += printfString("  %8s %9s", "frame", "busy");
    const auto columns = frameColumns(report);
    for (const auto& [name, value] : columns) {
        out += printfString(" %*s", static_cast<int>(std::max<std::size_t>(name.size(), 8)), name.c_str());
    }
    out += "  pad 1\n";
    for (const FrameUse* use : busiest) {
        out += printfString("  %8llu %9s", static_cast<unsigned long long>(use->frame), grouped(use->busy()).c_str());
        for (const auto& [name, value] : columns) {
            out += printfString(" %*s", static_cast<int>(std::max<std::size_t>(name.size(), 8)), grouped(value(*use)).c_str());
        }
        const std::uint16_t pad = use->frame < report.pads.size() ? report.pads[use->frame].pad1 : 0;
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

// Written a call and a frame at a time (JsonWriter): a long play's calls and frames are never one
// document in memory, only the report's text.
void jsonReport(const PlayResult& report, const TextSink& sink)
{
    const PlayRun& run = report.run;
    const VerdictText verdict = verdictText(report);
    std::string out;
    JsonWriter json(out);
    const auto flush = [&out, &sink] {
        if (out.size() >= kSinkPiece) {
            sink(out);
            out.clear();
        }
    };
    json.beginObject();
    json.member("rom", report.rom);
    json.member("budgets", verdict.lines);
    json.member("within_budgets", verdict.broken.empty());
    json.member("invariants_broken", brokenInvariants(report));
    json.member("input", report.input);
    json.member("stopped", stoppedText(report));
    json.member("frames_run", run.framesRun);
    json.key("routines");
    json.beginArray();
    for (std::size_t r = 0; r < report.routines.size(); ++r) {
        json.beginObject();
        json.member("name", report.routines[r]);
        json.key("calls");
        json.beginArray();
        for (const GameCall& call : run.calls) {
            if (call.routine != r) {
                continue;
            }
            Json entry{{"case", report.casedRoutine == r ? Json(caseName(report, call)) : Json(nullptr)},
                       {"frame", call.frame},
                       {"line", call.line},
                       {"start_clock", call.startClock},
                       {"call_site", cpuAddressText(call.callSite)},
                       {"depth", call.depth},
                       {"cycles", call.cycles},
                       {"interrupts_taken", call.interrupts},
                       {"clocks", splitJson(call.clocks)},
                       {"finished", call.finished}};
            if (const CallState* state = stateOf(run, call)) {
                addState(entry, report, *state);
            }
            json.value(entry);
            flush();
        }
        json.endArray();
        json.endObject();
    }
    json.endArray();
    json.key("frames");
    json.beginArray();
    for (const FrameUse& use : run.frames) {
        Json byRoutine = Json::object();
        for (std::size_t r = 0; r < report.routines.size(); ++r) {
            byRoutine[report.routines[r]] = use.routines[r];
        }
        const PadFrame pads = use.frame < report.pads.size() ? report.pads[use.frame] : PadFrame{};
        json.value(Json{{"frame", use.frame},
                        {"start_clock", use.start},
                        {"clocks", use.clocks},
                        {"routines", std::move(byRoutine)},
                        {"nmi", use.nmi},
                        {"irq", use.irq},
                        {"other", use.other},
                        {"waiting", use.waiting},
                        {"lag", !use.padsRead},
                        {"pad1", pads.pad1},
                        {"pad2", pads.pad2}});
        flush();
    }
    json.endArray();
    json.endObject();
    out += '\n';
    sink(out);
}

// A number as JSON writes it: the shortest text that reads back the same.
std::string numberText(double value)
{
    return Json(value).dump();
}

// One row a call, every figure the JSON report has but the tiles' places (their count instead).
void csvReport(const PlayResult& report, const TextSink& sink)
{
    std::string out = "routine,case,frame,line,start_clock,call_site,depth,cycles,total,own,dma,hdma,refresh,interrupts,"
                      "waiting,interrupts_taken,finished,entity,x_before,y_before,x_after,y_after,state_after,tiles_read,"
                      "invariant_broken\r\n";
    for (const GameCall& call : report.run.calls) {
        const ClockSplit& c = call.clocks;
        out += csvField(report.routines[call.routine]) + "," + csvField(caseName(report, call)) +
               printfString(",%llu,%u,%llu,", static_cast<unsigned long long>(call.frame), call.line,
                            static_cast<unsigned long long>(call.startClock)) +
               cpuAddressText(call.callSite) +
               printfString(",%u,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%u,%s", call.depth, static_cast<unsigned long long>(call.cycles),
                            static_cast<unsigned long long>(c.total()), static_cast<unsigned long long>(c.own),
                            static_cast<unsigned long long>(c.dma), static_cast<unsigned long long>(c.hdma),
                            static_cast<unsigned long long>(c.refresh), static_cast<unsigned long long>(c.interrupts),
                            static_cast<unsigned long long>(c.waiting), call.interrupts, call.finished ? "true" : "false");
        const CallState* state = stateOf(report.run, call);
        if (state == nullptr) {
            out += ",,,,,,,,\r\n";
            continue;
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
        out += "," + std::to_string(state->tilesRead.size()) + "," + csvField(state->broken.value_or("")) + "\r\n";
        if (out.size() >= kSinkPiece) {
            sink(out);
            out.clear();
        }
    }
    sink(out);
}

// For a pull request's comment: the calls, the frames and the budgets.
std::string markdownReport(const PlayResult& report)
{
    std::string out = "### tileprof play: " + markdownCell(report.rom) + "\n\n" + markdownCell(stoppedText(report)) +
                      ", input " + markdownCell(report.input) + "\n\n";
    out += "| routine | calls | cycles mean | p95 | max | scanlines mean | max | clocks own | DMA | HDMA | refresh | interrupts | waiting | taken |\n"
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (std::size_t r = 0; r < report.routines.size(); ++r) {
        const RoutineFigures f = routineFigures(report.run, r);
        if (f.calls == 0) {
            out += "| " + markdownCell(report.routines[r]) + " | 0 | never called | | | | | | | | | | | |\n";
            continue;
        }
        out += "| " + markdownCell(report.routines[r]) +
               printfString(" | %s | %.1f | %.0f | %.0f | %.2f | %.2f | %s | %s | %s | %s | %s | %s | %s |\n", grouped(f.calls).c_str(),
                            f.cycles.mean, f.cycles.p95, f.cycles.max, f.scanlines.mean, f.scanlines.max,
                            meanText(f.own.mean()).c_str(), meanText(f.dma.mean()).c_str(), meanText(f.hdma.mean()).c_str(),
                            meanText(f.refresh.mean()).c_str(), meanText(f.interrupts.mean()).c_str(),
                            meanText(f.waiting.mean()).c_str(), grouped(f.taken).c_str());
    }
    const std::vector<const FrameUse*> frames = wholeFrames(report.run);
    if (!frames.empty()) {
        out += "\n| a frame, in master clocks | mean | min | max |\n|---|---:|---:|---:|\n";
        for (const auto& [name, value] : frameColumns(report)) {
            Spread spread;
            for (const FrameUse* use : frames) {
                spread.add(value(*use), use->frame);
            }
            out += "| " + markdownCell(name) +
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
        const std::vector<std::string> broken = brokenInvariants(report);
        out += "\n**Invariants: " + (broken.empty() ? std::string("kept by every call") : "broken by " + groupedCount(broken.size(), "call")) + "**\n";
        for (std::size_t i = 0; i < broken.size() && i < 10; ++i) {
            out += "- " + markdownCell(broken[i]) + "\n";
        }
    }
    return out;
}

// For CI systems: a test case a budget, failing when broken; a play without budgets has one
// that passes when every routine was called.
std::string junitReport(const PlayResult& report)
{
    const VerdictText verdict = verdictText(report);
    std::string cases;
    std::size_t tests = 0;
    std::size_t failures = 0;
    const auto testCase = [&](const std::string& name, const std::string& line, bool broken) {
        ++tests;
        cases += printfString("    <testcase classname=\"%s\" name=\"%s\">\n", xmlEscaped(report.rom).c_str(),
                              xmlEscaped(name).c_str());
        if (broken) {
            ++failures;
            cases += printfString("      <failure message=\"%s\"/>\n", xmlEscaped(line).c_str());
        } else {
            cases += printfString("      <system-out>%s</system-out>\n", xmlEscaped(line).c_str());
        }
        cases += "    </testcase>\n";
    };
    for (std::size_t i = 0; i < verdict.lines.size(); ++i) {
        const std::string& line = verdict.lines[i];
        testCase(verdict.names[i], line, std::ranges::find(verdict.broken, line) != verdict.broken.end());
    }
    if (report.casedRoutine) {
        const std::vector<std::string> broken = brokenInvariants(report);
        testCase(report.routines[*report.casedRoutine] + " invariants",
                 broken.empty() ? "kept by every call" : broken.front() + (broken.size() > 1 ? printfString(" (and %zu more)", broken.size() - 1) : ""),
                 !broken.empty());
    }
    if (verdict.lines.empty() && !report.casedRoutine) {
        for (std::size_t r = 0; r < report.routines.size(); ++r) {
            const std::size_t calls = callsOf(report.run, r).size();
            testCase(report.routines[r] + " called", groupedCount(calls, "call"), calls == 0);
        }
    }
    return printfString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        "<testsuites name=\"tileprof play\" tests=\"%zu\" failures=\"%zu\" errors=\"0\">\n"
                        "  <testsuite name=\"%s\" tests=\"%zu\" failures=\"%zu\" errors=\"0\">\n",
                        tests, failures, xmlEscaped(report.rom).c_str(), tests, failures) +
           cases + "  </testsuite>\n</testsuites>\n";
}

} // namespace

namespace {

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

std::string formatPlayReport(const PlayResult& report, ReportFormat format)
{
    std::string text;
    writePlayReport(report, format, [&text](std::string_view piece) { text += piece; });
    return text;
}

void writePlayReport(const PlayResult& report, ReportFormat format, const TextSink& sink)
{
    switch (format) {
    case ReportFormat::Json: return jsonReport(report, sink);
    case ReportFormat::Csv: return csvReport(report, sink);
    default: return sink(wholeReport(report, format));
    }
}

} // namespace tileprof
