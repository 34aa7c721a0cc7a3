#include "profiler/debugger/play_session.hpp"

#include "base/input_error.hpp"
#include "profiler/formats/symbols/source_files.hpp"
#include "profiler/model/play/play_file.hpp"

#include <algorithm>

namespace tileprof {

bool PlaySession::open(const std::filesystem::path& playFile)
{
    try {
        auto play = preparePlay(loadPlayFile(playFile));
        PlayRun run;
        PlayCollector collector(run);
        auto seekPoints = std::make_unique<SeekPoints>(kSeekPointFrames);
        play->setup.seekPoints = seekPoints.get();
        report_ = runPrepared(*play, {}, &collector);
        play->setup.seekPoints = nullptr;
        seekPoints_ = std::move(seekPoints);
        run.ran = report_.tally.ran();
        run_ = std::move(run);
        play_ = std::move(play);
        path_ = playFile;
        error_.clear();
    } catch (const InputError& e) {
        error_ = e.what();
        return false;
    }
    selected_.reset();
    replayed_.reset();
    rows_.clear();
    drawnFrame_.reset();
    // The busiest whole frame that has calls (a boot's frames are busy with nothing to show), or
    // else the busiest: where a look usually starts.
    std::vector<bool> hasCalls(run_.frames.size());
    for (const GameCall& call : run_.calls) {
        if (call.frame - firstFrame() < hasCalls.size()) {
            hasCalls[call.frame - firstFrame()] = true;
        }
    }
    const bool anyCalls = std::ranges::find(hasCalls, true) != hasCalls.end();
    std::optional<std::uint64_t> busiest;
    std::uint64_t most = 0;
    for (const FrameUse* use : wholeFrames(run_)) {
        if ((hasCalls[use->frame - firstFrame()] || !anyCalls) && (!busiest || use->busy() > most)) {
            most = use->busy();
            busiest = use->frame;
        }
    }
    setFrame(busiest.value_or(firstFrame()));
    return true;
}

void PlaySession::setFrame(std::uint64_t frame)
{
    frame_ = std::clamp<std::uint64_t>(frame, firstFrame(), firstFrame() + std::max<std::size_t>(run_.frames.size(), 1) - 1);
    callsOfFrame_.clear();
    const std::vector<GameCall>& calls = run_.calls;
    for (std::size_t i = 0; i < calls.size(); ++i) {
        if (calls[i].frame == frame_) {
            callsOfFrame_.push_back(i);
        }
    }
}

std::optional<std::filesystem::path> PlaySession::sourceFile(const std::string& recorded) const
{
    return findSourceFile(recorded, sourceDirectories(sourceDirectories_, play_->symbols.path()));
}

const CallState* PlaySession::selectedState() const
{
    return selected_ ? run_.stateOf(*selected_) : nullptr;
}

void PlaySession::selectCall(std::size_t call)
{
    if (call >= run_.calls.size()) {
        return;
    }
    selected_ = call;
    replayed_ = replayCall(play_->image, play_->setup, run_.calls[call].routine, call, seekPoints_.get());
    selectedRecord_ = CallRecord{};
    if (const CallState* state = selectedState()) {
        selectedRecord_.tilesRead = state->tilesRead;
        selectedRecord_.strayMapReads = state->strayMapReads;
    }
    trace_ = CallTrace{};
    if (replayed_) {
        trace_.steps = replayed_->steps;
    }
    rows_ = tileprof::traceRows(selectedRecord_, trace_, play_->symbols);
    setInstruction(0);
}

void PlaySession::setInstruction(std::size_t step)
{
    instruction_ = rows_.empty() ? 0 : std::min(step, rows_.size() - 1);
    wram_.clear();
    if (!replayed_) {
        return;
    }
    wram_ = replayed_->wramBefore;
    for (const ReplayedCall::Write& write : replayed_->writes) {
        if (write.step >= instruction_) {
            break;
        }
        wram_[write.index] = write.value;
    }
}

std::optional<emu::Registers> PlaySession::registers() const
{
    if (rows_.empty()) {
        return std::nullopt;
    }
    return rows_[instruction_].step->before;
}

std::uint8_t PlaySession::wram(std::uint32_t index) const
{
    return index < wram_.size() ? wram_[index] : 0;
}

const ReplayedFrame* PlaySession::drawnFrame()
{
    if (drawnFrame_ != frame_) {
        drawn_ = replayFrame(play_->image, play_->setup, frame_, leftOut_, seekPoints_.get());
        drawnFrame_ = frame_;
    }
    return drawn_ ? &*drawn_ : nullptr;
}

void PlaySession::setLayersLeftOut(emu::LayersLeftOut leftOut)
{
    if (leftOut != leftOut_) {
        leftOut_ = leftOut;
        drawnFrame_.reset();
    }
}

} // namespace tileprof
