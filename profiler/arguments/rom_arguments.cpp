#include "profiler/arguments/rom_arguments.hpp"

namespace tileprof {

void RomArguments::addTo(CLI::App& command)
{
    CLI::Option* rom = command.add_option("--rom", image_, "Run on this ROM image (.sfc) instead of the scenario's own");
    command.add_option("--symbols", symbols_,
                       "The ROM's symbol file (ld65 .dbg, bass or WLA-DX .sym, 64tass or VICE labels, Mesen .mlb); "
                       "default: the image's name with .dbg, .sym, .mlb or .lbl")
        ->needs(rom);
    command.add_option("--manifest", manifest_, "The ROM's manifest; default: NAME.manifest.toml or manifest.toml beside the image")
        ->needs(rom);
}

std::optional<RomFiles> RomArguments::files() const
{
    if (image_.empty()) {
        return std::nullopt;
    }
    return romFiles(image_, symbols_, manifest_);
}

} // namespace tileprof
