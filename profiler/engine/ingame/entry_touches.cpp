#include "profiler/engine/ingame/entry_touches.hpp"

#include "profiler/engine/ingame/play_frames.hpp"

#include <memory>

namespace tileprof {

namespace {

class EntryToucher {
public:
    // A second run, made only when a routine was never called: minutes less to compile matter more
    // than its speed (emu/cpu/observer.hpp).
    static constexpr bool kPlainRunLoop = true;

    EntryToucher(const emu::SnesBus& bus, const std::vector<std::uint32_t>& entries) : bus_(bus), touches_(entries.size())
    {
        for (const std::uint32_t entry : entries) {
            homes_.push_back(bus.romHome(entry & 0xFFFFFF));
            mask_ |= std::uint64_t{1} << (entry & 63);
        }
    }

    void onAccess(const emu::BusAccess& access)
    {
        if (((mask_ >> (access.address & 63)) & 1) == 0 || access.kind == emu::AccessKind::Idle) {
            return;
        }
        const std::uint32_t home = bus_.romHome(access.address);
        for (std::size_t r = 0; r < homes_.size(); ++r) {
            if (homes_[r] == home) {
                touches_[r].add(access.kind);
            }
        }
    }

    std::vector<EntryTouches>& touches() { return touches_; }

private:
    const emu::SnesBus& bus_;
    std::vector<std::uint32_t> homes_;
    std::uint64_t mask_ = 0;
    std::vector<EntryTouches> touches_;
};

} // namespace

std::vector<EntryTouches> touchEntries(const emu::RomImage& image, const PlaySetup& setup)
{
    const auto snes = startMachine(image, setup);
    EntryToucher toucher(snes->bus(), setup.entries);
    runFrames(*snes, setup, toucher, [] { return false; });
    return std::move(toucher.touches());
}

} // namespace tileprof
