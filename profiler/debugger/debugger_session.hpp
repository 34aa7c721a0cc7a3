#pragma once

#include "profiler/engine/attribution/profile.hpp"
#include "profiler/engine/coverage/code_coverage.hpp"
#include "profiler/engine/play/dpad_player.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/formats/map/map_validator.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/target/profiled_rom.hpp"
#include "profiler/reports/trace/trace_rows.hpp"

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tileprof::gui {

// What the player does in one frame of live mode.
struct LiveControls {
    bool left = false;
    bool right = false;
    bool up = false;          // held: walks up, for an entity without gravity (a top-down design)
    bool down = false;
    bool jump = false;        // pressed this frame: jumps when standing
    bool flipGravity = false; // pressed this frame
    bool cycleHitbox = false; // pressed this frame
};

// What live mode offers beyond explore's rules of play (DpadPlayer): the jump button's speed, and
// hitboxes to try besides the scenario's own (a person may want a box the scenario never had;
// explore keeps to the scenario's, whose clearance the map was checked for).
struct LiveTuning {
    static constexpr double kJump = 5.0; // px/frame, against the gravity
    static const std::vector<Hitbox>& hitboxes();
};

// The space live mode plays a scenario's entity in: explore's (ActionSpace::of), with both
// gravities to flip between unless the design is top-down, and LiveTuning's hitboxes the design's
// limits allow after the scenario's own.
ActionSpace liveActions(const Scenario& scenario);

// An executed instruction, for the disassembly beside the source.
struct ExecutedInstruction {
    std::uint32_t address = 0;
    std::string text; // "LDA $12,X"
};

// The debugger's model, independent of any window: an open scenario run on its ROM, the frame on
// show and the selected call, its instruction trace, live driving and map editing. Every number
// it holds comes from the emulator.
class DebuggerSession {
public:
    // Every scenario runs on `romOverride` when given (tileprof-gui's --rom), else on its own ROM.
    explicit DebuggerSession(std::optional<RomFiles> romOverride = std::nullopt);
    ~DebuggerSession();

    // Opens a scenario and runs all its frames. On failure what was open stays open, and the
    // reason is in error().
    bool open(const std::filesystem::path& scenarioPath);
    bool isOpen() const { return loaded_ != nullptr; }
    // Changes each time a scenario is opened, so views know to reset.
    int generation() const { return generation_; }
    const std::string& error() const { return error_; }
    void dismissError() { error_.clear(); }

    const Scenario& scenario() const;
    const ProfiledRom& rom() const;
    // Where a source file the ROM's debug file names is (findSourceFile): under the directories
    // given here (tileprof-gui's --source-dir), then the debug file's own and those above it.
    void setSourceDirectories(std::vector<std::filesystem::path> directories) { sourceDirectories_ = std::move(directories); }
    std::optional<std::filesystem::path> sourceFile(const std::string& recorded) const;
    const ScenarioResult& result() const;
    // Why the run stopped before its last frame (a call that did not return properly); "" if it did not.
    const std::string& runError() const;
    const std::vector<MapViolation>& violations() const;
    int framesRun() const;

    // ---- The frame on show and the selected call ---------------------------------------------
    int frame() const { return frame_; } // 0: before the first frame
    void setFrame(int frame);            // clamped to 0 .. framesRun()
    void stepFrame() { setFrame(frame_ + 1); }
    void stepBack();                     // re-runs the scenario to the frame before
    bool playing() const { return playing_; }
    void setPlaying(bool playing);
    // Advances playback by `seconds` of wall time, at 60 frames a second.
    void advance(double seconds);

    int selectedEntity() const { return entity_; }
    void selectEntity(int entity);
    void select(CallId call); // shows the call's frame and selects its entity
    const CallRecord* call(CallId id) const;
    const CallRecord* selectedCall() const { return call({frame_, entity_}); }
    // The costliest call of a case (ties: the earliest); false when the case never ran.
    bool selectWorst(int caseIndex);

    // ---- Inside the selected call ---------------------------------------------------------------
    // The selected call step by step, from a deterministic re-run; nothing before frame 1.
    const CallTrace* trace();
    // The trace as rows: disassembly, source line, running totals, tiles read by each step.
    const std::vector<TraceRow>& traceRows();
    // -1: the whole call; otherwise the step on show.
    int instruction() const { return instruction_; }
    void setInstruction(int step);
    void stepInstruction(int delta);
    // Cycles into the call at the end of the step on show (the whole call: its length).
    std::uint32_t cyclesShown();

    // ---- Where the cycles went ------------------------------------------------------------------
    const Profile& aggregateProfile() const; // every call of the run
    const Profile& selectedProfile();        // the selected call
    // Executed instructions per source line: key "file:line".
    const std::map<std::string, std::vector<ExecutedInstruction>>& disassembly() const;
    // The coverage of a source file (as ld65 recorded its path) over every call of the run: what
    // ran and what could have; nullptr for a file without code that ran.
    const FileCoverage* coverage(const std::string& file) const;

    // ---- Live mode ------------------------------------------------------------------------------
    // Drives entity `entity` from the frame on show: its script is cut there, the scenario's later
    // frames and expectations are dropped, and each liveFrame appends one frame.
    void startLive(int entity);
    void stopLive() { live_.reset(); }
    bool live() const { return live_.has_value(); }
    int liveEntity() const { return live_ ? live_->entity : -1; }
    void liveFrame(const LiveControls& controls);
    // Writes the scenario as it now stands (the recording) to `path`; false with error() on failure.
    bool saveScenarioAs(const std::filesystem::path& path);

    // ---- Map editing ----------------------------------------------------------------------------
    // Paints a tile and runs the scenario again; the validator's findings are in violations().
    void paint(int column, int row, TileId type);
    bool mapModified() const;
    // Saves the map where it came from (the scenario's rows, or its Tiled file); false with error().
    bool saveMap();

private:
    struct Loaded;
    struct LiveState {
        int entity = 0;
        DpadPlayer player; // plays in Loaded::liveActions
    };

    void rerun(int upToFrame);
    void invalidateSelection();

    std::optional<RomFiles> romOverride_;
    std::vector<std::filesystem::path> sourceDirectories_;
    std::unique_ptr<Loaded> loaded_;
    std::string error_;
    int generation_ = 0;
    int frame_ = 0;
    int entity_ = 0;
    bool playing_ = false;
    double playClock_ = 0;
    int instruction_ = -1;
    std::optional<LiveState> live_;
};

} // namespace tileprof::gui
