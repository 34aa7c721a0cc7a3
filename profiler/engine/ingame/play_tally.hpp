#pragma once

#include "profiler/engine/ingame/game_play.hpp"
#include "profiler/engine/ingame/play_listener.hpp"
#include "profiler/engine/stats/distribution.hpp"
#include "profiler/engine/stats/spread.hpp"
#include "profiler/model/play/play_file.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

// Some of a play's calls, column by column: the CPU cycles of their own and the master clocks they
// spanned, exactly as distributions, and the master clocks split, each with where its most and least
// were.
struct CallFigures {
    std::uint64_t calls = 0;
    ValueCounts cycles;
    ValueCounts clocks; // all in
    Spread cycleSpread;
    Spread total;
    Spread own;
    Spread dma;
    Spread hdma;
    Spread refresh;
    Spread interrupts;
    Spread waiting;
    Spread budgeted;           // what a budget holds: all but the interrupts and the waiting
    std::uint64_t taken = 0;   // interrupts taken
    std::uint64_t over = 0;    // calls over the budget
    double budgetShares = 0;   // their budgeted clocks / the budget, summed in the order they began

    void add(const GameCall& call, const std::optional<std::uint64_t>& budget);
};

// A whole frame's columns in the reports' order: the routines', then NMI, IRQ, other, waiting.
std::vector<std::uint64_t> frameColumnValues(const FrameUse& use);

// How the frames kept their rule: each frame the rule holds, whether it was over.
struct FrameVerdict {
    FrameRule rule;
    std::uint64_t frames = 0; // held to the budget
    std::uint64_t most = 0;
    std::uint64_t mostFrame = 0;
    std::uint64_t overCount = 0;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> firstOver; // frame and busy clocks, the first kFramesListed

    static constexpr std::size_t kFramesListed = 10;
    bool failed() const { return overCount > 0; }
};

// A call whose result broke the design's invariants.
struct BrokenCall {
    std::uint64_t frame = 0;
    int entity = -1;
    std::string invariant;
};

// What a play's reports say of its calls and frames, gathered as the play runs (a PlayListener):
// kept in memory that does not grow with the frames, however long the play.
class PlayTally final : public PlayListener {
public:
    static constexpr std::size_t kListed = 10;   // lag frames and broken calls named
    static constexpr std::size_t kBusiest = 5;   // busiest frames kept

    // `budgets`: per routine. The cased routine's calls are also tallied by case (of `cases`) and
    // by entity.
    PlayTally(std::vector<std::optional<std::uint64_t>> budgets, std::optional<FrameRule> frameRule,
              std::optional<std::size_t> casedRoutine, std::size_t cases);
    PlayTally() : PlayTally({}, {}, {}, 0) {} // of no routine, before a play

    void call(std::size_t index, const GameCall& call, const CallState* state) override;
    void frame(const FrameUse& use) override;
    // After the last frame: how the play ended, which says whether the last frame was whole.
    void finish(const FramesRun& ran);

    const FramesRun& ran() const { return ran_; }
    const std::vector<CallFigures>& routines() const { return routines_; }
    // The cased routine's calls by case: index + 1, so (no case) first.
    const CallFigures& ofCase(int caseIndex) const { return cases_[static_cast<std::size_t>(caseIndex + 1)]; }
    // The cased routine's calls by entity slot; -1: the registers named none.
    const std::map<int, CallFigures>& entities() const { return entities_; }
    std::uint64_t unfinished() const { return unfinished_; }

    std::uint64_t frames() const { return frames_; }
    std::uint64_t lagFrames() const { return lagFrames_; }
    const std::vector<std::uint64_t>& firstLagFrames() const { return firstLag_; } // the first kListed
    // The whole frames (not frame 0, whose reset's clocks are not in it, nor a last frame a stop cut
    // short): how many, the first and last, each column's spread and the busiest (all but waiting;
    // the earlier first among equals).
    std::uint64_t wholeFrames() const { return whole_; }
    std::uint64_t firstWholeFrame() const { return firstWhole_; }
    std::uint64_t lastWholeFrame() const { return lastWhole_; }
    const std::vector<Spread>& frameColumns() const { return columns_; }
    const std::vector<FrameUse>& busiestFrames() const { return busiest_; }
    const std::optional<FrameVerdict>& frameVerdict() const { return frameVerdict_; }

    std::uint64_t brokenCalls() const { return brokenCount_; }
    const std::vector<BrokenCall>& firstBrokenCalls() const { return firstBroken_; } // the first kListed

private:
    void addWhole(const FrameUse& use);

    std::vector<std::optional<std::uint64_t>> budgets_;
    std::optional<std::size_t> casedRoutine_;
    FramesRun ran_;
    std::vector<CallFigures> routines_;
    std::vector<CallFigures> cases_;
    std::map<int, CallFigures> entities_;
    std::uint64_t unfinished_ = 0;
    std::uint64_t frames_ = 0;
    std::uint64_t lagFrames_ = 0;
    std::vector<std::uint64_t> firstLag_;
    std::optional<FrameUse> last_; // told, not yet known whole
    std::uint64_t whole_ = 0;
    std::uint64_t firstWhole_ = 0;
    std::uint64_t lastWhole_ = 0;
    std::vector<Spread> columns_;
    std::vector<FrameUse> busiest_;
    std::optional<FrameVerdict> frameVerdict_;
    std::uint64_t brokenCount_ = 0;
    std::vector<BrokenCall> firstBroken_;
};

} // namespace tileprof
