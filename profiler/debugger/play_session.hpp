#pragma once

#include "emu/cpu/registers.hpp"
#include "emu/ppu/line_renderer.hpp"
#include "emu/ppu/picture.hpp"
#include "profiler/engine/ingame/frame_replay.hpp"
#include "profiler/engine/ingame/call_replay.hpp"
#include "profiler/engine/ingame/play_run.hpp"
#include "profiler/reports/play/play_report.hpp"
#include "profiler/reports/trace/trace_rows.hpp"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

// A play in the debugger: its report, the frame on show and its calls, and the selected call run
// again step by step, with the machine's registers and work RAM at the step on show.
class PlaySession {
public:
    // Runs the play file and shows the busiest whole frame with calls; false, with error() saying
    // why, when it cannot.
    bool open(const std::filesystem::path& playFile);
    bool isOpen() const { return play_ != nullptr; }
    const std::string& error() const { return error_; }
    const std::filesystem::path& path() const { return path_; }
    const PlayResult& report() const { return report_; }
    // Every call and frame of the play, kept for the debugger to show.
    const PlayRun& run() const { return run_; }
    const DebugInfo& symbols() const { return play_->symbols; }
    // Where a source file the symbol file names is (findSourceFile): under the directories given
    // (--source-dir), then the symbol file's directory and those above it.
    std::optional<std::filesystem::path> sourceFile(const std::string& recorded) const;
    void setSourceDirectories(std::vector<std::filesystem::path> directories) { sourceDirectories_ = std::move(directories); }
    // The manifest's ROM, when the play has a manifest.
    const ProfiledRom* target() const { return play_->target ? &*play_->target : nullptr; }

    // The frame on show (the machine's: a play from a state starts at its frame), its use of its
    // time, and the play's calls that began in it (indices into run().calls).
    std::uint64_t frame() const { return frame_; }
    // The play's frames are firstFrame() to firstFrame() + run().frames.size() - 1.
    std::uint64_t firstFrame() const { return run_.ran.firstFrame; }
    const FrameUse* frameUse() const
    {
        return frame_ - firstFrame() < run_.frames.size() ? &run_.frames[frame_ - firstFrame()] : nullptr;
    }
    // Shows `frame`, or the play's nearest.
    void setFrame(std::uint64_t frame);
    const std::vector<std::size_t>& callsOfFrame() const { return callsOfFrame_; }

    // Selects one of the play's calls and runs the play again up to its return.
    void selectCall(std::size_t call);
    std::optional<std::size_t> selectedCall() const { return selected_; }
    // What the manifest let the play read of it; nothing for another routine's call.
    const CallState* selectedState() const;
    const std::optional<ReplayedCall>& replayed() const { return replayed_; }
    const std::vector<TraceRow>& traceRows() const { return rows_; }

    // The step on show of the selected call, its registers as it began, and a byte of work RAM then.
    std::size_t instruction() const { return instruction_; }
    void setInstruction(std::size_t step);
    std::optional<emu::Registers> registers() const;
    std::uint8_t wram(std::uint32_t index) const;

    // The frame on show as the PPU drew it, the play run again to its V-blank (on first asking,
    // after the frame or the layers left out change): its picture, the registers of each line and
    // the PPU's memories; null when the play stops before.
    const ReplayedFrame* drawnFrame();
    const emu::Picture* picture()
    {
        const ReplayedFrame* drawn = drawnFrame();
        return drawn != nullptr ? &drawn->picture : nullptr;
    }
    const emu::LayersLeftOut& layersLeftOut() const { return leftOut_; }
    void setLayersLeftOut(emu::LayersLeftOut leftOut);

private:
    std::filesystem::path path_;
    std::vector<std::filesystem::path> sourceDirectories_;
    std::string error_;
    std::unique_ptr<PreparedPlay> play_;
    // Kept as the play ran: selecting a call or drawing a frame runs from the last before it, at
    // most this many frames (and a replay's observing) away.
    static constexpr std::uint64_t kSeekPointFrames = 300;
    std::unique_ptr<SeekPoints> seekPoints_;
    PlayResult report_;
    PlayRun run_;
    std::uint64_t frame_ = 0;
    std::vector<std::size_t> callsOfFrame_;
    std::optional<std::size_t> selected_;
    std::optional<ReplayedCall> replayed_;
    CallRecord selectedRecord_; // the tiles the selected call read, for its trace rows
    CallTrace trace_;
    std::vector<TraceRow> rows_;
    std::size_t instruction_ = 0;
    std::vector<std::uint8_t> wram_; // at the step on show
    emu::LayersLeftOut leftOut_;
    std::optional<ReplayedFrame> drawn_;
    std::optional<std::uint64_t> drawnFrame_; // the frame drawn_ was made for, when it was
};

} // namespace tileprof
