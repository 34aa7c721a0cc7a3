#pragma once

#include "emu/cartridge/rom_image.hpp"
#include "profiler/engine/call/entity_state.hpp"
#include "profiler/engine/ingame/game_play.hpp"
#include "profiler/engine/runner/trace_observer.hpp"
#include "profiler/formats/map/tile_map.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace tileprof {

// One call of a play run again step by step (the same ROM, input and setup run the same way):
// what the debugger shows of it.
struct ReplayedCall {
    std::vector<TracedStep> steps; // from its first instruction to its return, the interrupts taken in it included
    std::vector<std::uint8_t> wramBefore; // work RAM as it began
    struct Write {
        std::size_t step;   // the step that wrote it
        std::uint32_t index; // into work RAM
        std::uint8_t value;
    };
    std::vector<Write> writes; // its writes to work RAM, in order
    // Where the bus was taken from it or an interrupt entered: the master clock (from power-on)
    // of the step it happened in, and its clocks.
    struct Mark {
        enum class Kind : std::uint8_t { Dma, Hdma, Nmi, Irq };
        Kind kind;
        std::uint64_t clock;
        std::uint64_t clocks;
    };
    std::vector<Mark> marks;
    // With the setup's manifest: the map as the game kept it as the call began, and every entity
    // slot then (in slot order).
    std::optional<TileMap> map;
    std::vector<EntityState> entities;
};

// Runs the play of `setup` from its start, or from the last of `points` before it, until call
// `call` of `routine` (its index among all the play's calls) has returned. Nothing when the play
// does not get that far.
std::optional<ReplayedCall> replayCall(const emu::RomImage& image, const PlaySetup& setup, std::size_t routine, std::size_t call,
                                       const SeekPoints* points = nullptr);

} // namespace tileprof
