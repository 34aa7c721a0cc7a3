#include "profiler/engine/ingame/call_replay.hpp"

#include "profiler/engine/call/entity_fields.hpp"
#include "profiler/engine/ingame/call_state_recorder.hpp"
#include "profiler/engine/ingame/play_frames.hpp"

#include <limits>
#include <memory>

namespace tileprof {

namespace {

// Tracks the play's calls as playGame does, and records one of them.
class Replay final : public CallWatcher {
public:
    // It records one call: a plain run loop, which compiles in a fraction of the time.
    static constexpr bool kPlainRunLoop = true;

    Replay(const emu::Snes& snes, const PlaySetup& setup, std::size_t routine, std::size_t call, std::size_t callsBegun)
        : bus_(snes.bus()), setup_(setup), tracker_(snes.bus(), setup.entries, snes.cpu().time), call_(call)
    {
        tracker_.numberCallsFrom(callsBegun);
        tracker_.setIdleRanges(setup.idleRanges);
        tracker_.watch(routine, *this, 0, 0);
    }

    void entered(std::size_t call, const emu::Registers&, std::uint64_t) override
    {
        if (call != call_) {
            return;
        }
        recording_ = true;
        stolen_ = bus_.stolenClocks();
        ReplayedCall& r = replayed_.emplace();
        r.wramBefore.assign(bus_.wram().begin(), bus_.wram().end());
        if (setup_.target) {
            const ProfiledRom& rom = *setup_.target->rom;
            CallStateRecorder reader(bus_, rom);
            reader.readMap();
            if (reader.map() != nullptr) {
                r.map = *reader.map();
            }
            for (std::uint32_t slot = 0; slot < rom.addresses.entitySlotCount; ++slot) {
                r.entities.push_back(readEntity(bus_, rom, slotAddress(rom, slot)));
            }
        }
    }
    void read(const emu::BusAccess&) override {}
    void left(std::size_t call, const emu::Registers*) override
    {
        if (call == call_) {
            recording_ = false;
        }
    }

    void beforeStep(const emu::Registers& registers)
    {
        tracker_.beforeStep(registers);
        if (recording_) {
            tracer_.beforeStep(registers);
        }
    }

    void onAccess(const emu::BusAccess& access)
    {
        tracker_.onAccess(access);
        if (!recording_) {
            return;
        }
        tracer_.onAccess(access);
        if (access.kind == emu::AccessKind::Write) {
            if (const std::optional<std::uint32_t> index = emu::wramIndex(access.address)) {
                replayed_->writes.push_back({replayed_->steps.size(), *index, access.value});
            }
        }
    }

    void onStep(const emu::StepEvent& step)
    {
        tracker_.onStep(step);
        if (recording_) {
            tracer_.onStep(step, replayed_->steps);
            markStep(step);
        }
    }

    bool done() const { return replayed_ && !recording_; }
    std::optional<ReplayedCall> take() { return std::move(replayed_); }

private:
    using Mark = ReplayedCall::Mark;

    void markStep(const emu::StepEvent& step)
    {
        const emu::StolenClocks now = bus_.stolenClocks();
        std::vector<Mark>& marks = replayed_->marks;
        if (now.dma > stolen_.dma) {
            marks.push_back({Mark::Kind::Dma, step.start.masterClocks, now.dma - stolen_.dma});
        }
        if (now.hdma > stolen_.hdma) {
            marks.push_back({Mark::Kind::Hdma, step.start.masterClocks, now.hdma - stolen_.hdma});
        }
        if (emu::isInterrupt(step.kind)) {
            marks.push_back({step.kind == emu::StepKind::Nmi ? Mark::Kind::Nmi : Mark::Kind::Irq, step.start.masterClocks,
                             step.masterClocks});
        }
        stolen_ = now;
    }

    const emu::SnesBus& bus_;
    const PlaySetup& setup_;
    CallTracker tracker_;
    std::size_t call_;
    bool recording_ = false;
    emu::StolenClocks stolen_; // as the step before ended
    StepTracer tracer_;
    std::optional<ReplayedCall> replayed_;
};

} // namespace

std::optional<ReplayedCall> replayCall(const emu::RomImage& image, const PlaySetup& setup, std::size_t routine, std::size_t call,
                                       const SeekPoints* points)
{
    const SeekPoints::Point* point = points != nullptr ? points->before(std::numeric_limits<std::uint64_t>::max(), call) : nullptr;
    const auto snes = startMachine(image, setup, point);
    Replay replay(*snes, setup, routine, call, point != nullptr ? point->callsBegun : 0);
    runFrames(*snes, fromPoint(setup, point), replay, [&replay] { return replay.done(); });
    return replay.done() ? replay.take() : std::nullopt;
}

} // namespace tileprof
