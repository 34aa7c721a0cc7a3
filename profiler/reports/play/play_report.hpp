#pragma once

#include "profiler/engine/ingame/play_run.hpp"
#include "profiler/reports/baseline/baseline.hpp"
#include "profiler/reports/markup/report_format.hpp"
#include "profiler/reports/markup/text_sink.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

inline constexpr ReportFormat kPlayFormats[] = {ReportFormat::Table,     ReportFormat::Json,   ReportFormat::Csv,
                                                ReportFormat::Markdown,  ReportFormat::Junit,  ReportFormat::Callgrind,
                                                ReportFormat::Speedscope, ReportFormat::Folded};

// The verdict in words: a line for each budget, for each routine that had to be called and was
// not, and for an `until` never reached; and those of them that fail the play.
struct VerdictText {
    std::vector<std::string> lines;
    std::vector<std::string> names; // parallel to lines, for JUnit's test cases: "Move budget", "until GameOver"
    std::vector<std::string> broken;
};
VerdictText verdictText(const PlayResult& result);

// How the play ended: "1,917 frames from power-on", "stopped at GameOver, after 12 frames", ...
std::string stoppedText(const PlayResult& result);

// The entity slots the manifest routine's calls moved, in order, then -1 when some calls' registers
// named none.
std::vector<int> entitiesRun(const PlayRun& run);

// A case of the cased routine by its index: its name, or "(no case)" for -1.
std::string caseLabel(const PlayResult& result, int caseIndex);
// The case of a call: "" for a routine without cases.
std::string caseName(const PlayResult& result, const GameCall& call);

// The first calls (PlayTally::kListed) whose result broke the design's invariants, one line each:
// "frame 412, entity 1: ...".
std::vector<std::string> brokenInvariants(const PlayResult& result);

// What fails a play (`check` lists it): the verdict's broken lines, then a line for the calls that
// broke the invariants, naming the first. Empty exactly when the verdict has not failed.
std::vector<std::string> playFailures(const PlayResult& result);

// What a regression check compares (baseline.hpp): each routine as a case, its calls' own CPU
// cycles (interrupts left out: what the routine's code decides), over budget when a call broke its
// budget, and the frame of its longest call.
Baseline playBaseline(const PlayResult& result, std::string source);

// Writes a play's report in `format`, one of kPlayFormats (the callgrind and flame-graph ones need
// the result's `profile`), to a sink: every routine's calls and their cost, split; every frame's time
// by routine, NMI, IRQ, waiting and the rest; lag frames; the busiest frames. Told of the play as it
// runs (runPrepared's `also`), then finish()ed with its result: JSON's and CSV's calls and frames are
// written as they come, a megabyte at a time (CSV's straight to the sink, JSON's kept in temporary
// files until the figures that head the report are known), never all in memory; the other formats,
// whose size does not grow with the calls, whole at the end.
class PlayReportWriter final : public PlayListener {
public:
    // `request`: the play as prepared (PreparedPlay::result), which must outlive the writer.
    PlayReportWriter(const PlayResult& request, ReportFormat format, TextSink sink);
    ~PlayReportWriter();
    PlayReportWriter(const PlayReportWriter&) = delete;
    PlayReportWriter& operator=(const PlayReportWriter&) = delete;

    void call(std::size_t index, const GameCall& call, const CallState* state) override;
    void frame(const FrameUse& use) override;
    void finish(const PlayResult& result);

private:
    struct JsonArrays;

    const PlayResult& request_;
    ReportFormat format_;
    TextSink sink_;
    std::string csv_; // rows not yet given on
    std::unique_ptr<JsonArrays> json_;
};

} // namespace tileprof
