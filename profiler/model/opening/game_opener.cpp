#include "profiler/model/opening/game_opener.hpp"

#include "profiler/formats/symbols/symbol_file.hpp"

namespace tileprof {

OpenedGame openGame(const GameFiles& files, SymbolNeed need)
{
    OpenedGame game{emu::loadRomFile(files.rom), std::nullopt, std::nullopt, std::nullopt};
    const bool beside = need == SymbolNeed::WhenThere && findSymbolFileBeside(files.rom);
    if (need == SymbolNeed::Required || files.symbols || files.manifest || beside) {
        game.symbols = loadRomSymbols(game.image, files.rom, files.symbols, files.labels);
    }
    if (files.manifest) {
        game.target = profileRom(game.image, *game.symbols, *files.manifest);
    }
    if (files.input) {
        game.input = loadInput(*files.input);
    }
    return game;
}

} // namespace tileprof
