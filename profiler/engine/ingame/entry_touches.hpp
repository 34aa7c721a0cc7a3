#pragma once

#include "emu/cpu/bus_access.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "profiler/engine/ingame/game_play.hpp"

#include <cstdint>
#include <vector>

namespace tileprof {

// How the CPU touched a routine's first byte, for a routine never called: run as an opcode (reached
// by a branch or by running into it), fetched as an instruction's operand (the label is in the
// middle of an instruction), or read as data.
struct EntryTouches {
    std::uint64_t opcode = 0;
    std::uint64_t operand = 0;
    std::uint64_t data = 0;

    void add(emu::AccessKind kind)
    {
        opcode += kind == emu::AccessKind::Opcode ? 1 : 0;
        operand += kind == emu::AccessKind::Operand ? 1 : 0;
        data += kind == emu::AccessKind::Read ? 1 : 0;
    }
};

// Runs the play again, as playGame did, watching only how the CPU touches each routine's first
// byte (in any bank that mirrors it): what a play finds out for a routine it never called. Apart
// from the profiled run, which then pays nothing for it.
std::vector<EntryTouches> touchEntries(const emu::RomImage& image, const PlaySetup& setup);

} // namespace tileprof
