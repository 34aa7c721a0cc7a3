#include "profiler/model/opening/game_opener.hpp"

#include "profiler/formats/symbols/symbol_file.hpp"

namespace tileprof {

OpenedGame openGame(const GameFiles& files, SymbolNeed need)
{
    OpenedGame game{emu::loadRomFile(files.rom), std::nullopt, std::nullopt, std::nullopt};
    const bool beside = need == SymbolNeed::WhenThere && findSymbolFileBeside(files.rom);
    if (need == SymbolNeed::Required || files.symbols || files.manifest || files.manifestBeside || beside) {
        game.symbols = loadRomSymbols(game.image, files.rom, files.symbols, files.labels, files.symbolsOption);
    }
    if (files.manifest || files.manifestBeside) {
        game.target = profileRom(game.image, *game.symbols, files.manifest ? *files.manifest : manifestBeside(files.rom));
    }
    if (files.input) {
        game.input = loadInput(*files.input);
    }
    return game;
}

ProfiledRom loadProfiledRom(const RomFiles& files)
{
    OpenedGame game = openGame(GameFiles{files.image, files.symbols, files.manifest, std::nullopt, {}, true, files.symbolsOption},
                               SymbolNeed::Required);
    return std::move(*game.target);
}

ProfiledRom loadProfiledRom(const std::filesystem::path& romPath)
{
    return loadProfiledRom(RomFiles{romPath, std::nullopt, std::nullopt});
}

} // namespace tileprof
