#pragma once

#include "emu/cartridge/rom_image.hpp"
#include "profiler/engine/attribution/profile.hpp"
#include "profiler/engine/attribution/profile_builder.hpp"
#include "profiler/engine/coverage/code_coverage.hpp"
#include "profiler/engine/ingame/call_tracker.hpp"
#include "profiler/formats/symbols/debug_info.hpp"

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace tileprof {

// What of a play a profile of its code covers.
enum class PlayProfileScope : std::uint8_t {
    Routines, // the profiled routines' calls: their own code and what it calls, not the interrupts taken in them
    Frames,   // every step of every frame: the main loop as one long call, each interrupt as one
};

// What a play's code did: where its cycles went, and which lines and branches ran.
struct PlayCode {
    std::optional<Profile> profile;
    std::vector<RomCoverage> coverage; // pointing to the image and symbols the profiler was given
};

// The code a play ran, fed step by step as it runs (a whole play is too long to record):
// attributed to functions, lines and call stacks as the harness's calls are (ProfileBuilder), and
// counted for line and branch coverage (CoverageBuilder). An interrupt's entry is charged to its
// handler, not to the code it interrupted.
class PlayProfiler final : public StepWatcher {
public:
    PlayProfiler(PlayProfileScope scope, const DebugInfo& debug, const emu::RomImage& image, bool attribute, bool cover);

    void step(const emu::StepEvent& step, std::uint8_t flags, StepPlace place) override;
    void ended(std::size_t call) override;

    // Ends every call still open; call once, when the play is over.
    PlayCode finish();

private:
    using Feed = ProfileBuilder::Feed;

    std::unique_ptr<Feed> newFeed() { return std::make_unique<Feed>(builder_, debug_, image_); }
    // Consecutive cycles of one WAI are given as one step.
    void feed(Feed& feed, const StepCost& step);
    void flushWait();
    void count(CoverageBuilder& coverage, const StepCost& step)
    {
        if (cover_ && step.kind == emu::StepKind::Instruction) {
            coverage.countStep(step.address, step.opcode, step.flags);
        }
    }

    PlayProfileScope scope_;
    const DebugInfo& debug_;
    const emu::RomImage& image_;
    bool attribute_;
    bool cover_;
    ProfileBuilder builder_;
    // The main loop's and the interrupts' apart: a branch's way is the next instruction of its own.
    CoverageBuilder coverage_;
    CoverageBuilder interruptCoverage_;
    std::map<std::size_t, std::unique_ptr<Feed>> calls_; // by the play's call index
    std::unique_ptr<Feed> main_;
    std::unique_ptr<Feed> interrupt_;
    std::optional<StepCost> entry_; // an interrupt's entry, waiting for its handler's address
    std::optional<StepCost> wait_;
    Feed* waitFeed_ = nullptr;
};

} // namespace tileprof
